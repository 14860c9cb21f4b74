// The 28 pictures. One style for all: a cream/blush backdrop with paper grain, a soft
// tabletop, brand-palette objects with gentle gradients, fine-line botanicals in sage and
// gold, generous empty space. No people: nails appear only as tips and close crops.
import { founder, teamMembers } from "../../app/content/team.ts";
import { CAP_HEIGHT, CAPS, NAME_PATH, SUB_PATH } from "./glyphs.ts";
import {
  babyBoomer,
  bottle,
  brush,
  certificate,
  chrome,
  dropper,
  eucalyptus,
  flower,
  floral,
  french,
  goldLeaf,
  goldLines,
  jar,
  lineFlower,
  nail,
  nailFile,
  notebook,
  pebbles,
  pusher,
  rolledTowel,
  shade,
  solid,
  sparkle,
  sprig,
  swatchFan,
  tipWheel,
  type Design,
  type NailShape,
} from "./props.ts";
import { C, circle, ellipse, g, grain, line, n, path, rect, rng, shadow, Svg, tr } from "./svg.ts";

// ---------------------------------------------------------------- shared staging

/** Backdrop wall and tabletop meeting at `horizon`. */
function stage(s: Svg, horizon: number, wall: [string, string] = [C.cream, C.blush], table: [string, string] = [C.nude, "#E2CABD"]): void {
  s.lin("wall", [
    [0, wall[0]],
    [1, wall[1]],
  ]);
  s.lin("table", [
    [0, table[0]],
    [1, table[1]],
  ]);
  s.add(rect(0, 0, s.w, horizon, { fill: "url(#wall)" }), rect(0, horizon, s.w, s.h - horizon, { fill: "url(#table)" }));
  s.add(rect(0, horizon, s.w, 3, { fill: C.white, opacity: 0.6 }));
}

/** A tall arch panel, the brand's recurring frame. */
function arch(x: number, y: number, w: number, h: number, fill: string, extra: Record<string, string | number> = {}): string {
  const r = w / 2;
  return path(`M${n(x)},${n(y + h)}L${n(x)},${n(y + r)}A${n(r)},${n(r)} 0 0 1 ${n(x + w)},${n(y + r)}L${n(x + w)},${n(y + h)}Z`, { fill, ...extra });
}

function finish(s: Svg): string {
  s.add(grain(s));
  return s.toString();
}

/** A paper card lying on the table (x, y = centre). */
function card(s: Svg, x: number, y: number, w: number, h: number, rot = 0, fill: string = C.paper): string {
  return g(shadow(s, 4, h / 2 - 4, w * 0.52, 12, 0.12) + rect(-w / 2, -h / 2, w, h, { rx: 8, fill }), { transform: tr(x, y, rot) });
}

/** A row of nails (a close crop of a set) along a gentle arc. */
function nailSet(s: Svg, cx: number, cy: number, k: number, shape: NailShape, designs: Design[], spread = 150): string {
  const sizes: [number, number][] = [
    [92, 150],
    [100, 176],
    [104, 190],
    [98, 176],
    [82, 140],
  ];
  let out = "";
  designs.forEach((d, i) => {
    const t = i - (designs.length - 1) / 2;
    const [w, h] = sizes[i % sizes.length];
    out += nail(s, t * spread, Math.abs(t) * Math.abs(t) * 14, t * 6, w, h, shape, d);
  });
  return g(out, { transform: tr(cx, cy, 0, k) });
}

// ---------------------------------------------------------------- hero & og

function hero(): string {
  const s = new Svg(1920, 1080);
  stage(s, 770);
  s.add(arch(1060, 130, 600, 760, C.blush), arch(1040, 110, 640, 800, "none", { stroke: C.gold, strokeWidth: 2, strokeOpacity: 0.7 }));
  // Left half stays calm: only a faint sprig at the edge.
  s.add(sprig(70, 770, 380, 18, { leaves: 9, leaf: 46, color: C.sageD, fillOpacity: 0.2, width: 1.6 }));
  s.add(eucalyptus(1720, 772, 560, 10), sprig(1640, 772, 430, -14, { leaves: 8, leaf: 52 }));
  s.add(swatchFan(s, 1150, 770, -8, ["#F2D0CB", "#E3B2C1", C.rose, "#B5546F", C.plumL, C.plum], 78, 320));
  s.add(bottle(s, 1330, 790, 1.3, C.plum, "gold", "square"), bottle(s, 1500, 800, 1.05, C.rose, "cream", "tall"), bottle(s, 1630, 812, 0.85, "#E7C3B5", "gold", "round"));
  s.add(card(s, 1360, 950, 620, 150, -2));
  s.add(
    g(
      ["#F2D0CB", "#E3B2C1", C.rose, C.plumL, C.plum]
        .map((c, i) => nail(s, -220 + i * 110, 52, -90, 66, 110, "almond", solid(c, shade(c, -0.2))))
        .join(""),
      { transform: tr(1360, 950, -2) },
    ),
  );
  s.add(nailFile(s, 1760, 985, -24, 300), sparkle(1230, 300, 22, C.gold), sparkle(1270, 350, 10, C.goldL), sparkle(1800, 220, 14, C.goldL));
  return finish(s);
}

