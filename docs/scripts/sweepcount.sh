#!/usr/bin/env bash
# sweepcount.sh BIN OUTDIR [PATTERN]: the instructions of each query `bench --every-country`
# times, counted query by query (callgrind through perquery.sh: one profile per call of
# completions(for:)), for each filter whose label ("country IL", "kind city") matches PATTERN
# (grep -E; default every one) with typo tolerance off and on, and for the unfiltered
# reference (the exact section's keystrokes) without. Each process first answers WARMUP, queries
# beyond ASCII: a process's first such query builds the folding table (millions of
# instructions, once) and its first respelling instantiates generic code; bench's untimed
# first pass pays those. Then `sweepcount.py OUTDIR` prints each filter's p99 against the
# reference's. Set XDG_CACHE_HOME to the build's own cache folder; JOBS processes at a time
# (default 2); TYPOS=n or t for one setting only; LISTER, another build to list the queries
# with (one without --sweep-queries compared with one with it). Every filter with both
# settings takes about 35 minutes on two cores.
set -euo pipefail
bin=$1; out=$2; pattern=${3:-.}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/q"
warmup=("zé" "ḥ" "ḥa" "‘as" "ç" "mé" "kü" "s̲h̲" "īs" "sá" "жа" "mœr" "í" "dā")
printf '%s\n' "${#warmup[@]}" > "$out/warmup"
"${LISTER:-$bin}" bench --sweep-queries > "$out/queries.tsv"
jobs=()
while IFS= read -r label; do
    [ "$label" = unfiltered ] || echo "$label" | grep -Eq -- "$pattern" || continue
    slug=${label// /-}
    { printf '%s\n' "${warmup[@]}"; awk -F'\t' -v l="$label" '$1 == l { print $2 }' "$out/queries.tsv"; } \
        > "$out/q/$slug.txt"
    case $label in
        unfiltered) jobs+=("$slug n --no-typos"); continue;;
        country*) filter="--country ${label#country }";;
        kind*) filter="--kind ${label#kind }";;
    esac
    if [[ ${TYPOS:-nt} == *n* ]]; then jobs+=("$slug n $filter --no-typos"); fi
    if [[ ${TYPOS:-nt} == *t* ]]; then jobs+=("$slug t $filter"); fi
done < <(cut -f1 "$out/queries.tsv" | uniq)
run() {  # slug, n or t, options...
    local slug=$1 typos=$2; shift 2
    QUERIES="$out/q/$slug.txt" bash "$here/perquery.sh" "$bin" "$out/$slug.$typos.out" "$@"
}
export -f run; export bin out here
printf '%s\n' "${jobs[@]}" | xargs -P "${JOBS:-2}" -L 1 bash -c 'run "$@"' _
echo "$(ls "$out"/*.out | wc -l) counts in $out"
