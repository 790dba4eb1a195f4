#!/usr/bin/env python3
"""End-to-end tests of `lineup serve` in headless Chromium (Debian's `chromium`, driven by Playwright), at a
phone's size with touch and at a desktop size with a mouse, against a real server and the real `lineup`:

    serve_editor.py --url URL --signin-url URL --lineup PATH --db PATH --shots FOLDER

URL is a server without sign-in; SIGNIN-URL one on the same database that requires it (accounts maya, a
coach, and sam, a viewer, both with the password "correct horse"). Every scenario checks the page and what
the command line sees (`lineup show --json`, `lineup history --json`). Prints one JSON object
({"problems": [...], "checked": {...}, "timings": {...}}) and exits 1 when there is a problem.
"""
import argparse
import json
import os
import re
import sys
import time
import urllib.parse
import urllib.request

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

sys.dont_write_bytecode = True  # common.py, imported without writing bytecode beside it
from common import BOAT, CommandLine, check, checked, problems

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "has_touch": False}

timings = {}





def seat_text(page, seat):
    return page.locator(f'[data-seat="{seat}"] .name').inner_text()


def center(page, seat):
    locator = page.locator(f'[data-seat="{seat}"]')
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def wait_for_seat(page, seat, name, timeout=5000):
    page.wait_for_function(
        "([seat, name]) => document.querySelector(`[data-seat=\"${seat}\"] .name`)?.textContent === name",
        arg=[seat, name], timeout=timeout)


def wait_loaded(page, after=0):
    # Generous: applying a plan runs the optimizer twice, slow when the whole suite shares the machine.
    page.wait_for_function("n => Number(document.body.dataset.loaded || 0) > n", arg=after, timeout=30000)


def loads(page):
    return int(page.evaluate("Number(document.body.dataset.loaded || 0)"))


def quiet(page):
    """Waits until the page has not reloaded for half a second (reloads still on their way on a loaded
    machine would reset a drag a scenario starts)."""
    last = loads(page)
    for _ in range(60):
        page.wait_for_timeout(500)
        now = loads(page)
        if now == last:
            return
        last = now


def settle(page, before):
    """Waits until the page has reloaded the boat after a change (it does once the server answered)."""
    wait_loaded(page, before)
    page.wait_for_timeout(50)


class Touch:
    """Touch input through the DevTools protocol: a real touch sequence, so Chromium makes pointer events of
    type touch (and would scroll the page if the page let it)."""

    def __init__(self, page):
        self.session = page.context.new_cdp_session(page)

    def send(self, kind, x=None, y=None):
        points = [] if kind in ("touchEnd", "touchCancel") else [{"x": x, "y": y, "id": 1}]
        self.session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def long_press(self, x, y, hold=0.4):
        self.send("touchStart", x, y)
        time.sleep(hold)

    def move(self, x0, y0, x1, y1, steps=6, pause=0.02):
        for step in range(1, steps + 1):
            self.send("touchMove", x0 + (x1 - x0) * step / steps, y0 + (y1 - y0) * step / steps)
            time.sleep(pause)


def drag_touch(page, seats, release=True):
    touch = Touch(page)
    x, y = center(page, seats[0])
    touch.long_press(x, y)
    for seat in seats[1:]:
        nx, ny = center(page, seat)
        touch.move(x, y, nx, ny)
        x, y = nx, ny
        page.wait_for_timeout(60)
    if release:
        touch.send("touchEnd")
    return touch


def drag_mouse(page, seats, release=True):
    x, y = center(page, seats[0])
    page.mouse.move(x, y)
    page.mouse.down()
    for seat in seats[1:]:
        nx, ny = center(page, seat)
        page.mouse.move(nx, ny, steps=8)
        page.wait_for_timeout(60)
    if release:
        page.mouse.up()


def api(base, path):
    with urllib.request.urlopen(base + path) as response:
        return json.loads(response.read())


def boat_path(suffix=""):
    return "/api/boats/" + urllib.parse.quote(BOAT) + suffix