function ogDefault(): string {
  const s = new Svg(1200, 630);
  s.lin("ogbg", [
    [0, "#6B2549"],
    [1, C.plumD],
  ], 0, 0, 1, 1);
  s.add(rect(0, 0, 1200, 630, { fill: "url(#ogbg)" }));
  s.add(arch(770, 60, 360, 640, C.blush), arch(752, 42, 396, 680, "none", { stroke: C.goldL, strokeWidth: 2 }));
  s.add(rect(770, 470, 360, 200, { fill: C.nude }));
  s.add(eucalyptus(1080, 472, 330, 12), sprig(820, 472, 260, -16, { leaves: 6, leaf: 40 }));
  s.add(bottle(s, 900, 490, 0.95, C.plum, "gold"), bottle(s, 1020, 496, 0.75, C.rose, "cream", "tall"));
  s.add(nailFile(s, 950, 560, -8, 240));
  s.add(path(NAME_PATH, { fill: C.blush, transform: `translate(80 300) scale(${(92 / 2000).toFixed(5)})` }));
  s.add(rect(82, 340, 120, 3, { fill: C.gold }));
  s.add(path(SUB_PATH, { fill: C.goldL, transform: `translate(82 392) scale(${(19 / 2048).toFixed(5)})` }));
  s.add(sparkle(660, 150, 18, C.goldL), sparkle(690, 188, 8, C.goldL));
  s.add(grain(s, 0.6));
  return s.toString();
}

// ---------------------------------------------------------------- salon interiors

function lamp(s: Svg, x: number, y: number, k: number, flip = false): string {
  const metal = C.goldD;
  return g(
    ellipse(0, 0, 60, 12, { fill: metal }) +
      path("M0,-6L-30,-220L110,-330", { fill: "none", stroke: metal, strokeWidth: 9, strokeLinecap: "round", strokeLinejoin: "round" }) +
      circle(-30, -220, 11, { fill: C.gold }) +
      path("M80,-360L190,-300Q200,-270 175,-250L95,-300Q70,-320 80,-360Z", { fill: C.plum }) +
      ellipse(140, -275, 36, 9, { fill: "#FFF4D8", transform: "rotate(30 140 -275)" }),
    { transform: tr(x, y, 0, k) + (flip ? " scale(-1 1)" : "") },
  );
}

function table(s: Svg, x: number, y: number, w: number, h: number, top: string = C.cream): string {
  s.lin("tleg", [
    [0, C.gold],
    [1, C.goldD],
  ]);
  return (
    rect(x + 30, y + 20, 14, h, { fill: "url(#tleg)" }) +
    rect(x + w - 44, y + 20, 14, h, { fill: "url(#tleg)" }) +
    rect(x + 20, y + h * 0.72, w - 40, 8, { fill: C.goldD, opacity: 0.7 }) +
    shadow(s, x + w / 2, y + h + 18, w * 0.5, 14, 0.14) +
    rect(x, y - 8, w, 34, { rx: 6, fill: top }) +
    rect(x, y + 16, w, 10, { rx: 4, fill: C.nudeD })
  );
}

function armchair(s: Svg, x: number, y: number, k: number, velvet: string): string {
  const v = s.lin(`velvet-${velvet.slice(1)}`, [
    [0, shade(velvet, 0.12)],
    [1, shade(velvet, -0.15)],
  ]);
  return g(
    shadow(s, 0, 0, 170, 16, 0.16) +
      rect(-120, -24, 12, 24, { fill: C.goldD }) +
      rect(108, -24, 12, 24, { fill: C.goldD }) +
      path("M-140,-40L-140,-250Q-140,-330 0,-330Q140,-330 140,-250L140,-40Z", { fill: `url(#${v})` }) +
      path("M-90,-110Q0,-130 90,-110L90,-250Q90,-290 0,-290Q-90,-290 -90,-250Z", { fill: shade(velvet, 0.08), opacity: 0.7 }) +
      rect(-165, -150, 50, 126, { rx: 25, fill: shade(velvet, -0.05) }) +
      rect(115, -150, 50, 126, { rx: 25, fill: shade(velvet, -0.05) }) +
      rect(-120, -110, 240, 76, { rx: 26, fill: shade(velvet, 0.15) }),
    { transform: tr(x, y, 0, k) },
  );
}

function shelf(s: Svg, x: number, y: number, w: number, rows: number, seed: number): string {
  const r = rng(seed);
  const colors = ["#F2D0CB", "#E3B2C1", C.rose, "#B5546F", C.plumL, C.plum, "#E7C3B5", C.coral, "#D9A5AF", C.nudeD];
  let out = "";
  for (let i = 0; i < rows; i++) {
    const yy = y + i * 110;
    let xx = x + 18;
    while (xx < x + w - 40) {
      const c = colors[Math.floor(r() * colors.length)];
      out += rect(xx, yy - 30, 28, 30, { rx: 6, fill: c }) + rect(xx + 4, yy - 26, 5, 20, { rx: 2, fill: C.white, opacity: 0.4 }) + rect(xx + 8, yy - 58, 12, 28, { rx: 3, fill: r() > 0.5 ? C.gold : C.plumD });
      xx += 42;
    }
    out += rect(x, yy, w, 10, { rx: 2, fill: C.cream }) + rect(x, yy + 10, w, 4, { fill: C.nudeD });
  }
  return out;
}

