"""Illustrated portraits (editorial flat style)."""
from lib import *

HAIR = {"dark": ("#2B1B1E", "#45292E"), "brown": ("#5A3526", "#7A4A35"), "auburn": ("#7A3424", "#9C4A33"),
        "blonde": ("#C79A5E", "#E0BC82"), "black": ("#17110F", "#30211D"), "plum": ("#4A1832", "#6E2A4C")}


def portrait(s, cx, cy, sc, skin, hair="dark", style="long", top=PLUM, neckline="v", earring=True, smile=True, glasses=False, tilt=0):
    """Bust; (cx, cy) is the face centre, sc scales a ~200 px-wide face."""
    base, dark, light = skin
    hc, hl = HAIR[hair]
    back, front = "", ""
    if style == "long":  # long waves, founder
        back = path("M-112,-40 C-140,-170 140,-180 114,-40 C128,40 150,120 126,210 C140,250 96,280 70,250 L-70,250 C-100,280 -142,250 -126,210 C-152,120 -128,40 -112,-40Z", fill=hc)
        front = (path("M-106,-34 C-110,-140 -10,-176 40,-150 C90,-140 118,-90 112,-30 C96,-90 50,-118 8,-112 C-30,-100 -70,-74 -106,-34Z", fill=hc) +
                 path("M-20,-140 C30,-150 80,-120 98,-70", stroke=hl, stroke_width="6", stroke_linecap="round", opacity=".7") +
                 path("M-112,0 C-124,60 -100,120 -118,190 M116,0 C128,70 104,130 120,190", stroke=hl, stroke_width="5", opacity=".55", stroke_linecap="round"))
    elif style == "bob":
        back = path("M-118,-30 C-130,-160 130,-160 118,-30 L124,70 C120,96 90,100 70,86 L-70,86 C-90,100 -120,96 -124,70Z", fill=hc)
        front = (path("M-110,-20 C-118,-140 118,-140 110,-20 C100,-64 70,-96 -4,-98 C-10,-70 -60,-40 -110,-20Z", fill=hc) +
                 path("M20,-120 C60,-116 92,-90 104,-50", stroke=hl, stroke_width="6", stroke_linecap="round", opacity=".7"))
    elif style == "bun":
        back = circ(0, -168, 58, fill=hc) + circ(-14, -182, 20, fill=hl, opacity=".35")
        front = (path("M-106,-10 C-120,-150 120,-150 106,-10 C96,-72 50,-104 0,-104 C-50,-104 -96,-72 -106,-10Z", fill=hc) +
                 path("M-60,-110 C-20,-128 40,-126 74,-100", stroke=hl, stroke_width="5", stroke_linecap="round", opacity=".6") +
                 rect(-40, -136, 80, 12, rx=6, fill=GOLD, opacity=".9"))
    elif style == "curly":
        rnd_pts = [(-120, -60), (-130, 0), (-118, 60), (-90, -130), (-40, -160), (20, -166), (78, -140), (118, -90), (132, -20), (124, 50), (-140, -100), (140, -50)]
        back = "".join(circ(x, y, 52, fill=hc) for x, y in rnd_pts) + circ(0, -60, 120, fill=hc)
        front = (path("M-100,-30 C-96,-100 -40,-120 0,-112 C40,-120 96,-100 100,-30 C80,-80 40,-90 0,-84 C-40,-90 -80,-80 -100,-30Z", fill=hc) +
                 "".join(circ(x, y, 7, fill=hl, opacity=".5") for x, y in [(-70, -120), (-30, -150), (30, -148), (80, -110), (-120, 10), (118, 30), (100, -60)]))
    elif style == "pony":
        back = path("M96,-80 C170,-60 170,90 120,170 C110,120 120,40 90,-10Z", fill=hc)
        front = (path("M-104,-10 C-118,-150 118,-150 104,-10 C98,-60 80,-86 60,-96 C20,-80 -60,-80 -104,-10Z", fill=hc) +
                 path("M-50,-116 C0,-134 60,-124 86,-96", stroke=hl, stroke_width="5", stroke_linecap="round", opacity=".6"))
    elif style == "pixie":
        back = path("M-110,-20 C-120,-150 120,-150 110,-20 L108,20 L-108,20Z", fill=hc)
        front = (path("M-108,-10 C-116,-130 100,-150 110,-30 C90,-80 40,-76 -20,-96 C-40,-64 -80,-40 -108,-10Z", fill=hc) +
                 path("M-10,-130 C40,-124 80,-96 96,-60", stroke=hl, stroke_width="5", stroke_linecap="round", opacity=".6"))
    cap = path("M-106,-26 C-114,-196 114,-196 106,-26 C92,-80 44,-104 0,-104 C-44,-104 -92,-80 -106,-26Z", fill=hc)
    front = cap + front
    # torso and neck
    s.lin("top-" + top.strip("#"), [(0, top), (1, top)], 0, 0, 0, 1)
    torso = path("M-230,310 C-230,210 -170,166 -70,152 L70,152 C170,166 230,210 230,310 L240,420 L-240,420Z", fill=top)
    if neckline == "v":
        neck_skin = path("M-44,60 L-44,150 L0,216 L44,150 L44,60Z", fill=base)
    elif neckline == "round":
        neck_skin = path("M-44,60 L-44,148 Q0,186 44,148 L44,60Z", fill=base)
    else:  # high collar / turtleneck
        neck_skin = path("M-44,60 L-44,140 L44,140 L44,60Z", fill=base) + rect(-56, 118, 112, 48, rx=20, fill=top)
    neck_shadow = path("M-44,80 Q0,124 44,80 L44,100 Q0,140 -44,100Z", fill=dark, opacity=".35")
    detail = ""
    if neckline == "v":
        detail = path("M-70,152 L0,226 L70,152", stroke="#FFF", stroke_opacity=".18", stroke_width="6") + circ(0, 194, 6, fill=GOLD)
    elif neckline == "round":
        detail = path("M-60,156 Q0,202 60,156", stroke="#FFF", stroke_opacity=".18", stroke_width="6")
    # head
    head = path("M-96,-20 C-100,-110 -50,-140 0,-140 C50,-140 100,-110 96,-20 C92,60 50,108 0,112 C-50,108 -92,60 -96,-20Z", fill=base)
    ears = ell(-96, 0, 14, 24, fill=base) + ell(96, 0, 14, 24, fill=base)
    ear_d = (circ(-98, 28, 7, fill=GOLD) + circ(98, 28, 7, fill=GOLD)) if earring else ""
    cheek = circ(-52, 40, 22, fill="#E07A8F", opacity=".18") + circ(52, 40, 22, fill="#E07A8F", opacity=".18")
    if smile:
        eyes = (path("M-60,0 Q-42,-14 -24,0", stroke=INK, stroke_width="5", stroke_linecap="round") +
                path("M24,0 Q42,-14 60,0", stroke=INK, stroke_width="5", stroke_linecap="round") +
                path("M-60,0 l-8,-6 M60,0 l8,-6", stroke=INK, stroke_width="3", stroke_linecap="round"))
    else:
        eyes = (ell(-42, -2, 13, 8, fill="#FFF") + circ(-40, -2, 7, fill=INK) + ell(42, -2, 13, 8, fill="#FFF") + circ(44, -2, 7, fill=INK) +
                path("M-56,-8 Q-42,-16 -28,-8 M28,-8 Q42,-16 56,-8", stroke=INK, stroke_width="4", stroke_linecap="round"))
    brows = path("M-66,-28 Q-44,-42 -22,-32 M22,-32 Q44,-42 66,-28", stroke=hc, stroke_width="6", stroke_linecap="round")
    nose = path("M4,-4 Q12,30 -2,42", stroke=dark, stroke_width="4", stroke_linecap="round", opacity=".7")
    lips = (path("M-28,66 Q-14,56 0,62 Q14,56 28,66 Q14,84 0,84 Q-14,84 -28,66Z", fill="#B4506C") +
            path("M-28,66 Q0,72 28,66", stroke="#7E2A45", stroke_width="2.5", opacity=".8"))
    specs = ""
    if glasses:
        specs = (circ(-42, -2, 28, fill="#FFF", fill_opacity=".12", stroke=INK, stroke_width="4") +
                 circ(42, -2, 28, fill="#FFF", fill_opacity=".12", stroke=INK, stroke_width="4") + path("M-14,-4 Q0,-12 14,-4", stroke=INK, stroke_width="4"))
    face_shade = path("M-96,-20 C-92,60 -50,108 0,112 C-30,96 -70,60 -80,-10Z", fill=dark, opacity=".14")
    content = (back + torso + detail + neck_skin + neck_shadow + ears + ear_d + head + face_shade + cheek + eyes + brows + nose + lips + specs + front)
    return g(content, f"translate({f(cx)},{f(cy)}) rotate({f(tilt)}) scale({f(sc)})")


