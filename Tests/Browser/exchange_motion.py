#!/usr/bin/env python3
"""The exchange's own feedback in headless Chromium (Debian's `chromium`, driven by Playwright), at a phone's size
with touch and at a desktop size with a mouse, against a real server and the real `lineup`:

    exchange_motion.py --url URL --signin-url URL --lineup PATH --db PATH --shots FOLDER

As the original component (SSCollectionViewExchangeController) animates an exchange: the catch lifts a snapshot
of the paddler's card; the paddler displaced slides to the origin at lowered opacity and the one displaced before
slides home; the release sets the snapshot down on its seat and fades it, and the record is asked for at once; a
cancel slides everyone home. Animated copies never take the hit test. Under prefers-reduced-motion nothing moves
and everything still works. Prints one JSON object ({"problems": [...], "checked": {...}, "timings": {...}}) and
exits 1 when there is a problem. (SIGNIN-URL is accepted as the other browser scripts take it, and unused.)
"""
import argparse
import json
import sys
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

sys.dont_write_bytecode = True  # common.py and serve_editor.py, imported without writing bytecode beside them
from common import CommandLine, check, checked, problems
from serve_editor import DESKTOP, PHONE, Touch, center, loads, quiet, seat_text, settle, wait_loaded

timings = {}

# The animations running now, each with what it moves: the seat it is in, the paddler a moving copy carries, or
# the snapshot.
RUNNING = """() => document.getAnimations().filter((a) => a.playState === 'running').map((a) => {
    const target = a.effect && a.effect.target;
    return {
        seat: target && target.closest('[data-seat]') ? target.closest('[data-seat]').dataset.seat : null,
        flyer: target && target.classList.contains('flyer') ? target.dataset.paddler : null,
        snapshot: Boolean(target && (target.id === 'ghost' || target.classList.contains('snapshot'))),
    };
})"""

# The moving copies of cards now: whom each carries, its opacity and the one it slides towards, and what the page's hit test finds at its
# centre (the seat there, never the copy).
FLYERS = """() => [...document.querySelectorAll('#motion .flyer')].map((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const slide = el.getAnimations()[0];
    return { paddler: el.dataset.paddler, opacity: Number(getComputedStyle(el).opacity),
             towards: slide ? Number(slide.effect.getKeyframes().at(-1).opacity) : null,
             hit: hit && hit.closest('[data-seat]') ? hit.closest('[data-seat]').dataset.seat : null,
             hitMotion: Boolean(hit && hit.closest('#motion')) };
})"""

# Before a release: notes when the pointer (or finger) comes up, and when a snapshot copy comes and goes.
WATCH_RELEASE = """() => {
    window.__motion = { up: null, added: null, gone: null };
    document.addEventListener('pointerup', () => { window.__motion.up = performance.now(); },
        { capture: true, once: true });
    new MutationObserver((records) => {
        for (const record of records) {
            for (const node of record.addedNodes) if (node.classList && node.classList.contains('snapshot')) window.__motion.added = performance.now();
            for (const node of record.removedNodes) if (node.classList && node.classList.contains('snapshot')) window.__motion.gone = performance.now();
        }
    }).observe(document.querySelector('#motion') || document.body, { childList: true, subtree: true });
}"""

# Every seat and everything in it: transitions with a duration.
SEAT_TRANSITIONS = """() => [...document.querySelectorAll('.seat, .seat *')]
    .filter((el) => getComputedStyle(el).transitionDuration.split(',').some((d) => parseFloat(d) > 0))
    .map((el) => (el.closest('[data-seat]') || el).dataset.seat)"""

class Pointer:
    """One finger (CDP touch events, as serve_editor.py's Touch) or the mouse, held down and moved at once."""

    def __init__(self, page, size):
        self.page = page
        self.touch = Touch(page) if size == "phone" else None
        self.at = None

    def catch(self, seat):
        x, y = center(self.page, seat)
        self.at = (x, y)
        if self.touch:
            self.touch.long_press(x, y, hold=0.3)
        else:
            self.page.mouse.move(x, y)
            self.page.mouse.down()
            self.page.mouse.move(x + 6, y + 2)
            self.at = (x + 6, y + 2)

    def over(self, seat):
        """Straight over `seat`'s centre, in two quick steps, without waiting."""
        box = self.page.locator(f'[data-seat="{seat}"]').bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if self.touch:
            self.touch.move(*self.at, x, y, steps=2, pause=0)
        else:
            self.page.mouse.move(x, y, steps=2)
        self.at = (x, y)

    def lift(self):
        if self.touch:
            self.touch.send("touchEnd")
        else:
            self.page.mouse.up()