function plant(s: Svg, x: number, y: number, k: number): string {
  return g(
    eucalyptus(-10, -150, 340, -18) +
      sprig(10, -150, 300, 14, { leaves: 8, leaf: 44 }) +
      eucalyptus(0, -150, 260, 36) +
      shadow(s, 0, 0, 80, 10, 0.14) +
      path("M-70,-160L70,-160L54,0L-54,0Z", { fill: C.nudeD }) +
      rect(-76, -170, 152, 20, { rx: 4, fill: C.cream }),
    { transform: tr(x, y, 0, k) },
  );
}

function about(): string {
  const s = new Svg(960, 1200);
  stage(s, 820);
  s.add(arch(180, 120, 600, 700, C.blush), arch(162, 102, 636, 718, "none", { stroke: C.gold, strokeWidth: 2, strokeOpacity: 0.7 }));
  s.rad("glow", [
    [0, "#FFF4D8", 0.9],
    [1, "#FFF4D8", 0],
  ]);
  s.add(ellipse(560, 780, 260, 90, { fill: "url(#glow)" }));
  s.add(table(s, 90, 790, 780, 340));
  s.add(lamp(s, 220, 790, 1.05));
  s.add(rect(420, 740, 250, 56, { rx: 28, fill: C.roseL }), rect(430, 748, 230, 14, { rx: 7, fill: C.white, opacity: 0.35 }));
  s.add(swatchFan(s, 610, 790, 10, ["#F2D0CB", "#E3B2C1", C.rose, C.plumL, C.plum], 64, 200));
  s.add(bottle(s, 770, 790, 0.62, C.plum, "gold"), bottle(s, 830, 792, 0.5, C.rose, "cream", "tall"));
  s.add(nailFile(s, 360, 800, -6, 200), eucalyptus(562, 350, 280, -14), sprig(578, 350, 240, 18, { leaves: 7, leaf: 38 }));
  s.add(path("M535,412Q520,360 548,340L592,340Q620,360 605,412Z", { fill: C.white, opacity: 0.85 }), rect(440, 410, 280, 14, { rx: 4, fill: C.cream }), rect(440, 424, 280, 6, { fill: C.nudeD }));
  s.add(sparkle(760, 240, 18), sparkle(790, 280, 8, C.goldL));
  return finish(s);
}

function salon(): string {
  const s = new Svg(1500, 1000);
  stage(s, 720, [C.cream, "#F4E3E2"], [C.nude, "#DCC3B5"]);
  // Arched mirrors and a polish wall.
  for (const x of [120, 480]) {
    s.add(arch(x, 110, 260, 420, "#EFE3E6"), arch(x, 110, 260, 420, "none", { stroke: C.gold, strokeWidth: 4 }), path(`M${x + 60},260L${x + 130},190`, { stroke: C.white, strokeWidth: 8, strokeOpacity: 0.6, strokeLinecap: "round" }));
  }
  s.add(rect(900, 90, 500, 470, { rx: 6, fill: "#F0DCDD" }));
  s.add(shelf(s, 920, 200, 460, 4, 11));
  s.add(table(s, 150, 640, 560, 260), lamp(s, 240, 640, 0.8));
  s.add(bottle(s, 560, 640, 0.45, C.plum, "gold"), bottle(s, 610, 642, 0.38, C.rose, "cream", "tall"), rect(380, 612, 150, 30, { rx: 15, fill: C.roseL }));
  s.add(armchair(s, 430, 930, 0.9, C.rose), armchair(s, 1000, 960, 1.05, C.plumL), armchair(s, 1300, 960, 1.05, C.plumL));
  s.add(plant(s, 1430, 720, 0.75), plant(s, 820, 720, 0.62));
  // Pendant lamps.
  for (const x of [420, 780]) s.add(line(x, 0, x, 120, { stroke: C.goldD, strokeWidth: 2 }), path(`M${x - 50},170Q${x},90 ${x + 50},170Z`, { fill: C.gold }), ellipse(x, 172, 50, 8, { fill: "#FFF4D8" }));
  return finish(s);
}

// ---------------------------------------------------------------- services

function serviceManicura(): string {
  const s = new Svg(1200, 900);
  stage(s, 560);
  s.add(arch(620, 80, 420, 560, C.blush), sprig(1080, 560, 360, -10, { leaves: 8, leaf: 46 }), eucalyptus(140, 560, 330, 14));
  s.add(bottle(s, 760, 580, 1.15, C.plum, "gold"), bottle(s, 930, 590, 0.9, "#E3B2C1", "cream", "tall"));
  s.add(card(s, 470, 700, 520, 190, -3));
  s.add(nailSet(s, 470, 760, 0.78, "almond", [french(), solid("#F2D0CB", "#E3B2C1"), solid(C.rose, shade(C.rose, -0.2)), solid("#F2D0CB", "#E3B2C1"), french()], 128));
  s.add(nailFile(s, 860, 780, -14, 380), pusher(s, 880, 690, 6, 300));
  s.add(sparkle(700, 200, 18), sparkle(730, 238, 8, C.goldL));
  return finish(s);
}

