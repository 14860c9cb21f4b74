from lib import *; from hands import *; from props import *

W, H = 1200, 900


def gal(n, c1, c2, build):
    s = Svg(W, H); background(s, c1, c2); build(s); return s


def g01(s):  # French manicure, two hands crossed on a white towel
    blob(s, 980, 160, 260, "#FFFFFF", .7)
    s.add(towel(s, 120, 520, 980, 420, -4))
    s.add(hand(s, 400, 600, 1.55, -16, SKINS[0], "french", "oval"))
    s.add(hand(s, 820, 620, 1.55, 16, SKINS[0], "french", "oval", mirror=True))
    s.add(leaf_sprig(140, 420, 340, -30), petal(1040, 700, 30, 40), petal(1080, 660, 24, 110), sparkle(1050, 180, 22), sparkle(1000, 240, 10))


def g02(s):  # Nude gel, one hand resting near a bottle
    s.add(circ(820, 380, 300, fill=NUDE, opacity=".6"))
    s.add(bottle(s, 930, 720, 1.6, "#D9A294", "gold"))
    s.add(hand(s, 470, 610, 1.85, -12, SKINS[1], "nude", "almond", sleeve=CREAM))
    s.add(dots(2, 14, 80, 60, 1150, 260), sparkle(220, 160, 18))


def g03(s):  # Baby boomer, hand over blush silk
    s.lin("silk", [(0, "#F3D3DB"), (0.5, "#FBEFF2"), (1, "#EBC1CC")], 0, 0, 1, 1)
    s.add(path("M0,560 C300,460 520,700 820,560 C980,490 1100,520 1200,470 L1200,900 L0,900Z", fill="url(#silk)"))
    s.add(path("M0,640 C320,560 560,760 860,640 C1000,590 1120,600 1200,560", stroke="#FFF", stroke_opacity=".6", stroke_width="6"))
    s.add(hand(s, 640, 600, 1.85, 6, SKINS[0], "boomer", "almond", pose="spread", sleeve="#F0DCE0"))
    s.add(petal(180, 260, 34, -20), petal(230, 300, 26, 60), petal(1010, 230, 30, 150), sparkle(1040, 140, 20))


def g04(s):  # Floral freehand art with brush
    s.add(arch(700, 90, 420, 820, BLUSH, opacity=".9"))
    s.add(hand(s, 440, 600, 1.8, -6, SKINS[2], "floral", "oval", accent="blush", sleeve=SAGE))
    s.add(brush(s, 860, 250, 380, 38, PLUM))
    s.add(leaf_sprig(1030, 880, 300, 12, size=1.1), petal(990, 620, 30, 200, "#FFFFFF"))
    s.add(dots(4, 10, 700, 80, 1180, 500, fill="#FFFFFF", op=.8))


def g05(s):  # Chrome, dramatic plum background
    s.lin("bg5", [(0, "#3A1129"), (1, PLUM)], 0, 0, 1, 1)
    s.add(rect(0, 0, W, H, fill="url(#bg5)"))
    blob(s, 600, 380, 320, "#C77E9B", .35)
    s.add(circ(600, 420, 330, fill="none", stroke=GOLD, stroke_width="3", opacity=".7"))
    s.add(hand(s, 600, 620, 1.7, 0, SKINS[0], "chrome", "stiletto", pose="spread", sleeve=INK))
    s.add(sparkle(270, 200, 26, GOLD_L), sparkle(930, 250, 18, GOLD_L), sparkle(960, 640, 12, "#FFF"), sparkle(240, 620, 12, "#FFF"))


def g06(s):  # Plum gel with gold leaf, hand holding a gold bottle
    blob(s, 300, 200, 240, "#FFFFFF", .6)
    s.add(rect(0, 660, W, 240, fill=NUDE))
    s.add(bottle(s, 300, 720, 1.5, PLUM, "gold", rot=-6))
    s.add(hand(s, 760, 620, 1.75, 10, SKINS[3], "plumgold", "almond", accent="gold", mirror=True, sleeve=CREAM))
    s.add(sparkle(1060, 160, 24), sparkle(1010, 220, 10), dots(6, 9, 900, 80, 1180, 360))


def g07(s):  # Pedicure: feet on a towel with petals
    s.add(rect(0, 0, W, H, fill="#F2E3DD"))
    s.add(towel(s, 140, 140, 920, 720, 3, "#FFFFFF", BLUSH))
    s.add(foot(s, 460, 400, 1.25, -5, SKINS[1], "berry"))
    s.add(foot(s, 750, 400, 1.25, 5, SKINS[1], "berry", mirror=True))
    for i, (x, y, a) in enumerate([(180, 120, 20), (1040, 110, 160), (1100, 780, 70), (120, 800, 250), (1080, 420, 10)]):
        s.add(petal(x, y, 32, a, "#E9A9BA" if i % 2 else "#F3C6D0"))
    s.add(leaf_sprig(1150, 700, 260, -20, size=.9))


def g08(s):  # Sculpted acrylic coffin nails, ombre
    s.add(arch(120, 120, 960, 900, "#FFFFFF", opacity=".55"))
    s.add(hand(s, 600, 680, 1.75, -4, SKINS[2], "ombre", "coffin", pose="spread", sleeve=PLUM))
    s.add(brush(s, 1010, 360, 420, 22, INK, "#F3E6EA"))
    s.add(sparkle(170, 240, 22), sparkle(220, 300, 10), dots(8, 10, 40, 400, 300, 880))


SCENES = {f"gallery-0{i}": (fn, c1, c2) for i, (fn, c1, c2) in enumerate([
    (g01, BLUSH, NUDE), (g02, "#F6E7E0", "#EAD3C6"), (g03, "#FBEFF1", "#F1D9DF"), (g04, "#EEF0E6", NUDE),
    (g05, PLUM, INK), (g06, BLUSH, "#EDD2C6"), (g07, BLUSH, NUDE), (g08, "#F5DFE5", "#E6CBD2")], 1)}


def build(name):
    fn, c1, c2 = SCENES[name]
    return gal(name, c1, c2, fn).out()
