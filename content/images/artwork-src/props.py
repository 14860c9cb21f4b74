"""Polish bottles, tools and small objects."""
from lib import *


def bottle(s, x, y, scale=1.0, color=PLUM, cap="gold", rot=0, shape="round", label=True):
    """Nail polish bottle standing on (x, y) = bottom centre."""
    capg = s.lin("cap-gold", [(0, "#8F6530"), (0.35, GOLD_L), (0.55, GOLD), (1, "#7A5426")], 0, 0, 1, 0) if cap == "gold" else \
        s.lin("cap-plum", [(0, "#3E1029"), (0.35, PLUM_L), (0.55, PLUM), (1, "#3A0F26")], 0, 0, 1, 0)
    glass = s.lin("glass", [(0, "#FFF", .55), (0.2, "#FFF", .08), (0.75, "#FFF", 0), (1, "#FFF", .25)], 0, 0, 1, 0)
    if shape == "round":
        body = path("M-58,-8 C-66,-60 -62,-112 -40,-128 L40,-128 C62,-112 66,-60 58,-8 C56,2 -56,2 -58,-8Z", fill=color)
        inner = path("M-58,-8 C-66,-60 -62,-112 -40,-128 L40,-128 C62,-112 66,-60 58,-8 C56,2 -56,2 -58,-8Z", fill=f"url(#{glass})")
        neck_y = -128
    else:
        body = rect(-50, -140, 100, 140, rx=14, fill=color)
        inner = rect(-50, -140, 100, 140, rx=14, fill=f"url(#{glass})")
        neck_y = -140
    neck = rect(-20, neck_y - 14, 40, 18, rx=4, fill=color, opacity=".9")
    capp = rect(-22, neck_y - 110, 44, 100, rx=8, fill=f"url(#{capg})")
    lab = rect(-30, -80, 60, 34, rx=5, fill=CREAM, opacity=".85") + rect(-18, -67, 36, 4, rx=2, fill=PLUM, opacity=".5") if label else ""
    shine = path(f"M-40,-110 Q-52,-60 -40,-18", stroke="#FFF", stroke_opacity=".45", stroke_width="7", stroke_linecap="round")
    shadow = ell(0, 2, 70, 10, fill=PLUM, opacity=".15")
    return g(shadow + g(body + inner + lab + shine + neck + capp, filter=f"url(#{s.shadow('psh', 8, 8, .2)})"),
             f"translate({f(x)},{f(y)}) rotate({f(rot)}) scale({f(scale)})")


def nail_file(s, x, y, length, rot, color="#E9C9CF", grit="#D3A9B3"):
    w = length * 0.12
    return g(rect(-length / 2, -w / 2, length, w, rx=w / 2, fill=color) +
             rect(-length / 2 + 6, -w / 2 + 5, length * 0.5 - 6, w - 10, rx=(w - 10) / 2, fill=grit) +
             rect(4, -w / 2 + 5, length * 0.5 - 10, w - 10, rx=(w - 10) / 2, fill=PLUM, opacity=".25"),
             f"translate({f(x)},{f(y)}) rotate({f(rot)})", filter=f"url(#{s.shadow('psh', 8, 8, .2)})")


def brush(s, x, y, length, rot, handle=PLUM, tip=INK):
    """Nail-art brush: handle, gold ferrule and fine bristles; (x, y) is the tip."""
    return g(path(f"M0,0 C-3,-10 -5,-24 -5,-34 L5,-34 C5,-24 3,-10 0,0Z", fill=tip) +
             rect(-6, -64, 12, 32, rx=3, fill=f"url(#{s.lin('ferr', [(0, '#8F6530'), (0.4, GOLD_L), (1, '#8F6530')], 0, 0, 1, 0)})") +
             path(f"M-6,-62 L-9,{f(-length)} Q0,{f(-length-10)} 9,{f(-length)} L6,-62Z", fill=handle),
             f"translate({f(x)},{f(y)}) rotate({f(rot)})", filter=f"url(#{s.shadow('psh', 8, 8, .2)})")


def pusher(s, x, y, length, rot):
    steel = s.lin("steel", [(0, "#8E8A93"), (0.45, "#F2EEF2"), (1, "#9D97A0")], 0, 0, 0, 1)
    return g(rect(-length / 2, -5, length, 10, rx=5, fill=f"url(#{steel})") +
             rect(-length * 0.2, -8, length * 0.4, 16, rx=8, fill=f"url(#{steel})") +
             path(f"M{f(length/2)},-5 l22,-4 l0,18 l-22,-4Z", fill=f"url(#{steel})") +
             path(f"M{f(-length/2)},-5 l-18,2 q-6,3 0,6 l18,2Z", fill=f"url(#{steel})"),
             f"translate({f(x)},{f(y)}) rotate({f(rot)})", filter=f"url(#{s.shadow('psh', 8, 8, .2)})")


