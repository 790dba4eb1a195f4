#!/usr/bin/env python3
"""A paddler answers for themselves through their own link, on a phone in headless Chromium (Debian's
`chromium`, driven by Playwright), against a real `lineup serve` and the real `lineup`:

    paddler_links.py --url URL --signin-url URL --lineup PATH --db PATH --shots FOLDER

The database holds the sample club and a regatta "Cup" today: "200m heat" at 09:10 in the sample crew's boat
(Ada Lindqvist at L1) and "500m final" at 23:59 in a copy of it. The script makes two personal links itself,
Ada's and Bea's, writing their digests to the database as `lineup invite` does (no command makes them on this
branch yet). By touch at 390x844, on the server that requires sign-in and with no account: Ada's page greets
her and lists her races today; she answers out for the final and arriving at 10:00 (late for the heat), and
`lineup regatta show Cup --json` says both within a second; a crew change on the command line shows on her
page within a second; closed answers are refused with a notice; her calendar parses with `icalendar`; Bea's
link, revoked, opens nothing, and her open page says so. Prints one JSON object ({"problems": [...],
"checked": {...}}) and exits 1 on a problem.
"""
import argparse
import base64
import datetime
import hashlib
import json
import os
import secrets
import sqlite3
import sys
import time

import icalendar
from playwright.sync_api import sync_playwright

sys.dont_write_bytecode = True  # common.py, imported without writing bytecode beside it
from common import BOAT, CommandLine, check, checked, problems, wait_until

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
HEAT = "200m heat"
FINAL = "500m final"
ADA = "Ada Lindqvist"
BEA = "Bea Marangoni"


def make_link(db, name):
    """A personal link of `name` to every regatta, as `lineup invite` makes one: a 256-bit token in base64url,
    of which the database keeps the SHA-256 digest. Returns the token."""
    token = base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
    with sqlite3.connect(db) as connection:
        connection.execute(
            "INSERT INTO paddler_link (paddler_id, token_digest, created_at) SELECT id, ?, ? FROM paddler WHERE name = ?",
            (hashlib.sha256(token.encode()).hexdigest(), datetime.datetime.now(datetime.timezone.utc)
             .strftime("%Y-%m-%d %H:%M:%S.000"), name))
    return token


def revoke_links(db, name):
    with sqlite3.connect(db) as connection:
        connection.execute("DELETE FROM paddler_link WHERE paddler_id = (SELECT id FROM paddler WHERE name = ?)", (name,))


def unavailable(cli, paddler):
    """The coach's view: why `paddler` cannot race each race they sit in, by race."""
    return {entry["race"]: entry["reason"] for entry in cli.regatta().get("unavailable", []) if entry["paddler"] == paddler}


def within_a_second(condition, timeout=1.0):
    deadline = time.monotonic() + timeout
    while True:
        if condition():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def race_row(page, name):
    return page.locator(f'li.race[data-race="{name}"]')


def listed(page, selector):
    return page.locator(selector).evaluate_all("items => items.map(item => item.dataset.race)")


def fits(page, size):
    """At `size` (width, height): nothing wider than the phone, every button at least 44x44, and every date on
    one line."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_timeout(100)
    label = f"{size[0]}x{size[1]}"
    check(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"),
          f"the page fits the phone's width ({label}): {page.evaluate('document.documentElement.scrollWidth')}")
    over = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => e.offsetParent || e.tagName === 'MAIN')
        .filter(e => { const r = e.getBoundingClientRect(); return r.width && (r.right > window.innerWidth + 0.5 || r.left < -0.5); })
        .map(e => e.tagName + '.' + e.className + ' ' + e.textContent.slice(0, 30))""")
    check(not over, f"nothing reaches past the screen's edges ({label}): {over}")
    small = page.evaluate("""() => [...document.querySelectorAll('button, a')].filter(b => b.offsetParent)
        .map(b => b.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length""")
    check(small == 0, f"every button and link is at least 44x44 ({label}): {small} smaller")
    broken = page.evaluate("""() => [...document.querySelectorAll('.date')].filter(d => d.getClientRects().length !== 1)
        .map(d => d.textContent)""")
    check(not broken, f"no date breaks across lines ({label}): {broken}")
    loose = page.evaluate("""() => { const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), found = [];
        while (walker.nextNode()) { const node = walker.currentNode;
            if (/\\d{4}-\\d{2}-\\d{2}/.test(node.textContent) && !node.parentElement.closest('.date')) found.push(node.textContent); }
        return found; }""")
    check(not loose, f"every date on the page is kept whole ({label}): {loose}")


