#!/usr/bin/env bash
# Benchmarks lineup's commands as a coach runs them: whole processes, timed by hyperfine.
#
#   bash bench/run.sh [RUNS]
#
# Builds the release binary twice (the default build, and the static one the README recommends), makes a
# sample database, and compares side by side in one run:
#   - lineup exchange against sqlite3 running the same write transaction on a copy of the same database;
#   - lineup exchange and undo against Taskwarrior's task add and task undo;
#   - lineup undo with 20 against 100,000 history records;
#   - lineup show against lineup --version (the process floor);
#   - peak memory (GNU time).
# Figures are medians; the table is written to bench/out/results.md. This is a benchmark, not a test.
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS="${1:-200}"

missing=()
for tool in hyperfine sqlite3 task /usr/bin/time python3; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: hyperfine sqlite3 taskwarrior time" >&2
    apt-get update -qq && apt-get install -y -qq hyperfine sqlite3 taskwarrior time >/dev/null
fi

swift build -c release --product lineup >/dev/null
swift build -c release --product lineup --static-swift-stdlib --scratch-path .build-static >/dev/null
DYNAMIC="$PWD/.build/release/lineup"
STATIC="$PWD/.build-static/release/lineup"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
OUT="$PWD/bench/out"
mkdir -p "$OUT"

export NO_COLOR=1
export LINEUP_DB="$WORK/club.sqlite"
"$STATIC" init --sample >/dev/null
# 20 history records: the small-history case.
for _ in $(seq 1 10); do "$STATIC" exchange L1 R1 >/dev/null; "$STATIC" exchange L2 R2 >/dev/null; done

# The same database with 100,000 history records of the same shape (two moves each).
BIG="$WORK/big.sqlite"
source bench/history-db.sh
make_history_database "$LINEUP_DB" "$BIG" "$STATIC"
echo "history records: $(sqlite3 "$LINEUP_DB" 'SELECT count(*) FROM history') and $(sqlite3 "$BIG" 'SELECT count(*) FROM history')" >&2

# The SQL equivalent of `lineup exchange L1 R1`: one IMMEDIATE transaction that swaps the two seats and
# writes the history record, with lineup's own settings (WAL, synchronous=FULL, foreign keys).
COPY="$WORK/copy.sqlite"
sqlite3 "$LINEUP_DB" "VACUUM INTO '$COPY'"
sqlite3 "$COPY" "PRAGMA journal_mode = WAL" >/dev/null
cat > "$WORK/exchange.sql" <<'SQL'
PRAGMA foreign_keys = ON;
PRAGMA synchronous = FULL;
PRAGMA busy_timeout = 10000;
BEGIN IMMEDIATE;
CREATE TEMP TABLE pair AS
    SELECT paddler_id, section, position FROM placement
    WHERE boat_id = 1 AND section IN ('left', 'right') AND position = 1;
DELETE FROM placement WHERE boat_id = 1 AND paddler_id IN (SELECT paddler_id FROM pair);
INSERT INTO placement (boat_id, paddler_id, section, position)
    SELECT 1, a.paddler_id, b.section, b.position FROM pair a JOIN pair b ON a.paddler_id <> b.paddler_id;
DELETE FROM history WHERE boat_id = 1 AND undone = 1;
INSERT INTO history (boat_id, created_at, summary) VALUES (1, strftime('%Y-%m-%d %H:%M:%f', 'now'), 'L1 ⇄ R1');
INSERT INTO history_move (history_id, paddler_id, paddler_name, from_section, from_position, to_section, to_position)
    SELECT (SELECT max(id) FROM history), a.paddler_id, p.name, a.section, a.position, b.section, b.position
    FROM pair a JOIN pair b ON a.paddler_id <> b.paddler_id JOIN paddler p ON p.id = a.paddler_id;
COMMIT;
SQL

# Taskwarrior with its own data folder and no prompts.
mkdir -p "$WORK/task"
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\n' "$WORK/task" > "$WORK/taskrc"
export TASKRC="$WORK/taskrc"
task add warm up >/dev/null 2>&1 || true

