#!/bin/bash
# seat-race-wide.sh BINARY [REFERENCE]: a roster of 200 paddlers and one seat race as wide as a session may be
# (1,000 pieces, 100 paddlers a side, one swap on one side between consecutive pieces), then the median of 3
# wall-clock runs of `roster rank` and `seat-race list` with BINARY (and REFERENCE, another build, in the same
# run). The session is recorded with BINARY. Prints one line per binary and command.
set -euo pipefail
binary=$1
reference=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import random, sys
work = sys.argv[1]
random.seed(11)
left = [f"L{i:03d} Pad" for i in range(100)]
right = [f"R{i:03d} Pad" for i in range(100)]
with open(f"{work}/roster.csv", "w") as roster:
    roster.write("name,weight,side\n")
    for name in left:
        roster.write(f"{name},{random.randint(55, 95)},left\n")
    for name in right:
        roster.write(f"{name},{random.randint(55, 95)},right\n")
crews = {name: random.choice("QR") for name in left + right}
lines = ["race," + ",".join(f"{n} ({'L' if n in left else 'R'})" for n in left + right) + ",Q,R"]
for piece in range(1, 1001):
    if piece > 1:
        side = random.choice([left, right])
        one = random.choice([n for n in side if crews[n] == "Q"])
        other = random.choice([n for n in side if crews[n] == "R"])
        crews[one], crews[other] = "R", "Q"
    times = (300 + random.uniform(-3, 3), 300 + random.uniform(-3, 3))
    lines.append(f"{piece}," + ",".join(crews[n] for n in left + right) + f",{times[0]:.1f},{times[1]:.1f}")
open(f"{work}/wide.csv", "w").write("\n".join(lines) + "\n")
PY
"$binary" --db "$work/club.db" roster import "$work/roster.csv" >/dev/null
"$binary" --db "$work/club.db" seat-race add Wide --csv "$work/wide.csv" >/dev/null
# shellcheck source=bench/seat-race-timing.sh disable=SC2086
source "$(dirname "$0")/seat-race-timing.sh" "$binary" $reference
