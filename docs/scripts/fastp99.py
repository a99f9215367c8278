#!/usr/bin/env python3
"""fastp99.py ROUNDS NAME=BIN:CACHE ...: `bench --synthetic 0 --slowest 189` of each build in
turn, ROUNDS times (the order reversed every other round), and per table (exact, typo
tolerance on, misspelt names) the 189th slowest keystroke by its fastest of bench's five
passes: the p99 of the fastest passes, steadier than a p99 over every sample. Prints each
round, then medians and ranges (and the 19th slowest, the p99.9)."""
import subprocess, sys, re, os, statistics

rounds = int(sys.argv[1]); builds = [a.split('=', 1) for a in sys.argv[2:]]
res = {n: {} for n, _ in builds}
for r in range(rounds):
    order = builds if r % 2 == 0 else builds[::-1]
    for name, spec in order:
        binp, cache = spec.split(':')
        out = subprocess.run([binp, 'bench', '--synthetic', '0', '--slowest', '189'],
                             env=dict(os.environ, XDG_CACHE_HOME=cache), capture_output=True, text=True).stdout
        tables = [l for l in out.splitlines() if 'slowest keystrokes' in l]
        for t, line in zip(['exact', 'default', 'typo'], tables):
            vals = [float(v.replace(',', '')) for v in re.findall(r'" ([\d,.]+)(?:, "|$)', line)]
            res[name].setdefault(t, []).append((vals[-1], vals[18], vals[0]))
        print(r, name, {t: res[name][t][-1] for t in res[name]}, flush=True)
for name in res:
    for t, v in res[name].items():
        print(name, t, 'p99fast median %.2f range %.2f-%.2f' % (statistics.median(x[0] for x in v),
              min(x[0] for x in v), max(x[0] for x in v)),
              'p99.9fast median %.2f' % statistics.median(x[1] for x in v))
