#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for SECONDS.
#   bash fuzz/run.sh SECONDS [TARGET ...]      targets: roster-csv place-reference (default: both)
# The seed corpus is Tests/Fuzz/TARGET; inputs that once crashed are kept in Tests/Fuzz/crashers/TARGET
# and replayed by the test suite. A new crash stops the run with status 1 and names the input to keep.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: fuzz/run.sh SECONDS [TARGET ...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(roster-csv place-reference)

work=.build-fuzz
mkdir -p "$work"
export SWIFT_BACKTRACE=enable=no   # let libFuzzer and AddressSanitizer report the crash themselves

# LineupCore's files, in all its folders.
mapfile -t core_sources < <(find Sources/LineupCore -name '*.swift' | sort)

for target in "${targets[@]}"; do
    source=fuzz/targets/$target.swift
    [ -f "$source" ] || { echo "error: no fuzz target '$target' (fuzz/targets/*.swift)" >&2; exit 64; }
    binary=$work/$target
    echo "== $target: building"
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name LineupFuzz -D LINEUP_FUZZ_SINGLE_MODULE \
        "${core_sources[@]}" fuzz/Checks/*.swift "$source" -o "$binary" >"$work/$target.build.log" 2>&1 \
        || { cat "$work/$target.build.log" >&2; exit 1; }

    corpus=$work/corpus/$target
    crashes=$work/crashes/$target
    mkdir -p "$corpus" "$crashes" "Tests/Fuzz/crashers/$target"
    echo "== $target: fuzzing for ${seconds}s"
    status=0
    "$binary" "$corpus" "Tests/Fuzz/$target" "Tests/Fuzz/crashers/$target" \
        -dict="fuzz/$target.dict" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len="$(cat "fuzz/$target.max_len")" -artifact_prefix="$crashes/" -print_final_stats=1 \
        >"$work/$target.log" 2>&1 || status=$?
    grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^Done ' \
        "$work/$target.log" || true
    if [ "$status" -ne 0 ]; then
        grep -E 'Fatal error|ERROR: |SUMMARY' "$work/$target.log" | head -20 >&2 || true
        echo "error: $target crashed (log: $work/$target.log); the input is in $crashes/;" \
            "fix the bug and copy the input to Tests/Fuzz/crashers/$target/" >&2
        exit 1
    fi
done
