#!/usr/bin/env bash
# The API's contract against the server: Schemathesis reads web/openapi.json and sends lineup-server, on a
# fresh sample club, generated requests (the spec's examples first: the sample's boat, seats and names, so
# the requests reach the lineup logic, not only the 404 of an unknown boat), stateful sequences too, and
# fails on any answer the spec does not promise (status, headers, body schema, content type, a 5xx).
#
# usage: Tests/Contract/run-schemathesis.sh [SECONDS] [SERVER]
#   SECONDS  the time budget of the generated phases (default 120)
#   SERVER   the lineup-server to run (default .build/debug/lineup-server); lineup beside it makes the club
# Needs Schemathesis for python3, of the version .ci/run installs.
set -euo pipefail
cd "$(dirname "$0")/../.."
budget="${1:-120}"
server="${2:-.build/debug/lineup-server}"
lineup="$(dirname "$server")/lineup"
[ -x "$lineup" ] || lineup=.build/debug/lineup

work="$(mktemp -d)"
pid=""
cleanup() {
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

export LINEUP_DB="$work/club.sqlite" NO_COLOR=1
"$lineup" init --sample >/dev/null
# A share link, so that its page is tested with a token that exists.
LINEUP_SHARE_TOKEN="$("$lineup" share -b "Sample crew" 2>/dev/null | sed -n 's|.*/share/||p' | tail -1)"
export LINEUP_SHARE_TOKEN
# A regatta far ahead and a paddler's own link to it, so that the paddler's routes are tested with a token that
# opens and answers that can be stored. The link is written to the file as `lineup invite` makes one (its
# SHA-256 digest; no command makes one on this branch yet).
"$lineup" regatta create Cup --date 2099-06-13 >/dev/null
"$lineup" race add Cup "200m heat" --at 09:10 --boat "Sample crew" >/dev/null
LINEUP_PADDLER_TOKEN="$(python3 - "$LINEUP_DB" <<'PY'
import base64, hashlib, secrets, sqlite3, sys
token = base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
with sqlite3.connect(sys.argv[1]) as db:
    db.execute("INSERT INTO paddler_link (paddler_id, token_digest, created_at) "
               "SELECT id, ?, '2026-01-01 00:00:00.000' FROM paddler WHERE name = 'Ada Lindqvist'",
               (hashlib.sha256(token.encode()).hexdigest(),))
print(token)
PY
)"
export LINEUP_PADDLER_TOKEN
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
"$server" --db "$LINEUP_DB" --listen "127.0.0.1:$port" 2>"$work/server.log" &
pid=$!
for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$port/openapi.json" >/dev/null 2>&1 && break
    sleep 0.1
done

# Every check; a generated sequence may undo, lock and exchange freely (the club is thrown away). The
# seed makes a failure reproducible; CI runs the same cases each time.
status=0
config="$PWD/Tests/Contract/schemathesis.toml"
# Run from the scratch folder: Schemathesis keeps its replay data in the working directory.
# Its command, `st`, run through python3, so that it is found wherever pip put the package's scripts.
(cd "$work" && python3 -c 'import sys; from schemathesis.cli import schemathesis; sys.argv[0] = "st"; sys.exit(schemathesis())' \
    --config-file "$config" run "http://127.0.0.1:$port/openapi.json" \
    --checks all \
    --phases examples,coverage,fuzzing,stateful \
    --max-time "$budget" \
    --seed 24 \
    --workers 1 \
    --request-timeout 10 \
    --output-truncate true) || status=$?

if [ "$status" -ne 0 ]; then
    echo "run-schemathesis: the API does not keep to web/openapi.json (above); server log:" >&2
    tail -20 "$work/server.log" >&2
fi
exit "$status"
