#!/usr/bin/env python3
"""summ.py OUTDIR: medians (and ranges) of measure.sh's bench outputs, base against new."""
import re, sys, glob, statistics, os

def grab(text):
    m = {}
    def one(key, pattern, group=1):
        r = re.search(pattern, text, re.M)
        if r: m[key] = float(r.group(group).replace(",", ""))
    one("load ms", r"^load: ([\d.]+) ms")
    one("cold start ms", r"median of \d+: ([\d.]+) ms wall")
    one("index MB", r"^index: ([\d.]+) MB")
    one("resident after run MB", r"resident memory ([\d.]+) MB$")
    one("first build s", r"no cache\): ([\d.]+) s")
    blocks = [("exact", r"^exact top-10 per keystroke"), ("searched", r"^exact top-10 without"),
              ("rows", r"^exact top-10, also reading"), ("typo-on", r"^default top-10"),
              ("misspelt", r"^typo-tolerant top-10")]
    for name, head in blocks:
        r = re.search(head + r".*\n.*\n\s+all\s+[\d,]+\s+([\d.,]+)\s+([\d.,]+)\s+([\d.,]+)", text, re.M)
        if r:
            m[name + " p50"] = float(r.group(1).replace(",", ""))
            m[name + " p99"] = float(r.group(3).replace(",", ""))
    return m

out = sys.argv[1]
runs = {side: [grab(open(f).read()) for f in sorted(glob.glob(os.path.join(out, side + "-*.txt")))]
        for side in ("base", "new")}
keys = list(runs["base"][0].keys()) if runs["base"] else []
print(f"{'measure':24} {'base median (range)':>28} {'new median (range)':>28}  new<base pairs")
for k in keys:
    cols = []
    for side in ("base", "new"):
        v = [r[k] for r in runs[side] if k in r]
        cols.append(f"{statistics.median(v):.2f} ({min(v):.2f}-{max(v):.2f})" if v else "-")
    pairs = sum(1 for b, n in zip(runs["base"], runs["new"]) if k in b and k in n and n[k] < b[k])
    print(f"{k:24} {cols[0]:>28} {cols[1]:>28}  {pairs}/{min(len(runs['base']), len(runs['new']))}")
