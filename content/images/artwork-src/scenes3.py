from lib import *; from hands import *; from props import *


def frame(w, h, c1=BLUSH, c2=NUDE):
    s = Svg(w, h); background(s, c1, c2); return s


def service_facial():
    s = frame(1200, 900, "#FBF1F0", "#EFD9CF")
    s.add(arch(380, 80, 440, 900, "#FFFFFF", opacity=".55"))
    s.add(rect(0, 700, 1200, 200, fill=NUDE))
    # rose quartz gua sha and round mirror
    s.add(g(circ(0, 0, 150, fill="#FFFFFF", stroke=GOLD, stroke_width="12") + circ(0, 0, 130, fill="#EEDFE6") +
            path("M-70,-60 L-10,-110 M-80,0 L40,-100", stroke="#FFF", stroke_width="12", stroke_linecap="round", opacity=".7"), "translate(600,380)", filter=f"url(#{s.shadow()})"))
    s.add(jar(s, 430, 760, 1.3, CREAM, GOLD), dropper(s, 770, 760, 1.25, "#E7B7A6"))
    s.add(path("M880,760 C860,730 900,700 960,704 C1040,708 1090,736 1080,760Z", fill="#EBB3C1", filter=f"url(#{s.shadow()})"))
    s.add(leaf_sprig(180, 900, 420, 12, size=1.2), leaf_sprig(1080, 700, 300, 30, size=1))
    s.add(petal(260, 760, 30, 70), petal(300, 800, 24, 140, "#FFFFFF"), sparkle(900, 160, 22), sparkle(950, 210, 10), dots(21, 10, 60, 60, 1140, 300))
    return s


def service_manicura():
    s = frame(1200, 900, BLUSH, "#EBCFD5")
    s.add(circ(380, 420, 330, fill="#FFFFFF", opacity=".5"))
    s.add(hand(s, 400, 620, 1.6, -8, SKINS[2], "berry", "oval", sleeve=CREAM))
    for i, (c, cap) in enumerate([(PLUM, "gold"), ("#B23A5E", "gold"), ("#EDB4C0", "gold"), ("#D9A294", "plum")]):
        s.add(bottle(s, 760 + i * 120, 820 - (i % 2) * 30, 1.0 if i % 2 else 1.15, c, cap, shape="square" if i % 2 else "round"))
    s.add(nail_file(s, 930, 360, 360, -30))
    s.add(sparkle(1080, 150, 22), dots(31, 10, 700, 60, 1160, 280))
    return s


def service_pedicura():
    s = frame(1200, 900, "#F4E7E3", NUDE)
    # footbath seen from above with petals
    s.add(g(ell(0, 0, 300, 220, fill="#FFFFFF") + ell(0, 0, 260, 184, fill="#DCE8EC") + ell(-60, -50, 160, 90, fill="#FFF", opacity=".35") +
            "".join(petal(x, y, 30, a, c) for x, y, a, c in [(-120, -40, 20, "#EBB3C1"), (40, -90, 130, "#F4CFD8"), (120, 40, 250, "#EBB3C1"), (-40, 80, 300, PLUM_L), (-180, 60, 80, "#F4CFD8"), (170, -60, 200, "#FFFFFF")]),
            "translate(820,480) rotate(-10)", filter=f"url(#{s.shadow()})"))
    s.add(towel(s, -60, 560, 520, 300, -8))
    s.add(foot(s, 250, 330, 1.0, -20, SKINS[0], "plum"))
    s.add(g(ell(0, 0, 60, 40, fill="#C9B8B2") + "".join(circ(x, y, 4, fill="#A8958F") for x, y in [(-20, -10), (10, 8), (24, -14), (-6, 18), (-34, 6)]),
            "translate(1090,800) rotate(15)", filter=f"url(#{s.shadow()})"))
    s.add(leaf_sprig(1180, 260, 300, -40, size=1), sparkle(520, 120, 22), dots(41, 10, 380, 40, 1160, 200))
    return s


def service_formaciones():
    s = frame(1200, 900, "#F1EEF0", NUDE)
    s.add(rect(0, 660, 1200, 240, fill="#E4CFC4"))
    # certificate with gold seal (lines, no text)
    s.add(g(rect(0, 0, 420, 300, rx=10, fill="#FFFFFF") + rect(20, 20, 380, 260, rx=6, fill="none", stroke=GOLD, stroke_width="4") +
            rect(110, 60, 200, 14, rx=7, fill=PLUM, opacity=".8") + "".join(rect(70, 110 + i * 30, 280 - i * 40, 8, rx=4, fill=INK, opacity=".2") for i in range(4)) +
            circ(330, 230, 34, fill=GOLD) + circ(330, 230, 22, fill="none", stroke="#FFF", stroke_width="3", opacity=".7") +
            path("M310,258 L300,300 L318,290 L330,304 L334,262Z", fill=PLUM), "translate(700,120) rotate(6)", filter=f"url(#{s.shadow()})"))
    # practice hand (mannequin) with nude tips
    s.add(hand(s, 420, 620, 1.45, 4, ("#EEE8EA", "#C9BEC3", "#FFFFFF"), "nude", "square", sleeve="#D8CCD2"))
    # notebook and brushes
    s.add(g(rect(0, 0, 300, 200, rx=10, fill=PLUM) + rect(16, 0, 10, 200, fill="#000", opacity=".15") + rect(60, 40, 180, 10, rx=5, fill=GOLD),
            "translate(760,560) rotate(-8)", filter=f"url(#{s.shadow()})"))
    s.add(brush(s, 1010, 870, 300, 20, INK, "#F3E6EA"), brush(s, 1080, 880, 280, 28, PLUM), brush(s, 1140, 860, 260, 34, GOLD))
    s.add(sparkle(140, 140, 22), dots(51, 10, 40, 40, 600, 260))
    return s


