#!/usr/bin/env python3
"""200 paddlers answering through their personal links at once, against `lineup serve`.

    python3 bench/paddler-answers.py [--bin FOLDER] [--paddlers 200] [--rounds 5] [--races 6]

Makes a club in a temporary folder: a roster of PADDLERS paddlers (a generated CSV: names, weights, sexes,
sides, through `lineup roster import`), the regatta "Bench Cup" a week from today with RACES races (each its own
boat, crews seated by `lineup regatta plan --apply`, so each paddler's day has seats and crews to read), and
`lineup invite --all --regatta "Bench Cup" --csv --output FILE`: one link per paddler. A second regatta,
"Reference Cup", with the same races, takes the coach's writes of the reference (below), so that the coach's
word never closes a paddler's own answer. Then starts lineup-server (from FOLDER: .build-bench/release,
.build/release or .build/debug, the first that has both binaries) on 127.0.0.1 as `lineup serve` starts by
default, and runs ROUNDS rounds. In each, every paddler's phone is a thread with its own address
(127.0.2.1, 127.0.2.2, …: one address per phone, as phones on the club's Wi-Fi; the server counts 60 requests
a minute per address on paddlers' routes and this run stays far below it for every phone, so no 429 is
expected and none is tolerated). The phones open their connections, wait at a barrier, and then all at once:

  1. `PUT /api/p/{token}/answers`: each paddler changes their answer (in / maybe / out for the day with times
     and a comment, or in / maybe / out for one race with a comment, a different one every round);
  2. reference, a read of similar work: `GET /api/p/{token}` (their day, which the PUT also answers with);
  3. reference, the coach's existing write of an answer: `PUT /api/regattas/Reference Cup/answers/{name}`,
     one per paddler (coach's routes need no sign-in on loopback; each answers the whole sheet).

Each request is timed from its first byte sent to its answer read whole (the connection is made before the
barrier); a round's rate is its requests over the time from the barrier to the last answer. Before the
rounds, one phone at a time does each of the three once per paddler (the service time without waiting).

Afterwards, nothing lost or duplicated: `lineup regatta answers "Bench Cup" --json` must show each paddler
once, with exactly the last answer they sent for the day (choice, from, until, comment, given by the paddler)
and exactly the races they answered with their last answer for each; nobody in `not_answered`; every race's
counts adding up to PADDLERS. Any answer other than 200 (a 429, a 5xx), or a connection error, is a failure.
Prints a Markdown table; exits 1 when anything failed. A benchmark, not a test. Python 3 standard library only.
"""
import argparse, csv, datetime, http.client, json, os, platform, random, shutil, statistics, subprocess, sys
import tempfile, threading, time, urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGATTA = "Bench Cup"
REFERENCE = "Reference Cup"
FIRST = ["Ada", "Bea", "Cora", "Dana", "Eli", "Finn", "Gus", "Hana", "Ines", "Jon", "Kai", "Lena", "Mika", "Nils",
         "Olga", "Pia", "Quinn", "Rosa", "Sven", "Tova", "Uma", "Vik", "Wes", "Xena", "Yuki", "Zoë", "Søren",
         "Ana", "Bo", "Emil"]
LAST = ["Lindqvist", "Marangoni", "Nakashima", "Okafor", "Ibarra", "Ruiz", "Lee", "Kowalski", "Haddad", "Novak",
        "Brennan", "Dubois", "Ferreira", "Gallo", "Horvath", "Jansen", "Kaur", "Müller", "Nyström", "Ortiz"]


