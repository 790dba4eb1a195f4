#!/usr/bin/env bash
# Load on `lineup serve`: 50 concurrent clients for 60 s (by default), 40 reading as pages do (the boat, its
# history, the boat list, a drag's preview) and 10 making exchanges as `lineup exchange` does, each a history
# record written with synchronous=FULL. wrk (Debian's) drives both groups at once from one core's worth of
# threads. In the same run, the fsync floor: sqlite3 committing the same exchange transaction back to back on
# a copy of the database, with the same settings.
#
#   bash bench/serve-load.sh [SECONDS] [READERS] [WRITERS] [ALONE_SECONDS]
#
# Before the mixed run, each kind runs alone for ALONE_SECONDS (15 by default), so the table shows what the
# server does for pages that only read and for changes alone, beside what it does with both at once.
#
# Afterwards, no lost or duplicated record: the boat's history holds one record per exchange the server
# answered 200, plus at most those still in flight when wrk stopped (sent, but their answer not counted),
# and undoing every new record gives back the starting lineup. Figures go to
# bench/out/serve-load.md. This is a benchmark, not a test. Needs wrk and sqlite3 (`.ci/run` does not install
# them: apt-get install -y wrk sqlite3 bc).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN="${1:-60}"
READERS="${2:-40}"
WRITERS="${3:-10}"
ALONE_SECONDS="${4:-15}"

for tool in wrk sqlite3 python3 bc; do
    command -v "$tool" >/dev/null || { echo "serve-load: $tool is missing (apt-get install -y wrk sqlite3 bc)" >&2; exit 1; }
done

# As the README installs them: release, static Swift runtime (a plain release build of lineup does not link).
swift build -c release --static-swift-stdlib --product lineup >/dev/null
swift build -c release --static-swift-stdlib --product lineup-server >/dev/null
BIN="$PWD/.build/release/lineup"
WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then kill -INT "$SERVER_PID"; wait "$SERVER_PID" || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
OUT="$PWD/bench/out"
mkdir -p "$OUT"
export NO_COLOR=1 LINEUP_DB="$WORK/club.sqlite"
"$BIN" init --sample >/dev/null
"$BIN" show --json > "$WORK/start.json"

# The fsync floor: the SQL of one `lineup exchange L1 R1` (swap two seats, write the history record), 1,000
# times back to back in one sqlite3 process, WAL and synchronous=FULL as lineup runs it.
COPY="$WORK/copy.sqlite"
sqlite3 "$LINEUP_DB" "VACUUM INTO '$COPY'"
sqlite3 "$COPY" "PRAGMA journal_mode = WAL" >/dev/null
FLOOR_COMMITS=1000
python3 - "$WORK/floor.sql" "$FLOOR_COMMITS" <<'PY'
import sys
path, count = sys.argv[1], int(sys.argv[2])
one = """BEGIN IMMEDIATE;
CREATE TEMP TABLE pair AS SELECT paddler_id, section, position FROM placement
    WHERE boat_id = 1 AND section IN ('left', 'right') AND position = 1;
DELETE FROM placement WHERE boat_id = 1 AND paddler_id IN (SELECT paddler_id FROM pair);
INSERT INTO placement (boat_id, paddler_id, section, position)
    SELECT 1, a.paddler_id, b.section, b.position FROM pair a JOIN pair b ON a.paddler_id <> b.paddler_id;
INSERT INTO history (boat_id, created_at, summary) VALUES (1, strftime('%Y-%m-%d %H:%M:%f', 'now'), 'L1 ⇄ R1');
INSERT INTO history_move (history_id, paddler_id, paddler_name, from_section, from_position, to_section, to_position)
    SELECT (SELECT max(id) FROM history), a.paddler_id, p.name, a.section, a.position, b.section, b.position
    FROM pair a JOIN pair b ON a.paddler_id <> b.paddler_id JOIN paddler p ON p.id = a.paddler_id;
DROP TABLE pair;
COMMIT;
"""
with open(path, "w") as f:
    f.write("PRAGMA foreign_keys = ON;\nPRAGMA synchronous = FULL;\nPRAGMA busy_timeout = 10000;\n")
    f.write(one * count)
PY
floor_start=$(date +%s.%N)
sqlite3 -init /dev/null -bail -batch "$COPY" ".read $WORK/floor.sql" >/dev/null
floor_end=$(date +%s.%N)