def three_seat_drag(page, cli, base, size, drag):
    """Catch at one seat, pass over three: one record, two paddlers moved (the origin and the last seat)."""
    before = cli.seats()
    history = len(cli.history())
    origin, path = ("L1", ["R1", "L2", "R2"]) if size == "phone" else ("L3", ["R3", "L4", "R4"])
    last = path[-1]
    # Mid-drag: the page equals the original with O and D exchanged, the displaced paddler at the origin.
    center(page, origin)
    steady = page.locator('[data-seat="D"]').bounding_box()["y"]
    held = drag(page, [origin, *path], release=False)
    # Nothing appears above the seats to move them under the finger.
    moved = page.locator('[data-seat="D"]').bounding_box()["y"]
    check(moved == steady, f"the seats stay put while dragging ({size}): {steady} then {moved}")
    check(seat_text(page, origin) == before[last], f"mid-drag displaced at origin ({size}): {seat_text(page, origin)}")
    check(seat_text(page, last) == before[origin], f"mid-drag caught over last seat ({size})")
    for seat in path[:-1]:
        check(seat_text(page, seat) == before[seat], f"mid-drag passed seats back ({size}): {seat}")
    preview = api(base, boat_path(f"/preview?origin={origin}&target={last}"))
    shown = page.locator("[data-balance]").get_attribute("data-trim")
    expected = preview["moments"]["trim"]
    check(abs(float(shown) - expected) < 0.051, f"live trim as a dot product ({size}): page {shown}, server {expected}")
    page.wait_for_function(
        "h => document.querySelector('[data-axis=\"trim\"] [data-headline]').textContent === h",
        arg=preview["words"][0]["headline"], timeout=5000)
    check(True, f"live verdict words ({size})")
    # At a phone's size the panel is below the seats, so the headlines also show in the bar at the top.
    strip = page.locator('[data-live="trim"]')
    if size == "phone":
        check(strip.is_visible() and strip.inner_text() == preview["words"][0]["headline"],
              f"live verdict in the bar while dragging ({size}): {strip.inner_text()}")
    else:
        check(not strip.is_visible(), f"no second verdict beside the panel ({size})")
    page.screenshot(path=os.path.join(SHOTS, f"serve-{size}-mid-drag.png"))
    before_loads = loads(page)
    if size == "phone":
        held.send("touchEnd")
    else:
        page.mouse.up()
    settle(page, before_loads)
    check(not strip.is_visible(), f"the bar's verdict goes with the drag ({size})")
    after = cli.seats()
    expected_after = dict(before)
    expected_after[origin], expected_after[last] = before[last], before[origin]
    check(after == expected_after, f"three-seat drag moved exactly two ({size})")
    records = cli.history()
    check(len(records) == history + 1, f"three-seat drag is one record ({size}): {len(records) - history}")
    check(records[0]["summary"] == f"{origin} {before[origin]} ⇄ {last} {before[last]}",
          f"the record is the exchange ({size}): {records[0]['summary']}")
    check(seat_text(page, origin) == before[last], f"page shows the drop ({size})")


def cancels(page, cli, size):
    """Esc, pointercancel, a hidden page and a lost focus mid-drag: everyone back, nothing recorded."""
    before = cli.seats()
    history = len(cli.history())
    ways = ["escape", "blur"] if size == "desktop" else ["pointercancel", "hidden"]
    for way in ways:
        if size == "desktop":
            drag_mouse(page, ["L5", "R5", "L6"], release=False)
        else:
            touch = drag_touch(page, ["L5", "R5", "L6"], release=False)
        check(seat_text(page, "L5") == before["L6"], f"cancel: the drag was under way ({size}, {way})")
        if way == "escape":
            page.keyboard.press("Escape")
            page.mouse.up()
        elif way == "blur":
            page.evaluate("window.dispatchEvent(new Event('blur'))")
            page.mouse.up()
        elif way == "pointercancel":
            touch.send("touchCancel")
        elif way == "hidden":
            page.evaluate("""() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});
                document.dispatchEvent(new Event('visibilitychange'));
                delete document.hidden; }""")
            touch.send("touchEnd")
        page.wait_for_timeout(300)
        check(seat_text(page, "L5") == before["L5"] and seat_text(page, "L6") == before["L6"],
              f"cancel puts everyone back ({size}, {way})")
        check("Cancelled" in page.locator("#notice").inner_text(), f"cancel says so ({size}, {way})")
    check(cli.seats() == before, f"cancel changed nothing ({size})")
    check(len(cli.history()) == history, f"cancel recorded nothing ({size})")


def tap_to_place(page, cli, size):
    before = cli.seats()
    history = len(cli.history())
    first, second = ("L7", "B1") if size == "phone" else ("R7", "L8")
    loaded = loads(page)
    if size == "phone":
        page.locator(f'[data-seat="{first}"]').tap()
        page.locator(f'[data-seat="{second}"]').tap()
    else:
        page.locator(f'[data-seat="{first}"]').click()
        page.locator(f'[data-seat="{second}"]').click()
    settle(page, loaded)
    after = cli.seats()
    check(after[first] == before[second] and after[second] == before[first], f"tap-to-place exchanges ({size})")
    check(len(cli.history()) == history + 1, f"tap-to-place is one record ({size})")


def locked_seat(page, cli, size):
    loaded = loads(page)
    cli.run("lock", "R9", "-b", BOAT)
    settle(page, loaded)
    check("locked" in page.locator('[data-seat="R9"]').get_attribute("class"), f"a lock shows ({size})")
    before = cli.seats()
    history = len(cli.history())
    # Caught: refused. Displaced: refused (the drag stays where it was), so the drop records nothing.
    if size == "phone":
        drag_touch(page, ["R9", "L9"])
        drag_touch(page, ["L9", "R9"])
    else:
        drag_mouse(page, ["R9", "L9"])
        drag_mouse(page, ["L9", "R9"])
    page.wait_for_timeout(300)
    check("is locked" in page.locator("#notice").inner_text(), f"a locked seat says so ({size})")
    check(cli.seats() == before and len(cli.history()) == history, f"a locked seat refuses ({size})")
    loaded = loads(page)
    cli.run("unlock", "R9", "-b", BOAT)
    settle(page, loaded)