def run(binary, *args, env, stdin=None):
    done = subprocess.run([binary, *args], env=env, input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"paddler-answers: lineup {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


class Phone:
    """One paddler's phone: its address, its link, and what it last told the server."""

    def __init__(self, index, name, token):
        self.index, self.name, self.token = index, name, token
        self.address = f"127.0.{2 + index // 250}.{1 + index % 250}"
        self.day = None  # the last answer for the day sent: (choice, from, until, comment)
        self.races = {}  # race → (choice, comment), the last answer sent for it


def answer_for(phone, round_number, races, rng):
    """The body this phone sends this round; the first answer of each phone is one for the day."""
    kind = "day" if phone.day is None or rng.random() < 0.7 else "race"
    tag = f"r{round_number} #{phone.index}"
    if kind == "race":
        race = rng.choice(races)
        choice = rng.choice(["out", "out", "maybe", "in"])
        comment = " ".join(filter(None, [rng.choice(["no 2 km", "back is sore — skip this one", "can do it", ""]),
                                         f"({tag})"]))
        return {"regatta": REGATTA, "race": race, "choice": choice, "from": None, "until": None,
                "comment": comment}
    choice = rng.choice(["in", "in", "in", "maybe", "out"])
    start, until = None, None
    if choice != "out":
        if rng.random() < 0.4:
            start = rng.choice(["09:15", "10:00", "10:30"])
        if rng.random() < 0.3:
            until = rng.choice(["13:00", "14:30", "15:00"])
    comment = " ".join(filter(None, [rng.choice(["", "train from Malmö, might be late", "bringing my own paddle",
                                                 "kid's birthday 🎂", "ok"]), f"({tag})"]))
    return {"regatta": REGATTA, "race": None, "choice": choice, "from": start, "until": until,
            "comment": comment}


def remember(phone, body):
    if body["race"] is None:
        phone.day = (body["choice"], body["from"], body["until"], body["comment"])
    else:
        phone.races[body["race"]] = (body["choice"], body["comment"])


class Result:
    def __init__(self):
        self.latencies, self.statuses, self.errors, self.sizes = [], {}, [], []
        self.first_start, self.last_end = None, None


def process_cpu(pid):
    """User + system CPU seconds the process has used so far (from /proc)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def burst(port, phones, make_request, concurrent=True, server_pid=None):
    """Every phone sends its request: all at once after a barrier, or one after another."""
    result = Result()
    server_cpu, client_cpu = process_cpu(server_pid), time.process_time()
    lock = threading.Lock()
    barrier = threading.Barrier(len(phones)) if concurrent else None

    def go(phone):
        method, path, body = make_request(phone)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload is not None else {}
        connection = None
        try:
            connection = http.client.HTTPConnection(
                "127.0.0.1", port, timeout=60, source_address=(phone.address, 0))
            connection.connect()
        except OSError as error:
            with lock:
                result.errors.append(f"{phone.name}: connect: {error}")
            if barrier:
                barrier.wait()
            return
        if barrier:
            barrier.wait()
        start = time.perf_counter()
        try:
            connection.request(method, path, body=payload, headers=headers)
            answer = connection.getresponse()
            data = answer.read()
            end = time.perf_counter()
            with lock:
                result.statuses[answer.status] = result.statuses.get(answer.status, 0) + 1
                if answer.status != 200:
                    result.errors.append(f"{phone.name}: {method} {path}: {answer.status} {data[:200]!r}")
                result.latencies.append(end - start)
                result.sizes.append(len(data))
                result.first_start = start if result.first_start is None else min(result.first_start, start)
                result.last_end = end if result.last_end is None else max(result.last_end, end)
        except (OSError, http.client.HTTPException) as error:
            with lock:
                result.errors.append(f"{phone.name}: {method} {path}: {type(error).__name__}: {error}")
        finally:
            connection.close()

    if concurrent:
        threads = [threading.Thread(target=go, args=(phone,)) for phone in phones]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    else:
        for phone in phones:
            go(phone)
    result.server_cpu = process_cpu(server_pid) - server_cpu
    result.client_cpu = time.process_time() - client_cpu
    return result


def figures(result):
    ok = result.statuses.get(200, 0)
    wall = (result.last_end - result.first_start) if result.latencies else float("nan")
    return {
        "ok": ok, "rate": ok / wall if wall else 0, "p50": statistics.median(result.latencies) * 1000,
        "p99": percentile(result.latencies, 99) * 1000, "wall": wall, "size": statistics.median(result.sizes),
        "failed": len(result.errors), "429": result.statuses.get(429, 0),
        "5xx": sum(n for status, n in result.statuses.items() if status >= 500),
        "server_cpu": result.server_cpu * 1000 / max(1, len(result.latencies)),
        "client_cpu": result.client_cpu * 1000 / max(1, len(result.latencies)),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin")
    parser.add_argument("--paddlers", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--races", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (database, server log)")
    args = parser.parse_args()
    folder = args.bin or next(
        (f for f in (f"{ROOT}/.build-bench/release", f"{ROOT}/.build/release", f"{ROOT}/.build/debug")
         if os.path.exists(f"{f}/lineup") and os.path.exists(f"{f}/lineup-server")), None)
    if folder is None:
        sys.exit("paddler-answers: build lineup and lineup-server first (swift build -c release --product …)")
    lineup = f"{folder}/lineup"
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="paddler-answers-")
    env = dict(os.environ, LINEUP_DB=f"{work}/club.sqlite", NO_COLOR="1")

    # The club: a roster, the regatta and its races, crews, links.
    names = [f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]}" + ("" if i < len(FIRST) * len(LAST)
             else f" {i}") for i in range(args.paddlers)]
    with open(f"{work}/roster.csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["name", "weight_kg", "sex", "side", "can_drum", "can_steer", "notes"])
        for i, name in enumerate(names):
            sex = rng.choice(["F", "M", "F", "M", "X"])
            weight = round(rng.uniform(50, 70) if sex == "F" else rng.uniform(62, 95), 1)
            writer.writerow([name, weight, sex, rng.choice(["left", "right", "either"]),
                             "yes" if i % 23 == 0 else "no", "yes" if i % 29 == 0 else "no", ""])
    run(lineup, "init", env=env)
    run(lineup, "roster", "import", f"{work}/roster.csv", env=env)
    day = (datetime.date.today() + datetime.timedelta(days=7)).isoformat()
    starts = ["09:00", "09:40", "10:20", "11:00", "13:00", "14:00", "14:40", "15:20", "16:00", "16:40"]
    races = [f"Race {i + 1}" for i in range(args.races)]
    for regatta in (REGATTA, REFERENCE):
        run(lineup, "regatta", "create", regatta, "--date", day, env=env)
        for race, start in zip(races, starts):
            run(lineup, "race", "add", regatta, race, "--at", start, env=env)
    run(lineup, "regatta", "plan", REGATTA, "--time-limit", "2", "--apply", env=env)
    run(lineup, "invite", "--all", "--regatta", REGATTA, "--base-url", "http://127.0.0.1:8080", "--csv",
        "--output", f"{work}/links.csv", env=env)
    with open(f"{work}/links.csv", newline="") as f:
        links = {row["name"]: urllib.parse.urlparse(row["link"]).path.rsplit("/", 1)[1] for row in csv.DictReader(f)}
    assert sorted(links) == sorted(names), f"invite gave {len(links)} links for {len(names)} paddlers"
    phones = [Phone(i, name, links[name]) for i, name in enumerate(names)]

    server = subprocess.Popen([f"{folder}/lineup-server", "--db", env["LINEUP_DB"], "--listen", "127.0.0.1:0"],
                              env=env, stderr=open(f"{work}/server.err", "w"))
    failures = []
    try:
        port = None
        for _ in range(200):
            text = open(f"{work}/server.err").read()
            if "http://127.0.0.1:" in text:
                port = int(text.split("http://127.0.0.1:")[1].split("/")[0].split()[0])
                break
            time.sleep(0.05)
        assert port, open(f"{work}/server.err").read()

        def paddler_put(round_number, round_rng):
            bodies = {phone.index: answer_for(phone, round_number, races, round_rng) for phone in phones}

            def make(phone):
                return "PUT", f"/api/p/{phone.token}/answers", bodies[phone.index]
            return make, bodies

        def paddler_get(phone):
            return "GET", f"/api/p/{phone.token}", None

        def coach_put(round_number):
            def make(phone):
                path = f"/api/regattas/{urllib.parse.quote(REFERENCE)}/answers/{urllib.parse.quote(phone.name)}"
                choice = ["in", "maybe", "out"][(phone.index + round_number) % 3]
                return "PUT", path, {"race": None, "choice": choice, "from": "10:00" if choice != "out" else None,
                                     "until": None, "comment": f"coach, round {round_number}"}
            return make

        rows = []
        sent_puts = 0

        def record(kind, round_label, result):
            failures.extend(f"{kind}, {round_label}: {e}" for e in result.errors)
            rows.append((kind, round_label, figures(result)))

        # One phone at a time: the service time with nobody waiting.
        make, bodies = paddler_put(0, rng)
        result = burst(port, phones, make, concurrent=False, server_pid=server.pid)
        sent_puts += len(phones)
        for phone in phones:
            remember(phone, bodies[phone.index])
        record("answer", "one at a time", result)
        record("read", "one at a time", burst(port, phones, paddler_get, concurrent=False, server_pid=server.pid))
        record("coach", "one at a time", burst(port, phones, coach_put(0), concurrent=False, server_pid=server.pid))

        for round_number in range(1, args.rounds + 1):
            make, bodies = paddler_put(round_number, rng)
            result = burst(port, phones, make, server_pid=server.pid)
            sent_puts += len(phones)
            for phone in phones:
                remember(phone, bodies[phone.index])
            record("answer", f"round {round_number}", result)
            record("read", f"round {round_number}", burst(port, phones, paddler_get, server_pid=server.pid))
            record("coach", f"round {round_number}", burst(port, phones, coach_put(round_number), server_pid=server.pid))
    finally:
        server.terminate()
        try:
            status = server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            status = "killed"
    if status != 0:
        failures.append(f"the server stopped with status {status}")

    # Nothing lost or duplicated: the sheet holds each paddler's last answer, field by field.
    sheet = json.loads(run(lineup, "regatta", "answers", REGATTA, "--json", "--peek", env=env))
    by_name = {}
    for line in sheet["paddlers"]:
        if line["name"] in by_name:
            failures.append(f"{line['name']} is on the sheet twice")
        by_name[line["name"]] = line
    mismatches = 0
    for phone in phones:
        line = by_name.get(phone.name)
        if line is None:
            failures.append(f"{phone.name} is not on the sheet")
            mismatches += 1
            continue
        answer = line["answer"]
        got_day = None if answer is None else (answer["choice"], answer["from"], answer["until"], answer["comment"])
        got_races = {a["race"]: (a["choice"], a["comment"]) for a in line["races"]}
        wrong = []
        if got_day != phone.day:
            wrong.append(f"day {got_day} where the last sent was {phone.day}")
        if answer is not None and answer["given_by"] != "paddler":
            wrong.append(f"day given by {answer['given_by']}")
        if len(line["races"]) != len(got_races):
            wrong.append("a race answered twice")
        if got_races != phone.races:
            wrong.append(f"races {got_races} where the last sent were {phone.races}")
        if any(a["given_by"] != "paddler" for a in line["races"]):
            wrong.append("a race answer not given by the paddler")
        if wrong:
            mismatches += 1
            failures.append(f"{phone.name}: " + "; ".join(wrong))
    answered = sum(1 for line in sheet["paddlers"] if line["answer"] is not None or line["races"])
    if sheet["not_answered"]:
        failures.append(f"not answered: {sheet['not_answered'][:5]}…")
    if answered != len(phones) or len(sheet["paddlers"]) != len(phones):
        failures.append(f"answered {answered} of {len(sheet['paddlers'])} on the sheet, {len(phones)} phones")
    for race in sheet["races"]:
        if race["in"] + race["maybe"] + race["out"] + race["not_answered"] != len(phones) or race["not_answered"]:
            failures.append(f"{race['name']}: counts {race} do not add up to {len(phones)} answered")
    race_answers = sum(len(phone.races) for phone in phones)

    # The table.
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    load = open("/proc/loadavg").read().split()[:3]
    print(f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on {cpu}, "
          f"{platform.system()} {platform.release()}, {os.cpu_count()} cores (client and server on the same "
          f"machine), load average {' '.join(load)} at the end; binaries from {os.path.relpath(folder, ROOT)}; "
          f"{len(phones)} phones, {args.races} races, {args.rounds} rounds.")
    print()
    labels = {"answer": "paddler's answer, `PUT /api/p/{token}/answers`",
              "read": "paddler's day, `GET /api/p/{token}` (reference)",
              "coach": "coach's answer, `PUT /api/regattas/{r}/answers/{name}` (reference)"}
    print("| requests | round | answered 200 | requests/s | p50 (ms) | p99 (ms) | burst took (s) | answer size (B) "
          "| server CPU per request (ms) | client CPU per request (ms) | 429 | 5xx | other failures |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for kind, label, f in rows:
        print(f"| {labels[kind]} | {label} | {f['ok']} | {f['rate']:.0f} | {f['p50']:.1f} | {f['p99']:.1f} "
              f"| {f['wall']:.2f} | {f['size']:.0f} | {f['server_cpu']:.1f} | {f['client_cpu']:.1f} | {f['429']} | {f['5xx']} | {f['failed'] - f['429'] - f['5xx']} |")
    print()

    def median_of(kind, key, concurrent=True):
        values = [f[key] for k, label, f in rows if k == kind and (label != "one at a time") == concurrent]
        return statistics.median(values)
    print(f"Medians of the {args.rounds} rounds of {len(phones)} at once:")
    print()
    print("| requests | requests/s | p50 (ms) | p99 (ms) | server CPU per request (ms) "
          "| one at a time: requests/s | p50 (ms) | server CPU per request (ms) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for kind in ("answer", "read", "coach"):
        print(f"| {labels[kind]} | {median_of(kind, 'rate'):.0f} | {median_of(kind, 'p50'):.1f} "
              f"| {median_of(kind, 'p99'):.1f} | {median_of(kind, 'server_cpu'):.1f} "
              f"| {median_of(kind, 'rate', False):.0f} | {median_of(kind, 'p50', False):.1f} "
              f"| {median_of(kind, 'server_cpu', False):.1f} |")
    print()
    answer_rate = median_of("answer", "rate")
    print(f"- answers ÷ reads (requests/s, medians): {answer_rate / median_of('read', 'rate'):.2f}×; "
          f"answers ÷ coach's answers: {answer_rate / median_of('coach', 'rate'):.2f}×; p50 answers ÷ reads "
          f"{median_of('answer', 'p50') / median_of('read', 'p50'):.2f}×.")
    print(f"- checked after the last round with `lineup regatta answers \"{REGATTA}\" --json --peek`: "
          f"{len(sheet['paddlers'])} paddlers on the sheet, {answered} answered, {len(sheet['not_answered'])} "
          f"not answered; {sent_puts} answers sent ({race_answers} single-race answers standing at the end); "
          f"{mismatches} paddlers whose sheet differs from the last answer they sent.")
    total = {key: sum(f[key] for _, _, f in rows) for key in ("429", "5xx", "failed")}
    print(f"- failures: {total['failed']} ({total['429']} × 429, {total['5xx']} × 5xx, "
          f"{total['failed'] - total['429'] - total['5xx']} other statuses or connection errors); server stopped "
          f"on SIGTERM with status {status}.")
    if failures:
        print("\npaddler-answers: FAILED:\n  " + "\n  ".join(failures[:30]), file=sys.stderr)
    if args.keep:
        print(f"\n(kept {work})", file=sys.stderr)
    else:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