def jar(s, x, y, scale=1.0, color=CREAM, lid=GOLD, content=None):
    """Cosmetic jar standing on (x, y)."""
    lidg = s.lin("lid-" + lid.strip("#"), [(0, lid), (0.4, "#FFF"), (0.55, lid), (1, lid)], 0, 0, 1, 0)
    body = path("M-70,-90 L70,-90 L66,-6 Q66,4 56,4 L-56,4 Q-66,4 -66,-6Z", fill=color)
    glass = path("M-70,-90 L70,-90 L66,-6 Q66,4 56,4 L-56,4 Q-66,4 -66,-6Z", fill=f"url(#{s.lin('glass', [(0, '#FFF', .55), (0.2, '#FFF', .08), (0.75, '#FFF', 0), (1, '#FFF', .25)], 0, 0, 1, 0)})")
    lidp = rect(-74, -128, 148, 42, rx=10, fill=f"url(#{lidg})", opacity=".95")
    band = rect(-66, -58, 132, 26, fill=PLUM, opacity=".18")
    return g(ell(0, 6, 80, 10, fill=PLUM, opacity=".14") + g(body + band + glass + lidp, filter=f"url(#{s.shadow('psh', 8, 8, .2)})"),
             f"translate({f(x)},{f(y)}) scale({f(scale)})")


def dropper(s, x, y, scale=1.0, color="#D8A7B4"):
    body = rect(-40, -150, 80, 150, rx=16, fill=color)
    glass = rect(-40, -150, 80, 150, rx=16, fill=f"url(#{s.lin('glass', [(0, '#FFF', .55), (0.2, '#FFF', .08), (0.75, '#FFF', 0), (1, '#FFF', .25)], 0, 0, 1, 0)})")
    liquid = rect(-40, -90, 80, 90, rx=16, fill=PLUM, opacity=".25")
    collar = rect(-24, -176, 48, 28, rx=5, fill=f"url(#{s.lin('cap-gold', [(0, '#8F6530'), (0.35, GOLD_L), (0.55, GOLD), (1, '#7A5426')], 0, 0, 1, 0)})")
    bulb = path("M-18,-176 L-18,-214 Q0,-246 18,-214 L18,-176Z", fill=INK, opacity=".85")
    return g(ell(0, 4, 56, 9, fill=PLUM, opacity=".14") + g(body + liquid + glass + collar + bulb, filter=f"url(#{s.shadow('psh', 8, 8, .2)})"),
             f"translate({f(x)},{f(y)}) scale({f(scale)})")


def towel(s, x, y, w, h, rot=0, color="#FFFFFF", stripe=NUDE):
    return g(rect(0, 0, w, h, rx=18, fill=color) + rect(0, h * 0.72, w, h * 0.06, fill=stripe) + rect(0, h * 0.82, w, h * 0.03, fill=stripe) +
             path(f"M0,{f(h*0.3)} L{f(w)},{f(h*0.3)}", stroke="#000", stroke_opacity=".05", stroke_width="3"),
             f"translate({f(x)},{f(y)}) rotate({f(rot)})", filter=f"url(#{s.shadow('tsh', 10, 14, .14)})")


def plant(s, x, y, scale=1.0, pot=CREAM):
    leaves = ""
    for ang, L in [(-40, 150), (-18, 190), (5, 210), (26, 180), (48, 140), (-62, 110), (66, 110)]:
        leaves += path(f"M0,0 Q{f(-L*0.28)},{f(-L*0.5)} 0,{f(-L)} Q{f(L*0.28)},{f(-L*0.5)} 0,0Z", fill=SAGE if ang % 2 else SAGE_D, transform=f"rotate({ang})")
    potp = path("M-60,0 L60,0 L48,110 Q46,120 36,120 L-36,120 Q-46,120 -48,110Z", fill=pot)
    return g(leaves + potp + rect(-66, -6, 132, 18, rx=6, fill=pot) + rect(-66, 4, 132, 6, fill="#000", opacity=".06"),
             f"translate({f(x)},{f(y)}) scale({f(scale)})")


def lamp_uv(s, x, y, scale=1.0, color="#FFFFFF"):
    """Gel curing lamp (dome), (x, y) = bottom centre."""
    glow = s.rad("uvglow", [(0, "#E9D2F2", .9), (1, "#E9D2F2", 0)])
    return g(ell(0, -10, 190, 60, fill=f"url(#{glow})") +
             g(path("M-170,0 L-150,-120 Q-140,-180 -60,-190 L60,-190 Q140,-180 150,-120 L170,0Z", fill=color) +
               path("M-120,0 L-108,-70 Q-100,-110 -40,-112 L40,-112 Q100,-110 108,-70 L120,0Z", fill="#2E2430", opacity=".9") +
               rect(-40, -170, 80, 16, rx=8, fill=PLUM, opacity=".75") + circ(60, -162, 6, fill=GOLD),
               filter=f"url(#{s.shadow('psh', 8, 8, .2)})"),
             f"translate({f(x)},{f(y)}) scale({f(scale)})")