TEAM = {
    "founder": dict(skin=1, hair="brown", style="long", top=PLUM, neckline="v", bg=(BLUSH, NUDE), ring=GOLD),
    "team-1": dict(skin=0, hair="blonde", style="bob", top="#C77E9B", neckline="round", bg=("#FBEFF1", "#F0D6DD"), ring=GOLD),
    "team-2": dict(skin=3, hair="black", style="curly", top=GOLD, neckline="v", bg=(NUDE, "#E2C7B8"), ring=PLUM),
    "team-3": dict(skin=2, hair="dark", style="bun", top=SAGE_D, neckline="high", bg=("#EEF0E6", NUDE), ring=GOLD, glasses=True),
    "team-4": dict(skin=1, hair="auburn", style="pony", top=INK, neckline="round", bg=(BLUSH, "#EBCBD3"), ring=GOLD, smile=False),
    "team-5": dict(skin=0, hair="plum", style="pixie", top="#D9A294", neckline="v", bg=("#F6E7E0", NUDE), ring=PLUM, smile=False),
}


def person(s, name, cx, cy, sc, tilt=0):
    t = TEAM[name]
    return portrait(s, cx, cy, sc, SKINS[t["skin"]], t["hair"], t["style"], t["top"], t["neckline"],
                    glasses=t.get("glasses", False), smile=t.get("smile", True), tilt=tilt)