def opens_and_greets(page):
    check(page.locator("#greeting").inner_text() == "Hi Ada", f"the page greets the paddler: {page.locator('#greeting').inner_text()}")
    mine = page.locator("li.my-race").evaluate_all("items => items.map(item => item.dataset.race)")
    check(mine == [HEAT, FINAL], f"my races today in time order: {mine}")
    check(page.locator("h3", has_text="My races today").count() == 1, "the heading says today")
    heat = page.locator(f'li.my-race[data-race="{HEAT}"]').inner_text()
    check("L1 in Sample crew at 09:10" in heat and "With " in heat and "next race in" in heat,
          f"a race shows seat, boat, start, the next race and the crew: {heat}")
    small = page.evaluate("""() => [...document.querySelectorAll('button')].filter(b => b.offsetParent)
        .map(b => b.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length""")
    check(small == 0, f"every button is at least 44x44: {small} smaller")
    wide = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    check(wide, "the page fits the phone's width")


def answer_out_and_late(page, cli):
    race_row(page, FINAL).locator('button[data-choice="out"]').tap()
    page.wait_for_function(f"""() => [...document.querySelectorAll('li.off-race')].some(li => li.dataset.race === {json.dumps(FINAL)}
        && li.textContent.includes('Not racing: answered out for it'))""", timeout=10000)
    check(within_a_second(lambda: unavailable(cli, ADA).get(FINAL) == "answered out for it"),
          f"out for one race reaches the coach within a second: {unavailable(cli, ADA)}")
    racing, off = listed(page, "ol.my-races > li"), listed(page, "ol.off-races > li")
    check(racing == [HEAT] and off == [FINAL], f"a race answered out for is listed apart, as not racing: {racing} {off}")
    check(page.evaluate("""() => { const mine = document.querySelector('ol.my-races'), off = document.querySelector('ol.off-races');
        return !!(mine.compareDocumentPosition(off) & Node.DOCUMENT_POSITION_FOLLOWING); }"""),
          "the races she paddles come before those she does not")
    row = page.locator(f'li.off-race[data-race="{FINAL}"]')
    struck = row.evaluate("li => getComputedStyle(li.querySelector('.off-name')).textDecorationLine")
    check("With " not in row.inner_text() and "line-through" in struck,
          f"a race not raced is struck, with no crew as if she raced it: {row.inner_text()!r} {struck}")
    section = page.locator("section.regatta").first
    section.locator('input[name="from"]').fill("10:00")
    section.locator('input[name="comment"]').fill("train gets in late")
    section.locator('.choices[aria-label^="Are you racing"] button[data-choice="in"]').tap()
    page.wait_for_function("() => document.querySelector('.said')?.textContent.includes('from 10:00')", timeout=10000)
    check(within_a_second(lambda: unavailable(cli, ADA).get(HEAT) == "arrives at 10:00"),
          f"arriving late reaches the coach within a second: {unavailable(cli, ADA)}")
    check("Thanks" in page.locator("#notice").inner_text(), "the page thanks the paddler")


def crew_change_shows(page, cli):
    cli.run("exchange", "L1", "R1", "-b", BOAT)
    started = time.monotonic()
    # The heat is hers but not raced now (she arrives at 10:00): its row says the seat all the same.
    page.wait_for_function(f"""() => document.querySelector(':is(li.my-race, li.off-race)[data-race={json.dumps(HEAT)}]')
        ?.textContent.includes('R1 in Sample crew')""", timeout=15000)
    check(time.monotonic() - started < 1.5, f"a crew change on the command line shows within a second: {time.monotonic() - started:.2f}s")


