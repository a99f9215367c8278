#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/*.swift (with the library's sources, in one
# module, under -sanitize=fuzzer,address) and runs one of them. Not part of `swift build`.
#
#   Fuzz/run.sh build                   compile only
#   Fuzz/run.sh TARGET [SECONDS] [ARGS]  run TARGET (queries, geonames, index, places) for SECONDS
#                                        (default 60); ARGS go to libFuzzer
#
# Environment: SWIFTC (default swiftc), FUZZ_WORK (default Fuzz/.work: the binary, the
# corpora it grows, crash artifacts), FUZZ_INDEX (queries: an index file to complete from,
# e.g. one written by `location-search build-index --output`; default the test fixture's
# GeoNames files). See docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
swiftc=${SWIFTC:-swiftc}
work=${FUZZ_WORK:-$root/Fuzz/.work}
binary=$work/location-search-fuzz
mkdir -p "$work"

build() {
    local sources targets
    # (Not the generators of tables, scripts that Package.swift excludes too.)
    sources=$(find Sources/LocationSearch -name '*.swift' ! -name 'generate_*' | sort)
    targets=$(find Fuzz -maxdepth 1 -name '*.swift' | sort)
    if [[ -x $binary ]] && [[ -z $(find Sources/LocationSearch Fuzz/*.swift Fuzz/run.sh \( -name '*.swift' -o -name run.sh \) -newer "$binary") ]]; then
        return
    fi
    echo "building $binary" >&2
    # The library and the targets, instrumented. -O keeps preconditions and overflow checks;
    # -g gives file:line in the backtrace of a trap.
    # shellcheck disable=SC2086
    "$swiftc" -O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -module-name LocationSearch \
        $sources $targets \
        -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
}

# Seeds: the committed ones, and for `index` an index of the fixture gazetteer written by
# this build (index files change format, so none is committed).
seed() {
    local target=$1
    mkdir -p "$work/corpus-$target" "$work/artifacts"
    if [[ $target == index && ! -s $work/seed-index/fixture.lsindex ]]; then
        mkdir -p "$work/seed-index"
        FUZZ_TARGET=index FUZZ_WRITE_SEED="$work/seed-index/fixture.lsindex" "$binary" -runs=0 >/dev/null 2>&1
        # As an input: mode byte 0 (the bytes are the file), then the file.
        mkdir -p "$work/seed-index-input"
        { printf '\0'; cat "$work/seed-index/fixture.lsindex"; } > "$work/seed-index-input/fixture"
    fi
}

target=${1:-}
case $target in
    build) build ;;
    queries | geonames | index | places)
        build
        seed "$target"
        seconds=${2:-60}
        shift $(( $# >= 2 ? 2 : 1 ))
        corpora=("$work/corpus-$target" "Fuzz/corpus/$target")
        [[ $target == index ]] && corpora+=("$work/seed-index-input")
        max_len=()
        [[ $target == index ]] && max_len=(-max_len=$(( $(stat -c %s "$work/seed-index/fixture.lsindex") + 4096 )))
        [[ $target == geonames || $target == places ]] && max_len=(-max_len=8192)
        [[ $target == index ]] && export FUZZ_SEED_INDEX=$work/seed-index/fixture.lsindex
        export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}
        # Swift's backtracer names the trap's file and line; ASan then reports its memory
        # reader as a second (false) error, which can be ignored.
        FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" -print_final_stats=1 \
            -artifact_prefix="$work/artifacts/$target-" "${max_len[@]}" "$@" "${corpora[@]}"
        ;;
    *)
        echo "usage: Fuzz/run.sh build | queries|geonames|index|places [SECONDS] [libFuzzer args]" >&2
        exit 64
        ;;
esac