function servicePedicura(): string {
  const s = new Svg(1200, 900);
  stage(s, 540, [C.cream, "#EEF0E8"], [C.nude, "#E0C8BA"]);
  s.add(arch(160, 90, 420, 520, "#E9EDE2"));
  // Basin with water and floating petals.
  s.lin("basin", [
    [0, C.white],
    [1, "#E3D8D2"],
  ]);
  s.lin("water", [
    [0, "#DCE8E4"],
    [1, "#B9D0CB"],
  ]);
  s.add(shadow(s, 430, 760, 300, 18, 0.18));
  s.add(path("M140,600Q150,770 430,770Q710,770 720,600Z", { fill: "url(#basin)" }), ellipse(430, 600, 290, 62, { fill: C.white }), ellipse(430, 604, 262, 50, { fill: "url(#water)" }));
  const r = rng(21);
  for (let i = 0; i < 7; i++) s.add(ellipse(280 + r() * 300, 590 + r() * 28, 16, 9, { fill: i % 2 ? C.roseL : "#F4C7CC", transform: `rotate(${n(r() * 180)} ${n(300 + i * 40)} 600)` }));
  s.add(flower(380, 598, 34, 10, C.white), flower(520, 610, 26, 40, "#F6D3DA"));
  s.add(rolledTowel(s, 760, 720, 0.9, C.cream), pebbles(s, 790, 820, 0.9, 4, 4));
  s.add(bottle(s, 1060, 700, 0.85, C.coral, "gold"), lineFlower(1000, 560, 250, 12, 34), lineFlower(1110, 560, 200, -8, 28, C.blush));
  s.add(sparkle(1000, 160, 16), sparkle(1030, 196, 7, C.goldL));
  return finish(s);
}

function serviceFacial(): string {
  const s = new Svg(1200, 900);
  stage(s, 580, [C.cream, "#F1ECE4"]);
  s.add(arch(440, 70, 440, 600, "#EEF0E8"));
  s.add(eucalyptus(560, 590, 440, -16), sprig(760, 590, 420, 12, { leaves: 9, leaf: 52 }), eucalyptus(880, 600, 320, 30));
  s.add(jar(s, 480, 700, 1.2, C.blush, "gold"), dropper(s, 760, 690, 1.25, "#D9A5AF"), jar(s, 960, 730, 0.8, C.cream, "cream"));
  s.add(ellipse(250, 780, 70, 16, { fill: C.white }), ellipse(250, 770, 70, 16, { fill: C.paper }), ellipse(300, 810, 70, 16, { fill: C.white }));
  s.add(sprig(120, 840, 200, 70, { leaves: 6, leaf: 36 }), sparkle(420, 200, 16), sparkle(446, 236, 7, C.goldL));
  return finish(s);
}

function practiceBoard(s: Svg, x: number, y: number, k: number): string {
  const designs: Design[] = [french(), solid("#F2D0CB"), babyBoomer(), solid(C.rose), floral(), solid(C.plum, C.plumD), goldLines(), chrome(), solid("#E7C3B5"), goldLeaf()];
  let out = shadow(s, 0, 230, 380, 14, 0.14) + rect(-380, -210, 760, 420, { rx: 18, fill: C.white }) + rect(-366, -196, 732, 392, { rx: 12, fill: "none", stroke: C.nudeD, strokeWidth: 2 });
  designs.forEach((d, i) => {
    const col = i % 5;
    const row = Math.floor(i / 5);
    out += rect(-300 + col * 150 - 5, -140 + row * 200, 10, 140, { rx: 5, fill: C.nudeD }) + nail(s, -300 + col * 150, -40 + row * 200, 0, 64, 118, "almond", d);
  });
  return g(out, { transform: tr(x, y, 0, k) });
}

function serviceFormaciones(): string {
  const s = new Svg(1200, 900);
  stage(s, 500);
  s.add(arch(760, 60, 360, 480, C.blush));
  s.add(tipWheel(s, 920, 330, 150, [french(), solid(C.rose), babyBoomer(), goldLeaf(), chrome(), floral(), solid(C.plum, C.plumD), goldLines()]));
  s.add(practiceBoard(s, 400, 660, 0.78));
  s.add(notebook(s, 920, 690, 6, 300, 210), certificate(s, 940, 770, -8, 320, 230));
  s.add(brush(s, 200, 840, -70, 300, C.plum), brush(s, 240, 870, -62, 280, C.gold));
  s.add(sprig(60, 500, 300, 10, { leaves: 8, leaf: 44 }));
  return finish(s);
}

// ---------------------------------------------------------------- courses

function courseFormacionInicio(): string {
  const s = new Svg(1200, 800);
  stage(s, 460, [C.cream, C.blush]);
  s.add(arch(90, 60, 330, 420, "#F3DDE2"));
  s.add(practiceBoard(s, 640, 560, 0.86));
  s.add(brush(s, 1080, 740, -150, 300, C.plum), sprig(200, 460, 300, -6, { leaves: 8 }), eucalyptus(330, 460, 240, 20));
  s.add(sparkle(1040, 140, 18), sparkle(1070, 176, 8, C.goldL));
  return finish(s);
}

