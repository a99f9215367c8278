#!/usr/bin/env bash
# BASE=OLDBIN measure.sh NEWBIN OUTDIR [ROUNDS]: `bench --synthetic 0` of the two builds in
# turn, ROUNDS pairs, each output kept (OUTDIR/base-N.txt, OUTDIR/new-N.txt). Each build
# uses its own cache folder, so each reads an index of its own format.
set -euo pipefail
new=$1; out=$2; rounds=${3:-3}; base=${BASE:?set BASE to the other build}
mkdir -p "$out"
for i in $(seq 1 "$rounds"); do
    XDG_CACHE_HOME=/tmp/cache-measure-base "$base" bench --synthetic 0 > "$out/base-$i.txt" 2>&1
    XDG_CACHE_HOME=/tmp/cache-measure-new "$new" bench --synthetic 0 > "$out/new-$i.txt" 2>&1
    echo "round $i done $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"
done
