#!/usr/bin/env bash
# perquery.sh BIN OUT [opts]: callgrind over the check queries (or $QUERIES), one profile per
# call of completions(for:) (`--dump-after`), and each query's summary line, in order, to OUT
# ("summary: Ir" or, with CACHESIM=1, "summary: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw",
# trailing zeros left off). `perquery.py OUT...` prints percentiles. Set XDG_CACHE_HOME to
# the build's own cache folder.
set -uo pipefail
bin=$1; out=$2; shift 2; queries=${QUERIES:-/work/tools/check-queries.txt}
dir=$(mktemp -d)
sim=(); [ "${CACHESIM:-0}" = 1 ] && sim=(--cache-sim=yes --LL=8388608,16,64)
valgrind --tool=callgrind "${sim[@]}" --callgrind-out-file="$dir/cg.out" \
    --toggle-collect='*11completions3for7options*' \
    '--dump-after=$s14LocationSearch0A9CompleterV11completions3for7optionsSayAA05LocalB10CompletionVGSS_AA0H7OptionsVtF' \
    "$bin" complete "$@" < "$queries" > /dev/null 2> "$dir/err"
for i in $(seq 1 "$(wc -l < "$queries")"); do grep -m1 '^summary' "$dir/cg.out.$i"; done > "$out"
rm -rf "$dir"