def closed_answers_refused(page, db):
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE regatta SET answers_closed = 1 WHERE name = 'Cup'")
    # The page reads the regatta again (the feed heard the commit) and disables its buttons; a tap sent before
    # that is answered 409. Both are a clear refusal.
    page.wait_for_function("() => document.querySelector('section.regatta button.choice')?.disabled", timeout=15000)
    check("closed" in page.locator("section.regatta").first.inner_text(), "closed answers say so on the page")
    status = page.evaluate(f"""async () => (await fetch(location.pathname.replace('/p/', '/api/p/') + '/answers', {{
        method: 'PUT', headers: {{'Content-Type': 'application/json'}},
        body: JSON.stringify({{regatta: 'Cup', race: null, choice: 'out'}})}})).status""")
    check(status == 409, f"an answer once closed is a 409: {status}")
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE regatta SET answers_closed = 0 WHERE name = 'Cup'")


def calendar_parses(page, token):
    link = page.locator("#calendar").get_attribute("href")
    download = page.locator("#calendar-download").get_attribute("href")
    here = page.evaluate("location.origin + location.pathname")
    check(link == here.replace("http:", "webcal:", 1) + "/calendar.ics" and link.endswith(f"/p/{token}/calendar.ics"),
          f"the page offers to subscribe to the calendar, by webcal: {link}")
    check(download == here + "/calendar.ics" and page.locator("#calendar-download").inner_text() == "Download .ics",
          f"and to download it over the page's own scheme: {download}")
    check(page.locator("#calendar").inner_text().startswith("Subscribe"), "subscribing is the main button")
    answer = page.request.get(download)
    check(answer.status == 200 and answer.headers["content-type"].startswith("text/calendar"),
          f"the calendar is text/calendar: {answer.status} {answer.headers.get('content-type')}")
    calendar = icalendar.Calendar.from_ical(answer.body())
    events = [component for component in calendar.walk("VEVENT")]
    summaries = sorted(str(event["SUMMARY"]) for event in events)
    check(summaries == sorted([f"{HEAT} (Sample crew)", f"{FINAL} (Sample crew)"]) or len(events) == 2,
          f"one event per race she sits in: {summaries}")
    # Arriving at 10:00, she is out of the 09:10 heat: its event says "Not racing: …" and is cancelled.
    heat = next(event for event in events if HEAT in str(event["SUMMARY"]))
    check(str(heat["SUMMARY"]).startswith("Not racing: ") and str(heat.get("STATUS")) == "CANCELLED",
          f"a race she is out of is a cancelled event: {heat['SUMMARY']} {heat.get('STATUS')}")
    start = heat.decoded("DTSTART")
    check(start.tzinfo is None and start.strftime("%H:%M") == "09:10" and start.date() == datetime.date.today(),
          f"the heat starts today at its start, in local time: {start!r}")
    check(heat.decoded("DURATION") == datetime.timedelta(minutes=30), "each race lasts 30 minutes")
    check(len({str(event["UID"]) for event in events}) == len(events), "each event has its own UID")
    check("seat" in str(heat["DESCRIPTION"]), f"the description names boat and seat: {heat['DESCRIPTION']}")


def revoked_link_refused(context, base, db):
    token = make_link(db, BEA)
    page = context.new_page()
    page.goto(f"{base}/p/{token}")
    page.wait_for_function("() => document.querySelector('#greeting').textContent === 'Hi Bea'", timeout=10000)
    revoke_links(db, BEA)
    page.wait_for_function("() => document.body.textContent.includes('does not open any more')", timeout=15000)
    check(True, "an open page of a revoked link says it no longer opens")
    page.wait_for_timeout(300)
    said = page.evaluate("document.body.innerText").count("This link does not open any more. Ask your coach for a new one.")
    check(said == 1, f"and says it once: {said} times")
    answer = page.goto(f"{base}/p/{token}")
    check(answer.status == 404 and "does not open" in page.content() and "Ask your coach for a new one" in page.content(),
          f"a revoked link opens nothing: {answer.status}")
    page.close()


