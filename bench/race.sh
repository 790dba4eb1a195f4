#!/usr/bin/env bash
# Benchmarks for race-day commands.
#
#   bash bench/race.sh [RUNS] [ROSTERS]
#
#   - whole commands on the sample club (30 paddlers), static release binary, hyperfine medians:
#     lineup optimize --use-bench (propose), lineup check, lineup show, against lineup --version; and
#     lineup optimize --use-bench with 200 and 1,000 on the bench (the sample club plus generated paddlers);
#   - the optimizer in process (bench/OptimizerBench, Swift's ContinuousClock) on ROSTERS random rosters
#     per boat kind: time, quality against a search ten times as long, the plans (paddlers moved against
#     the fewest for the same result, and the fewest pairwise exchanges), and benches of 8, 200 and 1,000;
#   - lineup edit's key-to-frame time (bench/EditorBench): key, engine, frame and terminal update.
# Tables go to bench/out/race.md. Needs hyperfine and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-100}"
ROSTERS="${2:-20}"

for tool in hyperfine python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "race.sh: $tool is missing (apt-get install -y $tool)" >&2; exit 1; }
done
source bench/common.sh
OUT="$PWD/bench/out"
mkdir -p "$OUT"

# Databases whose sample boat has 200 and 1,000 on the bench: the sample club plus generated paddlers.
for bench in 200 1000; do
    python3 - "$((bench - 8))" >"$WORK/extra-$bench.csv" <<'PY'
import random, sys
random.seed(7)
print("name,weight_kg,sex,side")
for index in range(int(sys.argv[1])):
    side = random.choice(["either", "either", "either", "left", "right"])
    print(f"Extra {index:04d},{random.randint(100, 200) / 2},{random.choice('FM')},{side}")
PY
    LINEUP_DB="$WORK/bench-$bench.sqlite" "$BIN" init --sample >/dev/null
    LINEUP_DB="$WORK/bench-$bench.sqlite" "$BIN" roster import "$WORK/extra-$bench.csv" >/dev/null
done

hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$OUT/race.json" \
    -n "lineup --version" "$BIN --version" \
    -n "lineup show" "$BIN show" \
    -n "lineup check" "$BIN check" \
    -n "lineup optimize --use-bench" "$BIN optimize --use-bench" \
    -n "lineup optimize --use-bench, 200 on the bench" "$BIN --db $WORK/bench-200.sqlite optimize --use-bench" \
    -n "lineup optimize --use-bench, 1,000 on the bench" "$BIN --db $WORK/bench-1000.sqlite optimize --use-bench" \
    >/dev/null

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
