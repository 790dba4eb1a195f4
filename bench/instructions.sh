#!/usr/bin/env bash
# The guard on start-up work: counts, with valgrind's callgrind, the instructions the release binary runs
# for each hot command (exchange, undo, redo, lock, show) on the sample club, and fails when any grew by
# more than 10 % over bench/instructions-baseline. Instruction counts do not depend on how busy the machine
# is (they vary by well under 0.1 % between runs), so this runs in CI where wall times could not be trusted.
#
#   bash bench/instructions.sh [BINARY]            check (BINARY: the release build, .build/release/lineup)
#   bash bench/instructions.sh --update [BINARY]   write the counts as the new baseline
#
# Updating the baseline is a deliberate commit of bench/instructions-baseline that says why the counts
# moved (a feature that needs the work, a new Swift or SQLite); see bench/RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
UPDATE=false
if [ "${1:-}" = "--update" ]; then
    UPDATE=true
    shift
fi
BINARY="${1:-.build/release/lineup}"
BASELINE=bench/instructions-baseline
LIMIT_PERCENT=10

for tool in valgrind objcopy; do
    command -v "$tool" >/dev/null 2>&1 || { echo "bench/instructions.sh needs $tool (apt-get install -y valgrind binutils)" >&2; exit 1; }
done
[ -x "$BINARY" ] || { echo "no binary at $BINARY: build it with swift build -c release --static-swift-stdlib" >&2; exit 1; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# valgrind 3.19 cannot read the DWARF 5 debug information Swift writes; the code is the same without it.
objcopy --strip-debug "$BINARY" "$WORK/lineup"
# A fixed, small environment and Swift's hashing without a random seed, so runs count alike.
run() { env -i PATH=/usr/bin:/bin HOME="$WORK" NO_COLOR=1 SWIFT_DETERMINISTIC_HASHING=1 "$@"; }
DB="$WORK/club.sqlite"
run "$WORK/lineup" --db "$DB" init --sample >/dev/null
for _ in $(seq 1 10); do
    run "$WORK/lineup" --db "$DB" exchange L1 R1 >/dev/null
    run "$WORK/lineup" --db "$DB" exchange L2 R2 >/dev/null
done

# Each command, after what makes it do the same work every time.
count() {
    local name=$1 prepare=$2
    shift 2
    if [ -n "$prepare" ]; then
        # shellcheck disable=SC2086
        run "$WORK/lineup" --db "$DB" $prepare >/dev/null
    fi
    run valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" "$WORK/lineup" --db "$DB" "$@" \
        2>"$WORK/valgrind.txt" >/dev/null || { cat "$WORK/valgrind.txt" >&2; exit 1; }
    echo "$name $(grep -o 'Collected : [0-9]*' "$WORK/valgrind.txt" | grep -o '[0-9]*$')"
}
{
    count exchange "" exchange L1 R1
    count undo "exchange L1 R1" undo
    count redo "undo" redo
    count lock "unlock S" lock S
    count show "" show
} >"$WORK/counts"

if $UPDATE; then
    {
        echo "# Instructions (callgrind) of each hot command of the release build on the sample club, checked by"
        echo "# bench/instructions.sh: CI fails when one grows by more than $LIMIT_PERCENT %. Update deliberately, saying why."
        cat "$WORK/counts"
    } >"$BASELINE"
    cat "$BASELINE"
    exit 0
fi

failed=false
while read -r name counted; do
    baseline=$(awk -v name="$name" '$1 == name { print $2 }' "$BASELINE")
    if [ -z "$baseline" ]; then
        echo "instructions: $name has no baseline in $BASELINE" >&2
        failed=true
        continue
    fi
    change=$(awk -v a="$counted" -v b="$baseline" 'BEGIN { printf "%+.1f", (a - b) * 100 / b }')
    echo "instructions: $name $counted (baseline $baseline, $change %)"
    if awk -v a="$counted" -v b="$baseline" -v limit="$LIMIT_PERCENT" 'BEGIN { exit !(a > b * (1 + limit / 100)) }'; then
        echo "instructions: $name grew by more than $LIMIT_PERCENT % over the baseline" >&2
        failed=true
    fi
done <"$WORK/counts"
if $failed; then
    echo "instructions: see bench/RESULTS.md for where the time of a short command goes; if the growth is" \
        "wanted, update the baseline with bash bench/instructions.sh --update and say why in the commit" >&2
    exit 1
fi
