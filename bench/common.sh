# Shared by the bench scripts: build the static release binary and make a sample database in a
# temporary folder that is removed on exit. Sets BIN, WORK and LINEUP_DB.
swift build -c release --product lineup --static-swift-stdlib --scratch-path .build-static >/dev/null
BIN="$PWD/.build-static/release/lineup"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export NO_COLOR=1 LINEUP_DB="$WORK/club.sqlite"
"$BIN" init --sample >/dev/null
