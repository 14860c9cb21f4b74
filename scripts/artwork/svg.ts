// A tiny SVG toolkit for the site's artwork: palette, number formatting, a document builder
// with shared <defs>, and a seeded random generator (the output must be byte-for-byte stable).

/** The brand palette (app/styles/app.css) plus a few tints drawn from it. */
export const C = {
  plum: "#5B1F3E",
  plumL: "#8A3A62",
  plumD: "#3E1029",
  rose: "#C77E9B",
  roseL: "#E3B2C1",
  blush: "#F7E6EA",
  nude: "#EAD7CC",
  nudeD: "#D8BCAC",
  sand: "#C9A48E",
  gold: "#B8894B",
  goldL: "#D9B47C",
  goldD: "#8A5A1F",
  cream: "#FBF4F1",
  paper: "#FDF8F5",
  ink: "#2A1E24",
  muted: "#6B5A62",
  sage: "#A9B59A",
  sageD: "#7E8C6E",
  coral: "#E07A6E",
  white: "#FFFFFF",
} as const;

/** Formats a number with at most one decimal ("12.5", "3", "-0" → "0"). */
export function n(v: number): string {
  const s = (Math.round(v * 10) / 10).toFixed(1).replace(/\.0$/, "");
  return s === "-0" ? "0" : s;
}

type Attrs = Record<string, string | number | undefined>;

function attrs(a: Attrs): string {
  let out = "";
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    const name = k.replace(/[A-Z]/g, (m) => "-" + m.toLowerCase());
    out += ` ${name}="${typeof v === "number" ? n(v) : v}"`;
  }
  return out;
}

function el(tag: string, a: Attrs = {}, children?: string): string {
  return children === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${children}</${tag}>`;
}

export const g = (children: string, a: Attrs = {}): string => el("g", a, children);
export const path = (d: string, a: Attrs = {}): string => el("path", { d, ...a });
export const rect = (x: number, y: number, w: number, h: number, a: Attrs = {}): string =>
  el("rect", { x, y, width: w, height: h, ...a });
export const circle = (cx: number, cy: number, r: number, a: Attrs = {}): string => el("circle", { cx, cy, r, ...a });
export const ellipse = (cx: number, cy: number, rx: number, ry: number, a: Attrs = {}): string =>
  el("ellipse", { cx, cy, rx, ry, ...a });
export const line = (x1: number, y1: number, x2: number, y2: number, a: Attrs = {}): string =>
  el("line", { x1, y1, x2, y2, ...a });

export const tr = (x: number, y: number, rot = 0, s = 1): string =>
  `translate(${n(x)} ${n(y)})` + (rot ? ` rotate(${n(rot)})` : "") + (s !== 1 ? ` scale(${+s.toFixed(4)})` : "");

/** Mulberry32, shared with the benchmarks: small, fast and deterministic. */
export { seededRandom as rng } from "../lib/util.ts";

export type Stop = [offset: number, color: string, opacity?: number];

export class Svg {
  readonly w: number;
  readonly h: number;
  private defs = new Map<string, string>();
  private body: string[] = [];
  private counter = 0;

  constructor(w: number, h: number) {
    this.w = w;
    this.h = h;
  }

  /** A fresh id, stable for a given drawing order. */
  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  def(key: string, text: string): string {
    if (!this.defs.has(key)) this.defs.set(key, text);
    return key;
  }

  add(...parts: string[]): void {
    this.body.push(...parts);
  }

  lin(key: string, stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    return this.def(key, el("linearGradient", { id: key, x1, y1, x2, y2 }, stopsOf(stops)));
  }

  rad(key: string, stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    return this.def(key, el("radialGradient", { id: key, cx, cy, r }, stopsOf(stops)));
  }

  blur(sd: number): string {
    const key = `blur${Math.round(sd)}`;
    return this.def(
      key,
      el("filter", { id: key, x: "-50%", y: "-50%", width: "200%", height: "200%" }, el("feGaussianBlur", { stdDeviation: Math.round(sd) })),
    );
  }

  /** A clipPath with the given content; returns its url(). */
  clip(content: string): string {
    const key = this.id("c");
    this.def(key, el("clipPath", { id: key }, content));
    return `url(#${key})`;
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}" width="${this.w}" height="${this.h}">` +
      `<defs>${[...this.defs.values()].join("")}</defs>${this.body.join("")}</svg>\n`
    );
  }
}

function stopsOf(stops: Stop[]): string {
  return stops.map(([o, c, a]) => el("stop", { offset: o, stopColor: c, stopOpacity: a === undefined || a === 1 ? undefined : a })).join("");
}

/** A soft contact shadow under an object standing on a surface. */
export function shadow(s: Svg, cx: number, cy: number, rx: number, ry: number, op = 0.18): string {
  return ellipse(cx, cy, rx, ry, { fill: C.plum, opacity: op, filter: `url(#${s.blur(Math.max(4, ry * 0.6))})` });
}

/** Paper grain over the whole picture: fractal noise, very faint. */
export function grain(s: Svg, op = 0.5): string {
  s.def(
    "grain",
    `<filter id="grain" x="0" y="0" width="100%" height="100%" filterUnits="userSpaceOnUse">` +
      `<feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="7" stitchTiles="stitch"/>` +
      `<feColorMatrix type="matrix" values="0 0 0 0 0.36  0 0 0 0 0.12  0 0 0 0 0.24  0 0 0 0.09 0"/></filter>`,
  );
  return rect(0, 0, s.w, s.h, { filter: "url(#grain)", opacity: op });
}