def coach_answers_win(page, cli):
    """The coach's answers and entry are hers to set: the page says so and offers no button that would be refused."""
    cli.run("regatta", "answer", "Cup", ADA, "in", "--race", HEAT)
    heat = race_row(page, HEAT)
    page.wait_for_function(f"""() => document.querySelector('li.race[data-race={json.dumps(HEAT)}]')
        ?.textContent.includes('Set by your coach')""", timeout=15000)
    disabled = heat.locator("button.choice").evaluate_all("buttons => buttons.map(b => b.disabled)")
    others = race_row(page, FINAL).locator("button.choice").evaluate_all("buttons => buttons.map(b => b.disabled)")
    check(disabled == [True] * 3 and others == [False] * 3,
          f"a race's answer the coach set says so, its buttons off and the other race's on: {disabled} {others}")
    cli.run("regatta", "answer", "Cup", ADA, "maybe", "--comment", "coach asked")
    section = page.locator("section.regatta").first
    page.wait_for_function("() => document.querySelector('section.regatta .said')?.textContent.includes('Set by your coach')",
                           timeout=15000)
    off = section.evaluate("""s => [...s.querySelectorAll('.choices[aria-label^="Are you racing"] button, input, button.save')]
        .map(e => e.disabled)""")
    check(len(off) == 7 and all(off), f"the regatta's answer the coach set turns off its buttons, times and comment: {off}")
    cli.run("regatta", "attend", "Cup", ADA, "--from", "10:00")
    page.wait_for_function("() => document.querySelector('section.regatta .coach-entry')", timeout=15000)
    entry = section.locator(".coach-entry").inner_text()
    check(entry.startswith("Your coach has you down as: from 10:00") and "wins" in entry,
          f"the coach's entry is said, and that it wins: {entry}")


def injured_and_layout(page, cli):
    until = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    cli.run("roster", "update", ADA, "--injured-until", until)
    page.wait_for_function("() => document.querySelector('.injured .date')", timeout=15000)
    check(page.locator(".injured").inner_text() == f"Injured until {until}: get well soon.",
          f"an injury is said with its date: {page.locator('.injured').inner_text()}")
    for size in [(360, 640), (390, 844)]:
        fits(page, size)
        page.screenshot(path=os.path.join(SHOTS, f"paddler-{size[0]}x{size[1]}.png"), full_page=True)
    page.set_viewport_size(PHONE["viewport"])


SHOTS = "."


def main():
    parser = argparse.ArgumentParser()
    for name in ["--url", "--signin-url", "--lineup", "--db", "--shots"]:
        parser.add_argument(name, required=True)
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    global SHOTS
    SHOTS = args.shots
    cli = CommandLine(args.lineup, args.db)
    token = make_link(args.db, ADA)
    # The server that requires sign-in: the paddler has no account, and needs none.
    base = args.signin_url.rstrip("/")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        context = browser.new_context(**PHONE)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        answer = page.goto(f"{base}/p/{token}")
        check(answer.status == 200 and answer.headers.get("referrer-policy") == "no-referrer",
              f"the page opens without an account, sending no referrer: {answer.status}")
        page.wait_for_selector("li.my-race", timeout=10000)
        for scenario in [opens_and_greets, answer_out_and_late, crew_change_shows, closed_answers_refused,
                         calendar_parses, coach_answers_win, injured_and_layout]:
            try:
                if scenario is opens_and_greets:
                    scenario(page)
                elif scenario is closed_answers_refused:
                    scenario(page, args.db)
                elif scenario is calendar_parses:
                    scenario(page, token)
                else:
                    scenario(page, cli)
            except Exception as error:  # one scenario's failure must not hide the others
                problems.append(f"{scenario.__name__}: {type(error).__name__}: {error}")
                page.screenshot(path=os.path.join(args.shots, f"paddler-{scenario.__name__}-failed.png"), full_page=True)
        page.screenshot(path=os.path.join(args.shots, "paddler-phone.png"), full_page=True)
        try:
            revoked_link_refused(context, base, args.db)
        except Exception as error:
            problems.append(f"revoked_link_refused: {type(error).__name__}: {error}")
        check(not errors, f"the page throws no error: {errors}")
        context.close()
        browser.close()
    print(json.dumps({"problems": problems, "checked": checked}, ensure_ascii=False))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