def undo_then_redo_on_the_command_line(page, cli, size):
    before = cli.seats()
    board = cli.board()
    last = cli.history()[0]
    loaded = loads(page)
    page.locator("#undo").click()
    settle(page, loaded)
    records = cli.history()
    check(records[0]["id"] == last["id"] and records[0]["undone"], f"the page's undo is the command line's ({size})")
    # The last record may be a lock's (the scenario before unlocks a seat), so locks count as well.
    check(cli.board() != board, f"undo changed the boat ({size})")
    loaded = loads(page)
    cli.run("redo", "-b", BOAT)
    settle(page, loaded)
    check(cli.board() == board, f"the command line redoes the page's undo ({size})")
    for seat, name in before.items():
        if seat.startswith(("L", "R")):
            check(seat_text(page, seat) == name, f"the page shows the redo ({size}): {seat}")


def command_line_change_appears(page, cli, size):
    before = cli.seats()
    started = time.monotonic()
    cli.run("exchange", "L10", "R10", "-b", BOAT)
    wait_for_seat(page, "L10", before["R10"], timeout=3000)
    elapsed = time.monotonic() - started
    timings[f"command line change shown ({size}), s"] = round(elapsed, 3)
    check(elapsed < 1.0, f"a command-line change appears within a second ({size}): {elapsed:.2f} s")


def refused_drop(page, cli, size):
    """Another coach moves the paddler meanwhile: the drop is refused with who is where, the view reloads."""
    before = cli.seats()
    if size == "phone":
        touch = drag_touch(page, ["L2", "R2"], release=False)
    else:
        drag_mouse(page, ["L4", "R4"], release=False)
    origin = "L2" if size == "phone" else "L4"
    cli.run("exchange", origin, "B3", "-b", BOAT)
    history = len(cli.history())
    after_other = cli.seats()
    page.wait_for_timeout(400)
    loaded = loads(page)
    if size == "phone":
        touch.send("touchEnd")
    else:
        page.mouse.up()
    settle(page, loaded)
    text = page.locator("#notice").inner_text()
    check("cannot drop" in text and f"{origin} is now {before['B3']}" in text,
          f"a stale drop is refused with who is where ({size}): {text}")
    check(len(cli.history()) == history and cli.seats() == after_other, f"a stale drop changes nothing ({size})")
    check(seat_text(page, origin) == after_other[origin], f"the view reloads after a refusal ({size})")


def page_details(page, cli, size):
    """What trials found on a phone: inactive paddlers unmarked, weights wrapping, a notice over the last rows,
    a padlock drawn with an emoji font the machine may lack, a tab opening out of sight."""
    seated = cli.seats()["L5"]
    loaded = loads(page)
    cli.run("roster", "update", seated, "--inactive")
    settle(page, loaded)
    seat = page.locator('[data-seat="L5"]')
    check("inactive" in seat.get_attribute("class") and "inactive" in seat.locator(".weight").inner_text(),
          f"an inactive paddler is marked where they sit ({size})")
    loaded = loads(page)
    cli.run("roster", "update", seated, "--active")
    settle(page, loaded)
    check("inactive" not in page.locator('[data-seat="L5"]').get_attribute("class"),
          f"the mark goes when they are active again ({size})")
    wrapped = page.evaluate("""() => [...document.querySelectorAll('.seat .weight')]
        .filter((el) => el.textContent && el.offsetHeight > parseFloat(getComputedStyle(el).fontSize) * 1.6)
        .map((el) => el.closest('[data-seat]').dataset.seat + ': ' + el.textContent)""")
    check(not wrapped, f"weights stay on one line ({size}): {wrapped}")

    last = "R10"
    loaded = loads(page)
    cli.run("lock", last, "-b", BOAT)
    settle(page, loaded)
    padlock = page.evaluate(
        "s => getComputedStyle(document.querySelector(`[data-seat=\"${s}\"] .ref`), '::before').backgroundImage",
        last)
    check("data:image/svg+xml" in padlock, f"the padlock is drawn, not an emoji ({size}): {padlock[:40]}")
    if size == "phone":
        page.locator(f'[data-seat="{last}"]').tap()
    else:
        page.locator(f'[data-seat="{last}"]').click()
    page.wait_for_timeout(200)
    check(page.locator("#notice").is_visible(), f"tapping a locked seat says so ({size})")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    covered = page.evaluate("""s => {
        const seat = document.querySelector(`[data-seat="${s}"]`).getBoundingClientRect();
        const box = document.querySelector('#notice').getBoundingClientRect();
        return seat.bottom > box.top && seat.top < box.bottom;
    }""", last)
    bench_covered = page.evaluate("""() => {
        const box = document.querySelector('#notice').getBoundingClientRect();
        return [...document.querySelectorAll('#bench [data-seat]')].some((el) => {
            const r = el.getBoundingClientRect();
            return r.bottom > box.top && r.top < box.bottom;
        });
    }""")
    check(not covered and not bench_covered, f"the page scrolls the last seats clear of a notice ({size})")
    loaded = loads(page)
    cli.run("unlock", last, "-b", BOAT)
    settle(page, loaded)
    page.evaluate("window.scrollTo(0, 0)")

    for tab in ["plan", "history", "check", "roster"]:
        page.locator(f'[data-tab="{tab}"]').click()
        page.wait_for_timeout(150)
        top = page.evaluate(f"document.querySelector('#tab-{tab}').getBoundingClientRect().top")
        bar = page.evaluate("document.querySelector('.bar').getBoundingClientRect().bottom")
        height = page.evaluate("window.innerHeight")
        check(bar - 1 <= top < height * 0.8,
              f"the {tab} tab's panel comes into view below the bar ({size}): top {top:.0f}, bar {bar:.0f}, of {height}")
        page.evaluate("window.scrollTo(0, 0)")
    page.locator('[data-tab="boat"]').click()


