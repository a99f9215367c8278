#!/usr/bin/env python3
"""cold.py RUNS NAME=BIN:CACHE ...: wall time of `BIN "san fr"` (a warm cache), the builds in turn."""
import subprocess, sys, time, statistics, os
runs = int(sys.argv[1]); builds = [a.split('=', 1) for a in sys.argv[2:]]
times = {name: [] for name, _ in builds}
for name, spec in builds:
    b, c = spec.split(':'); subprocess.run([b, 'san fr'], env={**os.environ, 'XDG_CACHE_HOME': c}, stdout=subprocess.DEVNULL)
for _ in range(runs):
    for name, spec in builds:
        b, c = spec.split(':')
        t = time.perf_counter()
        subprocess.run([b, 'san fr'], env={**os.environ, 'XDG_CACHE_HOME': c}, stdout=subprocess.DEVNULL)
        times[name].append((time.perf_counter() - t) * 1000)
for name, xs in times.items():
    q = statistics.quantiles(xs, n=4)
    print(f"{name:6} median {statistics.median(xs):.1f} ms, quartiles {q[0]:.1f}-{q[2]:.1f}, min {min(xs):.1f} ({len(xs)} runs)")
