import sys
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
f=TTFont(sys.argv[1])
axes={a.axisTag:(a.minValue,a.maxValue) for a in f['fvar'].axes}
print(axes, file=sys.stderr)
loc={}
for k,v in [a.split('=') for a in sys.argv[3:]]: loc[k]=float(v)
f=instancer.instantiateVariableFont(f,loc)
gs=f.getGlyphSet(); cmap=f.getBestCmap(); upm=f['head'].unitsPerEm
text=sys.argv[2]; x=0; out=[]
hmtx=f['hmtx']
for ch in text:
    g=cmap[ord(ch)]
    pen=SVGPathPen(gs, lambda v: "%d" % round(v))
    tp=TransformPen(pen,(1,0,0,-1,x,0))
    gs[g].draw(tp)
    out.append(pen.getCommands())
    x+=hmtx[g][0]
print(' '.join(out)); print(x, upm, file=sys.stderr)
