// Payload families of the file upload (/gestion/cursos/:courseId/imagen, an
// action marked `multipart`): well-formed multipart bodies with good and bad
// files, broken multipart framing, and bodies over the upload's cap.
import { crc32 } from "node:zlib";
import { pick, type Rng } from "../lib/util.ts";
import { post, strPairs, type Base, type Built, type Family } from "./payload-kit.ts";

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
  /** Extra header lines of the part. */
  headers?: string[];
}

const BOUNDARY = "----fuzzUpload9xQ2LmPz";

function multipart(parts: Part[], boundary = BOUNDARY, close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `Content-Disposition: form-data; name="${p.name}"${p.filename === undefined ? "" : `; filename="${p.filename}"`}`;
    const lines = [`--${boundary}`, disposition, ...(p.type ? [`Content-Type: ${p.type}`] : []), ...(p.headers ?? [])];
    chunks.push(Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), Buffer.from(p.data), Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A PNG whose header claims a 100 000 × 100 000 canvas (a decompression bomb by its size). */
const HUGE_CANVAS_PNG = (() => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 1, 0, 1])),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
})();

const type = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;
const isUpload = (t: { action?: { multipart?: boolean } }) => t.action?.multipart === true;
/** The text fields of the correct request, as parts. */
const textParts = (b: Base): Part[] => strPairs(b.fields).map(([name, data]) => ({ name, data }));

function upload(b: Base, body: Buffer, contentType: string | null = type(), extra: Record<string, string> = {}): Built {
  return post(b, body, contentType, extra);
}

export const UPLOAD_FAMILIES: Family[] = [
  {
    name: "upload",
    applies: isUpload,
    build: (_t, b, rng) => {
      const { image, smallImage } = b.c.staff;
      const file = (data: Buffer | string, filename = "foto.jpg", mime = "image/jpeg"): Part => ({
        name: "image",
        filename,
        type: mime,
        data,
      });
      const jpegGarbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("x".repeat(4000))]);
      const variants: (() => Part[])[] = [
        () => [file(image)],
        () => [file(image)],
        () => [...textParts(b), file(image, "foto con espacios ñ.jpeg")],
        () => [file(image, "foto.png", "image/png")], // the type claimed is not trusted
        () => [file(smallImage, "mini.png", "image/png")],
        () => [file("no soy una imagen", "texto.jpg")],
        () => [file("<svg xmlns='http://www.w3.org/2000/svg'/>", "dibujo.svg", "image/svg+xml")],
        () => [file(jpegGarbage)],
        () => [file(image.subarray(0, Math.floor(image.length / 2)))], // a truncated JPEG
        () => [file(HUGE_CANVAS_PNG, "enorme.png", "image/png")],
        () => [file(image), file(smallImage, "segunda.png", "image/png")],
        () => [file(image, "../../../etc/passwd")],
        () => [file(image, "a\u0000b.jpg")],
      ];
      return upload(b, multipart(pick(rng, variants)()));
    },
  },
  {
    name: "upload-malformed",
    applies: isUpload,
    build: (_t, b, rng) => {
      const good = multipart([{ name: "image", filename: "foto.jpg", type: "image/jpeg", data: b.c.staff.image }]);
      const variants: (() => Built)[] = [
        () => upload(b, good.subarray(0, Math.floor(good.length * rng()))), // cut anywhere
        () => upload(b, good, type("otra-frontera")), // the boundary of the header is not the body's
        () =>
          upload(
            b,
            multipart(
              [{ name: "image", filename: "foto.jpg", type: "image/jpeg", data: b.c.staff.image }],
              BOUNDARY,
              false,
            ),
          ),
        () => upload(b, multipart([{ name: "file", filename: "foto.jpg", data: b.c.staff.image }])), // wrong field
        () => upload(b, multipart([{ name: "image", filename: "vacia.jpg", type: "image/jpeg", data: "" }])),
        () => upload(b, multipart([{ name: "image", data: "solo texto, sin archivo" }])),
        () => upload(b, Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`)),
        () => upload(b, Buffer.from(`--${BOUNDARY}\r\n${"X-Relleno: a\r\n".repeat(500)}\r\nx\r\n--${BOUNDARY}--\r\n`)),
        () =>
          upload(
            b,
            multipart([
              ...Array.from({ length: 40 }, (_, i): Part => ({ name: `campo${i}`, data: "1" })),
              { name: "image", filename: "foto.jpg", data: b.c.staff.image },
            ]),
          ),
        () => upload(b, multipart([{ name: "nota", data: "n".repeat(100_000) }])), // a field over its size
        () => upload(b, good, "multipart/form-data"), // no boundary
        () => upload(b, good, `multipart/form-data; boundary="${"b".repeat(300)}"`),
        () => upload(b, good, "multipart/mixed; boundary=" + BOUNDARY),
        () => upload(b, good, type(), { "content-encoding": "gzip" }),
        () => upload(b, Buffer.from(`${good.toString("latin1")}basura tras el final`, "latin1")),
        () =>
          upload(
            b,
            multipart([
              {
                name: "image",
                filename: "foto.jpg",
                data: b.c.staff.image,
                headers: ["Content-Transfer-Encoding: base64", 'Content-Disposition: form-data; name="otro"'],
              },
            ]),
          ),
        () =>
          upload(
            b,
            Buffer.from(
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename*=UTF-8''%ED%A0%80.jpg\r\n\r\n`,
            ),
          ),
        () => upload(b, Buffer.from(`--${BOUNDARY}--\r\n`)),
        () => upload(b, Buffer.alloc(0)),
      ];
      return pick(rng, variants)();
    },
  },
  {
    name: "upload-oversize",
    heavy: true,
    applies: isUpload,
    build: (_t, b, rng: Rng) => {
      const big = Buffer.alloc(8 * 1024 * 1024 + 1 + Math.floor(rng() * 200_000), 0x61);
      big.set([0xff, 0xd8, 0xff], 0);
      // A file over the image limit, or a body over the request cap with no file at all.
      const part: Part =
        rng() < 0.6
          ? { name: "image", filename: "enorme.jpg", type: "image/jpeg", data: big }
          : { name: "relleno", data: big };
      return upload(b, multipart([part]));
    },
  },
];
