"""Hands, feet and nail designs."""
import random
from lib import *

# Normalised nail: x in [-50, 50], free edge at y=-160 (almond) and cuticle U at y=0..22.
NAIL_SHAPES = {
    "almond": "M-50,0 L-50,-92 C-50,-136 -24,-162 0,-165 C24,-162 50,-136 50,-92 L50,0 Q0,26 -50,0Z",
    "oval": "M-50,0 L-50,-100 C-50,-140 -28,-158 0,-158 C28,-158 50,-140 50,-100 L50,0 Q0,26 -50,0Z",
    "square": "M-50,0 L-51,-140 C-51,-152 -46,-156 -34,-156 L34,-156 C46,-156 51,-152 51,-140 L50,0 Q0,26 -50,0Z",
    "coffin": "M-50,0 L-46,-150 C-40,-214 -34,-232 -24,-238 L24,-238 C34,-232 40,-214 46,-150 L50,0 Q0,26 -50,0Z",
    "stiletto": "M-50,0 L-48,-120 C-44,-190 -14,-232 0,-256 C14,-232 44,-190 48,-120 L50,0 Q0,26 -50,0Z",
    "short": "M-50,0 L-50,-88 C-50,-116 -30,-128 0,-128 C30,-128 50,-116 50,-88 L50,0 Q0,26 -50,0Z",
    "toe": "M-50,0 L-52,-70 C-52,-96 -28,-104 0,-104 C28,-104 52,-96 52,-70 L50,0 Q0,22 -50,0Z",
}


def nail_design(s, name, shape="almond"):
    """Defines <g id=nail-{name}-{shape}> (clip + design + gloss) and returns its id."""
    key = f"nail-{name}-{shape}"
    if key in s.defs:
        return key
    clip = f"nc-{shape}"
    s.d(clip, f'<clipPath id="{clip}"><path d="{NAIL_SHAPES[shape]}"/></clipPath>')
    top = -260
    full = rect(-60, top, 120, 300, fill="{}")
    body = ""
    if name == "french":
        body = (rect(-60, top, 120, 300, fill="#F3CFCB") +
                path("M-60,-92 Q0,-58 60,-92 L60,-270 L-60,-270Z", fill="#FFFCFA") +
                path("M-60,-92 Q0,-58 60,-92", stroke="#EBD9D6", stroke_width="3"))
    elif name == "nude":
        s.lin("g-nude", [(0, "#E7B7A6"), (1, "#CF9584")], 0, 0, 1, 0)
        body = rect(-60, top, 120, 300, fill="url(#g-nude)")
    elif name == "boomer":
        s.lin("g-boom", [(0, "#FFFFFF"), (0.45, "#FBE9E8"), (1, "#EDB9BA")], 0, 0, 0, 1)
        body = rect(-60, top, 120, 300, fill="url(#g-boom)")
    elif name == "floral":
        fl = ""
        for cx, cy, r, c in [(-8, -92, 15, "#FFFFFF"), (22, -40, 10, PLUM_L), (-26, -30, 7, "#FFFFFF")]:
            for i in range(5):
                fl += ell(cx, cy - r * 0.95, r * 0.62, r, fill=c, transform=f"rotate({i*72} {cx} {cy})")
            fl += circ(cx, cy, r * 0.42, fill=GOLD)
        fl += ell(16, -112, 12, 5, fill=SAGE_D, transform="rotate(-35 16 -112)")
        fl += ell(-30, -60, 10, 4, fill=SAGE_D, transform="rotate(50 -30 -60)")
        body = rect(-60, top, 120, 300, fill="#F4DCD8") + fl
    elif name == "chrome":
        s.lin("g-chrome", [(0, "#A88E9C"), (0.28, "#F9EEF2"), (0.42, "#C7AEBB"), (0.62, "#FFFFFF"), (0.8, "#B89AA9"), (1, "#E8D7DE")], 0, 0, 1, 0.35)
        body = rect(-60, top, 120, 300, fill="url(#g-chrome)")
    elif name == "plumgold":
        s.lin("g-plum", [(0, PLUM_L), (1, PLUM)], 0, 0, 1, 1)
        flakes = ""
        rnd = random.Random(7)
        for _ in range(7):
            x, y = rnd.uniform(-40, 40), rnd.uniform(-150, -60)
            pts = " ".join(f"{f(x+rnd.uniform(-13,13))},{f(y+rnd.uniform(-11,11))}" for _ in range(4))
            flakes += el("polygon", points=pts, fill=GOLD_L if rnd.random() < .5 else GOLD)
        body = rect(-60, top, 120, 300, fill="url(#g-plum)") + flakes
    elif name == "plum":
        s.lin("g-plum", [(0, PLUM_L), (1, PLUM)], 0, 0, 1, 1)
        body = rect(-60, top, 120, 300, fill="url(#g-plum)")
    elif name == "berry":
        s.lin("g-berry", [(0, "#B23A5E"), (1, "#7E1F3F")], 0, 0, 1, 1)
        body = rect(-60, top, 120, 300, fill="url(#g-berry)")
    elif name == "ombre":
        s.lin("g-ombre", [(0, "#F6DDE2"), (0.55, "#C77E9B"), (1, PLUM)], 0, 0, 0, 1)
        body = rect(-60, top, 120, 300, fill="url(#g-ombre)")
    elif name == "gold":
        s.lin("g-gold", [(0, "#E7C58E"), (0.5, GOLD), (1, "#8F6530")], 0, 0, 1, 1)
        body = rect(-60, top, 120, 300, fill="url(#g-gold)")
    elif name == "blush":
        body = rect(-60, top, 120, 300, fill="#EDB4C0")
    elif name == "bare":
        body = rect(-60, top, 120, 300, fill="#F1CFC6") + path("M-60,-118 Q0,-96 60,-118 L60,-270 L-60,-270Z", fill="#F8ECE6")
    elif name == "dots":
        body = rect(-60, top, 120, 300, fill="#F6E3E1") + "".join(circ(x, y, 7, fill=PLUM) for x, y in [(-20, -110), (16, -80), (-16, -48), (22, -132), (20, -28)])
    gloss = path("M-28,-128 Q-38,-70 -30,-18", stroke="#FFFFFF", stroke_opacity=".55", stroke_width="10", stroke_linecap="round")
    rim = path(NAIL_SHAPES[shape], stroke="#000", stroke_opacity=".12", stroke_width="4")
    s.d(key, f'<g id="{key}"><g clip-path="url(#{clip})">{body}{gloss}</g>{rim}</g>')
    return key


