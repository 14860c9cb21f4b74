from lib import *; from hands import *; from props import *; from people import *


def hero():
    s = Svg(1600, 900)
    background(s, "#FBF0F2", NUDE, (0, 0, 1, 0.6))
    blob(s, 1180, 420, 420, "#F1C9D3", .7)
    blob(s, 200, 120, 260, "#FFFFFF", .6)
    s.add(arch(860, 70, 620, 900, "#FFFFFF", opacity=".55"))
    s.add(arch(840, 50, 660, 940, "none", stroke=GOLD, stroke_width="3", opacity=".7"))
    s.add(rect(0, 760, 1600, 140, fill=NUDE, opacity=".7"))
    s.add(bottle(s, 910, 800, 1.5, PLUM, "gold"))
    s.add(bottle(s, 1030, 810, 1.1, "#E3A9B6", "gold", shape="square"))
    s.add(hand(s, 1250, 620, 1.9, -6, SKINS[1], "plumgold", "almond", accent="gold", sleeve=CREAM, mirror=True))
    s.add(leaf_sprig(800, 900, 380, -24, size=1.2), leaf_sprig(1600, 560, 300, -30, size=1))
    for x, y, a, c in [(930, 260, 20, "#EBB3C1"), (170, 700, 95, "#F4CFD8"), (1470, 180, 150, "#EBB3C1"), (780, 760, 40, "#F4CFD8")]:
        s.add(petal(x, y, 34, a, c))
    s.add(sparkle(1480, 330, 26), sparkle(1440, 380, 12), sparkle(900, 160, 16), dots(11, 14, 820, 60, 1580, 520))
    return s


def about():
    s = Svg(800, 1000)
    background(s, BLUSH, NUDE)
    s.add(circ(400, 420, 330, fill="#FFFFFF", opacity=".5"))
    s.add(circ(400, 420, 350, fill="none", stroke=GOLD, stroke_width="3", opacity=".7"))
    s.add(towel(s, 60, 520, 680, 380, 4))
    s.add(hand(s, 470, 600, 1.1, -62, SKINS[0], "blush", "oval", sleeve="#C77E9B"))
    s.add(brush(s, 376, 412, 360, 38, PLUM))
    s.add(bottle(s, 640, 960, 1.1, "#EDB4C0", "gold"), bottle(s, 150, 960, 0.9, PLUM, "gold", shape="square"))
    s.add(leaf_sprig(760, 300, 260, -150, size=.9), sparkle(140, 160, 22), sparkle(660, 110, 14), dots(5, 10, 40, 40, 760, 260))
    return s


def salon():
    s = Svg(1500, 1000)
    s.lin("wall", [(0, "#F9EDF0"), (1, BLUSH)])
    s.add(rect(0, 0, 1500, 1000, fill="url(#wall)"))
    s.add(rect(0, 560, 1500, 140, fill=NUDE, opacity=".7"), rect(0, 556, 1500, 8, fill=GOLD, opacity=".5"))
    s.lin("floor", [(0, "#D9BFB1"), (1, "#C9A997")])
    s.add(rect(0, 700, 1500, 300, fill="url(#floor)"))
    s.add("".join(path(f"M{x},700 L{x*1.3-225},1000", stroke="#000", stroke_opacity=".06", stroke_width="3") for x in range(0, 1600, 120)))
    # ceiling lights
    for x in (380, 760, 1140):
        s.add(path(f"M{x},0 L{x},120", stroke=INK, stroke_width="3", opacity=".6"),
              path(f"M{x-46},168 Q{x-46},118 {x},116 Q{x+46},118 {x+46},168Z", fill=GOLD),
              ell(x, 170, 46, 8, fill="#FFF3D6"), ell(x, 260, 120, 60, fill="#FFF7E0", opacity=".25"))
    # mirrors
    for x in (250, 630, 1010):
        s.add(arch(x, 220, 220, 330, "#FFFFFF", stroke=GOLD, stroke_width="10"),
              arch(x + 18, 238, 184, 300, "#EEDFE6"), path(f"M{x+50},300 L{x+110},250 M{x+50},350 L{x+150},260", stroke="#FFF", stroke_width="10", stroke_linecap="round", opacity=".7"))
    # shelves with bottles
    cols = ["#5B1F3E", "#B23A5E", "#EDB4C0", "#D9A294", "#C77E9B", "#F3CFCB", "#8A3A62", "#E7B7A6", "#B8894B", "#A88E9C"]
    for row, y in enumerate((250, 360, 470)):
        s.add(rect(1290, y, 190, 10, rx=3, fill=GOLD))
        for i in range(7):
            c = cols[(i + row * 3) % len(cols)]
            s.add(rect(1298 + i * 26, y - 40, 20, 40, rx=5, fill=c), rect(1303 + i * 26, y - 60, 10, 20, rx=2, fill=GOLD if (i + row) % 2 else INK))
    # table and chairs
    s.add(g(rect(200, 600, 960, 40, rx=12, fill="#FFFFFF") + rect(230, 640, 30, 190, fill=GOLD) + rect(1100, 640, 30, 190, fill=GOLD) +
            rect(660, 640, 30, 190, fill=GOLD), filter=f"url(#{s.shadow('tsh', 10, 14, .14)})"))
    for x in (330, 700, 1010):  # lamps and tiny bottles on the table
        s.add(path(f"M{x},600 L{x},520 Q{x},480 {x+40},478", stroke=INK, stroke_width="6", stroke_linecap="round"),
              path(f"M{x+30},470 L{x+90},470 L{x+80},500 L{x+40},500Z", fill=INK), ell(x + 60, 505, 40, 10, fill="#FFF7E0", opacity=".6"))
        s.add(rect(x + 110, 574, 18, 26, rx=4, fill=PLUM), rect(x + 114, 562, 10, 12, fill=GOLD),
              rect(x + 136, 578, 16, 22, rx=4, fill="#EDB4C0"), rect(x + 139, 567, 10, 11, fill=GOLD))
    for x in (290, 520, 820, 1000):  # stools
        s.add(g(ell(x, 760, 70, 22, fill=PLUM) + rect(x - 70, 740, 140, 22, rx=11, fill=PLUM_L) + rect(x - 6, 760, 12, 120, fill=GOLD) +
                ell(x, 884, 50, 10, fill=GOLD), filter=f"url(#{s.shadow('tsh', 10, 14, .14)})"))
    # pedicure armchair
    s.add(g(rect(-20, 640, 190, 200, rx=40, fill=PLUM) + rect(-10, 720, 200, 90, rx=30, fill=PLUM_L) + rect(150, 660, 40, 170, rx=20, fill=PLUM) +
            ell(100, 930, 90, 26, fill="#FFFFFF") + ell(100, 926, 70, 16, fill="#DCE8EC"), filter=f"url(#{s.shadow('tsh', 10, 14, .14)})"))
    s.add(plant(s, 1400, 760, 1.3), plant(s, 170, 520, .7))
    return s


