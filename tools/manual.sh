#!/usr/bin/env bash
# The manual page, docs/lineup.1, made by the argument parser's manual generator from the current commands.
#   bash tools/manual.sh          write docs/lineup.1 afresh (dated today)
#   bash tools/manual.sh --check  fail if docs/lineup.1 is not what the generator makes now (its own date kept)
# The generator's plugin builds the package's products in debug first (CI has built them already).
set -euo pipefail
cd "$(dirname "$0")/.."

page=docs/lineup.1
date="$(date +%Y-%m-%d)"
if [ "${1:-}" = "--check" ]; then
    # The page's own date (`.Dd November 26, 2026`), so that only the commands' text is compared.
    date="$(date -d "$(sed -n 's/^\.Dd //p' "$page")" +%Y-%m-%d)"
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! swift package plugin generate-manual --configuration debug --date "$date" >"$log" 2>&1; then
    cat "$log" >&2
    echo "error: the manual generator failed (above)" >&2
    exit 1
fi
made=.build/plugins/GenerateManual/outputs/lineup/lineup.1

if [ "${1:-}" = "--check" ]; then
    if ! diff -u "$page" "$made"; then
        echo "error: $page is not what the commands make now; run: bash tools/manual.sh" >&2
        exit 1
    fi
    echo "manual: $page is up to date" >&2
else
    cp "$made" "$page"
    echo "manual: wrote $page" >&2
fi
