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
    page.wait_for_function(f"""() => [...document.querySelectorAll('li.my-race')].some(li => li.dataset.race === {json.dumps(FINAL)}
        && li.textContent.includes('answered out for it'))""", timeout=10000)
    check(within_a_second(lambda: unavailable(cli, ADA).get(FINAL) == "answered out for it"),
          f"out for one race reaches the coach within a second: {unavailable(cli, ADA)}")
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
    page.wait_for_function(f"""() => document.querySelector('li.my-race[data-race={json.dumps(HEAT)}]')
        ?.textContent.includes('R1 in Sample crew')""", timeout=5000)
    check(time.monotonic() - started < 1.5, f"a crew change on the command line shows within a second: {time.monotonic() - started:.2f}s")


def closed_answers_refused(page, db):
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE regatta SET answers_closed = 1 WHERE name = 'Cup'")
    # The page reads the regatta again (the feed heard the commit) and disables its buttons; a tap sent before
    # that is answered 409. Both are a clear refusal.
    page.wait_for_function("() => document.querySelector('section.regatta button.choice')?.disabled", timeout=5000)
    check("closed" in page.locator("section.regatta").first.inner_text(), "closed answers say so on the page")
    status = page.evaluate(f"""async () => (await fetch(location.pathname.replace('/p/', '/api/p/') + '/answers', {{
        method: 'PUT', headers: {{'Content-Type': 'application/json'}},
        body: JSON.stringify({{regatta: 'Cup', race: null, choice: 'out'}})}})).status""")
    check(status == 409, f"an answer once closed is a 409: {status}")
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE regatta SET answers_closed = 0 WHERE name = 'Cup'")


def calendar_parses(page, token):
    link = page.locator("#calendar").get_attribute("href")
    check(link.endswith(f"/p/{token}/calendar.ics"), f"the page links the calendar: {link}")
    answer = page.request.get(link.replace("webcal:", "http:"))
    check(answer.status == 200 and answer.headers["content-type"].startswith("text/calendar"),
          f"the calendar is text/calendar: {answer.status} {answer.headers.get('content-type')}")
    calendar = icalendar.Calendar.from_ical(answer.body())
    events = [component for component in calendar.walk("VEVENT")]
    summaries = sorted(str(event["SUMMARY"]) for event in events)
    check(summaries == sorted([f"{HEAT} (Sample crew)", f"{FINAL} (Sample crew)"]) or len(events) == 2,
          f"one event per race she sits in: {summaries}")
    heat = next(event for event in events if str(event["SUMMARY"]).startswith(HEAT))
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
    page.wait_for_function("() => document.body.textContent.includes('does not open any more')", timeout=5000)
    check(True, "an open page of a revoked link says it no longer opens")
    answer = page.goto(f"{base}/p/{token}")
    check(answer.status == 404 and "does not open" in page.content() and "Ask your coach for a new one" in page.content(),
          f"a revoked link opens nothing: {answer.status}")
    page.close()


def main():
    parser = argparse.ArgumentParser()
    for name in ["--url", "--signin-url", "--lineup", "--db", "--shots"]:
        parser.add_argument(name, required=True)
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
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
                         calendar_parses]:
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