def tap_or_click(page, seat, size):
    locator = page.locator(f'[data-seat="{seat}"]')
    if size == "phone":
        locator.tap()
    else:
        locator.click()


def change_feedback(page, cli, size):
    """A drop says what it did to the crew rules; a drop the server never got is not shown as made; a selection
    or a boat that changed under the page is let go, saying so."""
    name = cli.seats()["L3"]
    roster = {p["name"]: p for p in json.loads(cli.run("roster", "list", "--json"))}
    side = roster[name]["side"]
    loaded = loads(page)
    cli.run("roster", "update", name, "--side", "left")
    settle(page, loaded)
    before = set(json.loads(cli.run("show", "--json", "-b", BOAT))["rules"]["warnings"])
    loaded = loads(page)
    tap_or_click(page, "L3", size)
    tap_or_click(page, "R3", size)
    settle(page, loaded)
    added = set(json.loads(cli.run("show", "--json", "-b", BOAT))["rules"]["warnings"]) - before
    shown = page.locator("#notice").inner_text()
    check(added and all(text in shown for text in added),
          f"a drop says which rule warnings it added ({size}): {sorted(added)} in {shown!r}")
    # Back as they were by exchanging again (an undo would leave an undone record for the next scenario's
    # change to discard, and the record counts there would be off by one).
    loaded = loads(page)
    cli.run("exchange", "L3", "R3", "-b", BOAT)
    cli.run("roster", "update", name, "--side", side)
    settle(page, loaded)

    # Offline: the exchange is refused at once (never kept to send later), and the boat stays as saved.
    seats, history = cli.seats(), len(cli.history())
    page.context.set_offline(True)
    tap_or_click(page, "L4", size)
    tap_or_click(page, "R4", size)
    page.wait_for_timeout(500)
    check("Offline: cannot move a paddler" in page.locator("#notice").inner_text(),
          f"a drop offline is refused at once ({size})")
    check(seat_text(page, "L4") == seats["L4"] and seat_text(page, "R4") == seats["R4"],
          f"an unsent drop is not shown as made ({size})")
    page.context.set_offline(False)
    check(cli.seats() == seats and len(cli.history()) == history, f"an unsent drop changed nothing ({size})")
    cli.run("exchange", "L4", "R4", "-b", BOAT)
    # Back online the page reads everything again by itself, and again when the feed tells of the change: wait
    # for the change to show, not for the next reload, which may be the first and read the boat before it.
    try:
        wait_for_seat(page, "L4", seats["R4"], timeout=5000)
    except PlaywrightTimeoutError:
        pass
    check(seat_text(page, "L4") == seats["R4"], f"back online, changes show again ({size})")
    quiet(page)
    loaded = loads(page)
    cli.run("exchange", "L4", "R4", "-b", BOAT)
    settle(page, loaded)

    # A selected paddler moved by someone else: the selection goes.
    at_l5, at_b1 = cli.seats()["L5"], cli.seats()["B1"]
    tap_or_click(page, "L5", size)
    loaded = loads(page)
    cli.run("exchange", "L5", "B1", "-b", BOAT)
    settle(page, loaded)
    check(page.locator(".seat.selected").count() == 0 and "selection was cleared" in page.locator("#notice").inner_text(),
          f"a selection whose paddler moved meanwhile is let go ({size})")
    loaded = loads(page)
    cli.run("exchange", at_l5, at_b1, "-b", BOAT)
    settle(page, loaded)

    # On a phone, a paddler held near the top edge scrolls the page towards the front rows.
    if size == "phone":
        seats, history = cli.seats(), len(cli.history())
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_timeout(100)
        bench = page.locator('[data-seat="B2"]').bounding_box()
        x, y = bench["x"] + bench["width"] / 2, bench["y"] + bench["height"] / 2
        before = page.evaluate("window.scrollY")
        touch = Touch(page)
        touch.long_press(x, y)
        touch.move(x, y, x, 70)
        page.wait_for_timeout(1200)
        after = page.evaluate("window.scrollY")
        touch.send("touchCancel")
        page.wait_for_timeout(200)
        check(after < before - 400, f"a paddler held at the top edge scrolls the page ({size}): {before} then {after}")
        check(cli.seats() == seats and len(cli.history()) == history, f"the held drag, cancelled, changed nothing ({size})")
        page.evaluate("window.scrollTo(0, 0)")

    # The boat on the page deleted meanwhile: the page says so and carries nothing over.
    cli.run("boat", "create", "Spare boat")
    page.wait_for_function("() => [...document.querySelectorAll('#boat-menu [data-boat]')].some((o) => o.dataset.boat === 'Spare boat')")
    loaded = loads(page)
    page.locator("#boat-menu-button").click()
    page.locator('#boat-menu [data-boat="Spare boat"]').click()
    settle(page, loaded)
    cli.run("boat", "delete", "Spare boat", "--force")
    # Waits for what the deletion shows, not for the next reload: on a loaded machine a reload from the
    # spare boat's creation can land after the deletion was made and before the page heard of it.
    try:
        page.wait_for_function(
            "boat => (document.querySelector('#notice').textContent || '').includes('no longer there')"
            " && document.querySelector('#boat-menu-button').dataset.boat === boat", arg=BOAT, timeout=30000)
        gone = True
    except PlaywrightTimeoutError:
        gone = False
    check(gone, f"a boat deleted meanwhile is said to be gone ({size})")
    page.wait_for_timeout(50)


