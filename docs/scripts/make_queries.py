#!/usr/bin/env python3
"""Query lists for comparing builds (answers, instruction counts), made from the bundled
gazetteer with a fixed seed, so every machine makes the same lists.

    make_queries.py check > check-queries.txt   # prefixes of names, alternate names, typos
    make_queries.py typo  > typo-queries.txt    # prefixes of misspelt city names
"""
import random, sys, unicodedata, os

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "Gazetteer", "Resources")

def places():
    rows = []
    with open(os.path.join(ROOT, "cities500.txt"), encoding="utf-8") as f:
        for line in f:
            c = line.rstrip("\n").split("\t")
            if len(c) < 15: continue
            try: pop = int(c[14] or 0)
            except ValueError: pop = 0
            alts = [a for a in c[3].split(",") if a]
            rows.append((c[1], alts, pop))
    return rows

def typo(rng, name):
    if len(name) < 4: return name
    i = rng.randrange(1, len(name) - 1)
    kind = rng.randrange(3)
    if kind == 0: return name[:i] + rng.choice("aeiounrstl") + name[i + 1:]   # substitution
    if kind == 1: return name[:i] + name[i + 1] + name[i] + name[i + 2:]       # swap
    return name[:i] + name[i + 1:]                                             # deletion

def prefixes(s, start=1):
    return [s[:k] for k in range(start, len(s) + 1) if s[:k].strip()]

def main(which):
    rng = random.Random(42)
    rows = places()
    big = sorted(rows, key=lambda r: -r[2])[:20000]
    out = []
    if which == "check":
        for name, alts, _ in rng.sample(big, 400):
            out += prefixes(name)
            if alts: out += prefixes(rng.choice(alts))[:12]
            out += prefixes(typo(rng, name), 3)
        for name, _, _ in rng.sample(rows, 300):
            out += prefixes(name, 2)[:8]
    else:
        for name, _, _ in rng.sample(big, 600):
            out += prefixes(typo(rng, name), 3)[:6]
    seen = set()
    for q in out:
        if q not in seen:
            seen.add(q); print(q)

main(sys.argv[1] if len(sys.argv) > 1 else "check")
