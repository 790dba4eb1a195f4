#!/usr/bin/env bash
# Where does the time of one `lineup exchange` go? Samples many runs with perf and prints the share of
# the process's samples in each phase. Complements bench/run.sh, which times whole commands.
#
#   bash bench/profile.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-100}"
command -v perf >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq linux-perf >/dev/null; }
# shellcheck source=bench/common.sh
source bench/common.sh
perf record -q -F 20000 -g -o "$WORK/perf.data" -- \
    bash -c "for i in \$(seq 1 $RUNS); do '$BIN' exchange L1 R1 >/dev/null; done" 2>/dev/null
perf report -i "$WORK/perf.data" --comm lineup --children --sort sym -g none 2>/dev/null > "$WORK/report.txt"
share() { grep -F "$2" "$WORK/report.txt" | head -1 | awk -v label="$1" '{printf "%-44s %6s of the samples\n", label, $1}'; }
echo "lineup exchange, $RUNS runs (static build), perf samples with their callees:"
share "whole main (parse, open, exchange, print)" "] lineup_main"
share "argument parsing (swift-argument-parser)" "ParsableCommandPAAE11parseAsRoot"
share "database open and schema check" "LineupStore0A8DatabaseC4open2at4mode"
share "the exchange transaction (load, write, commit)" "LineupStore0A8DatabaseC8exchange__6inBoat"
share "closing (WAL checkpoint into the main file)" "GRDB13DatabaseQueueCfD"
share "fdatasync (all callers)" "] fdatasync"
echo "The rest is process start and exit: loading and initialising the runtime, before main and after it."
