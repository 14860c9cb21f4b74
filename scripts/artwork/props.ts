// The objects every scene is built from: polish bottles, nail tips and their designs,
// tools, jars, fine-line botanicals. All are drawn around a local origin (usually the
// point where the object touches the table) so the scenes only place them.
import { C, circle, ellipse, g, n, path, rect, rng, shadow, tr, type Stop, type Svg } from "./svg.ts";

// ---------------------------------------------------------------- nail shapes

export type NailShape = "almond" | "oval" | "square" | "coffin" | "stiletto" | "toe";

/** A nail plate/tip of width w and length h: cuticle curve at y≈0, free edge at y=-h. */
function nailPath(shape: NailShape, w: number, h: number): string {
  const x = w / 2;
  const base = `C${n(x)},${n(h * 0.06)} ${n(-x)},${n(h * 0.06)} ${n(-x)},${n(-h * 0.16)}Z`;
  const start = `M${n(-x)},${n(-h * 0.16)}`;
  switch (shape) {
    case "almond":
      return `${start}C${n(-x)},${n(-h * 0.62)} ${n(-x * 0.52)},${n(-h * 0.96)} 0,${n(-h)}C${n(x * 0.52)},${n(-h * 0.96)} ${n(x)},${n(-h * 0.62)} ${n(x)},${n(-h * 0.16)}${base}`;
    case "stiletto":
      return `${start}C${n(-x)},${n(-h * 0.55)} ${n(-x * 0.25)},${n(-h * 0.9)} 0,${n(-h)}C${n(x * 0.25)},${n(-h * 0.9)} ${n(x)},${n(-h * 0.55)} ${n(x)},${n(-h * 0.16)}${base}`;
    case "oval":
      return `${start}L${n(-x)},${n(-h * 0.66)}C${n(-x)},${n(-h * 0.9)} ${n(-x * 0.55)},${n(-h)} 0,${n(-h)}C${n(x * 0.55)},${n(-h)} ${n(x)},${n(-h * 0.9)} ${n(x)},${n(-h * 0.66)}L${n(x)},${n(-h * 0.16)}${base}`;
    case "square":
      return `${start}L${n(-x * 0.98)},${n(-h * 0.92)}Q${n(-x * 0.97)},${n(-h)} ${n(-x * 0.8)},${n(-h)}L${n(x * 0.8)},${n(-h)}Q${n(x * 0.97)},${n(-h)} ${n(x * 0.98)},${n(-h * 0.92)}L${n(x)},${n(-h * 0.16)}${base}`;
    case "coffin":
      return `${start}C${n(-x)},${n(-h * 0.5)} ${n(-x * 0.62)},${n(-h * 0.9)} ${n(-x * 0.5)},${n(-h)}L${n(x * 0.5)},${n(-h)}C${n(x * 0.62)},${n(-h * 0.9)} ${n(x)},${n(-h * 0.5)} ${n(x)},${n(-h * 0.16)}${base}`;
    case "toe":
      return `${start}L${n(-x)},${n(-h * 0.7)}C${n(-x)},${n(-h * 0.95)} ${n(-x * 0.7)},${n(-h)} 0,${n(-h)}C${n(x * 0.7)},${n(-h)} ${n(x)},${n(-h * 0.95)} ${n(x)},${n(-h * 0.7)}L${n(x)},${n(-h * 0.16)}${base}`;
  }
}

/** What is painted on a nail, in the nail's local coordinates (clipped to its shape). */
export type Design = (s: Svg, w: number, h: number) => string;

const full = (w: number, h: number, fill: string): string => rect(-w, -h * 1.2, w * 2, h * 1.6, { fill });

export const solid =
  (color: string, deep?: string): Design =>
  (s, w, h) => {
    const key = `ns-${color.slice(1)}-${(deep ?? color).slice(1)}`;
    s.lin(key, [
      [0, color],
      [1, deep ?? color],
    ], 0, 1, 0.3, 0);
    return full(w, h, `url(#${key})`);
  };

export const french =
  (base = "#F2D0CB", tip = "#FFFDFB"): Design =>
  (s, w, h) =>
    full(w, h, base) +
    path(`M${n(-w)},${n(-h * 0.68)}Q0,${n(-h * 1.02)} ${n(w)},${n(-h * 0.68)}L${n(w)},${n(-h * 1.3)}L${n(-w)},${n(-h * 1.3)}Z`, { fill: tip });

