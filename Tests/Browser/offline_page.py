#!/usr/bin/env python3
"""End-to-end test of the page without a connection, in headless Chromium (Debian's `chromium`, driven by
Playwright) at a phone's size, against a real server and the real `lineup`:

    offline_page.py --url URL --signin-url URL --lineup PATH --db PATH --shots FOLDER

URL is a server without sign-in; SIGNIN-URL one on the same database that requires it (account maya, a coach,
with the password "correct horse"). The page is loaded online and a boat viewed; offline, a reload shows the
boat as last loaded under a banner saying offline and read-only; a drag and an undo are refused at once,
saying so, and the database (read with the command line) does not change; back online, the banner goes and
the page shows a change made on the command line meanwhile. Signing out forgets the boats saved for offline,
and so does the session ending on the server while the page is online (signed out on another device).
Also measures what a first load fetches. Prints one JSON object ({"problems": [...], "checked": {...},
"measured": {...}}) and exits 1 when there is a problem.
"""
import argparse
import json
import os
import sys
import time
import urllib.parse
import urllib.request

from playwright.sync_api import sync_playwright

sys.dont_write_bytecode = True  # common.py, imported without writing bytecode beside it
from common import BOAT, CommandLine, check, checked, problems, wait_until

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}

measured = {}





def seat_text(page, seat):
    return page.locator(f'[data-seat="{seat}"] .name').inner_text()


def loads(page):
    return int(page.evaluate("() => Number(document.body.dataset.loaded || 0)"))


def wait_loaded(page, after=0):
    # A function, not an expression: the page's content policy forbids the eval an expression needs.
    page.wait_for_function("n => Number(document.body.dataset.loaded || 0) > n", arg=after, timeout=30000)




SAVED = """async (path) => Boolean(typeof caches !== 'undefined' && await caches.match(path))"""
API_STORES = """async () => (await caches.keys()).filter((name) => name.startsWith('lineup-api'))"""


def boat_path():
    return "/api/boats/" + BOAT.replace(" ", "%20")


def long_press_drag(page, origin, target):
    """A finger's long press on one seat, moved to another and lifted (a real touch sequence)."""
    session = page.context.new_cdp_session(page)

    def send(kind, box=None):
        points = [] if box is None else [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "id": 1}]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    start = page.locator(f'[data-seat="{origin}"]').bounding_box()
    end = page.locator(f'[data-seat="{target}"]').bounding_box()
    send("touchStart", start)
    time.sleep(0.5)
    send("touchMove", end)
    time.sleep(0.1)
    send("touchEnd")


def first_load(browser, url):
    """What a first load fetches (a new browser, nothing kept): the page's files and the API's answers, their
    bodies' sizes as sent (the server does not compress), and the worker's own fetches as it installs (each a
    revalidation of a file the page just loaded: If-None-Match, answered 304)."""
    context = browser.new_context(**PHONE)
    page_files, api, worker = {}, {}, []

    def seen(response):
        path = urllib.parse.urlsplit(response.url).path
        if response.request.service_worker:
            worker.append(response.request.all_headers().get("if-none-match") is not None)
        elif path == "/api/events":
            return
        elif response.status == 200:
            (api if path.startswith("/api/") else page_files).setdefault(response.url, len(response.body()))

    context.on("response", seen)
    page = context.new_page()
    page.goto(url)
    wait_loaded(page)
    wait_until(page, "() => Boolean(navigator.serviceWorker.controller)")
    quiet(page)
    context.close()
    measured["first load: page files"] = len(page_files)
    measured["first load: page bytes"] = sum(page_files.values())
    measured["first load: API answers"] = len(api)
    measured["first load: API bytes"] = sum(api.values())
    # The worker's own requests: its script, the page's files it keeps (revalidated), the boat read again.
    measured["worker: requests"] = len(worker)
    measured["worker: revalidations"] = sum(worker)
    # Fetched once the page is installed (a headless first load does not ask for the manifest).
    for path in ["/sw.js", "/static/manifest.json"]:
        with urllib.request.urlopen(url + path) as response:
            measured[f"{path} bytes"] = len(response.read())
    paths = {urllib.parse.urlsplit(address).path for address in page_files}
    check("/static/icon.svg" in paths and "/static/offline.js" in paths,
          f"a first load fetches the icon and the offline module: {sorted(paths)}")


def quiet(page):
    """Waits until the page has not read the boat again for half a second."""
    last = loads(page)
    for _ in range(60):
        page.wait_for_timeout(500)
        if loads(page) == last:
            return
        last = loads(page)


