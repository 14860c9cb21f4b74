import sys, os
sys.path.insert(0, os.path.dirname(__file__))
import gallery
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
mods = [gallery]
import scenes, scenes2, scenes3, og
mods += [scenes, scenes2, scenes3, og]
for n in ['hero','about','salon','mapa']:
    scenes2.SCENES = getattr(scenes2,'SCENES',{}); scenes2.SCENES[n]=None
scenes2.build = lambda name: getattr(scenes2, name.replace('-', '_'))().out()
want = sys.argv[1:]
for m in mods:
    for name in m.SCENES:
        if want and name not in want and not any(name.startswith(w) for w in want):
            continue
        svg = m.build(name)
        open(f"{OUT}/{name}.svg", "w").write(svg)
        print(name, len(svg))