export const babyBoomer =
  (base = "#EFBFC4", tip = "#FFF9F7"): Design =>
  (s, w, h) => {
    s.lin("bb", [
      [0, base],
      [0.35, base],
      [0.85, tip],
      [1, tip],
    ], 0, 1, 0, 0);
    return full(w, h, "url(#bb)");
  };

export const chrome =
  (stops: Stop[] = [
    [0, "#9C7B5A"],
    [0.28, "#F4E3C6"],
    [0.45, "#C8A57A"],
    [0.62, "#FFF6E6"],
    [1, "#A7825B"],
  ]): Design =>
  (s, w, h) => {
    s.lin("chrome", stops, 0, 0, 1, 0.25);
    return full(w, h, "url(#chrome)");
  };

/** Five-petal flowers painted freehand, with gold dots. */
export const floral =
  (base = "#EBCFC2", seed = 3): Design =>
  (s, w, h) => {
    const r = rng(seed);
    let out = full(w, h, base);
    const spots: [number, number, number][] = [
      [-0.12, -0.62, 0.2],
      [0.2, -0.36, 0.15],
      [0.05, -0.86, 0.11],
    ];
    for (const [fx, fy, fr] of spots) out += flower(fx * w, fy * h, fr * w * 1.3, r() * 72, r() > 0.5 ? C.white : "#F6D3DA");
    for (let i = 0; i < 4; i++) out += circle((r() - 0.5) * w * 0.7, -h * (0.25 + r() * 0.65), w * 0.025, { fill: C.gold });
    return out;
  };

export function flower(x: number, y: number, r: number, rot: number, fill: string, center: string = C.gold): string {
  let petals = "";
  for (let i = 0; i < 5; i++) petals += ellipse(0, -r * 0.55, r * 0.36, r * 0.55, { fill, transform: `rotate(${i * 72})` });
  return g(petals + circle(0, 0, r * 0.2, { fill: center }), { transform: tr(x, y, rot) });
}

/** Fine gold lines over a powdery rose. */
export const goldLines =
  (base = "#D9A5AF"): Design =>
  (s, w, h) =>
    full(w, h, base) +
    path(`M${n(-w)},${n(-h * 0.3)}L${n(w * 0.15)},${n(-h * 0.78)}L${n(w)},${n(-h * 0.55)}M${n(-w * 0.2)},${n(-h * 1.2)}L${n(w * 0.15)},${n(-h * 0.78)}L${n(w * 0.25)},${n(h)}`, {
      fill: "none",
      stroke: C.gold,
      strokeWidth: Math.max(1.2, w * 0.035),
    });

/** Plum with flakes of gold leaf. */
export const goldLeaf =
  (base: string = C.plum, seed = 5): Design =>
  (s, w, h) => {
    const r = rng(seed);
    let out = solid(C.plumL, base)(s, w, h);
    s.lin("leaf", [
      [0, C.goldL],
      [0.5, "#F1D9A8"],
      [1, C.gold],
    ], 0, 0, 1, 1);
    for (let i = 0; i < 5; i++) {
      const cx = (r() - 0.5) * w * 0.7;
      const cy = -h * (0.5 + r() * 0.45);
      const k = w * (0.08 + r() * 0.12);
      let d = "M";
      for (let j = 0; j < 6; j++) {
        const a = (j / 6) * Math.PI * 2 + r() * 0.6;
        const rr = k * (0.5 + r() * 0.6);
        d += `${n(cx + Math.cos(a) * rr)},${n(cy + Math.sin(a) * rr)}${j < 5 ? "L" : "Z"}`;
      }
      out += path(d, { fill: "url(#leaf)" });
    }
    return out;
  };

/** One nail: shape, design, gloss and a fine edge. Rotation around its base. */
export function nail(s: Svg, x: number, y: number, rot: number, w: number, h: number, shape: NailShape, design: Design, edge = true): string {
  const d = nailPath(shape, w, h);
  const clip = s.clip(path(d));
  const gloss = path(
    `M${n(-w * 0.28)},${n(-h * 0.22)}C${n(-w * 0.33)},${n(-h * 0.5)} ${n(-w * 0.22)},${n(-h * 0.76)} ${n(-w * 0.06)},${n(-h * 0.86)}C${n(-w * 0.16)},${n(-h * 0.7)} ${n(-w * 0.2)},${n(-h * 0.45)} ${n(-w * 0.18)},${n(-h * 0.22)}Z`,
    { fill: C.white, opacity: 0.45 },
  );
  const inner = g(design(s, w, h) + gloss, { clipPath: clip });
  const outline = edge ? path(d, { fill: "none", stroke: C.plum, strokeOpacity: 0.18, strokeWidth: Math.max(1, w * 0.02) }) : "";
  return g(inner + outline, { transform: tr(x, y, rot) });
}