# The server, on a port the system chooses.
"$PWD/.build/release/lineup-server" --db "$LINEUP_DB" --listen 127.0.0.1:0 2> "$WORK/server.err" &
SERVER_PID=$!
for _ in $(seq 1 100); do grep -q "http://" "$WORK/server.err" 2>/dev/null && break; sleep 0.1; done
PORT=$(grep -o '127\.0\.0\.1:[0-9]*' "$WORK/server.err" | head -1 | cut -d: -f2)
URL="http://127.0.0.1:$PORT"
curl -sf "$URL/api/boats" >/dev/null
history_before=$("$BIN" history --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')

# Each kind alone, then both at once.
wrk -t1 -c"$READERS" -d"${ALONE_SECONDS}s" --timeout 10s --latency -s bench/serve/reads.lua "$URL" > "$WORK/reads-alone.txt"
wrk -t1 -c"$WRITERS" -d"${ALONE_SECONDS}s" --timeout 10s --latency -s bench/serve/exchanges.lua "$URL" > "$WORK/exchanges-alone.txt"
wrk -t1 -c"$READERS" -d"${SECONDS_TO_RUN}s" --timeout 10s --latency -s bench/serve/reads.lua "$URL" > "$WORK/reads.txt" &
READS_PID=$!
wrk -t1 -c"$WRITERS" -d"${SECONDS_TO_RUN}s" --timeout 10s --latency -s bench/serve/exchanges.lua "$URL" > "$WORK/exchanges.txt"
wait "$READS_PID"

kill -INT "$SERVER_PID"
wait "$SERVER_PID" && SERVER_STATUS=0 || SERVER_STATUS=$?
SERVER_PID=""

# No lost or duplicated record: at least one per exchange answered 200, at most one per exchange sent, and
# undoing every new record restores the start.
count() { cat "$WORK/exchanges-alone.txt" "$WORK/exchanges.txt" | grep -o "RESULT exchanges .*" | grep -o " $1=[0-9]*" | cut -d= -f2 | paste -sd+ | bc; }
ok_exchanges=$(count ok)
sent_exchanges=$(count sent)
history_after=$("$BIN" history --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
undo_start=$(date +%s.%N)
"$BIN" undo --steps "$((history_after - history_before))" >/dev/null
undo_end=$(date +%s.%N)
"$BIN" show --json > "$WORK/end.json"
if cmp -s "$WORK/start.json" "$WORK/end.json"; then restored=yes; else restored=no; fi

python3 - "$WORK" "$OUT" "$floor_start" "$floor_end" "$FLOOR_COMMITS" "$history_before" "$history_after" \
    "$ok_exchanges" "$restored" "$SERVER_STATUS" "$undo_start" "$undo_end" "$READERS" "$WRITERS" "$sent_exchanges" <<'PY'
import platform, re, subprocess, sys
(work, out, f0, f1, floor_commits, before, after, ok_exchanges, restored, server_status, u0, u1,
 readers, writers, sent_exchanges) = sys.argv[1:]
def result(name):
    text = open(f"{work}/{name}.txt").read()
    line = re.search(r"RESULT \w+ (.*)", text).group(1)
    values = dict(pair.split("=") for pair in line.split())
    return {k: float(v) for k, v in values.items()}, text
reads_alone, reads_alone_text = result("reads-alone")
writes_alone, writes_alone_text = result("exchanges-alone")
reads, reads_text = result("reads")
writes, writes_text = result("exchanges")
floor_ms = (float(f1) - float(f0)) * 1000 / int(floor_commits)
duration = reads["duration_s"]
rows = [
    ("reads alone", reads_alone, readers), ("exchanges alone", writes_alone, writers),
    ("reads, with exchanges", reads, readers), ("exchanges, with reads", writes, writers),
]
cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.strip()
date = subprocess.run(["date", "-u", "+%Y-%m-%d"], capture_output=True, text=True).stdout.strip()
lines = [
    f"Measured {date} on {cpu}, {platform.system()} {platform.release()}, {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} cores (wrk and the server on the same machine); each kind alone for {reads_alone['duration_s']:.0f} s, then both at once for {duration:.0f} s ({int(readers) + int(writers)} connections).",
    "",
    "| clients | connections | requests/s | p50 (ms) | p99 (ms) | answered 200 | failed (status) | socket errors |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
]
for name, r, connections in rows:
    lines.append(f"| {name} | {connections} | {r['ok'] / r['duration_s']:.0f} | {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {int(r['ok'])} | {int(r['failed'])} | {int(r['socket_errors'])} |")
exchange_rate = writes["ok"] / writes["duration_s"]
alone_rate = writes_alone["ok"] / writes_alone["duration_s"]
records = int(after) - int(before)
if records < int(ok_exchanges):
    verdict = f"LOST {int(ok_exchanges) - records}"
elif records > int(sent_exchanges):
    verdict = f"DUPLICATED {records - int(sent_exchanges)}"
else:
    verdict = f"none lost or duplicated ({records - int(ok_exchanges)} of those in flight were committed)"
lines += [
    "",
    f"- fsync floor (sqlite3, the same exchange transaction back to back, {floor_commits} commits): {floor_ms:.2f} ms a commit, {1000 / floor_ms:.0f} commits/s; the server's exchange rate is {alone_rate:.0f}/s alone ({alone_rate * floor_ms / 10:.0f}% of it) and {exchange_rate:.0f}/s with the reads ({exchange_rate * floor_ms / 10:.0f}%).",
    f"- records (both runs with exchanges): {records} new history records for {ok_exchanges} exchanges answered 200 and {int(sent_exchanges) - int(ok_exchanges)} still in flight when wrk stopped (sent, no answer counted): {verdict}; undoing all {records} in one `lineup undo --steps` took {float(u1) - float(u0):.1f} s and {'restored the starting lineup exactly' if restored == 'yes' else 'DID NOT restore the start'}.",
    f"- the server stopped on SIGINT with status {server_status}.",
]
text = "\n".join(lines) + "\n"
open(f"{out}/serve-load.md", "w").write(text + "\n<details><summary>wrk output</summary>\n\n```\n" + reads_alone_text + "\n" + writes_alone_text + "\n" + reads_text + "\n" + writes_text + "```\n</details>\n")
print(text)
# The promises, whatever the speed: every request answered 200, no socket errors, nothing lost or duplicated,
# the start restored by undoing everything, the server stopped cleanly. A broken one fails the run (exit 1),
# so CI can run this briefly as a test.
reasons = [f"{name}: {int(r['failed'])} failed, {int(r['socket_errors'])} socket errors"
           for name, r in [("reads alone", reads_alone), ("exchanges alone", writes_alone), ("reads", reads),
                           ("exchanges", writes)] if r["failed"] or r["socket_errors"]]
if not verdict.startswith("none"):
    reasons.append(verdict)
if restored != "yes":
    reasons.append("undoing every record did not restore the start")
if server_status != "0":
    reasons.append(f"the server stopped with status {server_status}")
if reasons:
    print("serve-load: a promise was broken: " + "; ".join(reasons), file=sys.stderr)
    sys.exit(1)
PY
