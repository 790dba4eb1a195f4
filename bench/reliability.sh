#!/usr/bin/env bash
# Benchmarks for the reliability work: a long history and a huge roster file.
#
#   bash bench/reliability.sh [RUNS]
#
#   - lineup history (the newest 20 records) and undo, with 20 against 100,000 history records;
#   - lineup history prune --keep 1000 on 100,000 records (one transaction removing 99,001 records);
#   - lineup roster import of 100,000 rows: time and peak memory (the aim: under 30 s and 200 MB).
# Static release binary, hyperfine medians; the table goes to bench/out/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-100}"

missing=()
for tool in hyperfine sqlite3 /usr/bin/time python3; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq && apt-get install -y -qq hyperfine sqlite3 time >/dev/null
fi

source bench/common.sh
source bench/history-db.sh
OUT="$PWD/bench/out"
mkdir -p "$OUT"

for _ in $(seq 1 10); do "$BIN" exchange L1 R1 >/dev/null; "$BIN" exchange L2 R2 >/dev/null; done
BIG="$WORK/big.sqlite"
make_history_database "$LINEUP_DB" "$BIG" "$BIN"
PRUNE="$WORK/prune.sqlite"

hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$OUT/history.json" \
    --prepare true -n "history, 20 records" "$BIN history --limit 20" \
    --prepare true -n "history, 100,000 records" "$BIN --db $BIG history --limit 20" \
    --prepare "$BIN exchange L1 R1" -n "undo, 20 records" "$BIN undo" \
    --prepare "$BIN --db $BIG exchange L1 R1" -n "undo, 100,000 records" "$BIN --db $BIG undo" >/dev/null

hyperfine -N --runs 10 --export-json "$OUT/prune.json" \
    --prepare "sh -c 'rm -f $PRUNE $PRUNE-wal $PRUNE-shm && sqlite3 $BIG \"VACUUM INTO '\"'\"'$PRUNE'\"'\"'\" && sqlite3 $PRUNE \"PRAGMA journal_mode = WAL\" >/dev/null'" \
    -n "history prune --keep 1000, 100,000 records" "$BIN --db $PRUNE history prune --keep 1000" >/dev/null

# 100,000 rows into the sample club, each run on a fresh copy.
python3 - "$WORK/roster.csv" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("name,weight_kg,sex,side\n")
    for i in range(1, 100001):
        f.write(f"Member {i:06d},{50 + i % 60},{'FM'[i % 2]},{['left', 'right', 'either'][i % 3]}\n")
PY
IMPORT="$WORK/import.sqlite"
hyperfine -N --runs 5 --export-json "$OUT/import.json" \
    --prepare "sh -c 'rm -f $IMPORT $IMPORT-wal $IMPORT-shm && $BIN --db $IMPORT init --sample >/dev/null'" \
    -n "roster import, 100,000 rows" "$BIN --db $IMPORT roster import $WORK/roster.csv" >/dev/null
rm -f "$IMPORT" "$IMPORT-wal" "$IMPORT-shm"
"$BIN" --db "$IMPORT" init --sample >/dev/null
peak=$(/usr/bin/time -f '%M' "$BIN" --db "$IMPORT" roster import "$WORK/roster.csv" 2>&1 >/dev/null | tail -1)

python3 - "$OUT" "$peak" <<'PY'
import json, sys
out, peak = sys.argv[1], int(sys.argv[2])
medians = {}
for name in ("history", "prune", "import"):
    for result in json.load(open(f"{out}/{name}.json"))["results"]:
        medians[result["command"]] = result["median"] * 1000
def row(name, versus=None):
    ratio = f"{medians[name] / medians[versus]:.2f}× {versus}" if versus else ""
    return f"| {name} | {medians[name]:.2f} | {ratio} |"
lines = [
    "| command | median (ms) | ratio |", "|---|---:|---|",
    row("history, 20 records"), row("history, 100,000 records", "history, 20 records"),
    row("undo, 20 records"), row("undo, 100,000 records", "undo, 20 records"),
    row("history prune --keep 1000, 100,000 records"),
    row("roster import, 100,000 rows"),
    "", f"Peak memory of roster import, 100,000 rows: {peak / 1024:.1f} MiB",
]
text = "\n".join(lines) + "\n"
open(f"{out}/reliability.md", "w").write(text)
print(text)
PY