// ---------------------------------------------------------------- bottles & jars

type Cap = "gold" | "plum" | "cream";

function capFill(s: Svg, cap: Cap): string {
  const stops: Record<Cap, Stop[]> = {
    gold: [
      [0, "#8F6530"],
      [0.3, C.goldL],
      [0.5, "#F0D6A4"],
      [0.7, C.gold],
      [1, "#7A5426"],
    ],
    plum: [
      [0, C.plumD],
      [0.35, C.plumL],
      [0.6, C.plum],
      [1, C.plumD],
    ],
    cream: [
      [0, "#D9C6BA"],
      [0.35, C.white],
      [0.7, C.cream],
      [1, "#CDB7A9"],
    ],
  };
  return `url(#${s.lin(`cap-${cap}`, stops[cap], 0, 0, 1, 0)})`;
}

/** A nail-polish bottle standing at (x, y). `body` is the polish colour. */
export function bottle(s: Svg, x: number, y: number, k: number, body: string, cap: Cap = "gold", form: "square" | "tall" | "round" = "square"): string {
  const dims = { square: [118, 118, 26], tall: [92, 150, 18], round: [128, 112, 56] }[form];
  const [bw, bh, rx] = dims;
  const liquid = s.lin(`liq-${body.slice(1)}`, [
    [0, body],
    [0.55, body],
    [1, shade(body, -0.28)],
  ], 0, 0, 1, 0.4);
  s.lin("glass", [
    [0, C.white, 0.55],
    [0.16, C.white, 0.1],
    [0.8, C.white, 0],
    [1, C.white, 0.28],
  ], 0, 0, 1, 0);
  const neckW = bw * 0.38;
  const capW = bw * 0.44;
  const capH = bh * 0.95;
  const parts = [
    shadow(s, 0, 0, bw * 0.62, 10, 0.16),
    rect(-bw / 2, -bh, bw, bh, { rx, fill: `url(#${liquid})` }),
    rect(-bw / 2, -bh, bw, bh, { rx, fill: "url(#glass)" }),
    rect(-bw / 2 + 7, -bh + 7, bw - 14, bh - 14, { rx: Math.max(4, rx - 7), fill: "none", stroke: C.white, strokeOpacity: 0.35, strokeWidth: 2 }),
    path(`M${n(-bw / 2 + 14)},${n(-bh + 22)}L${n(-bw / 2 + 14)},${n(-bh * 0.3)}`, { stroke: C.white, strokeOpacity: 0.7, strokeWidth: 6, strokeLinecap: "round" }),
    rect(-neckW / 2, -bh - 12, neckW, 14, { fill: shade(body, -0.15) }),
    rect(-capW / 2, -bh - 12 - capH, capW, capH, { rx: 6, fill: capFill(s, cap) }),
    rect(-capW / 2, -bh - 12 - capH, capW, 6, { rx: 3, fill: C.white, opacity: 0.25 }),
  ];
  return g(parts.join(""), { transform: tr(x, y, 0, k) });
}

/** Lightens (amount > 0) or darkens a #RRGGBB colour. */
export function shade(hex: string, amount: number): string {
  const v = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const out = v.map((c) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)));
  return "#" + out.map((c) => c.toString(16).padStart(2, "0")).join("").toUpperCase();
}

/** A cosmetic jar with a lid, standing at (x, y). */
export function jar(s: Svg, x: number, y: number, k: number, body: string, lid: Cap = "gold"): string {
  const b = s.lin(`jar-${body.slice(1)}`, [
    [0, shade(body, -0.12)],
    [0.35, shade(body, 0.25)],
    [1, shade(body, -0.2)],
  ], 0, 0, 1, 0);
  return g(
    shadow(s, 0, 0, 110, 12, 0.16) +
      rect(-95, -92, 190, 92, { rx: 22, fill: `url(#${b})` }) +
      rect(-100, -132, 200, 46, { rx: 12, fill: capFill(s, lid) }) +
      rect(-100, -132, 200, 8, { rx: 4, fill: C.white, opacity: 0.3 }) +
      path("M-70,-70L-70,-24", { stroke: C.white, strokeOpacity: 0.55, strokeWidth: 8, strokeLinecap: "round" }),
    { transform: tr(x, y, 0, k) },
  );
}