# Every animation the page starts from now on, as whether it moves the snapshot: a lift of 0.2 s may be over
# before a loaded machine gets to look at the running ones.
RECORD_STARTS = """() => {
  if (!window.__startedAnimations) {
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
      window.__startedAnimations.push(this.id === 'ghost' || this.classList.contains('snapshot'));
      return animate.apply(this, args);
    };
  }
  window.__startedAnimations = [];
}"""

def catch_lifts_a_snapshot(page, size, pointer, origin):
    page.evaluate(RECORD_STARTS)
    pointer.catch(origin)
    running = page.evaluate(RUNNING)
    running += [{"snapshot": True} for started in page.evaluate("() => window.__startedAnimations") if started]
    ghost = page.evaluate("""s => { const g = document.querySelector('#ghost');
        return { shown: !g.hidden, name: (g.querySelector('.name') || {}).textContent || '',
                 width: g.offsetWidth,
                 seat: document.querySelector(`[data-seat="${s}"]`).getBoundingClientRect().width }; }""", origin)
    check(ghost["shown"] and ghost["name"] == seat_text(page, origin) and abs(ghost["width"] - ghost["seat"]) < 2,
          f"the catch lifts a copy of the seat's card ({size}): {ghost}")
    check(any(a["snapshot"] for a in running), f"the snapshot is lifted by an animation ({size}): {running}")

