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

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The plugin builds the products and the generator; its own page would lose every character outside ASCII
# (the generator drops them), so the generator is run again on the commands' descriptions with those
# characters spelled in ASCII (`L1…L10` as `L1...L10`).
if ! swift package plugin generate-manual --configuration debug --date "$date" >"$work/log" 2>&1; then
    cat "$work/log" >&2
    echo "error: the manual generator failed (above)" >&2
    exit 1
fi
bin="$(swift build --show-bin-path)"
mkdir "$work/bin" "$work/out"
cat >"$work/bin/lineup" <<SCRIPT
#!/bin/sh
"$bin/lineup" "\$@" | sed 's/…/.../g; s/×/x/g; s/→/->/g; s/←/<-/g; s/·/-/g'
SCRIPT
chmod +x "$work/bin/lineup"
"$bin/generate-manual-tool" "$work/bin/lineup" --date "$date" --output-directory "$work/out" >/dev/null
made="$work/out/lineup.1"
if "$work/bin/lineup" --experimental-dump-help | LC_ALL=C grep -qP '[^\x00-\x7F]'; then
    echo "error: the commands' help has characters outside ASCII that tools/manual.sh does not spell yet" >&2
    exit 1
fi

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