/** A dropper bottle (serum), standing at (x, y). */
export function dropper(s: Svg, x: number, y: number, k: number, glass: string): string {
  const b = s.lin(`drop-${glass.slice(1)}`, [
    [0, shade(glass, -0.25)],
    [0.3, shade(glass, 0.2)],
    [1, shade(glass, -0.3)],
  ], 0, 0, 1, 0);
  return g(
    shadow(s, 0, 0, 70, 10, 0.16) +
      path("M-58,0L-58,-150Q-58,-182 -26,-188L26,-188Q58,-182 58,-150L58,0Z", { fill: `url(#${b})` }) +
      rect(-36, -150, 72, 88, { rx: 6, fill: C.cream, opacity: 0.9 }) +
      path("M-20,-118H20M-14,-100H14", { stroke: C.gold, strokeWidth: 3, strokeLinecap: "round" }) +
      rect(-30, -222, 60, 36, { rx: 5, fill: capFill(s, "gold") }) +
      path("M-24,-222C-26,-262 -22,-292 0,-296C22,-292 26,-262 24,-222Z", { fill: C.ink, opacity: 0.85 }) +
      path("M-44,-168L-44,-20", { stroke: C.white, strokeOpacity: 0.45, strokeWidth: 7, strokeLinecap: "round" }),
    { transform: tr(x, y, 0, k) },
  );
}

// ---------------------------------------------------------------- tools

/** A nail file lying at an angle; (x, y) is its centre. */
export function nailFile(s: Svg, x: number, y: number, rot: number, len = 360, colors: [string, string] = ["#E7C9C0", C.rose]): string {
  const w = 34;
  return g(
    shadow(s, 4, 10, len / 2, 10, 0.12) +
      rect(-len / 2, -w / 2, len, w, { rx: w / 2, fill: colors[0] }) +
      rect(-len / 2, -w / 2, len / 2, w, { rx: w / 2, fill: colors[1] }) +
      rect(-len / 2 + 6, -w / 2 + 5, len - 12, 4, { rx: 2, fill: C.white, opacity: 0.35 }),
    { transform: tr(x, y, rot) },
  );
}

/** A fine brush: (x, y) is the tip of the bristles, pointing along `rot`. */
export function brush(s: Svg, x: number, y: number, rot: number, len = 330, handle: string = C.plum, fat = false): string {
  const bw = fat ? 26 : 12;
  const bl = fat ? 64 : 46;
  return g(
    path(`M0,0C${n(-bw * 0.6)},${n(bl * 0.4)} ${n(-bw / 2)},${n(bl)} ${n(-bw / 2)},${n(bl)}L${n(bw / 2)},${n(bl)}C${n(bw / 2)},${n(bl)} ${n(bw * 0.6)},${n(bl * 0.4)} 0,0Z`, { fill: fat ? "#8B6B55" : C.ink }) +
      rect(-bw / 2 - 3, bl, bw + 6, 46, { rx: 3, fill: capFill(s, "gold") }) +
      path(`M${n(-bw / 2 - 3)},${n(bl + 46)}L${n(-bw / 2 - 8)},${n(len)}Q0,${n(len + 16)} ${n(bw / 2 + 8)},${n(len)}L${n(bw / 2 + 3)},${n(bl + 46)}Z`, { fill: handle }) +
      path(`M${n(-bw / 2 + 1)},${n(bl + 60)}L${n(-bw / 2 - 3)},${n(len - 10)}`, { stroke: C.white, strokeOpacity: 0.3, strokeWidth: 3 }),
    { transform: tr(x, y, rot + 180) },
  );
}