def displaced_slides(page, cli, size):
    """Over one seat, then another: the paddler displaced slides to the origin at lowered opacity (the seat's own
    card held invisible until the copy lands), the one displaced before slides home; nothing moving takes the
    hit test; the release asks for the record at once, sets the snapshot down and fades it within half a
    second."""
    origin, first, second = ("L1", "R1", "L2") if size == "phone" else ("L3", "R3", "L4")
    before = cli.seats()
    history = len(cli.history())
    page.evaluate("window.scrollTo(0, 0)")
    quiet(page)
    pointer = Pointer(page, size)
    catch_lifts_a_snapshot(page, size, pointer, origin)
    pointer.over(first)
    running = page.evaluate(RUNNING)
    flyers = page.evaluate(FLYERS)
    displaced = before[first]
    check(seat_text(page, origin) == displaced, f"mid-drag the displaced paddler is at the origin ({size})")
    check(any(a["flyer"] == displaced for a in running) and any(a["seat"] == origin for a in running),
          f"the displaced paddler's card slides to the origin seat, a running animation ({size}): {running}")
    moving = [f for f in flyers if f["paddler"] == displaced]
    check(moving and 0.6 <= moving[0]["opacity"] <= 1 and moving[0]["towards"] == 0.6,
          f"the displaced paddler fades as it slides ({size}): {moving}")
    check(flyers and not any(f["hitMotion"] for f in flyers),
          f"a card mid-slide never takes the hit test ({size}): {flyers}")
    over = page.evaluate("() => [...document.querySelectorAll('.seat.over')].map((el) => el.dataset.seat)")
    check(over == [first], f"the seat under the pointer is the one highlighted mid-slide ({size}): {over}")
    page.wait_for_timeout(350)
    landed = page.evaluate("""s => ({ opacity: Number(getComputedStyle(document.querySelector(`[data-seat="${s}"] .content`)).opacity),
        running: document.getAnimations().filter((a) => a.playState === 'running').length,
        copies: document.querySelectorAll('#motion .flyer').length })""", origin)
    check(abs(landed["opacity"] - 0.6) < 0.01 and landed["running"] == 0 and landed["copies"] == 0,
          f"landed, the displaced paddler shows at the origin at lowered opacity ({size}): {landed}")

    pointer.over(second)
    running = page.evaluate(RUNNING)
    back = before[first]
    check(any(a["flyer"] == back for a in running) and any(a["flyer"] == before[second] for a in running),
          f"the one displaced before slides home as the next slides to the origin ({size}): {running}")
    page.wait_for_timeout(350)
    check(seat_text(page, first) == back and page.evaluate(
        "s => Number(getComputedStyle(document.querySelector(`[data-seat=\"${s}\"] .content`)).opacity)", first) == 1,
        f"home again at full opacity ({size})")

    # The release.
    posts = []
    page.on("request", lambda request: posts.append(request) if request.method == "POST" and "/drop" in request.url else None)
    page.evaluate(WATCH_RELEASE)
    loaded = loads(page)
    pointer.lift()
    try:
        page.wait_for_function("() => window.__motion.gone !== null", timeout=2000)
    except PlaywrightTimeoutError:
        pass
    settle(page, loaded)
    seen = page.evaluate("""() => ({ ...window.__motion,
        fetched: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/drop')).map((e) => e.startTime),
        origin: performance.timeOrigin, ghost: document.querySelector('#ghost').hidden })""")
    gone = seen["gone"] - seen["up"] if seen["gone"] is not None else float("inf")
    timings[f"snapshot gone after the release ({size}), ms"] = round(gone) if seen["gone"] is not None else None
    check(seen["added"] is not None and seen["added"] - seen["up"] < 50 and seen["ghost"],
          f"the release sets a copy of the snapshot down ({size}): {seen}")
    check(gone < 500, f"after the release the snapshot is gone within half a second ({size}): {gone:.0f} ms")
    sent = [start - seen["up"] for start in seen["fetched"] if start >= seen["up"]]
    check(len(posts) == 1 and len(sent) == 1, f"the release sends one drop ({size}): {len(posts)}, {sent}")
    if posts and sent:
        # Playwright's request timing (wall clock) and the page's resource timing, both from the pointer's release.
        by_request = posts[0].timing["startTime"] - (seen["origin"] + seen["up"])
        timings[f"drop sent after the release ({size}), ms"] = [round(by_request, 1), round(sent[0], 1)]
        check(by_request < 50 and sent[0] < 50,
              f"the drop is sent within 50 ms of the release, never waiting for an animation ({size}): "
              f"{by_request:.1f} ms by the request, {sent[0]:.1f} ms by the page")
    after = cli.seats()
    expected = dict(before)
    expected[origin], expected[second] = before[second], before[origin]
    check(after == expected and len(cli.history()) == history + 1, f"the animated drag is one record ({size})")
    check(seat_text(page, origin) == before[second] and page.locator(".seat.displaced").count() == 0,
          f"the page shows the drop, nobody faded ({size})")

def cancel_slides_home(page, cli, size):
    """Esc (desktop) or an interrupted touch (phone) mid-drag: the displaced paddler slides home, the snapshot
    goes to the origin and fades, and nothing is recorded."""
    origin, target = "L5", "R5"
    before = cli.seats()
    history = len(cli.history())
    quiet(page)
    pointer = Pointer(page, size)
    pointer.catch(origin)
    pointer.over(target)
    # The paddler displaced must be shown at the origin before the cancel, or there is nobody to slide home (a
    # loaded machine can take longer than a moment to handle the move over the seat).
    deadline = time.monotonic() + 15
    while seat_text(page, origin) != before[target] and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    page.wait_for_timeout(300)
    page.evaluate(WATCH_RELEASE)
    if pointer.touch:
        pointer.touch.send("touchCancel")
    else:
        page.keyboard.press("Escape")
    running = page.evaluate(RUNNING)
    copies = page.evaluate("() => document.querySelectorAll('#motion .snapshot').length")
    if not pointer.touch:
        page.mouse.up()
    check(any(a["flyer"] == before[target] for a in running) and copies == 1,
          f"a cancel slides everyone home ({size}): {running}, {copies} snapshot")
    page.wait_for_timeout(450)
    rest = page.evaluate("() => [document.getAnimations().length, document.querySelectorAll('#motion > *').length]")
    check(rest == [0, 0], f"home, nothing moves any more ({size}): {rest}")
    check(seat_text(page, origin) == before[origin] and seat_text(page, target) == before[target]
          and cli.seats() == before and len(cli.history()) == history, f"a cancel changes nothing ({size})")

