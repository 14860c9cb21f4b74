"""Tiny SVG toolkit for the Alejandra Nails artwork (generator, not shipped)."""
import math, random

PLUM = "#5B1F3E"; BLUSH = "#F7E6EA"; NUDE = "#EAD7CC"; GOLD = "#B8894B"; INK = "#2A1E24"
GOLD_L = "#D9B47C"; PLUM_L = "#8A3A62"; CREAM = "#FBF4F1"; SAGE = "#A9B59A"; SAGE_D = "#7E8C6E"
# (base, shade, light) skin tones
SKINS = [("#F2D2BC", "#D6A58A", "#FBE6D8"), ("#E2AE8A", "#BF8462", "#F0C8A8"),
         ("#C48860", "#9A6142", "#D9A47C"), ("#8E5B40", "#6A402B", "#A8714F")]


def f(v):
    s = ("%.1f" % v).rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


class Svg:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.defs = {}
        self.body = []

    def d(self, key, text):
        self.defs.setdefault(key, text)
        return key

    def add(self, *parts):
        self.body.extend(parts)

    def out(self):
        defs = "".join(self.defs.values())
        return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                f'viewBox="0 0 {self.w} {self.h}" width="{self.w}" height="{self.h}">'
                f'<defs>{defs}</defs>' + "".join(self.body) + "</svg>\n")

    # ---- shared defs ----
    def shadow(self, key="sh", dy=10, blur=12, op=0.22, color=PLUM):
        return self.d(key, f'<filter id="{key}" x="-30%" y="-30%" width="160%" height="160%">'
                      f'<feDropShadow dx="0" dy="{dy}" stdDeviation="{blur}" flood-color="{color}" flood-opacity="{op}"/></filter>')

    def blur(self, key="bl", sd=30):
        return self.d(key, f'<filter id="{key}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="{sd}"/></filter>')

    def lin(self, key, stops, x1=0, y1=0, x2=0, y2=1, units=None):
        u = f' gradientUnits="{units}"' if units else ""
        st = "".join(f'<stop offset="{o}" stop-color="{c}"' + (f' stop-opacity="{a}"' if a != 1 else "") + "/>"
                     for o, c, a in [(s + (1,))[:3] for s in stops])
        return self.d(key, f'<linearGradient id="{key}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"{u}>{st}</linearGradient>')

    def rad(self, key, stops, cx=0.5, cy=0.5, r=0.5, fx=None, fy=None):
        fxy = f' fx="{fx}" fy="{fy}"' if fx is not None else ""
        st = "".join(f'<stop offset="{o}" stop-color="{c}"' + (f' stop-opacity="{a}"' if a != 1 else "") + "/>"
                     for o, c, a in [(s + (1,))[:3] for s in stops])
        return self.d(key, f'<radialGradient id="{key}" cx="{cx}" cy="{cy}" r="{r}"{fxy}>{st}</radialGradient>')


def g(content, tf=None, **attrs):
    a = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    t = f' transform="{tf}"' if tf else ""
    return f"<g{t}{a}>{content}</g>"


def el(tag, **attrs):
    a = "".join(f' {k.replace("_", "-").replace("href-", "xlink:href")}="{v}"' for k, v in attrs.items())
    return f"<{tag}{a}/>"


def path(dd, fill="none", **a):
    return el("path", d=dd, fill=fill, **a)


def rect(x, y, w, h, rx=0, fill="#000", **a):
    return el("rect", x=f(x), y=f(y), width=f(w), height=f(h), rx=f(rx), fill=fill, **a)


def circ(cx, cy, r, fill="#000", **a):
    return el("circle", cx=f(cx), cy=f(cy), r=f(r), fill=fill, **a)


def ell(cx, cy, rx, ry, fill="#000", **a):
    return el("ellipse", cx=f(cx), cy=f(cy), rx=f(rx), ry=f(ry), fill=fill, **a)


def use(ref, tf=None, **a):
    t = f' transform="{tf}"' if tf else ""
    ex = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in a.items())
    return f'<use href="#{ref}"{t}{ex}/>'


# ---------------- background helpers ----------------

def background(s, c1=BLUSH, c2=NUDE, angle=(0, 0, 1, 1)):
    s.lin("bg", [(0, c1), (1, c2)], *angle)
    s.add(rect(0, 0, s.w, s.h, fill="url(#bg)"))


def blob(s, cx, cy, r, color, op=0.6, sd=None):
    key = s.blur(f"bl{int(sd or r / 3)}", sd or r / 3)
    s.add(circ(cx, cy, r, fill=color, opacity=op, filter=f"url(#{key})"))


def sparkle(x, y, r, fill=GOLD, op=1):
    k = r * 0.22
    return path(f"M{f(x)},{f(y-r)} Q{f(x+k)},{f(y-k)} {f(x+r)},{f(y)} Q{f(x+k)},{f(y+k)} {f(x)},{f(y+r)} "
                f"Q{f(x-k)},{f(y+k)} {f(x-r)},{f(y)} Q{f(x-k)},{f(y-k)} {f(x)},{f(y-r)}Z", fill=fill, opacity=op)


def dots(seed, n, x0, y0, x1, y1, rmin=2, rmax=5, fill=GOLD, op=0.7):
    rnd = random.Random(seed)
    return "".join(circ(rnd.uniform(x0, x1), rnd.uniform(y0, y1), rnd.uniform(rmin, rmax), fill=fill, opacity=op) for _ in range(n))


def leaf_sprig(x, y, length, angle, color=SAGE, dark=SAGE_D, leaves=7, size=1.0):
    """Eucalyptus-like sprig: a curved stem with paired round leaves."""
    parts = [path(f"M0,0 Q{f(length*0.15)},{f(-length*0.5)} 0,{f(-length)}", stroke=dark, stroke_width=f(3*size), stroke_linecap="round")]
    for i in range(leaves):
        t = (i + 1) / (leaves + 1)
        yy = -length * t
        xx = length * 0.15 * 2 * t * (1 - t) * 2 * 0.5
        r = (22 - 10 * t) * size
        for side in (-1, 1):
            parts.append(ell(xx + side * r * 0.9, yy, r, r * 0.72, fill=color if side < 0 else dark,
                             opacity="0.95", transform=f"rotate({f(side*25)} {f(xx+side*r*0.9)} {f(yy)})"))
    return g("".join(parts), f"translate({f(x)},{f(y)}) rotate({f(angle)})")


def petal(x, y, r, angle, fill="#EFC3CC", op=0.9):
    return path(f"M0,0 C{f(r*0.6)},{f(-r*0.4)} {f(r*0.5)},{f(-r*1.3)} 0,{f(-r*1.6)} C{f(-r*0.5)},{f(-r*1.3)} {f(-r*0.6)},{f(-r*0.4)} 0,0Z",
                fill=fill, opacity=op, transform=f"translate({f(x)},{f(y)}) rotate({f(angle)})")


def arch(x, y, w, h, fill, **a):
    r = w / 2
    return path(f"M{f(x)},{f(y+h)} L{f(x)},{f(y+r)} A{f(r)},{f(r)} 0 0 1 {f(x+w)},{f(y+r)} L{f(x+w)},{f(y+h)}Z", fill=fill, **a)