function courseTecnicoManicurista(): string {
  const s = new Svg(1200, 800);
  stage(s, 330, [C.cream, "#F2E6E0"]);
  s.add(sprig(1120, 330, 260, -14, { leaves: 7 }));
  // An open case with the professional toolkit.
  s.lin("case", [
    [0, C.plumL],
    [1, C.plum],
  ]);
  s.add(shadow(s, 600, 760, 480, 20, 0.2), rect(130, 380, 940, 380, { rx: 26, fill: "url(#case)" }), rect(160, 410, 880, 320, { rx: 16, fill: "#F3E3E6" }));
  for (let i = 0; i < 4; i++) s.add(rect(180 + i * 215, 430, 195, 280, { rx: 12, fill: C.blush, stroke: C.roseL, strokeWidth: 2 }));
  s.add(g(pusher(s, 0, 0, 90, 240), { transform: tr(277, 570) }), g(nailFile(s, 0, 0, 90, 250), { transform: tr(492, 570) }));
  s.add(brush(s, 680, 450, 180, 250, C.plum), brush(s, 740, 450, 180, 250, C.gold));
  s.add(bottle(s, 922, 560, 0.5, C.plum, "gold"), bottle(s, 922, 690, 0.5, C.rose, "cream"));
  s.add(rect(130, 360, 940, 30, { rx: 14, fill: C.plumD }), circle(600, 375, 10, { fill: C.gold }));
  s.add(bottle(s, 220, 340, 0.7, "#E7C3B5", "gold", "tall"), sparkle(1000, 120, 18), sparkle(1030, 156, 8, C.goldL));
  return finish(s);
}

function courseExpertNails(): string {
  const s = new Svg(1200, 800);
  s.lin("velvet", [
    [0, "#6B2549"],
    [1, C.plumD],
  ], 0, 0, 1, 1);
  s.add(rect(0, 0, 1200, 800, { fill: "url(#velvet)" }));
  s.add(arch(700, 60, 400, 760, "#732C50"), arch(682, 42, 436, 800, "none", { stroke: C.goldL, strokeWidth: 2, strokeOpacity: 0.7 }));
  s.add(nailSet(s, 520, 560, 1.15, "coffin", [chrome(), goldLeaf(), goldLines("#E9C7CF"), chrome(), goldLeaf(C.plumD, 9)], 140));
  // Pots of chrome powder.
  s.lin("powder", [
    [0, "#FFF6E6"],
    [0.5, C.goldL],
    [1, "#9C7B5A"],
  ], 0, 0, 1, 1);
  for (const [x, y, r] of [[920, 640, 60], [1050, 700, 46]] as const) {
    s.add(shadow(s, x, y + r * 0.5, r * 1.1, 10, 0.3), circle(x, y, r, { fill: C.cream }), circle(x, y, r * 0.78, { fill: "url(#powder)" }));
  }
  s.add(brush(s, 960, 470, -140, 300, C.ink));
  s.add(sprig(120, 800, 360, 14, { leaves: 8, color: C.goldL, fill: C.goldL, fillOpacity: 0.15, width: 1.6 }));
  s.add(sparkle(900, 200, 22, C.goldL), sparkle(940, 250, 10, C.goldL), sparkle(260, 160, 12, C.goldL, 0.8));
  s.add(grain(s, 0.7));
  return s.toString();
}

function courseIniciacionAcrilico(): string {
  const s = new Svg(1200, 800);
  stage(s, 470, [C.cream, C.blush]);
  s.add(arch(720, 60, 380, 470, "#F3DDE2"));
  // Clear jar with pink acrylic powder.
  s.add(shadow(s, 330, 640, 150, 14, 0.16));
  s.add(rect(190, 420, 280, 220, { rx: 30, fill: C.white, opacity: 0.55 }), path("M196,520Q330,490 464,520L464,610Q464,640 434,640L226,640Q196,640 196,610Z", { fill: "#F2C4CC" }));
  s.add(rect(190, 420, 280, 220, { rx: 30, fill: "none", stroke: C.white, strokeWidth: 4 }), rect(176, 380, 308, 52, { rx: 12, fill: C.white, stroke: C.nudeD, strokeWidth: 2 }));
  s.add(path("M215,450L215,600", { stroke: C.white, strokeWidth: 10, strokeLinecap: "round", strokeOpacity: 0.8 }));
  // Dappen dish with monomer.
  s.add(shadow(s, 620, 650, 110, 12, 0.16), path("M520,570L720,570L690,650L550,650Z", { fill: "#EDE4F0", opacity: 0.9 }), ellipse(620, 570, 100, 22, { fill: "#F8F3FA" }), ellipse(620, 574, 80, 14, { fill: "#DCD0E6" }));
  s.add(brush(s, 760, 700, -118, 360, C.plum, true));
  s.add(nailSet(s, 930, 660, 0.6, "almond", [solid("#F2D0CB"), solid("#E3B2C1"), french("#F2C4CC"), solid("#E3B2C1"), solid("#F2D0CB")], 130));
  s.add(sprig(1120, 470, 300, -10, { leaves: 8 }), sparkle(600, 180, 16), sparkle(628, 214, 7, C.goldL));
  return finish(s);
}

// ---------------------------------------------------------------- gallery