def offline_and_back(browser, url, cli, shots):
    # A change to undo (made and made back: the seats are the sample's).
    cli.run("exchange", "L5", "R5", "-b", BOAT)
    cli.run("exchange", "L5", "R5", "-b", BOAT)
    # A second boat, never viewed on this device.
    cli.run("boat", "copy", BOAT, "Variant")
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(url)
    wait_loaded(page)
    check(wait_until(page, "() => Boolean(navigator.serviceWorker.controller)"),
          "the service worker controls the page")
    check(wait_until(page, f"() => ({SAVED})('{boat_path()}')"), "the boat viewed is saved for offline")
    manifest = page.evaluate("async () => (await fetch('/static/manifest.json')).json()")
    check(manifest.get("display") == "standalone" and manifest.get("start_url") == "/",
          f"the manifest is served: {manifest}")
    worker = page.evaluate("""async () => { const r = await fetch('/sw.js');
        return { status: r.status, type: r.headers.get('Content-Type') }; }""")
    check(worker["status"] == 200 and worker["type"].startswith("text/javascript"),
          f"the worker is served at /sw.js as JavaScript: {worker}")
    check(not page.locator("#offline-banner").is_visible(), "no banner online")
    seats = cli.seats()
    history = len(cli.history())
    page.screenshot(path=os.path.join(shots, "offline-phone-online.png"))

    # Offline, the page opens again from what it saved: the boat as last loaded, under the banner, and not as
    # the command line changes it meanwhile (the network is not reached).
    context.set_offline(True)
    cli.run("exchange", "L2", "R2", "-b", BOAT)
    page.reload()
    page.wait_for_selector("#offline-banner:not([hidden])", timeout=15000)
    wait_loaded(page)
    # The banner says when once the saved boat's stamp is read (after the boat is drawn): slow under load.
    wait_until(page, "() => document.querySelector('#offline-banner').textContent.includes('last loaded at')")
    banner = page.locator("#offline-banner").inner_text()
    check(banner.startswith("Offline, read-only") and "last loaded at" in banner,
          f"offline, the banner says offline, read-only and since when: {banner!r}")
    shown = {seat: seat_text(page, seat) for seat in ["D", "L1", "R1", "L2", "R2", "S"]}
    check(all(shown[seat] == seats[seat] for seat in shown), f"offline, the boat shows as last loaded: {shown}")
    check("offline" in page.locator("#who").inner_text(), "offline, the bar says so")
    page.locator("#boat-menu-button").tap()
    page.locator('#boat-menu [data-boat="Variant"]').tap()
    page.wait_for_timeout(300)
    check(page.locator("#boat-menu-button").get_attribute("data-boat") == BOAT and seat_text(page, "L1") == seats["L1"]
          and "no saved copy" in page.locator("#notice").inner_text(),
          "offline, a boat never viewed here is not shown under another's chart")
    page.screenshot(path=os.path.join(shots, "offline-phone-offline.png"))

    # A drag and an undo are refused at once, saying so; nothing changes in the database, nor on the page.
    long_press_drag(page, "L1", "R1")
    page.wait_for_timeout(300)
    notice = page.locator("#notice").inner_text()
    check("Offline: cannot move a paddler" in notice and "Nothing changed" in notice,
          f"offline, a drag is refused at once: {notice!r}")
    check(seat_text(page, "L1") == seats["L1"] and seat_text(page, "R1") == seats["R1"],
          "offline, a refused drag leaves the boat as it was")
    page.screenshot(path=os.path.join(shots, "offline-phone-refused.png"))
    page.locator("#undo").tap()
    page.wait_for_timeout(300)
    notice = page.locator("#notice").inner_text()
    check("Offline: cannot undo" in notice, f"offline, an undo is refused at once: {notice!r}")
    changed = dict(seats, L2=seats["R2"], R2=seats["L2"])
    check(cli.seats() == changed and len(cli.history()) == history + 1, "offline, nothing changed in the database")

    # Back online, the banner goes and the page shows the command line's change.
    loaded = loads(page)
    context.set_offline(False)
    page.wait_for_selector("#offline-banner", state="hidden", timeout=15000)
    check(True, "back online, the banner goes")
    wait_loaded(page, loaded)
    try:
        page.wait_for_function(
            "([seat, name]) => document.querySelector(`[data-seat=\"${seat}\"] .name`)?.textContent === name",
            arg=["L2", seats["R2"]], timeout=10000)
    except Exception:
        pass
    check(seat_text(page, "L2") == seats["R2"] and seat_text(page, "R2") == seats["L2"],
          f"back online, the page shows the command line's change: L2 {seat_text(page, 'L2')}")
    check(cli.seats()["L1"] == seats["L1"] and len(cli.history()) == history + 1,
          "back online, nothing refused offline is sent")
    page.screenshot(path=os.path.join(shots, "offline-phone-back-online.png"))
    # Changes go through again.
    loaded = loads(page)
    page.locator('[data-seat="L2"]').tap()
    page.locator('[data-seat="R2"]').tap()
    wait_loaded(page, loaded)
    check(cli.seats()["L2"] == seats["L2"], "back online, a change goes through")
    context.close()


