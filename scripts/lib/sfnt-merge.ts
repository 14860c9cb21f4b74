// Merging two static TrueType (glyf) fonts cut from the same design: what
// scripts/build-invoice-fonts.ts needs to put Fontsource's "latin" and "latin-ext" halves of Inter
// back into one file. A minimal sfnt reader/writer, not a general font tool: the first font keeps
// its tables (GSUB/GPOS included: the second font's glyphs are appended, so its glyph ids stand);
// cmap, glyf, loca, hmtx, head, hhea, maxp, post and name are rebuilt.

type Tables = Map<string, Buffer>;

export function readTables(font: Buffer): Tables {
  const tables: Tables = new Map();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const rec = 12 + 16 * i;
    const tag = font.toString("latin1", rec, rec + 4);
    const offset = font.readUInt32BE(rec + 8);
    tables.set(tag, Buffer.from(font.subarray(offset, offset + font.readUInt32BE(rec + 12))));
  }
  return tables;
}

const pad4 = (b: Buffer) => (b.length % 4 === 0 ? b : Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]));

function checksum(b: Buffer): number {
  const p = pad4(b);
  let sum = 0;
  for (let i = 0; i < p.length; i += 4) sum = (sum + p.readUInt32BE(i)) >>> 0;
  return sum;
}

function writeFont(tables: Tables): Buffer {
  const tags = [...tables.keys()].sort();
  const n = tags.length;
  const pow = 2 ** Math.floor(Math.log2(n));
  const header = Buffer.alloc(12 + 16 * n);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(n, 4);
  header.writeUInt16BE(pow * 16, 6);
  header.writeUInt16BE(Math.log2(pow), 8);
  header.writeUInt16BE(n * 16 - pow * 16, 10);
  const head = tables.get("head")!;
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  let offset = header.length;
  const bodies: Buffer[] = [];
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    const rec = 12 + 16 * i;
    header.write(tag, rec, "latin1");
    header.writeUInt32BE(checksum(data), rec + 4);
    header.writeUInt32BE(offset, rec + 8);
    header.writeUInt32BE(data.length, rec + 12);
    bodies.push(pad4(data));
    offset += pad4(data).length;
  });
  const font = Buffer.concat([header, ...bodies]);
  const headOffset = header.readUInt32BE(12 + 16 * tags.indexOf("head") + 8);
  font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  return font;
}

/** The glyphs of a font, as raw glyf records (empty for a blank glyph). */
function glyphs(t: Tables): Buffer[] {
  const longLoca = t.get("head")!.readInt16BE(50) === 1;
  const loca = t.get("loca")!;
  const glyf = t.get("glyf")!;
  const numGlyphs = t.get("maxp")!.readUInt16BE(4);
  const at = (i: number) => (longLoca ? loca.readUInt32BE(4 * i) : 2 * loca.readUInt16BE(2 * i));
  return Array.from({ length: numGlyphs }, (_, i) => Buffer.from(glyf.subarray(at(i), at(i + 1))));
}

/** [advance, left side bearing] of every glyph. */
function metrics(t: Tables): [number, number][] {
  const hmtx = t.get("hmtx")!;
  const numberOfHMetrics = t.get("hhea")!.readUInt16BE(34);
  const numGlyphs = t.get("maxp")!.readUInt16BE(4);
  return Array.from({ length: numGlyphs }, (_, i) =>
    i < numberOfHMetrics
      ? [hmtx.readUInt16BE(4 * i), hmtx.readInt16BE(4 * i + 2)]
      : [
          hmtx.readUInt16BE(4 * (numberOfHMetrics - 1)),
          hmtx.readInt16BE(4 * numberOfHMetrics + 2 * (i - numberOfHMetrics)),
        ],
  );
}

/** Code point → glyph id, from the (3,1) or (0,3) format 4 subtable. */
export function cmap(t: Tables): Map<number, number> {
  const c = t.get("cmap")!;
  const map = new Map<number, number>();
  for (let i = 0; i < c.readUInt16BE(2); i++) {
    const off = c.readUInt32BE(4 + 8 * i + 4);
    if (c.readUInt16BE(off) !== 4) continue;
    const segX2 = c.readUInt16BE(off + 6);
    const ends = off + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const ranges = deltas + segX2;
    for (let s = 0; s < segX2; s += 2) {
      const end = c.readUInt16BE(ends + s);
      const start = c.readUInt16BE(starts + s);
      const delta = c.readInt16BE(deltas + s);
      const ro = c.readUInt16BE(ranges + s);
      for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
        let gid = ro === 0 ? cp : c.readUInt16BE(ranges + s + ro + 2 * (cp - start));
        if (ro !== 0 && gid === 0) continue;
        gid = (gid + delta) & 0xffff;
        if (gid !== 0) map.set(cp, gid);
      }
    }
    return map;
  }
  throw new Error("no format 4 cmap subtable");
}

