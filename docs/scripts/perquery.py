#!/usr/bin/env python3
"""perquery.py OUT...: percentiles of perquery.sh's per-query instructions and, for a cache
simulation's output, of instructions + 10 x first-level misses + 100 x last-level misses."""
import sys

for path in sys.argv[1:]:
    rows = []
    for line in open(path):
        v = [int(x) for x in line.split()[1:]]
        v += [0] * (9 - len(v))
        rows.append((v[0], v[0] + 10 * (v[3] + v[4] + v[5]) + 100 * (v[6] + v[7] + v[8])))
    simulated = any(cost != ir for ir, cost in rows)
    for k, name in [(0, "instructions")] + ([(1, "Ir+10 L1+100 LL")] if simulated else []):
        s = sorted(r[k] for r in rows)
        n = len(s)
        q = lambda p: s[min(n - 1, int(p * n))] / 1e3
        print(f"{path:28} {name:16} n {n}  total {sum(s) / 1e6:10.2f} M  p50 {q(.5):8.1f} k  "
              f"p90 {q(.9):8.1f} k  p99 {q(.99):8.1f} k  p99.9 {q(.999):8.1f} k")