def signed_in_coach(browser, url):
    """A phone on which the coach signs in and views the boat, until the service worker has saved it."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#sign-in:not([hidden])")
    page.fill("input[name=name]", "maya")
    page.fill("input[name=password]", "correct horse")
    page.click("#sign-in-form button")
    wait_loaded(page)
    check(wait_until(page, "() => Boolean(navigator.serviceWorker.controller)"),
          "the service worker controls the signed-in page")
    check(wait_until(page, f"() => ({SAVED})('{boat_path()}')"), "the signed-in coach's boat is saved for offline")
    return context, page


def signing_out_forgets(browser, url, cli):
    """A coach signs in and views a boat; on signing out, the boats saved for offline go, and offline the page
    shows nobody's boat."""
    context, page = signed_in_coach(browser, url)
    page.locator("#sign-out").tap()
    page.wait_for_selector("#sign-in:not([hidden])")
    page.wait_for_timeout(300)
    stores = page.evaluate(API_STORES)
    saved = page.evaluate(f"() => ({SAVED})('{boat_path()}')")
    check(not saved, f"signing out forgets the boats saved for offline: {stores}")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#offline-banner:not([hidden])", timeout=15000)
    page.wait_for_timeout(500)
    check(page.locator("[data-seat] .name").count() == 0 or all(
        not text for text in page.locator("[data-seat] .name").all_inner_texts()),
        "offline after signing out, no boat shows")
    check("no saved copy" in page.locator("#notice").inner_text(),
          f"offline after signing out, the page says it has nothing saved: {page.locator('#notice').inner_text()!r}")
    context.close()


def signing_out_offline_says_so(browser, url, cli):
    """Signing out with the network gone cannot end the session on the server: the page says so plainly, forgets
    what this phone saved all the same, and stays as it is (no reload into a page that only seems signed out);
    back online the session is still there, and signing out again ends it."""
    context, page = signed_in_coach(browser, url)
    page.evaluate("() => { window.stillThisPage = true; }")
    context.set_offline(True)
    page.locator("#sign-out").tap()
    said = wait_until(page, "() => document.querySelector('#notice').textContent.startsWith('Not signed out')",
                      timeout=10)
    text = page.locator("#notice").inner_text()
    check(said and text == "Not signed out: the server cannot be reached. This phone's saved copy was removed; "
          "sign out again when back online.", f"signing out offline says it did not sign out: {text!r}")
    stayed = page.evaluate("() => window.stillThisPage === true") and page.locator("#sign-in").is_hidden()
    check(stayed and page.locator("#sign-out").count() == 1,
          "signing out offline does not reload into a page that seems signed out")
    saved = page.evaluate(f"() => ({SAVED})('{boat_path()}')")
    check(not saved, f"signing out offline forgets the boats saved for offline: {page.evaluate(API_STORES)}")
    context.set_offline(False)
    session = None
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            session = page.evaluate("async () => (await fetch('/api/session')).json()")
            break
        except Exception:  # the network comes back a moment after it is switched on
            page.wait_for_timeout(200)
    check(session and session.get("signed_in"), f"back online, the session not ended offline is still there: {session}")
    page.locator("#sign-out").tap()
    page.wait_for_selector("#sign-in:not([hidden])", timeout=15000)
    check(True, "back online, signing out again ends the session")
    context.close()


def session_ended_forgets(browser, url, cli):
    """A coach signed in on this phone is signed out elsewhere (the session ended on the server): while the page
    is online, the boats saved for offline go at once, without waiting for a reload, and the page asks for a
    sign-in; offline, it then shows nobody's boat."""
    context, page = signed_in_coach(browser, url)
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies(url))
    origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(url))
    request = urllib.request.Request(f"{url}/api/session", method="DELETE", headers={"Cookie": cookie, "Origin": origin})
    with urllib.request.urlopen(request) as answer:
        check(answer.status == 200, f"the session is ended from another device: {answer.status}")
    # Well within the feed's own retry (ten seconds and more): the page acts on the session ending itself.
    check(wait_until(page, f"async () => !(await ({SAVED})('{boat_path()}'))", timeout=6.0),
          f"a session ended on the server forgets the boats saved for offline at once: {page.evaluate(API_STORES)}")
    page.wait_for_selector("#sign-in:not([hidden])", timeout=10000)
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#offline-banner:not([hidden])", timeout=15000)
    page.wait_for_timeout(500)
    check(all(not text for text in page.locator("[data-seat] .name").all_inner_texts()),
          "offline after the session ended, no boat shows")
    context.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--signin-url", required=True)
    parser.add_argument("--lineup", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--shots", required=True)
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    cli = CommandLine(args.lineup, args.db)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for scenario in [
            lambda: first_load(browser, args.url),
            lambda: offline_and_back(browser, args.url, cli, args.shots),
            lambda: signing_out_forgets(browser, args.signin_url, cli),
            lambda: signing_out_offline_says_so(browser, args.signin_url, cli),
            lambda: session_ended_forgets(browser, args.signin_url, cli),
        ]:
            try:
                scenario()
            except Exception as error:  # one scenario's failure must not hide the others
                problems.append(f"{type(error).__name__}: {error}")
        browser.close()
    print(json.dumps({"problems": problems, "checked": checked, "measured": measured}, ensure_ascii=False))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