function gallery(name: string): string {
  const s = new Svg(1200, 900);
  const looks: Record<string, { shape: NailShape; designs: Design[]; bottle: string; bg: [string, string] }> = {
    "gallery-01": { shape: "oval", designs: Array.from({ length: 5 }, () => french()), bottle: "#F2D0CB", bg: [C.cream, C.blush] },
    "gallery-02": { shape: "oval", designs: [solid("#EBCFC2", "#DDB8A8"), floral("#EBCFC2", 3), solid("#EBCFC2", "#DDB8A8"), floral("#EBCFC2", 8), solid("#EBCFC2", "#DDB8A8")], bottle: "#EBCFC2", bg: [C.cream, "#F3E6DD"] },
    "gallery-03": { shape: "almond", designs: Array.from({ length: 5 }, () => solid("#8E2A46", "#4E0F24")), bottle: "#7A1E3A", bg: [C.cream, C.blush] },
    "gallery-04": { shape: "square", designs: Array.from({ length: 5 }, () => babyBoomer()), bottle: "#F4D6D6", bg: [C.cream, C.blush] },
    "gallery-05": { shape: "almond", designs: [solid("#D9A5AF", "#C88E99"), goldLines(), solid("#D9A5AF", "#C88E99"), goldLines(), solid("#D9A5AF", "#C88E99")], bottle: "#D9A5AF", bg: [C.cream, "#F3E1E3"] },
    "gallery-06": { shape: "almond", designs: Array.from({ length: 5 }, () => solid("#B48AA6", "#8A5F7E")), bottle: "#B48AA6", bg: [C.cream, "#EFE2EA"] },
    "gallery-07": { shape: "almond", designs: Array.from({ length: 5 }, () => chrome()), bottle: "#D8C3A0", bg: [C.cream, "#F1E7DA"] },
  };
  if (name === "gallery-08") return pedicureCrop();
  const look = looks[name];
  stage(s, 900, look.bg, look.bg);
  s.add(arch(300, 80, 600, 900, C.white, { opacity: 0.5 }));
  s.add(sprig(120, 900, 420, 16, { leaves: 9, leaf: 48 }), eucalyptus(1090, 900, 380, -14));
  const long = look.shape === "stiletto";
  s.add(nailSet(s, 600, long ? 640 : 620, long ? 1.2 : 1.15, look.shape, look.designs, 128));
  s.add(card(s, 600, 790, 360, 90, 0, C.paper));
  s.add(g([0, 1, 2, 3, 4].map((i) => circle(-120 + i * 60, 0, 18, { fill: i % 2 === 0 ? look.bottle : shade(look.bottle, 0.35), stroke: C.plum, strokeOpacity: 0.15 })).join(""), { transform: tr(600, 790) }));
  s.add(bottle(s, 1000, 830, 0.8, look.bottle, "gold"));
  s.add(sparkle(210, 210, 16), sparkle(238, 246, 7, C.goldL));
  return finish(s);
}

function pedicureCrop(): string {
  const s = new Svg(1200, 900);
  stage(s, 560, [C.cream, "#EEF0E8"], [C.nude, "#E0C8BA"]);
  s.add(arch(140, 80, 420, 560, "#E9EDE2"));
  // Toe nails: one big, four smaller, on a soft towel card.
  s.add(card(s, 520, 700, 700, 260, -2, C.white));
  const sizes: [number, number, number][] = [
    [150, 120, 0],
    [92, 74, 36],
    [80, 64, 58],
    [70, 56, 74],
    [60, 48, 86],
  ];
  let x = 260;
  const toes = sizes
    .map(([w, h, dy]) => {
      const out = nail(s, x + w / 2, 760 - 40 + dy * 0.6, 0, w, h * 1.1, "toe", solid(C.coral, "#C95B50"));
      x += w + 36;
      return out;
    })
    .join("");
  s.add(toes);
  s.add(pebbles(s, 760, 870, 0.7, 9, 3), bottle(s, 1000, 640, 0.95, C.coral, "gold"), lineFlower(1110, 560, 240, -6, 30));
  s.add(flower(930, 820, 30, 20, C.white), flower(990, 850, 22, 50, "#F6D3DA"), sprig(80, 560, 300, 12, { leaves: 8 }));
  return finish(s);
}

// ---------------------------------------------------------------- monogram cards

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((p) => p[0].toUpperCase())
    .join("");
}

/** The letters set in outlined Fraunces capitals, centred on (cx, baseline). */
function lettering(text: string, cx: number, baseline: number, capPx: number, fill: string, gap = 0.12): string {
  const k = capPx / CAP_HEIGHT;
  const glyphs = [...text].map((ch) => {
    const glyph = CAPS[ch];
    if (!glyph) throw new Error(`Falta el trazo de la letra "${ch}" en scripts/artwork/glyphs.ts`);
    return glyph;
  });
  const total = glyphs.reduce((sum, gl) => sum + gl.w, 0) + gap * CAP_HEIGHT * (glyphs.length - 1);
  let x = -total / 2;
  let out = "";
  for (const gl of glyphs) {
    out += path(gl.d, { transform: `translate(${n(x)} 0)` });
    x += gl.w + gap * CAP_HEIGHT;
  }
  return g(out, { fill, transform: `translate(${n(cx)} ${n(baseline)}) scale(${+k.toFixed(5)})` });
}