/** A steel cuticle pusher. */
export function pusher(s: Svg, x: number, y: number, rot: number, len = 300): string {
  const steel = s.lin("steel", [
    [0, "#8C8790"],
    [0.45, "#F4F1F3"],
    [1, "#9B96A0"],
  ], 0, 0, 0, 1);
  return g(
    path(`M${n(-len / 2)},-4L${n(len / 2 - 40)},-8L${n(len / 2)},-12L${n(len / 2 + 6)},0L${n(len / 2)},12L${n(len / 2 - 40)},8L${n(-len / 2)},4Z`, { fill: `url(#${steel})` }) +
      rect(-len * 0.3, -10, len * 0.4, 20, { rx: 10, fill: `url(#${steel})` }) +
      path(`M${n(-len * 0.26)},-10V10M${n(-len * 0.2)},-10V10M${n(-len * 0.14)},-10V10M${n(-len * 0.08)},-10V10M${n(-len * 0.02)},-10V10`, {
        stroke: "#7A7480",
        strokeOpacity: 0.4,
        strokeWidth: 2,
      }),
    { transform: tr(x, y, rot) },
  );
}

/** A swatch fan: sticks with a painted nail at the end, pinned with a gold rivet at (x, y). */
export function swatchFan(s: Svg, x: number, y: number, rot: number, colors: string[], spread = 70, len = 300): string {
  let out = "";
  colors.forEach((c, i) => {
    const a = -spread / 2 + (spread * i) / Math.max(1, colors.length - 1);
    out += g(
      rect(-13, -len + 20, 26, len, { rx: 13, fill: "#F6EEE9", stroke: C.plum, strokeOpacity: 0.12, strokeWidth: 1.5 }) +
        nail(s, 0, -len + 96, 0, 50, 86, "almond", solid(c, shade(c, -0.18))),
      { transform: `rotate(${n(a)})` },
    );
  });
  return g(shadow(s, 0, 10, 60, 10, 0.14) + out + circle(0, 0, 12, { fill: capFill(s, "gold") }) + circle(0, 0, 4, { fill: C.goldD }), {
    transform: tr(x, y, rot),
  });
}

/** Practice tips on a round display wheel. */
export function tipWheel(s: Svg, x: number, y: number, r: number, designs: Design[]): string {
  let out = circle(0, 0, r, { fill: C.white, stroke: C.nudeD, strokeWidth: 3 }) + circle(0, 0, r * 0.32, { fill: C.blush, stroke: C.nudeD, strokeWidth: 2 });
  designs.forEach((d, i) => {
    const a = (360 * i) / designs.length;
    out += g(nail(s, 0, -r * 0.36, 0, r * 0.2, r * 0.56, "almond", d), { transform: `rotate(${n(a)})` });
  });
  out += circle(0, 0, r * 0.08, { fill: capFill(s, "gold") });
  return g(shadow(s, 0, r * 0.95, r * 0.8, 14, 0.14) + out, { transform: tr(x, y) });
}

// ---------------------------------------------------------------- paper things

/** A closed notebook with an elastic band, lying flat (x, y = centre). */
export function notebook(s: Svg, x: number, y: number, rot: number, w: number, h: number, cover: string = C.plum): string {
  return g(
    shadow(s, 6, h / 2, w * 0.55, 14, 0.14) +
      rect(-w / 2 + 6, -h / 2 + 6, w, h, { rx: 10, fill: C.cream, stroke: C.nudeD, strokeWidth: 2 }) +
      rect(-w / 2, -h / 2, w, h, { rx: 10, fill: cover }) +
      rect(w * 0.32, -h / 2, 12, h, { fill: C.goldL, opacity: 0.9 }) +
      rect(-w / 2 + 24, -h / 2 + 24, w - 48, h - 48, { rx: 6, fill: "none", stroke: C.goldL, strokeOpacity: 0.6, strokeWidth: 1.5 }),
    { transform: tr(x, y, rot) },
  );
}

