#!/bin/bash
# seat-race-history.sh BINARY [REFERENCE]: a club with 30 seat races of 1,000 pieces each (the most a session
# holds; one swap between alternate pieces), then the median of 3 wall-clock runs of `roster rank` and
# `seat-race list` with BINARY (and REFERENCE, another build, in the same run). The sessions are recorded with
# BINARY. Prints one line per binary and command.
set -euo pipefail
binary=$1
reference=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$binary" --db "$work/club.db" init --sample >/dev/null
python3 - "$work" <<'PY'
import random, sys
work = sys.argv[1]
random.seed(7)
names = ["Ada Lindqvist", "Bea Marangoni", "Cora Nakashima", "Dana Okafor",
         "Edda Petrov", "Fay Quintero", "Gwen Rasmussen", "Hana Sato"]
for s in range(30):
    a = random.choice([0, 1]); b = random.choice([2, 3])
    lines = ["race," + ",".join(f"{n} ({'L' if i < 4 else 'R'})" for i, n in enumerate(names)) + ",Q,R"]
    for p in range(1, 1001):
        crews = ['Q', 'Q', 'R', 'R', 'Q', 'Q', 'R', 'R']
        if p % 2 == 0:
            crews[a], crews[b] = crews[b], crews[a]
        lines.append(f"{p}," + ",".join(crews) + f",{150 + random.uniform(-2, 2):.1f},{150 + random.uniform(-2, 2):.1f}")
    open(f"{work}/s{s}.csv", "w").write("\n".join(lines) + "\n")
PY
for s in $(seq 0 29); do "$binary" --db "$work/club.db" seat-race add "S$s" --csv "$work/s$s.csv" >/dev/null; done
# shellcheck source=bench/seat-race-timing.sh disable=SC2086
source "$(dirname "$0")/seat-race-timing.sh" "$binary" $reference
