#!/usr/bin/env python3
"""The page in Chromium on loopback: its first load, a drop's round trip, and what a first load transfers.

    python3 bench/page.py [--runs N] [--lineup PATH] [--server PATH]

Starts `lineup-server` (the release build by default) on a fresh sample club, then in headless Chromium
(Debian's, driven by Playwright) measures, each N times (default 15), medians and spreads:
- first load: a new browser context (nothing cached) from navigation until the boat is drawn
  (`body[data-loaded]`), and the bytes every response of it carried, uncompressed (the page's files and the
  API answers, apart; the service worker's own fetches are left out);
- a drop's round trip: a tap on one seat, then on another, until the page shows the new boat drawn from the
  drop's own answer (`data-changes-shown`), which is one exchange request and its record committed;
- after it, until the page has read the other documents again (the next `data-loaded`: the verdict's words,
  the rules' findings, the history, the roster), which nothing waits for;
- the reference, in the same run, once those reads are done: `fetch` of the boat's JSON from inside the page
  (one request on the same connection, no write), so the drop's figure reads as a multiple of the network and
  server floor.
Prints a Markdown table.
"""
import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def median_and_spread(values):
    values = sorted(values)
    return statistics.median(values), values[0], values[-1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--lineup", default=os.path.join(ROOT, ".build/release/lineup"))
    parser.add_argument("--server", default=os.path.join(ROOT, ".build/release/lineup-server"))
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    db = os.path.join(work, "club.sqlite")
    env = dict(os.environ, LINEUP_DB=db, NO_COLOR="1")
    subprocess.run([args.lineup, "init", "--sample"], env=env, check=True, capture_output=True)
    port = free_port()
    server = subprocess.Popen([args.server, "--db", db, "--listen", f"127.0.0.1:{port}"],
                              stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    loads, page_bytes, api_bytes, drops, refreshed, fetches = [], [], [], [], [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for _ in range(args.runs):
                context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                              is_mobile=True, service_workers="block")
                page = context.new_page()
                sizes = {"page": 0, "api": 0}

                def counted(response):
                    try:
                        body = response.body()
                    except Exception:  # an answer still arriving when its page closed; not part of a first load
                        return
                    sizes["api" if "/api/" in response.url else "page"] += len(body)

                page.on("response", counted)
                start = time.perf_counter()
                page.goto(url)
                page.wait_for_function("() => Number(document.body.dataset.loaded || 0) > 0")
                loads.append((time.perf_counter() - start) * 1000)
                page.wait_for_timeout(300)
                page_bytes.append(sizes["page"])
                api_bytes.append(sizes["api"])
                for first, second in [("L4", "R4"), ("L4", "R4")]:
                    page.wait_for_timeout(200)
                    shown = page.evaluate("Number(document.body.dataset.changesShown || 0)")
                    before = page.evaluate("Number(document.body.dataset.loaded || 0)")
                    page.locator(f'[data-seat="{first}"]').tap()
                    page.wait_for_timeout(50)
                    start = time.perf_counter()
                    page.locator(f'[data-seat="{second}"]').tap()
                    page.wait_for_function("n => Number(document.body.dataset.changesShown || 0) > n", arg=shown)
                    drops.append((time.perf_counter() - start) * 1000)
                    page.wait_for_function("n => Number(document.body.dataset.loaded || 0) > n", arg=before)
                    refreshed.append((time.perf_counter() - start) * 1000)
                    fetches.append(page.evaluate("""async () => { const t = performance.now();
                        await (await fetch('/api/boats/Sample%20crew', { cache: 'no-store' })).json();
                        return performance.now() - t; }"""))
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait()
    load = median_and_spread(loads)
    drop = median_and_spread(drops)
    after = median_and_spread(refreshed)
    fetch = median_and_spread(fetches)
    version = subprocess.run(["/usr/bin/chromium", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{args.runs} first loads, {len(drops)} drops, {version}")
    print()
    print("| measure | median | min | max |")
    print("|---|---:|---:|---:|")
    print(f"| first load, navigation to the boat drawn (ms) | {load[0]:.0f} | {load[1]:.0f} | {load[2]:.0f} |")
    print(f"| a drop's round trip, second tap to the new boat shown (ms) | {drop[0]:.1f} | {drop[1]:.1f} | {drop[2]:.1f} |")
    print(f"| after it, the other documents read again (ms) | {after[0]:.1f} | {after[1]:.1f} | {after[2]:.1f} |")
    print(f"| reference: fetch of the boat's JSON from the page (ms) | {fetch[0]:.1f} | {fetch[1]:.1f} | {fetch[2]:.1f} |")
    print(f"| drop ÷ reference | {drop[0] / fetch[0]:.1f}× | | |")
    print(f"| first load, the page's files (bytes, uncompressed) | {statistics.median(page_bytes):.0f} | {min(page_bytes)} | {max(page_bytes)} |")
    print(f"| first load, the API's answers (bytes) | {statistics.median(api_bytes):.0f} | {min(api_bytes)} | {max(api_bytes)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