/** A certificate sheet with a gold seal and ribbon (x, y = centre). */
export function certificate(s: Svg, x: number, y: number, rot: number, w: number, h: number): string {
  let lines = "";
  for (let i = 0; i < 4; i++) lines += rect(-w * 0.32, -h * 0.08 + i * h * 0.09, w * (i === 0 ? 0.64 : 0.5 - i * 0.05), 5, { rx: 2.5, fill: C.nudeD });
  return g(
    shadow(s, 6, h / 2, w * 0.55, 14, 0.12) +
      rect(-w / 2, -h / 2, w, h, { rx: 4, fill: C.paper }) +
      rect(-w / 2 + 16, -h / 2 + 16, w - 32, h - 32, { fill: "none", stroke: C.gold, strokeWidth: 2 }) +
      rect(-w / 2 + 24, -h / 2 + 24, w - 48, h - 48, { fill: "none", stroke: C.gold, strokeOpacity: 0.5, strokeWidth: 1 }) +
      rect(-w * 0.22, -h * 0.3, w * 0.44, 12, { rx: 6, fill: C.plum }) +
      lines +
      path(`M${n(w * 0.2)},${n(h * 0.26)}l-18,70l18,-14l18,14ZM${n(w * 0.2)},${n(h * 0.26)}l18,70l-6,-20`, { fill: C.plumL }) +
      circle(w * 0.2, h * 0.24, 34, { fill: capFill(s, "gold") }) +
      circle(w * 0.2, h * 0.24, 24, { fill: "none", stroke: C.white, strokeOpacity: 0.5, strokeWidth: 2 }),
    { transform: tr(x, y, rot) },
  );
}

// ---------------------------------------------------------------- botanicals

interface SprigOptions {
  leaves?: number;
  leaf?: number;
  color?: string;
  fill?: string;
  fillOpacity?: number;
  width?: number;
  bend?: number;
}

/** A fine-line sprig: a curved stem with alternate pointed leaves, base at (x, y), growing along `rot` (0 = up). */
export function sprig(x: number, y: number, len: number, rot: number, o: SprigOptions = {}): string {
  const { leaves = 7, leaf = 40, color = C.sageD, fill = C.sage, fillOpacity = 0.35, width = 2, bend = 0.18 } = o;
  const cx = len * bend;
  let out = path(`M0,0Q${n(cx)},${n(-len / 2)} 0,${n(-len)}`, { fill: "none", stroke: color, strokeWidth: width, strokeLinecap: "round" });
  for (let i = 0; i < leaves; i++) {
    const t = (i + 1) / (leaves + 1);
    const px = 2 * t * (1 - t) * cx;
    const py = -len * t;
    const side = i % 2 === 0 ? -1 : 1;
    const size = leaf * (1 - t * 0.45);
    const a = side * (48 - t * 14);
    const d = `M0,0C${n(size * 0.3)},${n(-size * 0.3)} ${n(size * 0.28)},${n(-size * 0.8)} 0,${n(-size)}C${n(-size * 0.28)},${n(-size * 0.8)} ${n(-size * 0.3)},${n(-size * 0.3)} 0,0Z`;
    out += g(path(d, { fill, fillOpacity, stroke: color, strokeWidth: width * 0.8, strokeLinejoin: "round" }) + path(`M0,0L0,${n(-size * 0.78)}`, { stroke: color, strokeWidth: width * 0.5, strokeOpacity: 0.7 }), {
      transform: tr(px, py, a),
    });
  }
  out += g(
    path(`M0,0C${n(leaf * 0.18)},${n(-leaf * 0.2)} ${n(leaf * 0.16)},${n(-leaf * 0.55)} 0,${n(-leaf * 0.7)}C${n(-leaf * 0.16)},${n(-leaf * 0.55)} ${n(-leaf * 0.18)},${n(-leaf * 0.2)} 0,0Z`, {
      fill,
      fillOpacity,
      stroke: color,
      strokeWidth: width * 0.8,
    }),
    { transform: tr(0, -len) },
  );
  return g(out, { transform: tr(x, y, rot) });
}

/** Eucalyptus: round leaves in pairs along a stem. */
export function eucalyptus(x: number, y: number, len: number, rot: number, color: string = C.sageD, fill: string = C.sage): string {
  let out = path(`M0,0Q${n(len * 0.12)},${n(-len / 2)} 0,${n(-len)}`, { fill: "none", stroke: color, strokeWidth: 2, strokeLinecap: "round" });
  const count = 6;
  for (let i = 0; i < count; i++) {
    const t = (i + 0.7) / count;
    const px = 2 * t * (1 - t) * len * 0.12;
    const py = -len * t;
    const r = len * (0.085 - t * 0.035);
    for (const side of [-1, 1]) {
      out += ellipse(px + side * r * 0.95, py, r, r * 0.8, { fill, fillOpacity: side < 0 ? 0.55 : 0.35, stroke: color, strokeWidth: 1.6 });
    }
  }
  return g(out, { transform: tr(x, y, rot) });
}

