#!/usr/bin/env bash
# cg3.sh BIN TAG: instructions inside completions(for:) over the check queries, for the
# default options, --no-typos and --country US (callgrind; output in /tmp/cg-TAG-*).
set -uo pipefail
bin=$1; tag=$2; queries=${QUERIES:-/work/tools/check-queries.txt}
for opts in "" "--no-typos" "--country US"; do
    name=$(echo "default $opts" | tr -d ' -' )
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg-$tag-$name.out \
        --toggle-collect='*11completions3for7options*' "$bin" complete $opts < "$queries" > /dev/null 2> /tmp/cg-$tag-$name.err
    printf '%-12s %s\n' "${opts:-default}" "$(grep -o 'Collected : [0-9]*' /tmp/cg-$tag-$name.err | awk '{printf "%'"'"'.0f", $3}')"
done
