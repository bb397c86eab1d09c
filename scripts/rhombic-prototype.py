#!/usr/bin/env python3
"""Slow prototype: assembly counts of a BurrTools rhombic-dodecahedron design (gridType 3).

Usage: scripts/rhombic-prototype.py FILE.xmpuzzle [PROBLEM_INDEX]

It checks the grid model in crates/geom/src/rhombic.rs against burrTxt before the engine uses
it: a piece's orientations are its images under the 24 rotations about the centre (2, 2, 2) of
a 5x5x5 sub-voxel period, translated by whole periods; placements are translations by whole
periods that keep the piece inside the result; an assembly covers every fixed result voxel
exactly once (pieces with min < max may be left out). Assemblies are then counted up to the
result's symmetries (rotations, and rotations with mirrors: BurrTools counts the latter when
mirrored assemblies use the same pieces). Identical pieces are not merged: use it only on
designs whose pieces are all distinct (or read the counts accordingly).

Agreement with burrTxt (`burrTxt -q [-o N] FILE`) on BurrTools' own examples, 2026-11-28:
DiagonalCube 2, AugmentedSecondStellation 2, PermutatedThirdStellation 2, PiecesOfEight
problem 0: 6 (11 under rotations only), problem 1: 4; BrokenSticks 2. Larger problems take minutes.
"""
import gzip,re,sys,itertools
def load(fn):
    d=open(fn,'rb').read()
    try: d=gzip.decompress(d)
    except: pass
    return d.decode('latin1')
def shapes(d):
    out=[]
    for m in re.finditer(r'<voxel x="(\d+)" y="(\d+)" z="(\d+)"[^>]*>([^<]*)</voxel>',d):
        X,Y,Z=map(int,m.groups()[:3]); s=re.sub(r'[0-9]','',m.group(4))
        fixed=set();var=set()
        for i,ch in enumerate(s):
            c=(i%X,(i//X)%Y,i//(X*Y))
            if ch=='#': fixed.add(c)
            elif ch=='+': var.add(c)
        out.append((fixed,var))
    return out
def isos(rot_only):
    for p in itertools.permutations(range(3)):
        for s in itertools.product((1,-1),repeat=3):
            # det
            m=[[0]*3 for _ in range(3)]
            for i in range(3): m[i][p[i]]=s[i]
            det=(m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1])-m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0])+m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0]))
            if rot_only and det!=1: continue
            yield (p,s)
def apply(iso,c):
    p,s=iso
    c=[v-2 for v in c]
    return tuple(s[i]*c[p[i]]+2 for i in range(3))
def norm(cells):
    # translate by multiples of 5 so min corner lies in [0,5)
    mn=[min(c[k] for c in cells) for k in range(3)]
    sh=[(m//5)*5 for m in mn]
    return frozenset(tuple(c[k]-sh[k] for k in range(3)) for c in cells)
def orients(cells):
    return {norm([apply(i,c) for c in cells]) for i in isos(True)}
d=load(sys.argv[1])
sh=shapes(d)
prob=re.findall(r"<problem.*?</problem>",d,re.S)[int(sys.argv[2]) if len(sys.argv)>2 else 0]
res=int(re.search(r'<result id="(\d+)"',prob).group(1))
pieces=[];optional=[]
for m in re.finditer(r'<shape id="(\d+)"([^/]*)/>',prob):
    a=m.group(2)
    c=re.search(r'count="(\d+)"',a); lo=re.search(r'min="(\d+)"',a); hi=re.search(r'max="(\d+)"',a)
    n=int(c.group(1)) if c else int(hi.group(1)) if hi else 1
    mn=int(c.group(1)) if c else int(lo.group(1)) if lo else n
    for k in range(n):
        pieces.append(int(m.group(1))); optional.append(k>=mn)
tf,tv=sh[res]
target=tf|tv
print('pieces',pieces,'target fixed',len(tf),'var',len(tv), 'piece voxels',sum(len(sh[p][0]) for p in pieces))
# placements
pl=[]
for p in pieces:
    lst=[]
    for o in orients(sh[p][0]):
        mx=[max(c[k] for c in target)+5 for k in range(3)]
        for tx in range(-10,mx[0]+1,5):
            for ty in range(-10,mx[1]+1,5):
                for tz in range(-10,mx[2]+1,5):
                    q=frozenset((c[0]+tx,c[1]+ty,c[2]+tz) for c in o)
                    if q<=target: lst.append(q)
    pl.append(lst)
print('placements',[len(l) for l in pl])
# exact cover: pieces identical handled by counting then dividing by multiplicity
sols=[]
def rec(i,used,chosen):
    if i==len(pl):
        if tf<=used: sols.append(tuple(chosen))
        return
    if optional[i]: rec(i+1,used,chosen)
    for q in pl[i]:
        if not (q&used):
            chosen.append(q); rec(i+1,used|q,chosen); chosen.pop()
rec(0,frozenset(),[])
from collections import Counter
mult=1
for v in Counter(pieces).values():
    import math; mult*=math.factorial(v)
print('raw covers',len(sols),'identical-piece multiplicity',mult)
# symmetry of target under 48 isos + lattice translation
def canon(cells): return norm(cells)
T=canon(target)
sym=[i for i in isos(False) if canon([apply(i,c) for c in target])==T]
print('target symmetries (of 48)',len(sym), 'rotations', len([i for i in sym if i in list(isos(True))]))
# count classes of solutions under target rotations
def key(sol):
    return frozenset(sol)
seen=set();classes=0;mclasses=0
allsol={key(s) for s in sols}
print('distinct solutions (identical pieces merged)',len(allsol))
for rot_only in (True,False):
    seen=set();n=0
    G=[i for i in sym if (not rot_only) or i in list(isos(True))]
    for s in allsol:
        if s in seen: continue
        n+=1
        for g in G:
            img=[]
            for q in s:
                img.append([apply(g,c) for c in q])
            allc=[c for q in img for c in q]
            mn=[min(c[k] for c in [apply(g,c) for c in target]) for k in range(3)]
            sh2=[(m//5)*5 for m in mn]
            seen.add(frozenset(frozenset((c[0]-sh2[0],c[1]-sh2[1],c[2]-sh2[2]) for c in q) for q in img))
    print('classes under', 'rotations' if rot_only else 'rotations+mirrors', n)
