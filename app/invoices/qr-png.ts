/**
 * A QR code's modules as a black and white PNG (1 bit per pixel, no alpha), for the invoice PDF
 * (app/invoices/pdf.server.ts). pdfkit copies such a PNG's compressed rows into the PDF as they
 * are; an RGBA PNG (what the qrcode package writes) it decodes, splits into colour and alpha and
 * compresses again, which took longer than the rest of an invoice.
 */
import { crc32, deflateSync } from "node:zlib";

/** The symbol's modules, row after row (truthy: dark), as qrcode's QRCode.create() gives them. */
export interface QrModules {
  size: number;
  data: ArrayLike<number | boolean>;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The PNG: `margin` white modules all round (the quiet zone), each module `scale` pixels square.
 * Same pixels as qrcode's toBuffer() with that margin and scale and black on white.
 */
export function qrPng(modules: QrModules, { margin, scale }: { margin: number; scale: number }): Buffer {
  const side = (modules.size + 2 * margin) * scale;
  const rowBytes = 1 + Math.ceil(side / 8);
  // Filter byte 0 (none) at each row's start; 1 bits are white, so start all white. A module's
  // `scale` pixel rows are the same: the first is drawn, the others copied.
  const raw = Buffer.alloc(rowBytes * side, 0xff);
  for (let y = 0; y < side; y++) raw[y * rowBytes] = 0;
  for (let my = 0; my < modules.size; my++) {
    const first = (margin + my) * scale * rowBytes;
    for (let x = margin * scale; x < (margin + modules.size) * scale; x++) {
      const mx = Math.floor(x / scale) - margin;
      if (modules.data[my * modules.size + mx]) raw[first + 1 + (x >> 3)] &= ~(0x80 >> (x & 7));
    }
    for (let copy = 1; copy < scale; copy++) raw.copy(raw, first + copy * rowBytes, first, first + rowBytes);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  // Bit depth 1, colour type 0 (greyscale), deflate, adaptive filtering, not interlaced.
  header.set([1, 0, 0, 0, 0], 8);
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
