import jsQR from "jsqr";
import QRCode from "qrcode";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { qrPng } from "./qr-png.ts";

const URL_ =
  "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=12345678Z&numserie=AN2026-000007&fecha=24-11-2026&importe=90.00";

/** The PNG's header fields and its pixels (true: black), read back without a PNG library. */
function readPng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks = new Map<string, Buffer[]>();
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    chunks.set(type, [...(chunks.get(type) ?? []), png.subarray(at + 8, at + 8 + length)]);
    at += 12 + length;
  }
  const ihdr = chunks.get("IHDR")![0];
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(chunks.get("IDAT")!));
  const rowBytes = 1 + Math.ceil(width / 8);
  const black = (x: number, y: number) => ((raw[y * rowBytes + 1 + (x >> 3)] >> (7 - (x & 7))) & 1) === 0;
  const filters = Array.from({ length: height }, (_, y) => raw[y * rowBytes]);
  return { width, height, bitDepth: ihdr[8], colorType: ihdr[9], filters, black, chunks: [...chunks.keys()] };
}

describe("qrPng", () => {
  const qr = QRCode.create(URL_, { errorCorrectionLevel: "M" });
  const png = qrPng(qr.modules, { margin: 4, scale: 8 });
  const image = readPng(png);
  const side = (qr.modules.size + 8) * 8;

  it("is a 1-bit greyscale PNG without alpha, the quiet zone included", () => {
    expect(image).toMatchObject({ width: side, height: side, bitDepth: 1, colorType: 0 });
    expect(image.chunks).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(new Set(image.filters)).toEqual(new Set([0]));
  });

  it("draws each module as a scale × scale square, white all round", () => {
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const mx = Math.floor(x / 8) - 4;
        const my = Math.floor(y / 8) - 4;
        const inside = mx >= 0 && my >= 0 && mx < qr.modules.size && my < qr.modules.size;
        const dark = inside && Boolean(qr.modules.get(my, mx));
        if (image.black(x, y) !== dark) throw new Error(`pixel (${x}, ${y}) should be ${dark ? "black" : "white"}`);
      }
    }
  });

  it("reads back as the URL", () => {
    const rgba = new Uint8ClampedArray(side * side * 4);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) rgba.fill(image.black(x, y) ? 0 : 255, (y * side + x) * 4, (y * side + x) * 4 + 4);
    expect(jsQR(rgba, side, side)?.data).toBe(URL_);
  });
});