def keyboard_path(page, cli):
    # The page settles on the boat before keys are pressed (the scenario before this ends on a reload).
    page.wait_for_function("boat => document.querySelector('#boat-menu-button').dataset.boat === boat", arg=BOAT, timeout=30000)
    quiet(page)
    before = cli.seats()
    page.locator('[data-seat="L6"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    check(seat_text(page, "L6") == before["R6"], "keyboard: arrows drag over places")
    loaded = loads(page)
    page.keyboard.press("Enter")
    settle(page, loaded)
    after = cli.seats()
    check(after["L6"] == before["R6"] and after["R6"] == before["L6"], "keyboard: Enter drops as one exchange")


def apply_plan(page, cli):
    history = len(cli.history())
    page.locator('[data-tab="plan"]').click()
    # The objective the coach picks is the one asked for; balance, the default, is then asked for again.
    page.locator("#plan-form select[name=objective]").select_option("strength")
    with page.expect_response(lambda response: "/plan?" in response.url) as asked:
        page.locator("#plan-form button[type=submit]").click()
    check(urllib.parse.parse_qs(urllib.parse.urlparse(asked.value.url).query).get("objective") == ["strength"]
          and asked.value.status == 200, "the plan form asks for the objective chosen")
    # A strength plan says its seat fit, as `lineup optimize --objective strength` does.
    page.wait_for_selector("#plan .plan-note", timeout=20000)
    check(any(text.startswith("Seat fit: ") for text in page.locator("#plan .plan-note").all_text_contents()),
          "a strength plan shows its seat fit")
    # The cap is on people who change place, as on the command line.
    page.locator("#plan-form input[name=max_moves]").fill("2")
    with page.expect_response(lambda response: "/plan?" in response.url) as capped:
        page.locator("#plan-form button[type=submit]").click()
    check(urllib.parse.parse_qs(urllib.parse.urlparse(capped.value.url).query).get("max_moves") == ["2"]
          and capped.value.status == 200 and capped.value.json()["people_moved"] <= 2,
          "the plan form caps the people who move")
    page.locator("#plan-form input[name=max_moves]").fill("")
    page.locator("#plan-form select[name=objective]").select_option("balance")
    with page.expect_response(lambda response: "/plan?" in response.url and "objective" not in response.url):
        page.locator("#plan-form button[type=submit]").click()
    page.wait_for_selector("#apply-plan", timeout=20000)
    loaded = loads(page)
    page.locator("#apply-plan").click()
    settle(page, loaded)
    records = cli.history()
    check(len(records) == history + 1 and records[0]["summary"].startswith("optimize: "),
          "the optimizer's plan applies as one record")
    page.locator('[data-tab="boat"]').click()


# What the page shows at the finger while a paddler is held there: the seat highlighted, the seat whose box
# holds the finger (boxes, not the page's own hit test), whether anything drawn over the page (the bar, whatever
# shows in or under it, a notice: any fixed or sticky element but the dragged name) covers the finger, how far
# down that cover reaches, and the scroll.
FINGER = """([x, y]) => {
    const inside = (r) => r.width > 0 && r.height > 0 && x >= r.left && x < r.right && y >= r.top && y < r.bottom;
    const roots = [...document.querySelectorAll('body *')].filter((el) => el.id !== 'ghost'
        && ['fixed', 'sticky'].includes(getComputedStyle(el).position));
    const covers = roots.flatMap((root) => [root, ...root.querySelectorAll('*')])
        .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
    const seat = [...document.querySelectorAll('[data-seat]')].find((el) => inside(el.getBoundingClientRect()));
    return {
        over: [...document.querySelectorAll('.seat.over')].map((el) => el.dataset.seat),
        finger: seat ? seat.dataset.seat : null,
        covered: covers.filter((el) => inside(el.getBoundingClientRect())).map((el) => el.id || el.className)[0] || null,
        // From the top of the window down, as far as covers touching one another reach.
        coverBottom: covers.map((el) => el.getBoundingClientRect()).filter((r) => r.height < innerHeight / 2)
            .sort((a, b) => a.top - b.top).reduce((bottom, r) => (r.top <= bottom + 1 ? Math.max(bottom, r.bottom) : bottom), 0),
        scroll: window.scrollY,
        dragging: document.body.classList.contains('dragging'),
    };
}"""

# The boat's seats front to back, and where each is on the screen now.
SEAT_BOXES = """() => Object.fromEntries([...document.querySelectorAll('#boat [data-seat], #bench [data-seat]')]
    .map((el) => { const r = el.getBoundingClientRect(); return [el.dataset.seat, [r.left, r.top, r.right, r.bottom]]; }))"""


def exchanged(seats, a, b):
    after = dict(seats)
    after[a], after[b] = seats[b], seats[a]
    return after


def hold_still(page, x, y, seconds, target, size, label):
    """Samples the page while the finger stays at (x, y): always the target highlighted, under the finger and
    uncovered, and the page never scrolled."""
    first = page.evaluate(FINGER, [x, y])
    samples = [first]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        page.wait_for_timeout(100)
        samples.append(page.evaluate(FINGER, [x, y]))
    scrolls = sorted({s["scroll"] for s in samples})
    check(len(scrolls) == 1, f"a finger held still never scrolls the page ({size}): {label}, scrollY {scrolls}")
    wrong = [s for s in samples if s["over"] != [target] or s["finger"] != target or s["covered"]]
    shown = wrong[0] if wrong else first
    check(not wrong, f"the seat under a finger held still is the one highlighted ({size}): {label}, meant {target}, "
          f"highlighted {shown['over']}, under the finger {shown['finger']}, covered by {shown['covered']}, "
          f"{len(wrong)} of {len(samples)} samples wrong")


def bench_in_view(page, block):
    page.evaluate("b => document.querySelector('[data-seat=\"B1\"]').scrollIntoView({block: b})", block)
    page.wait_for_timeout(30)


def held_below_the_bar(page, cli, size):
    """The issue: a paddler from the bench held still on the first seat just below the top bar for 2 s, then
    dropped. The bar must not grow over the seats, nothing may scroll, and the drop lands in that seat."""
    before = cli.seats()
    history = len(cli.history())
    bar_before = page.evaluate("document.querySelector('.bar').getBoundingClientRect().bottom")
    bench_in_view(page, "end")
    x, y = center(page, "B1")
    touch = Touch(page)
    touch.long_press(x, y, hold=0.3)
    state = page.evaluate(FINGER, [x, y])
    check(state["dragging"], f"a long press on the bench catches ({size})")
    check(state["coverBottom"] <= bar_before + 1,
          f"the bar does not grow over the seats while dragging ({size}): {bar_before:.0f} then {state['coverBottom']:.0f}")
    # The first seat with a finger's worth of it in sight below the cover, held a fingertip into what shows.
    cover = state["coverBottom"]
    boxes = page.evaluate(SEAT_BOXES)
    order = ["D"] + [f"{side}{row}" for row in range(1, 11) for side in "LR"] + ["S"]
    target = next(seat for seat in order if boxes[seat][3] - max(boxes[seat][1], cover) >= 34)
    left, top, right, bottom = boxes[target]
    tx, ty = (left + right) / 2, max(top, cover) + 20
    touch.move(x, y, tx, ty, steps=4, pause=0)
    page.wait_for_timeout(150)
    hold_still(page, tx, ty, 2.0, target, size, f"{target} at y {ty:.0f} below a cover to {cover:.0f}")
    after, changed = lift_and_compare(page, touch, cli, before)
    check(after == exchanged(before, "B1", target),
          f"the drop after holding still lands in the seat held ({size}): meant B1 and {target}, changed {changed}")
    check(len(cli.history()) == history + 1, f"holding still then dropping is one record ({size})")


def lift_and_compare(page, touch, cli, before):
    """Lifts the finger, waits for the page to show the result, and returns the seats as the command line reads
    them afterwards with the seats whose occupant changed from `before`."""
    loaded = loads(page)
    touch.send("touchEnd")
    settle(page, loaded)
    after = cli.seats()
    return after, sorted(seat for seat in after if after[seat] != before.get(seat))


def bench_to_every_row(page, cli, size):
    """From the bench to D, a seat of every row (left and right in turn) and S: the finger holds the bar to
    scroll the front rows into view where needed, then goes to the seat and drops there, exactly."""
    targets = ["D"] + [f"{'L' if row % 2 else 'R'}{row}" for row in range(1, 11)] + ["S"]
    before = cli.seats()
    for target in targets:
        bench_in_view(page, "end")
        x, y = center(page, "B1")
        touch = Touch(page)
        touch.long_press(x, y, hold=0.3)
        state = page.evaluate(FINGER, [x, y])
        box = page.evaluate(SEAT_BOXES)[target]
        height = page.viewport_size["height"]
        if box[1] < state["coverBottom"] + 2:
            # Held on the bar, the page scrolls towards the bow until the seat is in view.
            bx, by = x, state["coverBottom"] / 2
            touch.move(x, y, bx, by, steps=2, pause=0)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                box = page.evaluate(SEAT_BOXES)[target]
                if box[1] >= state["coverBottom"] + 8 and box[3] < height - 60:
                    break
                page.wait_for_timeout(25)
            # Off the bar, and only then where the seat is now.
            x, y = bx, state["coverBottom"] + 12
            touch.move(bx, by, x, y, steps=1, pause=0)
            page.wait_for_timeout(60)
            box = page.evaluate(SEAT_BOXES)[target]
        tx, ty = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        touch.move(x, y, tx, ty, steps=3, pause=0)
        page.wait_for_timeout(60)
        hold_still(page, tx, ty, 0.3, target, size, f"bench to {target}")
        after, changed = lift_and_compare(page, touch, cli, before)
        check(after == exchanged(before, "B1", target),
              f"a drag from the bench lands where the finger is ({size}): meant B1 and {target}, changed {changed}")
        before = after


def front_to_bench(page, cli, size):
    """The other way: D pushed into the bottom edge, where a strip shows under the finger and the page scrolls
    down while it is held there; then up off the strip to the bench, and dropped there."""
    before = cli.seats()
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(30)
    x, y = center(page, "D")
    height = page.viewport_size["height"]
    touch = Touch(page)
    touch.long_press(x, y, hold=0.3)
    start = page.evaluate("window.scrollY")
    touch.move(x, y, x, height - 30, steps=3, pause=0)
    touch.move(x, height - 30, x, height - 12, steps=2, pause=0)
    strip = None
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        state = page.evaluate(FINGER, [x, height - 12])
        strip = strip or state["covered"]
        box = page.evaluate(SEAT_BOXES)["B1"]
        if box[3] <= height - 60:
            break
        page.wait_for_timeout(25)
    check(strip == "edge-strip" and state["over"] == [],
          f"pushed into the bottom edge, the finger is on the scroll strip, over no seat ({size}): {strip}, {state['over']}")
    # Off the strip, and only then where the bench is now.
    touch.move(x, height - 12, x, height - 80, steps=1, pause=0)
    page.wait_for_timeout(60)
    scrolled = page.evaluate("window.scrollY")
    check(scrolled > start + 200, f"a paddler pushed into the bottom edge scrolls the page down ({size}): {start} then {scrolled}")
    box = page.evaluate(SEAT_BOXES)["B1"]
    tx, ty = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    touch.move(x, height - 80, tx, ty, steps=3, pause=0)
    page.wait_for_timeout(60)
    hold_still(page, tx, ty, 0.3, "B1", size, "D to the bench")
    after, changed = lift_and_compare(page, touch, cli, before)
    check(after == exchanged(before, "D", "B1"), f"a drag to the bench lands where the finger is ({size}): changed {changed}")


# Controls drawn smaller than a finger (44 by 44 CSS px) in sight now: a control inside a label counts the label.
SMALL_TARGETS = """() => [...document.querySelectorAll('button, select, input, label, [role=tab]')]
    .filter((el) => !(el.matches('input') && el.closest('label')) && !el.closest('[hidden], #ghost')
        && el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
    .map((el) => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([el, r]) => `${el.id || el.dataset.seat || el.dataset.tab || el.textContent.trim().slice(0, 20)} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def tabs_and_targets(page, cli, size):
    """Every control a finger's size; the tabs fit the width and each shows its view alone, just below them; a
    first tap on a bench paddler says what the second does, in the bar, which keeps its height."""
    page.evaluate("window.scrollTo(0, 0)")
    width = page.viewport_size["width"]
    small = page.evaluate(SMALL_TARGETS)
    check(not small, f"tap targets are at least 44x44 on the boat ({size}): {small}")
    tabs = page.evaluate("""() => [...document.querySelectorAll('.tabs [data-tab]')]
        .map((el) => { const r = el.getBoundingClientRect(); return [el.dataset.tab, r.left, r.right]; })""")
    outside = [name for name, left, right in tabs if left < 0 or right > width]
    check(len(tabs) == 6 and not outside, f"the tabs fit the width ({size}): {outside} outside {width}")
    for tab in ["day", "history", "roster", "check", "plan", "boat"]:
        page.locator(f'[data-tab="{tab}"]').tap()
        page.wait_for_timeout(150)
        shown = page.evaluate("""() => [...document.querySelectorAll('.tab-panel')]
            .filter((el) => el.getClientRects().length).map((el) => el.id)""")
        gap = page.evaluate(f"""() => document.querySelector('#tab-{tab}').getBoundingClientRect().top
            - document.querySelector('.tabs').getBoundingClientRect().bottom""")
        check(shown == [f"tab-{tab}"] and abs(gap) < 2,
              f"tapping a tab shows its view alone, just below the tabs ({size}): {tab}: {shown}, {gap:.0f} px below")
        small = page.evaluate(SMALL_TARGETS)
        check(not small, f"tap targets are at least 44x44 in every view ({size}): {tab}: {small}")
    bar = page.evaluate("document.querySelector('.bar').getBoundingClientRect().height")
    seat = page.locator('[data-seat="B2"]')
    name = seat.locator(".name").inner_text()
    seat.tap()
    page.wait_for_timeout(150)
    hint = page.locator("#tap-hint")
    text = hint.inner_text() if hint.is_visible() else ""
    after = page.evaluate("document.querySelector('.bar').getBoundingClientRect()")
    check(name in text and "now tap a seat" in text and after["top"] <= 0 <= after["bottom"] and abs(after["height"] - bar) < 1,
          f"after a first tap the bar says to tap a seat ({size}): {text!r}, bar {bar:.0f} then {after['height']:.0f}")
    if hint.is_visible():
        page.locator("#tap-hint-cancel").tap()
    else:
        seat.tap()
    page.wait_for_timeout(150)
    check(text and not hint.is_visible() and page.locator(".seat.selected").count() == 0,
          f"the hint's Cancel lets the paddler go ({size})")


def touch_drops(browser, cli, url):
    """The phone sizes, each a fresh page: a finger held still below the bar, the bench to every row, the front to
    the bench, and the tabs, tap targets and tap-to-place hint."""
    for size, viewport in [("390x844", {"width": 390, "height": 844}), ("360x640", {"width": 360, "height": 640})]:
        context = browser.new_context(**dict(PHONE, viewport=viewport))
        page = context.new_page()
        page.goto(url)
        wait_loaded(page)
        page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)", timeout=15000)
        quiet(page)
        started = time.monotonic()
        for scenario in [held_below_the_bar, bench_to_every_row, front_to_bench, tabs_and_targets]:
            try:
                scenario(page, cli, size)
            except Exception as error:
                problems.append(f"{scenario.__name__} ({size}): {type(error).__name__}: {error}")
        timings[f"touch drops ({size}), s"] = round(time.monotonic() - started, 3)
        context.close()


def signed_in(browser, url, cli):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#sign-in:not([hidden])")
    check(page.locator("[data-seat]").count() == 0 or not page.locator("#app").is_visible(), "sign-in first")
    check(not page.locator("#boat-menu-button").is_visible(), "no empty boat drop-down before sign-in")
    page.fill("input[name=name]", "sam")
    page.fill("input[name=password]", "wrong password")
    page.click("#sign-in-form button")
    # A function, not an expression: the page's content policy forbids the eval an expression needs.
    page.wait_for_function("() => document.querySelector('#sign-in-error').textContent.length > 0")
    check("wrong" in page.locator("#sign-in-error").inner_text(), "a wrong password says so")
    page.fill("input[name=password]", "correct horse")
    page.click("#sign-in-form button")
    wait_loaded(page)
    check("read-only" in page.locator("#who").inner_text(), "a viewer's page says read-only")
    check(not page.locator("#undo").is_visible(), "a viewer has no undo")
    shown = page.locator("#boat").inner_text() + page.locator("[data-balance]").inner_text()
    check(not re.search(r"\d\s?(kg|lb)|undefined|NaN", shown), f"a viewer sees no weight (hidden by default): {shown!r}")
    before = cli.seats()
    history = len(cli.history())
    drag_touch(page, ["L1", "R1"])
    page.locator('[data-seat="L2"]').tap()
    page.locator('[data-seat="R2"]').tap()
    page.wait_for_timeout(400)
    check(cli.seats() == before and len(cli.history()) == history, "a viewer cannot change the boat")
    page.screenshot(path=os.path.join(SHOTS, "serve-phone-viewer.png"))
    context.close()
    coach = browser.new_context(**DESKTOP)
    page = coach.new_page()
    page.goto(url)
    page.fill("input[name=name]", "maya")
    page.fill("input[name=password]", "correct horse")
    page.click("#sign-in-form button")
    wait_loaded(page)
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)", timeout=15000)
    quiet(page)
    loaded = loads(page)
    page.locator('[data-seat="L3"]').click()
    page.locator('[data-seat="R3"]').click()
    settle(page, loaded)
    check(len(cli.history()) == history + 1, "a signed-in coach changes the boat")
    coach.close()


def main():
    global SHOTS
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--signin-url", required=True)
    parser.add_argument("--lineup", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--shots", required=True)
    args = parser.parse_args()
    SHOTS = args.shots
    os.makedirs(SHOTS, exist_ok=True)
    cli = CommandLine(args.lineup, args.db)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for size, options, drag in [("phone", PHONE, drag_touch), ("desktop", DESKTOP, drag_mouse)]:
            context = browser.new_context(**options)
            page = context.new_page()
            missing = []
            page.on("response", lambda response: missing.append(response.url) if response.status == 404 else None)
            page.goto(args.url)
            wait_loaded(page)
            # The page reads the boat again once its service worker takes over (to save it for offline):
            # wait for that, so that no scenario counts that reading as its own.
            page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)", timeout=15000)
            quiet(page)
            page.wait_for_timeout(300)
            check(not missing, f"the page loads without a 404 ({size}): {missing}")
            check(page.locator("[data-seat]").count() >= 22 and page.locator("[data-balance]").count() == 1,
                  f"markup contract ({size})")
            for scenario in [three_seat_drag, cancels, tap_to_place, locked_seat, undo_then_redo_on_the_command_line,
                             command_line_change_appears, refused_drop, page_details, change_feedback]:
                try:
                    if scenario is three_seat_drag:
                        scenario(page, cli, args.url, size, drag)
                    else:
                        scenario(page, cli, size)
                except Exception as error:  # one scenario's failure must not hide the others
                    problems.append(f"{scenario.__name__} ({size}): {type(error).__name__}: {error}")
            if size == "desktop":
                for scenario in [keyboard_path, apply_plan]:
                    try:
                        scenario(page, cli)
                    except Exception as error:
                        problems.append(f"{scenario.__name__}: {type(error).__name__}: {error}")
            height = page.evaluate("document.documentElement.scrollHeight")
            page.set_viewport_size({"width": options["viewport"]["width"], "height": min(height, 4000)})
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=os.path.join(SHOTS, f"serve-{size}.png"))
            context.close()
        touch_drops(browser, cli, args.url)
        try:
            signed_in(browser, args.signin_url, cli)
        except Exception as error:
            problems.append(f"signed_in: {type(error).__name__}: {error}")
        browser.close()
    print(json.dumps({"problems": problems, "checked": checked, "timings": timings}, ensure_ascii=False))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