def course_formacion_inicio():  # basic kit flat lay
    s = frame(1200, 800, BLUSH, "#EFDAD1")
    s.add(g(rect(0, 0, 760, 520, rx=36, fill=PLUM) + rect(26, 26, 708, 468, rx=24, fill="#F3E3E7") + rect(26, 250, 708, 10, fill=PLUM, opacity=".12"),
            "translate(220,140)", filter=f"url(#{s.shadow()})"))
    s.add(nail_file(s, 430, 230, 300, 0), pusher(s, 700, 230, 260, 0), nail_file(s, 440, 330, 260, 0, "#FFFFFF", "#EAD7CC"))
    s.add(g(rect(-70, -34, 140, 68, rx=14, fill="#FFFFFF") + rect(-70, -34, 140, 22, rx=10, fill="#EDB4C0"), "translate(800,330)"))
    for i, c in enumerate([PLUM, "#EDB4C0", "#D9A294", "#B23A5E", "#F3CFCB"]):
        s.add(bottle(s, 330 + i * 130, 600, .8, c, "gold", shape="round" if i % 2 else "square", label=False))
    s.add(leaf_sprig(1160, 820, 320, -14), sparkle(120, 140, 22), sparkle(1080, 120, 16), dots(61, 8, 20, 20, 1180, 120))
    return s


def course_tecnico_manicurista():  # professional: hand under the lamp
    s = frame(1200, 800, "#F8ECEF", "#E9D2D8")
    s.add(rect(0, 560, 1200, 240, fill="#FFFFFF", opacity=".6"))
    s.add(lamp_uv(s, 600, 640, 1.6))
    s.add(hand(s, 600, 560, 1.15, 90, SKINS[1], "plum", "almond", sleeve=CREAM, thumb=True))
    s.add(g(path("M-170,0 L-150,-120 Q-140,-180 -60,-190 L60,-190 Q140,-180 150,-120 L170,0Z", fill="#FFFFFF", opacity=".35"), "translate(600,640) scale(1.6)"))
    s.add(bottle(s, 130, 720, .95, PLUM, "gold"), bottle(s, 1080, 730, .85, "#EDB4C0", "gold", shape="square"))
    s.add(sparkle(200, 160, 24), sparkle(1000, 140, 18), dots(71, 10, 40, 40, 1160, 220))
    return s


def course_expert_nails():  # nail-art palette wheel of tips
    s = frame(1200, 800, "#3F1530", PLUM)
    blob(s, 460, 400, 300, "#C77E9B", .3)
    designs = ["french", "floral", "chrome", "plumgold", "boomer", "dots", "gold", "ombre", "berry", "nude"]
    tips = ""
    for i, d in enumerate(designs):
        nid = nail_design(s, d, "almond")
        a = i * 36
        tips += g(use(nid, "translate(0,-150) scale(.7)"), f"rotate({a})")
    s.add(g(circ(0, 0, 270, fill="#FFFFFF", opacity=".95") + circ(0, 0, 60, fill=GOLD) + circ(0, 0, 40, fill="#FFFFFF") + tips,
            "translate(460,400)", filter=f"url(#{s.shadow('dsh', 12, 18, .4, '#000')})"))
    s.add(brush(s, 860, 640, 460, 14, GOLD, "#F3E6EA"), brush(s, 940, 660, 440, 20, "#FFFFFF", INK), brush(s, 1020, 640, 400, 26, "#C77E9B"))
    s.add(g(rect(-6, 0, 12, 300, rx=6, fill="#DDD") + circ(0, 0, 14, fill=GOLD_L), "translate(1120,360) rotate(20)"))
    s.add(sparkle(1060, 160, 26, GOLD_L), sparkle(120, 120, 18, GOLD_L), sparkle(150, 700, 12, "#FFF"), dots(81, 14, 700, 40, 1180, 300, fill=GOLD_L))
    return s


def course_iniciacion_acrilico():  # powder, monomer, brush, sculpted nails
    s = frame(1200, 800, "#F5E5EA", "#E7CDD4")
    s.add(arch(640, 60, 500, 800, "#FFFFFF", opacity=".5"))
    s.add(hand(s, 880, 560, 1.25, -6, SKINS[3], "ombre", "coffin", sleeve=INK))
    s.add(jar(s, 240, 680, 1.2, "#FFFFFF", PLUM), jar(s, 450, 700, .9, "#F6D6DE", GOLD))
    s.add(g(ell(0, 0, 80, 30, fill="#FFFFFF") + ell(0, -4, 60, 20, fill="#E6EEF1"), "translate(360,470)", filter=f"url(#{s.shadow()})"))
    s.add(brush(s, 300, 420, 360, -40, PLUM, "#F3E6EA"))
    s.add(sparkle(150, 150, 22), sparkle(560, 110, 14), dots(91, 10, 40, 40, 600, 260))
    return s


SCENES = {n: None for n in ["service-facial", "service-manicura", "service-pedicura", "service-formaciones", "course-formacion-inicio",
                            "course-tecnico-manicurista", "course-expert-nails", "course-iniciacion-acrilico"]}


def build(name):
    return globals()[name.replace("-", "_")]().out()