def reduced_motion(browser, cli, url, size, options):
    """prefers-reduced-motion: reduce. Nothing animates at the catch, over seats, at the release or a cancel; no
    seat has a transition; the snapshot still follows the pointer, the displaced paddler still shows faded at
    the origin, and the drop is still one record."""
    context = browser.new_context(**options, reduced_motion="reduce")
    page = context.new_page()
    page.goto(url)
    wait_loaded(page)
    quiet(page)
    before = cli.seats()
    history = len(cli.history())
    origin, target = ("L6", "R6") if size == "phone" else ("L7", "R7")
    pointer = Pointer(page, size)
    pointer.catch(origin)
    counts = [page.evaluate("document.getAnimations().length")]
    pointer.over(target)
    counts.append(page.evaluate("document.getAnimations().length"))
    mid = page.evaluate("""s => ({ ghost: !document.querySelector('#ghost').hidden,
        faded: Number(getComputedStyle(document.querySelector(`[data-seat="${s}"] .content`)).opacity),
        copies: document.querySelectorAll('#motion > *').length })""", origin)
    transitions = page.evaluate(SEAT_TRANSITIONS)
    check(seat_text(page, origin) == before[target] and mid["ghost"] and abs(mid["faded"] - 0.6) < 0.01,
          f"reduced motion shows who is where, the snapshot and the faded paddler ({size}): {mid}")
    check(not transitions, f"reduced motion leaves no seat a transition ({size}): {transitions}")
    loaded = loads(page)
    pointer.lift()
    counts.append(page.evaluate("document.getAnimations().length"))
    copies = page.evaluate("document.querySelectorAll('#motion > *').length")
    settle(page, loaded)
    counts.append(page.evaluate("document.getAnimations().length"))
    check(counts == [0, 0, 0, 0] and mid["copies"] == 0 and copies == 0,
          f"reduced motion animates nothing at the catch, over a seat, at the release or after ({size}): {counts}")
    after = cli.seats()
    check(after[origin] == before[target] and after[target] == before[origin] and len(cli.history()) == history + 1,
          f"with reduced motion the drop is one record ({size})")
    # A cancel, too, puts everyone back at once.
    pointer = Pointer(page, size)
    pointer.catch(origin)
    pointer.over(target)
    if pointer.touch:
        pointer.touch.send("touchCancel")
    else:
        page.keyboard.press("Escape")
        page.mouse.up()
    still = page.evaluate("() => [document.getAnimations().length, document.querySelectorAll('#motion > *').length]")
    check(still == [0, 0] and seat_text(page, origin) == after[origin],
          f"with reduced motion a cancel puts everyone back without moving ({size}): {still}")
    context.close()

def main():
    parser = argparse.ArgumentParser()
    for name in ["--url", "--signin-url", "--lineup", "--db", "--shots"]:
        parser.add_argument(name, required=True)
    args = parser.parse_args()
    cli = CommandLine(args.lineup, args.db)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for size, options in [("phone", PHONE), ("desktop", DESKTOP)]:
            context = browser.new_context(**options)
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(args.url)
            wait_loaded(page)
            started = time.monotonic()
            for scenario in [displaced_slides, cancel_slides_home]:
                try:
                    scenario(page, cli, size)
                except Exception as error:  # one scenario's failure must not hide the others
                    problems.append(f"{scenario.__name__} ({size}): {type(error).__name__}: {error}")
            try:
                reduced_motion(browser, cli, args.url, size, options)
            except Exception as error:
                problems.append(f"reduced_motion ({size}): {type(error).__name__}: {error}")
            timings[f"exchange motion ({size}), s"] = round(time.monotonic() - started, 3)
            check(not errors, f"the page throws no error ({size}): {errors}")
            context.close()
        browser.close()
    print(json.dumps({"problems": problems, "checked": checked, "timings": timings}, ensure_ascii=False))
    return 1 if problems else 0

if __name__ == "__main__":
    sys.exit(main())