def mapa():
    s = Svg(1200, 900)
    s.add(rect(0, 0, 1200, 900, fill="#F6EEEA"))
    # river and park
    s.add(path("M0,700 C200,660 300,760 520,740 C760,720 900,820 1200,780 L1200,900 L0,900Z", fill="#D9E4E8"))
    s.add(path("M0,700 C200,660 300,760 520,740 C760,720 900,820 1200,780", stroke="#C2D3DA", stroke_width="6"))
    blocks = ""
    import random
    rnd = random.Random(3)
    for gx in range(-1, 9):
        for gy in range(-1, 7):
            x, y = gx * 150 + 30, gy * 120 + 20
            if 1 <= gx <= 2 and 1 <= gy <= 2:
                continue
            w, h = 126 + rnd.uniform(-10, 0), 96 + rnd.uniform(-10, 0)
            blocks += rect(x, y, w, h, rx=10, fill=NUDE if rnd.random() > .15 else "#E5CFC2")
    s.add(g(blocks, "rotate(-8 600 450)"))
    s.add(g(rect(180, 140, 276, 216, rx=16, fill="#DCE5D3") + "".join(circ(200 + 30 * (i % 9), 160 + 40 * (i // 9), 13, fill=SAGE, opacity=".8") for i in range(45)) +
            path("M190,340 Q320,200 446,150", stroke="#F6EEEA", stroke_width="10", stroke_linecap="round"), "rotate(-8 600 450)"))
    # main street and railway
    s.add(g(path("M-100,446 L1300,446", stroke="#FFFFFF", stroke_width="34") + path("M-100,446 L1300,446", stroke=GOLD, stroke_width="3", stroke_dasharray="18 14", opacity=".7") +
            path("M612,-100 L612,1000", stroke="#FFFFFF", stroke_width="22") +
            path("M-100,626 L1300,626", stroke="#8E7F86", stroke_width="6") + path("M-100,626 L1300,626", stroke="#F6EEEA", stroke_width="3", stroke_dasharray="12 12"),
            "rotate(-8 600 450)"))
    # pin
    s.add(ell(600, 470, 60, 18, fill=PLUM, opacity=".2"), circ(600, 440, 110, fill=PLUM, opacity=".08"), circ(600, 440, 70, fill=PLUM, opacity=".10"))
    s.add(g(path("M0,0 C-20,-40 -56,-64 -56,-112 C-56,-146 -30,-170 0,-170 C30,-170 56,-146 56,-112 C56,-64 20,-40 0,0Z", fill=PLUM) +
            circ(0, -112, 26, fill=CREAM) + circ(0, -112, 14, fill=GOLD), "translate(600,460)", filter=f"url(#{s.shadow('psh', 8, 8, .25)})"))
    # compass
    s.add(g(circ(0, 0, 46, fill="#FFFFFF", opacity=".85", stroke=GOLD, stroke_width="3") + path("M0,-36 L10,0 L0,36 L-10,0Z", fill=GOLD) +
            path("M0,-36 L10,0 L-10,0Z", fill=PLUM) + path("M-36,0 L0,-8 L36,0 L0,8Z", fill=GOLD, opacity=".5"), "translate(1110,90)"))
    return s