def finger_d(L, w, ext=40, taper=0.86):
    t = w * taper / 2
    return (f"M{f(-w/2)},{f(ext)} L{f(-t)},{f(-L+t)} A{f(t)},{f(t)} 0 0 1 {f(t)},{f(-L+t)} L{f(w/2)},{f(ext)}Z")


def finger(s, bx, by, ang, L, w, skin, nail, shade=True, ext=40):
    base, dark, light = skin
    parts = [path(finger_d(L, w, ext), fill=base)]
    sc = w * 0.74 / 100
    nail_part = use(nail, f"translate(0,{f(-L + 0.9 * w)}) scale({f(sc)})") if nail else ""
    return g("".join(parts), f"translate({f(bx)},{f(by)}) rotate({f(ang)})"), (bx, by, ang, L, w, nail_part)


HAND = {
    # (base x, base y, angle, length, width): little, ring, middle, index
    "flat": [(-70, -4, -14, 118, 37), (-25, -22, -4, 160, 42), (21, -26, 4, 174, 44), (64, -12, 14, 152, 42)],
    "spread": [(-72, 0, -26, 116, 37), (-27, -22, -10, 158, 42), (21, -26, 3, 172, 44), (66, -12, 18, 150, 42)],
    "closed": [(-66, -4, -7, 118, 37), (-23, -22, -2, 160, 42), (20, -26, 2, 174, 44), (61, -12, 8, 152, 42)],
}
THUMB = (86, 104, 44, 112, 47)
PALM = ("M-92,-10 C-100,60 -86,150 -70,230 L-66,460 L66,460 L74,250 C94,196 112,140 106,72 "
        "C100,22 94,-8 84,-16 C40,-36 -40,-32 -92,-10Z")