/** A format 4 cmap, shared by the (0,3) and (3,1) encoding records. */
function buildCmap(map: Map<number, number>): Buffer {
  const cps = [...map.keys()].sort((a, b) => a - b);
  const segs: { start: number; end: number; delta: number }[] = [];
  for (const cp of cps) {
    const delta = map.get(cp)! - cp;
    const last = segs.at(-1);
    if (last && last.end === cp - 1 && last.delta === delta) last.end = cp;
    else segs.push({ start: cp, end: cp, delta });
  }
  segs.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const n = segs.length;
  const sub = Buffer.alloc(16 + 8 * n);
  const pow = 2 ** Math.floor(Math.log2(n));
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(sub.length, 2);
  sub.writeUInt16BE(2 * n, 6);
  sub.writeUInt16BE(2 * pow, 8);
  sub.writeUInt16BE(Math.log2(pow), 10);
  sub.writeUInt16BE(2 * n - 2 * pow, 12);
  segs.forEach((s, i) => {
    sub.writeUInt16BE(s.end, 14 + 2 * i);
    sub.writeUInt16BE(s.start, 16 + 2 * n + 2 * i);
    sub.writeUInt16BE((s.delta + 0x10000) & 0xffff, 16 + 4 * n + 2 * i);
    // idRangeOffset stays 0.
  });
  const header = Buffer.alloc(4 + 8 * 2);
  header.writeUInt16BE(2, 2);
  [
    [0, 3],
    [3, 1],
  ].forEach(([platform, encoding], i) => {
    header.writeUInt16BE(platform, 4 + 8 * i);
    header.writeUInt16BE(encoding, 6 + 8 * i);
    header.writeUInt32BE(header.length, 8 + 8 * i);
  });
  return Buffer.concat([header, sub]);
}

/** Renumbers the components of a composite glyph (numberOfContours < 0). */
function shiftComponents(glyph: Buffer, shift: (gid: number) => number): Buffer {
  if (glyph.length === 0 || glyph.readInt16BE(0) >= 0) return glyph;
  let p = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(p);
    glyph.writeUInt16BE(shift(glyph.readUInt16BE(p + 2)), p + 2);
    p += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) p += 2;
    else if (flags & 0x0040) p += 4;
    else if (flags & 0x0080) p += 8;
    if (!(flags & 0x0020)) return glyph;
  }
}

/** The (3,1,0x409) name strings of a font, by name id. */
function names(t: Tables): Map<number, string> {
  const n = t.get("name")!;
  const strings = n.readUInt16BE(4);
  const result = new Map<number, string>();
  for (let i = 0; i < n.readUInt16BE(2); i++) {
    const r = 6 + 12 * i;
    if (n.readUInt16BE(r) !== 3 || n.readUInt16BE(r + 2) !== 1 || n.readUInt16BE(r + 4) !== 0x409) continue;
    const start = strings + n.readUInt16BE(r + 10);
    result.set(
      n.readUInt16BE(r + 6),
      n
        .subarray(start, start + n.readUInt16BE(r + 8))
        .swap16()
        .toString("utf16le"),
    );
  }
  return result;
}

/** A name table (Windows, UTF-16BE) with the static instance's names and the original copyright and licence. */
function buildName(original: Tables, style: string): Buffer {
  const old = names(original);
  const records: [number, string][] = [
    [0, old.get(0) ?? ""],
    [1, "Inter"],
    [2, style],
    [4, `Inter ${style}`],
    [5, old.get(5) ?? ""],
    [6, `Inter-${style}`],
    [13, old.get(13) ?? ""],
    [14, old.get(14) ?? ""],
  ];
  const present = records.filter(([, text]) => text !== "");
  const data = present.map(([, text]) => Buffer.from(text, "utf16le").swap16());
  const header = Buffer.alloc(6 + 12 * present.length);
  header.writeUInt16BE(present.length, 2);
  header.writeUInt16BE(header.length, 4);
  let offset = 0;
  present.forEach(([id], i) => {
    const r = 6 + 12 * i;
    header.writeUInt16BE(3, r);
    header.writeUInt16BE(1, r + 2);
    header.writeUInt16BE(0x409, r + 4);
    header.writeUInt16BE(id, r + 6);
    header.writeUInt16BE(data[i].length, r + 8);
    header.writeUInt16BE(offset, r + 10);
    offset += data[i].length;
  });
  return Buffer.concat([header, ...data]);
}

