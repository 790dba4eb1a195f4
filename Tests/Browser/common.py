"""What the browser scripts share: the checks they record, the command line they compare the page with, and a
poll of the page that survives the page reloading itself."""
import json
import os
import subprocess
import time

from playwright.sync_api import Error as PlaywrightError

BOAT = "Sample crew"

# Each script prints these as its answer to ServeBrowserTests: what failed, and how often each check ran.
problems = []
checked = {}


def check(condition, message):
    """Records a check under the words before its first colon; a failure keeps the whole message."""
    key = message.split(":")[0]
    checked[key] = checked.get(key, 0) + 1
    if not condition:
        problems.append(message)
    return condition


def wait_until(page, script, timeout=15.0):
    """Polls an async function in the page until it returns true (wait_for_function does not await). The page may
    reload itself meanwhile (a session that ended does): an evaluation cut short by the navigation is tried again
    on the new page."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if page.evaluate(script):
                return True
        except PlaywrightError as error:
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
        page.wait_for_timeout(100)
    return False


class CommandLine:
    """The real `lineup` on the database the server serves."""

    def __init__(self, lineup, db):
        self.lineup = lineup
        self.env = dict(os.environ, LINEUP_DB=db, NO_COLOR="1")

    def result(self, *args, stdin=None):
        return subprocess.run([self.lineup, *args], env=self.env, capture_output=True, text=True, input=stdin)

    def run(self, *args, stdin=None):
        result = self.result(*args, stdin=stdin)
        if result.returncode != 0:
            raise RuntimeError(f"lineup {' '.join(args)}: {result.stderr}")
        return result.stdout

    def seats(self, boat=BOAT):
        return {s["seat"]: s["paddler"] for s in json.loads(self.run("show", "--json", "-b", boat))["seats"]}

    def board(self, boat=BOAT):
        """Who sits where and which seats are locked: what an undo may change."""
        return {s["seat"]: (s["paddler"], s["locked"])
                for s in json.loads(self.run("show", "--json", "-b", boat))["seats"]}

    def history(self, boat=BOAT):
        return json.loads(self.run("history", "--json", "-b", boat))

    def regatta(self, name="Cup"):
        return json.loads(self.run("regatta", "show", name, "--json"))

    def roster(self):
        return {p["name"]: p for p in json.loads(self.run("roster", "list", "--json"))}
