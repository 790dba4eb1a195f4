#!/usr/bin/env bash
# Where does the time of one command go? Runs the static release build with LINEUP_TIMING=1, which
# prints the time of each phase inside main (argument parsing, database open, the command's own work
# including closing the database), and prints the median of each phase. Process start and exit are what
# hyperfine measures (bench/run.sh) minus these.
#
#   bash bench/phases.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-200}"
# shellcheck source=bench/common.sh
source bench/common.sh
for command in "show" "exchange L1 R1" "undo"; do
    [ "$command" = "undo" ] && "$BIN" exchange L2 R2 >/dev/null
    for _ in $(seq 1 "$RUNS"); do
        # shellcheck disable=SC2086
        LINEUP_TIMING=1 "$BIN" $command 2>&1 >/dev/null | grep '^timing:' || true
        if [ "$command" = "undo" ]; then "$BIN" redo >/dev/null; fi
    done > "$WORK/phases.txt"
    python3 - "$command" "$WORK/phases.txt" <<'PY'
import statistics, sys
command, path = sys.argv[1], sys.argv[2]
phases = {}
for line in open(path):
    _, label, value, _ = line.split()
    phases.setdefault(label, []).append(float(value))
parts = [f"{label} {statistics.median(values):.2f} ms" for label, values in phases.items()]
total = sum(statistics.median(values) for values in phases.values())
print(f"lineup {command:<16} " + ", ".join(parts) + f"; inside main {total:.2f} ms")
PY
done