/** Font `a` plus the glyphs of `b` for the code points `a` lacks (see the header comment). */
export function mergeFonts(aFont: Buffer, bFont: Buffer, style: string): Buffer {
  const a = readTables(aFont);
  const b = readTables(bFont);
  const aGlyphs = glyphs(a);
  const bGlyphs = glyphs(b);
  const offset = aGlyphs.length - 1; // b's .notdef is dropped
  const shift = (gid: number) => (gid === 0 ? 0 : gid + offset);
  const all = [...aGlyphs, ...bGlyphs.slice(1).map((g) => shiftComponents(g, shift))].map(pad4);
  const hm = [...metrics(a), ...metrics(b).slice(1)];
  const map = cmap(a);
  for (const [cp, gid] of cmap(b)) if (!map.has(cp)) map.set(cp, shift(gid));

  const loca = Buffer.alloc(4 * (all.length + 1));
  let pos = 0;
  all.forEach((g, i) => {
    loca.writeUInt32BE(pos, 4 * i);
    pos += g.length;
  });
  loca.writeUInt32BE(pos, 4 * all.length);
  const hmtx = Buffer.alloc(4 * hm.length);
  hm.forEach(([adv, lsb], i) => {
    hmtx.writeUInt16BE(adv, 4 * i);
    hmtx.writeInt16BE(lsb, 4 * i + 2);
  });

  const head = Buffer.from(a.get("head")!);
  const bHead = b.get("head")!;
  head.writeInt16BE(1, 50); // long loca
  head.writeInt16BE(Math.min(head.readInt16BE(36), bHead.readInt16BE(36)), 36);
  head.writeInt16BE(Math.min(head.readInt16BE(38), bHead.readInt16BE(38)), 38);
  head.writeInt16BE(Math.max(head.readInt16BE(40), bHead.readInt16BE(40)), 40);
  head.writeInt16BE(Math.max(head.readInt16BE(42), bHead.readInt16BE(42)), 42);
  const hhea = Buffer.from(a.get("hhea")!);
  const bHhea = b.get("hhea")!;
  hhea.writeUInt16BE(Math.max(hhea.readUInt16BE(10), bHhea.readUInt16BE(10)), 10);
  hhea.writeInt16BE(Math.min(hhea.readInt16BE(12), bHhea.readInt16BE(12)), 12);
  hhea.writeInt16BE(Math.min(hhea.readInt16BE(14), bHhea.readInt16BE(14)), 14);
  hhea.writeInt16BE(Math.max(hhea.readInt16BE(16), bHhea.readInt16BE(16)), 16);
  hhea.writeUInt16BE(hm.length, 34);
  const maxp = Buffer.from(a.get("maxp")!);
  const bMaxp = b.get("maxp")!;
  maxp.writeUInt16BE(all.length, 4);
  for (let o = 6; o + 2 <= Math.min(maxp.length, bMaxp.length); o += 2) {
    maxp.writeUInt16BE(Math.max(maxp.readUInt16BE(o), bMaxp.readUInt16BE(o)), o);
  }
  // post version 3: no glyph names (the PDF does not need them).
  const post = Buffer.from(a.get("post")!.subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0);

  const out: Tables = new Map(a);
  for (const tag of ["hdmx", "LTSH", "kern", "DSIG", "VDMX"]) out.delete(tag);
  out.set("glyf", Buffer.concat(all));
  out.set("loca", loca);
  out.set("hmtx", hmtx);
  out.set("cmap", buildCmap(map));
  out.set("head", head);
  out.set("hhea", hhea);
  out.set("maxp", maxp);
  out.set("post", post);
  out.set("name", buildName(a, style));
  out.delete("STAT"); // its name ids referred to the variable font's names
  return writeFont(out);
}