hyperfine -N --warmup 10 --runs "$RUNS" --export-json "$OUT/process.json" \
    -n "lineup --version (static)" "$STATIC --version" \
    -n "lineup show (static)" "$STATIC show" \
    -n "lineup --version (dynamic)" "$DYNAMIC --version" \
    -n "lineup show (dynamic)" "$DYNAMIC show" >/dev/null

hyperfine -N --warmup 10 --runs "$RUNS" --export-json "$OUT/write.json" \
    -n "lineup exchange (static)" "$STATIC exchange L1 R1" \
    -n "lineup exchange (dynamic)" "$DYNAMIC exchange L1 R1" \
    -n "sqlite3 exchange transaction" "sqlite3 -init /dev/null -bail -batch $COPY '.read $WORK/exchange.sql'" \
    -n "task add" "task add benchmark task" >/dev/null

hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$OUT/undo.json" \
    --prepare "$STATIC exchange L1 R1" -n "lineup undo, 20 records" "$STATIC undo" \
    --prepare "$STATIC --db $BIG exchange L1 R1" -n "lineup undo, 100,000 records" "$STATIC --db $BIG undo" \
    --prepare "task add to be undone" -n "task undo" "task undo" >/dev/null

peak_kb() { /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1; }
{
    echo "peak lineup show (static) $(peak_kb "$STATIC" show)"
    echo "peak lineup exchange (static) $(peak_kb "$STATIC" exchange L1 R1)"
    echo "peak lineup --version (static) $(peak_kb "$STATIC" --version)"
    echo "peak lineup show (dynamic) $(peak_kb "$DYNAMIC" show)"
    echo "peak sqlite3 exchange transaction $(peak_kb sqlite3 -init /dev/null -bail -batch "$COPY" ".read $WORK/exchange.sql")"
    echo "peak task add $(peak_kb task add memory probe)"
} > "$OUT/memory.txt"

python3 - "$OUT" <<'PY'
import json, sys, platform, subprocess
out = sys.argv[1]
medians = {}
for name in ("process", "write", "undo"):
    for result in json.load(open(f"{out}/{name}.json"))["results"]:
        medians[result["command"]] = result["median"] * 1000
memory = {}
for line in open(f"{out}/memory.txt"):
    label, kb = line.rsplit(" ", 1)
    memory[label.removeprefix("peak ")] = int(kb) / 1024

def row(name, versus=None):
    ratio = f"{medians[name] / medians[versus]:.2f}× {versus}" if versus else ""
    return f"| {name} | {medians[name]:.2f} | {ratio} |"

lines = [
    "| command | median (ms) | ratio |",
    "|---|---:|---|",
    row("lineup --version (static)"),
    row("lineup show (static)", "lineup --version (static)"),
    row("lineup --version (dynamic)"),
    row("lineup show (dynamic)", "lineup --version (dynamic)"),
    row("sqlite3 exchange transaction"),
    row("lineup exchange (static)", "sqlite3 exchange transaction"),
    row("lineup exchange (dynamic)", "sqlite3 exchange transaction"),
    row("task add"),
    row("lineup exchange (static)", "task add"),
    row("task undo"),
    row("lineup undo, 20 records", "task undo"),
    row("lineup undo, 100,000 records", "lineup undo, 20 records"),
    "",
    "| command | peak memory (MiB) |",
    "|---|---:|",
] + [f"| {label} | {mib:.1f} |" for label, mib in memory.items()]
cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.strip()
header = f"Measured {subprocess.run(['date', '-u', '+%Y-%m-%d'], capture_output=True, text=True).stdout.strip()} on {cpu}, {platform.system()} {platform.release()}, {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} cores; hyperfine medians over the given runs."
text = header + "\n\n" + "\n".join(lines) + "\n"
open(f"{out}/results.md", "w").write(text)
print(text)
PY
