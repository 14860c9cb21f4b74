/** A local S3 stand-in (@20minutes/s3rver, files in a temp directory) for the off-site backups' tests. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Stops answering (connections refused) until `start()`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** s3rver accepts any key pair it is given; these only satisfy the SDK's signer. */
export const TEST_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startTestS3(port: number, bucket = "copias-salon"): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "an-s3-"));
  const make = () =>
    new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
      // The stand-in signs a bucket's listing as "/bucket" where the SDK (and S3) sign "/bucket/": it would
      // refuse every ListObjectsV2. The keys are still checked to be present; their signatures are not.
      allowMismatchedSignatures: true,
    });
  let server: S3rver | null = make();
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      server = make();
      await server.run();
    },
    async close() {
      await server?.close();
      server = null;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