/** A line-drawn flower head on a stem (cosmos-like), base at (x, y). */
export function lineFlower(x: number, y: number, len: number, rot: number, r: number, petal: string = C.roseL, color: string = C.plumL): string {
  let head = "";
  for (let i = 0; i < 6; i++) {
    head += path(`M0,0C${n(r * 0.45)},${n(-r * 0.25)} ${n(r * 0.4)},${n(-r * 0.9)} 0,${n(-r)}C${n(-r * 0.4)},${n(-r * 0.9)} ${n(-r * 0.45)},${n(-r * 0.25)} 0,0Z`, {
      fill: petal,
      fillOpacity: 0.75,
      stroke: color,
      strokeWidth: 1.6,
      transform: `rotate(${i * 60 + 15})`,
    });
  }
  head += circle(0, 0, r * 0.2, { fill: C.gold });
  return g(
    path(`M0,0Q${n(len * 0.15)},${n(-len * 0.5)} 0,${n(-len)}`, { fill: "none", stroke: C.sageD, strokeWidth: 2 }) + g(head, { transform: tr(0, -len) }) + sprigLeaf(len * 0.05, -len * 0.45, 40, 50),
    { transform: tr(x, y, rot) },
  );
}

function sprigLeaf(x: number, y: number, size: number, rot: number): string {
  return path(`M0,0C${n(size * 0.3)},${n(-size * 0.3)} ${n(size * 0.28)},${n(-size * 0.8)} 0,${n(-size)}C${n(-size * 0.28)},${n(-size * 0.8)} ${n(-size * 0.3)},${n(-size * 0.3)} 0,0Z`, {
    fill: C.sage,
    fillOpacity: 0.4,
    stroke: C.sageD,
    strokeWidth: 1.6,
    transform: tr(x, y, rot),
  });
}

/** A small four-point gold sparkle. */
export function sparkle(x: number, y: number, r: number, fill: string = C.gold, op = 1): string {
  const k = r * 0.2;
  return path(
    `M${n(x)},${n(y - r)}Q${n(x + k)},${n(y - k)} ${n(x + r)},${n(y)}Q${n(x + k)},${n(y + k)} ${n(x)},${n(y + r)}Q${n(x - k)},${n(y + k)} ${n(x - r)},${n(y)}Q${n(x - k)},${n(y - k)} ${n(x)},${n(y - r)}Z`,
    { fill, opacity: op },
  );
}

/** Smooth river pebbles around (x, y). */
export function pebbles(s: Svg, x: number, y: number, k: number, seed: number, count = 4): string {
  const r = rng(seed);
  const stone = s.rad("pebble", [
    [0, "#F2ECE8"],
    [0.7, "#D6CCC6"],
    [1, "#BDB1AA"],
  ], 0.38, 0.3, 0.75);
  let out = "";
  let px = 0;
  for (let i = 0; i < count; i++) {
    const rx = 46 - i * 6 + r() * 10;
    const ry = rx * (0.55 + r() * 0.12);
    out += shadow(s, px, 4, rx * 0.95, 8, 0.14) + ellipse(px, -ry * 0.8, rx, ry, { fill: `url(#${stone})` });
    px += rx * 1.55;
  }
  return g(out, { transform: tr(x, y, 0, k) });
}

/** A rolled towel seen from the side, resting at (x, y). */
export function rolledTowel(s: Svg, x: number, y: number, k: number, color: string = C.cream): string {
  let spiral = "";
  for (let i = 0; i < 4; i++) spiral += circle(0, 0, 62 - i * 15, { fill: "none", stroke: C.nudeD, strokeWidth: 2, strokeOpacity: 0.8 });
  return g(
    shadow(s, 120, 4, 200, 12, 0.14) +
      rect(0, -140, 250, 140, { rx: 20, fill: color }) +
      path("M20,-140V0M60,-140V0M100,-140V0M140,-140V0M180,-140V0M220,-140V0", { stroke: C.nudeD, strokeOpacity: 0.45, strokeWidth: 1.5 }) +
      rect(200, -140, 26, 140, { fill: C.roseL, opacity: 0.7 }) +
      g(circle(0, 0, 70, { fill: shade(color, -0.03) }) + spiral, { transform: tr(0, -70) }),
    { transform: tr(x, y, 0, k) },
  );
}
