from lib import *; from hands import *; from props import *; from people import *


def portrait_scene(name):
    t = TEAM[name]
    s = Svg(800, 1000)
    background(s, *t["bg"])
    s.add(arch(140, 120, 520, 900, "#FFFFFF", opacity=".45"))
    s.add(arch(120, 100, 560, 940, "none", stroke=t["ring"], stroke_width="3", opacity=".8"))
    s.add(dots(hash(name) % 97, 8, 40, 40, 760, 300, 2, 4, t["ring"], .6), sparkle(680, 150, 18, t["ring"]))
    s.add(person(s, name, 400, 470, 1.7))
    return s


def team_group():
    s = Svg(1500, 1000)
    background(s, BLUSH, NUDE)
    s.add(rect(0, 760, 1500, 240, fill=NUDE), rect(0, 760, 1500, 8, fill="#000", opacity=".05"))
    for x in (200, 560, 940, 1300):
        s.add(arch(x - 130, 120, 260, 640, "#FFFFFF", opacity=".4"))
    s.add(path("M0,110 L1500,110", stroke=GOLD, stroke_width="3", opacity=".6"))
    s.add(plant(s, 90, 650, 1.0))
    s.add(plant(s, 1420, 650, .9))
    for n, x, y, sc in [("team-1", 450, 370, .95), ("team-2", 750, 350, .95), ("team-4", 1050, 370, .95),
                        ("team-3", 300, 610, 1.05), ("team-5", 1200, 610, 1.05), ("founder", 750, 600, 1.12)]:
        s.add(person(s, n, x, y, sc))
    return s


SCENES = {n: None for n in TEAM}
SCENES["team-group"] = None


def build(name):
    if name in TEAM:
        return portrait_scene(name).out()
    return globals()[name.replace("-", "_")]().out()
