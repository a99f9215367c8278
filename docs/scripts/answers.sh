#!/usr/bin/env bash
# answers.sh BIN OUTDIR [QUERIES]: every query's answers under six option sets, as JSON
# lines without the timing field, one file a set; compare two builds with `diff -rq`.
set -euo pipefail
bin=$1; out=$2; queries=${3:-/work/tools/check-queries.txt}
mkdir -p "$out"
run() {  # name, options...
    local name=$1; shift
    "$bin" complete --json "$@" < "$queries" | sed -E 's/"micros": ?[0-9.]+,?//' > "$out/$name.jsonl" || true
}
run default
run no-typos --no-typos
run country-us --country US
run kinds --kind region,country
run near --near 48.85,2.35
run lang-de --lang de --limit 20
wc -l "$out"/*.jsonl | tail -1
