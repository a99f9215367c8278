#!/usr/bin/env python3
"""sweepcount.py OUTDIR [N]: from sweepcount.sh's counts, each filter's p99 of instructions a
query (nearest rank, as bench's percentiles) against the unfiltered reference's exact p99,
with typo tolerance off and on: the N slowest filters of each (default 10) and how many are
over twice the reference."""
import glob, math, os, sys

def counts(path, skip):
    values = [int(line.split()[1]) for line in open(path) if line.startswith('summary')]
    return values[skip:]

def p99(values):
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(0.99 * len(values)) - 1))]

out = sys.argv[1]; shown = int(sys.argv[2]) if len(sys.argv) > 2 else 10
skip = int(open(os.path.join(out, 'warmup')).read())
reference = counts(os.path.join(out, 'unfiltered.n.out'), skip)
ref = p99(reference)
print(f'unfiltered, typo tolerance off: {len(reference):,} keystrokes, p99 {ref / 1e3:.1f} k instructions')
for typos, name in (('n', 'off'), ('t', 'on')):
    rows = []
    for path in glob.glob(os.path.join(out, f'*.{typos}.out')):
        slug = os.path.basename(path)[:-len(f'.{typos}.out')]
        if slug == 'unfiltered':
            continue
        values = counts(path, skip)
        queries = sum(1 for _ in open(os.path.join(out, 'q', slug + '.txt'))) - skip
        if len(values) != queries:
            print(f'  {slug}: {len(values)} counts for {queries} queries (a run cut short?)')
            continue
        slowest = max(range(len(values)), key=values.__getitem__)
        text = open(os.path.join(out, 'q', slug + '.txt')).read().split('\n')[skip + slowest]
        rows.append((p99(values), slug.replace('-', ' ', 1), len(values), values[slowest], text))
    rows.sort(reverse=True)
    over = sum(1 for row in rows if row[0] > 2 * ref)
    print(f'typo tolerance {name}: {len(rows)} filters, {over} over twice the reference')
    for value, label, n, most, text in rows[:shown]:
        print(f'  {label:16} {n:6,} queries  p99 {value / 1e3:7.1f} k  x{value / ref:.2f}  '
              f'(max {most / 1e3:.1f} k, "{text}")')
