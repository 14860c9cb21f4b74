/**
 * The off-site store on S3 or an S3-compatible service (BACKUP_S3_*): the
 * archive is streamed up (a multipart upload past 8 MiB, @aws-sdk/lib-storage),
 * with its SHA-256 in the object's metadata ("sha256"); once uploaded the
 * object's size is read back and must equal the file's. Errors are reduced to
 * their code and message: never the credentials or a signed URL.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import {
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type ListObjectsV2CommandOutput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  normalisePrefix,
  sha256File,
  type OffsiteObject,
  type OffsiteStore,
  type S3Settings,
} from "./offsite.server.ts";

const PART_SIZE = 8 * 1024 * 1024;

/** An S3 error as one line: its name (AccessDenied, NoSuchBucket…) and message; nothing else of the request. */
export function s3ErrorText(err: unknown): string {
  const e = err as { name?: string; Code?: string; message?: string; code?: string };
  const code = e?.Code ?? e?.name ?? e?.code ?? "Error";
  const message = (e?.message ?? String(err)).replace(/X-Amz-[A-Za-z-]+=[^&\s]+/g, "X-Amz-…");
  return `${code}: ${message}`.slice(0, 500);
}

export function s3OffsiteStore(settings: S3Settings): OffsiteStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Many S3-compatible services reject the SDK's default CRC32 trailers; send checksums only where S3 requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const prefix = normalisePrefix(settings.prefix);
  const bucket = settings.bucket;

  async function guarded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw new Error(s3ErrorText(err), { cause: undefined });
    }
  }

  return {
    kind: "s3",
    description: `s3://${bucket}/${prefix}`,
    put: (file, name) =>
      guarded(async () => {
        const key = `${prefix}${name}`;
        const [{ size }, sha256] = await Promise.all([stat(file), sha256File(file)]);
        const upload = new Upload({
          client,
          partSize: PART_SIZE,
          queueSize: 2,
          leavePartsOnError: false,
          params: {
            Bucket: bucket,
            Key: key,
            Body: createReadStream(file),
            ContentType: "application/octet-stream",
            Metadata: { sha256 },
          },
        });
        await upload.done();
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        if (head.ContentLength !== size) {
          throw new Error(`la copia externa mide ${head.ContentLength ?? "?"} bytes y el archivo ${size}`);
        }
        return { key, bytes: size };
      }),
    list: () =>
      guarded(async () => {
        const objects: OffsiteObject[] = [];
        let token: string | undefined;
        do {
          const page: ListObjectsV2CommandOutput = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
          );
          for (const o of page.Contents ?? []) if (o.Key) objects.push({ key: o.Key, bytes: o.Size ?? 0 });
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return objects;
      }),
    delete: (key) =>
      guarded(async () => {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      }),
  };
}