interface Person {
  name: string;
  tint: string;
  accent: string;
  motif: (s: Svg) => string;
}

const PEOPLE: Record<string, Person> = {
  founder: {
    name: founder.name,
    tint: "#F3DDE2",
    accent: C.plum,
    // Sculpted nails and nail art: a sculpting brush crossing a long almond tip.
    motif: (s) => brush(s, -60, -70, 150, 230, C.plum) + nail(s, 50, 70, 12, 62, 130, "almond", goldLeaf()),
  },
  "team-1": {
    name: teamMembers[0].name,
    tint: "#F5E4E1",
    accent: "#B5546F",
    // Semipermanente, francesa y baby boomer.
    motif: (s) => nail(s, -60, 60, -10, 62, 110, "oval", french()) + nail(s, 20, 66, 4, 62, 110, "oval", babyBoomer()) + bottle(s, 110, 70, 0.42, "#F2D0CB", "gold"),
  },
  "team-2": {
    name: teamMembers[1].name,
    tint: "#F1E4EC",
    accent: C.plumL,
    // Nail art a mano alzada: fine brush and a painted flower.
    motif: (s) => brush(s, 50, -70, 200, 220, C.ink) + nail(s, -40, 70, -6, 70, 124, "almond", floral("#EBCFC2", 4)) + flower(80, 30, 22, 12, "#F6D3DA"),
  },
  "team-3": {
    name: teamMembers[2].name,
    tint: "#EBEEE6",
    accent: C.sageD,
    // Pedicura: pebbles and a flower.
    motif: (s) => pebbles(s, -110, 70, 0.7, 12, 3) + lineFlower(100, 80, 150, 8, 26),
  },
  "team-4": {
    name: teamMembers[3].name,
    tint: "#F3EBE3",
    accent: C.gold,
    // Facial: a serum dropper and eucalyptus.
    motif: (s) => eucalyptus(-70, 80, 190, -20) + dropper(s, 40, 80, 0.55, "#D9A5AF"),
  },
  "team-5": {
    name: teamMembers[4].name,
    tint: "#F4E2E6",
    accent: C.rose,
    // Acrílico y academia: a practice tip on its stick and a sculpting brush.
    motif: (s) => rect(-55, -10, 10, 100, { rx: 5, fill: C.nudeD }) + nail(s, -50, 0, 0, 60, 110, "coffin", solid("#E3B2C1", C.rose)) + brush(s, 70, -60, 170, 220, C.plum, true),
  },
};

/** The monogram card, drawn in a 960×1200 box. */
function monogramCard(s: Svg, p: Person, wreath = true): string {
  const r = rng(p.name.length * 31);
  s.lin(`tint-${p.tint.slice(1)}`, [
    [0, C.paper],
    [1, p.tint],
  ]);
  let out = rect(0, 0, 960, 1200, { fill: `url(#tint-${p.tint.slice(1)})` });
  out += arch(150, 110, 660, 980, C.paper, { stroke: C.gold, strokeWidth: 2 });
  out += arch(172, 132, 616, 936, "none", { stroke: C.gold, strokeWidth: 1, strokeOpacity: 0.55 });
  out += lettering(initials(p.name), 480, 610, 260, p.accent);
  out += rect(400, 680, 160, 2, { fill: C.gold });
  out += circle(480, 681, 5, { fill: C.gold });
  // Half wreath under the monogram.
  if (wreath) out += sprig(480, 1020, 250, -70, { leaves: 6, leaf: 34, width: 1.6, bend: -0.2 }) + sprig(480, 1020, 250, 70, { leaves: 6, leaf: 34, width: 1.6, bend: 0.2 });
  out += g(p.motif(s), { transform: tr(480, 860) });
  out += sparkle(700, 260, 14 + r() * 4) + sparkle(724, 290, 6, C.goldL);
  return out;
}

function portrait(name: string): string {
  const s = new Svg(960, 1200);
  s.add(monogramCard(s, PEOPLE[name]));
  return finish(s);
}

function teamGroup(): string {
  const s = new Svg(1500, 1000);
  stage(s, 1000, [C.cream, C.blush], [C.cream, C.blush]);
  const keys = ["founder", "team-1", "team-2", "team-3", "team-4", "team-5"];
  keys.forEach((key, i) => {
    const col = i % 3;
    const row = Math.floor(i / 3);
    const x = 191 + col * 386;
    const y = 48 + row * 472;
    s.add(g(rect(10, 18, 960, 1200, { rx: 28, fill: C.plum, opacity: 0.1 }) + g(monogramCard(s, PEOPLE[key], false), { clipPath: s.clip(rect(0, 0, 960, 1200, { rx: 28 })) }), { transform: tr(x, y, 0, 0.36) }));
  });
  s.add(sprig(60, 1000, 420, 14, { leaves: 9, leaf: 46 }), eucalyptus(1450, 1000, 400, -12));
  return finish(s);
}

// ---------------------------------------------------------------- map

/**
 * Molins de Rei, schematic, north up. The town sits on the left (east) bank of the Llobregat,
 * which runs NNW → SSE along its west side; the Rodalies R4 railway runs the same way on the
 * east side, with the station in the town and Collserola's foothills beyond. The streets are
 * drawn parallel to both, Carrer Major in rose with the salon's pin beside the square. No
 * labels: the page gives the address in text.
 */