def hand(s, x, y, scale=1.0, rot=0, skin=SKINS[0], nails="nude", shape="almond", pose="flat", mirror=False,
         sleeve=None, accent=None, thumb=True, shadow=True):
    """A hand seen from the back, fingers up. (x, y) is the knuckle line centre."""
    if isinstance(nails, str):
        nails = [nails] * 5
    if accent:
        nails = list(nails)
        nails[2] = accent
    ids = [nail_design(s, n, shape) for n in nails]
    base, dark, light = skin
    s.lin("fshade", [(0, "#000", .16), (0.28, "#000", 0), (0.72, "#000", 0), (1, "#000", .10)], 0, 0, 1, 0)
    s.lin("fhl", [(0, "#FFF", 0), (0.35, "#FFF", .22), (0.55, "#FFF", 0)], 0, 0, 1, 0)
    s.lin("vfade", [(0, "#FFF"), (0.7, "#FFF"), (1, "#000")], 0, 0, 0, 1)
    s.d("fm", '<mask id="fm" maskContentUnits="objectBoundingBox"><rect width="1" height="1" fill="url(#vfade)"/></mask>')
    skin_parts, over = [], []
    fingers = list(HAND[pose])
    if thumb:
        fingers.append(THUMB)
    for i, (bx, by, ang, L, w) in enumerate(fingers):
        shape_g, _ = finger(s, bx, by, ang, L, w, skin, None)
        skin_parts.append(shape_g)
        tf = f"translate({f(bx)},{f(by)}) rotate({f(ang)})"
        sc = w * 0.74 / 100
        nail_id = ids[4 if i == 4 else 3 - i] if i < 4 else ids[4]
        over.append(g(
            path(finger_d(L, w, 10), fill="url(#fshade)", mask="url(#fm)") +
            path(finger_d(L, w, 10), fill="url(#fhl)", mask="url(#fm)") +
            path(f"M{f(-w*0.28)},{f(-L*0.52)} q{f(w*0.28)},{f(w*0.12)} {f(w*0.56)},0", stroke=dark, stroke_width="2", stroke_opacity=".55", stroke_linecap="round") +
            path(f"M{f(-w*0.2)},{f(-L*0.47)} q{f(w*0.2)},{f(w*0.08)} {f(w*0.4)},0", stroke=dark, stroke_width="1.6", stroke_opacity=".4", stroke_linecap="round") +
            use(nail_id, f"translate(0,{f(-L + 0.92 * w)}) scale({f(sc)})"), tf))
    skin_parts.insert(0 if thumb else 0, "")
    palm = path(PALM, fill=base)
    knuckles = "".join(ell(bx, by + 4, 11, 5, fill=light, opacity=".35") for bx, by, *_ in fingers[:4])
    tendons = path("M-30,40 Q-34,120 -40,200 M10,30 Q10,120 6,210 M46,36 Q54,110 50,200", stroke=dark, stroke_width="3", stroke_opacity=".12", stroke_linecap="round")
    cuff = ""
    if sleeve:
        cuff = path("M-96,300 Q0,282 96,300 L110,520 L-110,520Z", fill=sleeve) + path("M-96,300 Q0,282 96,300", stroke="#000", stroke_opacity=".12", stroke_width="6")
    silhouette = g("".join(skin_parts) + palm, filter=f"url(#{s.shadow('hsh', 14, 16, .22)})" if shadow else None) if shadow else "".join(skin_parts) + palm
    content = silhouette + knuckles + tendons + "".join(over) + cuff
    sx = -scale if mirror else scale
    return g(content, f"translate({f(x)},{f(y)}) rotate({f(rot)}) scale({f(sx)},{f(scale)})")


def foot(s, x, y, scale=1.0, rot=0, skin=SKINS[1], nails="berry", mirror=False):
    """A foot seen from above, toes up."""
    nid = nail_design(s, nails, "toe")
    base, dark, light = skin
    body = path("M-78,-50 C-92,30 -74,120 -56,210 C-46,280 -42,380 -40,470 L56,470 C58,380 66,300 76,220 "
                "C92,120 104,20 96,-48 C84,-100 -60,-110 -78,-50Z", fill=base)
    toes = [(-46, -40, 58, 34), (2, -58, 40, 26), (38, -54, 36, 24), (66, -40, 32, 22), (88, -18, 28, 20)]
    tp, tn = "", ""
    for i, (tx, ty, rx, ry) in enumerate(toes):
        h = ry * 2.5 if i == 0 else ry * 2.2 - i * 0.12 * ry
        tp += rect(tx - rx / 2 - 2, ty - h, rx + 4, h + 40, rx=(rx + 4) / 2, fill=base)
        tn += use(nid, f"translate({f(tx)},{f(ty - h + rx*0.9)}) scale({f(rx*0.68/100)})")
        tn += path(f"M{f(tx-rx*0.3)},{f(ty-h*0.05)} q{f(rx*0.3)},{f(6)} {f(rx*0.6)},0", stroke=dark, stroke_opacity=".35", stroke_width="2")
    shade = path("M-60,0 C-70,100 -56,200 -44,300", stroke=dark, stroke_opacity=".2", stroke_width="10", stroke_linecap="round")
    sil = g(tp + body, filter=f"url(#{s.shadow('hsh', 14, 16, .22)})")
    sx = -scale if mirror else scale
    return g(sil + shade + tn, f"translate({f(x)},{f(y)}) rotate({f(rot)}) scale({f(sx)},{f(scale)})")
