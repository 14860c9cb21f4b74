import os
from lib import *; from hands import *; from props import *
HERE = os.path.dirname(os.path.abspath(__file__))


def og_default():
    s = Svg(1200, 630)
    s.lin("ogbg", [(0, "#6B2549"), (1, "#3E1029")], 0, 0, 1, 1)
    s.add(rect(0, 0, 1200, 630, fill="url(#ogbg)"))
    blob(s, 920, 300, 280, "#C77E9B", .35)
    s.add(arch(760, 60, 380, 640, BLUSH, opacity=".95"))
    s.add(arch(742, 42, 416, 680, "none", stroke=GOLD, stroke_width="3"))
    s.add(bottle(s, 1070, 600, 1.05, PLUM, "gold"))
    s.add(hand(s, 920, 500, 1.02, -8, SKINS[1], "plumgold", "almond", accent="gold", sleeve=CREAM, mirror=True))
    name = open(os.path.join(HERE, "t_name.txt")).read().strip()
    sub = open(os.path.join(HERE, "t_sub.txt")).read().strip()
    k1 = 92 / 2000
    k2 = 19 / 2048
    s.add(path(name, fill=BLUSH, transform=f"translate(80,300) scale({k1:.5f})"))
    s.add(rect(82, 340, 120, 3, fill=GOLD))
    s.add(path(sub, fill=GOLD_L, transform=f"translate(82,392) scale({k2:.5f})"))
    s.add(sparkle(640, 150, 20, GOLD_L), sparkle(670, 190, 9, GOLD_L), dots(101, 10, 60, 440, 700, 600, fill=GOLD_L, op=.5))
    return s


SCENES = {"og-default": None}


def build(name):
    return og_default().out()
