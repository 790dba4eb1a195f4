#!/usr/bin/env bash
# Benchmarks lineup's hot commands (exchange, undo, redo, lock, show) as a coach runs them, against the
# floor (bench/floor/floor.c: SQLite's C API doing the same statements with the same settings) and the
# sqlite3 shell doing the same transaction (bench/shell/*.sql), all in one run:
#   - wall time: hyperfine medians, the three tools interleaved in ROUNDS rounds of RUNS runs each, so a
#     machine that gets busier or quieter meanwhile moves all of them alike;
#   - instructions: valgrind's callgrind, one run each (deterministic);
#   - peak memory: GNU time's maximum resident set;
#   - undo with 20 against 100,000 history records.
# LINEUP_REFERENCE=/path/to/an/older/lineup adds it to the same run, as "lineup before".
#
#   bash bench/run.sh [ROUNDS] [RUNS]
#
# The binary is the README's install (a release build, fully static), or LINEUP_BINARY. The table goes to bench/out/results.md.
# This is a benchmark, not a test; it installs nothing (see the message when a tool is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS="${1:-10}"
RUNS="${2:-20}"

missing=()
for tool in hyperfine sqlite3 valgrind /usr/bin/time python3 gcc objcopy; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ! -f /usr/lib/x86_64-linux-gnu/libsqlite3.a ] && [ ! -f /usr/lib/libsqlite3.a ]; then missing+=("libsqlite3.a"); fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "bench/run.sh needs: ${missing[*]} (apt-get install -y hyperfine sqlite3 valgrind time gcc binutils libsqlite3-dev)" >&2
    exit 1
fi

# LINEUP_BINARY=PATH times a binary built already (the same build, made elsewhere).
if [ -z "${LINEUP_BINARY:-}" ]; then
    swift build -c release --static-swift-stdlib --product lineup >/dev/null
    LINEUP_BINARY=.build/release/lineup
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
OUT="$PWD/bench/out"
mkdir -p "$OUT"
cp "$LINEUP_BINARY" "$WORK/lineup"
# The floor is linked as lineup is: fully static, SQLite included.
gcc -O2 -static -o "$WORK/floor" bench/floor/floor.c -l:libsqlite3.a -lm 2>/dev/null
REFERENCE=""
if [ -n "${LINEUP_REFERENCE:-}" ]; then
    cp "$LINEUP_REFERENCE" "$WORK/reference"
    REFERENCE="$WORK/reference"
fi

export NO_COLOR=1
unset LINEUP_DB LINEUP_NO_FAST_PATH LINEUP_TIMING
# The sample club with 20 history records, one copy per tool.
"$WORK/lineup" --db "$WORK/template.sqlite" init --sample >/dev/null
for _ in $(seq 1 10); do
    "$WORK/lineup" --db "$WORK/template.sqlite" exchange L1 R1 >/dev/null
    "$WORK/lineup" --db "$WORK/template.sqlite" exchange L2 R2 >/dev/null
done
for tool in lineup floor shell reference; do cp "$WORK/template.sqlite" "$WORK/$tool.sqlite"; done
# The same club with 100,000 history records, for undo.
# shellcheck source=bench/history-db.sh
source bench/history-db.sh
make_history_database "$WORK/template.sqlite" "$WORK/big.sqlite" "$WORK/lineup"

python3 bench/compare.py "$WORK" "$OUT" "$ROUNDS" "$RUNS" "$PWD/bench/shell" "$REFERENCE"
