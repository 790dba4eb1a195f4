#!/usr/bin/env bash
# Benchmarks for race-day commands.
#
#   bash bench/race.sh [RUNS] [ROSTERS]
#
#   - whole commands on the sample club (30 paddlers), static release binary, hyperfine medians:
#     lineup optimize --use-bench (propose), lineup check, lineup show, against lineup --version;
#   - the optimizer in process (bench/OptimizerBench, Swift's ContinuousClock) on ROSTERS random rosters
#     per boat kind: time, and quality against a search ten times as long;
#   - lineup edit's key-to-frame time (bench/EditorBench): key, engine, frame and terminal update.
# Tables go to bench/out/race.md.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-100}"
ROSTERS="${2:-20}"

command -v hyperfine >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null; }
source bench/common.sh
OUT="$PWD/bench/out"
mkdir -p "$OUT"

hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$OUT/race.json" \
    -n "lineup --version" "$BIN --version" \
    -n "lineup show" "$BIN show" \
    -n "lineup check" "$BIN check" \
    -n "lineup optimize --use-bench" "$BIN optimize --use-bench" >/dev/null

swift build -c release --product OptimizerBench >/dev/null
swift build -c release --product EditorBench >/dev/null
{
    python3 - "$OUT/race.json" <<'PY'
import json, sys
medians = {r["command"]: r["median"] * 1000 for r in json.load(open(sys.argv[1]))["results"]}
print("| command | median (ms) | ratio |")
print("|---|---:|---|")
for name in medians:
    ratio = "" if name == "lineup --version" else f"{medians[name] / medians['lineup --version']:.2f}× lineup --version"
    print(f"| {name} | {medians[name]:.2f} | {ratio} |")
PY
    echo
    .build/release/OptimizerBench "$ROSTERS"
    echo
    echo "| frame | keys | key-to-frame median (ms) | p99 (ms) | max (ms) | bytes sent per key |"
    echo "|---|---:|---:|---:|---:|---:|"
    .build/release/EditorBench 20000
} | tee "$OUT/race.md"