function mapa(): string {
  const s = new Svg(1200, 900);
  s.add(rect(0, 0, 1200, 900, { fill: C.paper }));
  // The frame's x axis runs NNW → SSE (along the river and the railway); +y points WSW.
  const rot = 72;
  const r = rng(42);
  let grid = "";
  // Beyond the railway: the foothills of Collserola (a soft green) and a few blocks.
  grid += rect(-900, -900, 1800, 330, { fill: "#ECEFE4" });
  const rows = [-570, -410, -290, -170, -50, 70, 190, 310];
  for (let i = 0; i < rows.length - 1; i++) {
    if (i === 0) continue;
    let x = -900;
    while (x < 900) {
      const w = 120 + r() * 140;
      grid += rect(x + 12, rows[i] + 12, w - 24, rows[i + 1] - rows[i] - 24, { rx: 10, fill: C.nude });
      x += w;
    }
  }
  // The square beside Carrer Major.
  grid += rect(-140, -38, 170, 96, { rx: 8, fill: "#E6EBDD" }) + circle(-90, 10, 9, { fill: C.sage }) + circle(-20, 10, 9, { fill: C.sage });
  // Carrer Major, the old town's main street.
  grid += path("M-900,-50L900,-50", { stroke: C.roseL, strokeWidth: 22, strokeLinecap: "round" }) + path("M-900,-50L900,-50", { stroke: C.rose, strokeWidth: 3 });
  // The railway (Rodalies R4) and the station.
  grid += path("M-900,-430L900,-430", { stroke: C.muted, strokeWidth: 4 }) + path("M-900,-430L900,-430", { stroke: C.muted, strokeWidth: 14, strokeDasharray: "2 16" });
  grid += rect(-60, -470, 120, 26, { rx: 6, fill: C.plumL });
  // The Llobregat, its green banks to the west.
  grid += rect(-900, 330, 1800, 600, { fill: "#E6EBDD" }) + path("M-900,470C-500,440 -200,520 100,490S600,450 900,480L900,600C600,570 300,620 0,600S-500,560 -900,590Z", { fill: "#BFD3D0" });
  s.add(g(grid, { transform: tr(600, 450, rot) }));
  // Pin on Carrer Major.
  const a = (rot * Math.PI) / 180;
  const [fx, fy] = [70, -50];
  const px = 600 + fx * Math.cos(a) - fy * Math.sin(a);
  const py = 450 + fx * Math.sin(a) + fy * Math.cos(a);
  s.add(circle(px, py, 40, { fill: C.plum, opacity: 0.12 }), ellipse(px, py + 2, 18, 6, { fill: C.plum, opacity: 0.3 }));
  s.add(path(`M${n(px)},${n(py)}C${n(px - 9)},${n(py - 24)} ${n(px - 32)},${n(py - 42)} ${n(px - 32)},${n(py - 68)}A32,32 0 1 1 ${n(px + 32)},${n(py - 68)}C${n(px + 32)},${n(py - 42)} ${n(px + 9)},${n(py - 24)} ${n(px)},${n(py)}Z`, { fill: C.plum }));
  s.add(circle(px, py - 69, 12, { fill: C.blush }));
  // Compass: north is up.
  s.add(g(circle(0, 0, 42, { fill: C.paper, stroke: C.gold, strokeWidth: 2 }) + path("M0,-32L9,0L0,32L-9,0Z", { fill: C.gold }) + path("M0,-32L9,0L-9,0Z", { fill: C.plum }) + lettering("N", 0, -50, 20, C.plum), { transform: tr(1110, 800) }));
  s.add(rect(1.5, 1.5, 1197, 897, { fill: "none", stroke: C.gold, strokeWidth: 3 }));
  return finish(s);
}

// ---------------------------------------------------------------- registry

export const SCENES: Record<string, () => string> = {
  hero,
  about,
  salon,
  mapa,
  "team-group": teamGroup,
  founder: () => portrait("founder"),
  "team-1": () => portrait("team-1"),
  "team-2": () => portrait("team-2"),
  "team-3": () => portrait("team-3"),
  "team-4": () => portrait("team-4"),
  "team-5": () => portrait("team-5"),
  "gallery-01": () => gallery("gallery-01"),
  "gallery-02": () => gallery("gallery-02"),
  "gallery-03": () => gallery("gallery-03"),
  "gallery-04": () => gallery("gallery-04"),
  "gallery-05": () => gallery("gallery-05"),
  "gallery-06": () => gallery("gallery-06"),
  "gallery-07": () => gallery("gallery-07"),
  "gallery-08": () => gallery("gallery-08"),
  "service-facial": serviceFacial,
  "service-manicura": serviceManicura,
  "service-pedicura": servicePedicura,
  "service-formaciones": serviceFormaciones,
  "course-formacion-inicio": courseFormacionInicio,
  "course-tecnico-manicurista": courseTecnicoManicurista,
  "course-expert-nails": courseExpertNails,
  "course-iniciacion-acrilico": courseIniciacionAcrilico,
  "og-default": ogDefault,
};
