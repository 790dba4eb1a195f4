"""Times lineup's hot commands against the floor and the sqlite3 shell; run by bench/run.sh, which builds
the tools and the databases in WORK. Writes OUT/results.md and OUT/*.json and prints the table."""

import json
import os
import platform
import shutil
import statistics
import subprocess
import sys

work, out, rounds, runs, shell_sql, reference = sys.argv[1:7]
rounds, runs = int(rounds), int(runs)


def tool_command(tool, action):
    """The command line of `action` (exchange, undo, redo, lock, unlock, show) for `tool`."""
    database = f"{work}/{tool}.sqlite"
    if tool == "shell":
        return ["sqlite3", "-init", "/dev/null", "-bail", "-batch", database, f".read {shell_sql}/{action}.sql"]
    if tool == "floor":
        arguments = {"exchange": ["exchange", "L1", "R1"], "lock": ["lock", "S"], "unlock": ["unlock", "S"]}
        return [f"{work}/floor", database] + arguments.get(action, [action])
    arguments = {"exchange": ["exchange", "L1", "R1"], "lock": ["lock", "S"], "unlock": ["unlock", "S"]}
    return [f"{work}/{tool}", "--db", database] + arguments.get(action, [action])


# What must happen before each timed run so the command does the same work every time.
PREPARE = {"exchange": None, "undo": "exchange", "redo": "undo", "lock": "unlock", "show": None}
ACTIONS = list(PREPARE)
TOOLS = ["lineup", "floor", "shell"] + (["reference"] if reference else [])
NAMES = {"lineup": "lineup", "floor": "floor (C)", "shell": "sqlite3 shell", "reference": "lineup before"}


def quoted(command):
    return " ".join("'" + part.replace("'", "'\\''") + "'" if (" " in part or "'" in part) else part for part in command)


times = {(tool, action): [] for tool in TOOLS for action in ACTIONS}
for round_number in range(rounds):
    for action in ACTIONS:
        arguments = ["hyperfine", "-N", "--warmup", "3", "--runs", str(runs), "--export-json", f"{out}/round.json"]
        for tool in TOOLS:
            if PREPARE[action]:
                arguments += ["--prepare", quoted(tool_command(tool, PREPARE[action]))]
            arguments += ["-n", f"{tool} {action}", quoted(tool_command(tool, action))]
        subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL)
        for result in json.load(open(f"{out}/round.json"))["results"]:
            tool, _ = result["command"].split(" ", 1)
            times[(tool, action)] += [t * 1000 for t in result["times"]]

# Undo against the size of the history (lineup only).
big = f"{work}/big.sqlite"
subprocess.run(
    ["hyperfine", "-N", "--warmup", "3", "--runs", str(max(runs, 50)), "--export-json", f"{out}/history.json",
     "--prepare", quoted(tool_command("lineup", "exchange")), "-n", "20", quoted(tool_command("lineup", "undo")),
     "--prepare", f"{work}/lineup --db {big} exchange L1 R1", "-n", "100000", f"{work}/lineup --db {big} undo"],
    check=True, stdout=subprocess.DEVNULL)
history = {r["command"]: r["median"] * 1000 for r in json.load(open(f"{out}/history.json"))["results"]}

# Instructions (callgrind cannot read the DWARF 5 of Swift's debug information: counted on a copy without it)
# and peak memory, one run each after the same preparation.
for tool in ["lineup", "reference"]:
    if tool in TOOLS:
        subprocess.run(["objcopy", "--strip-debug", f"{work}/{tool}", f"{work}/{tool}-counted"], check=True)


def prepare(tool, action):
    if PREPARE[action]:
        subprocess.run(tool_command(tool, PREPARE[action]), check=True, stdout=subprocess.DEVNULL)


instructions, memory = {}, {}
for tool in TOOLS:
    for action in ACTIONS:
        command = tool_command(tool, action)
        counted = [command[0] + "-counted"] + command[1:] if tool in ("lineup", "reference") else command
        prepare(tool, action)
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={work}/callgrind.out"] + counted,
            capture_output=True, text=True, check=True)
        instructions[(tool, action)] = int(
            [line for line in result.stderr.splitlines() if "Collected" in line][-1].split()[-1])
        prepare(tool, action)
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True, check=True)
        memory[(tool, action)] = int(result.stderr.strip().splitlines()[-1]) / 1024

medians = {key: statistics.median(values) for key, values in times.items()}
json.dump({"medians_ms": {f"{t} {a}": m for (t, a), m in medians.items()},
           "instructions": {f"{t} {a}": n for (t, a), n in instructions.items()},
           "peak_mib": {f"{t} {a}": m for (t, a), m in memory.items()},
           "undo_by_history_ms": history}, open(f"{out}/results.json", "w"), indent=1)

lines = [
    "| command | lineup (ms) | floor (ms) | lineup ÷ floor | sqlite3 shell (ms) | lineup ÷ shell |"
    + (" lineup before (ms) | before ÷ floor |" if reference else ""),
    "|---|---:|---:|---:|---:|---:|" + ("---:|---:|" if reference else ""),
]
for action in ACTIONS:
    row = (f"| {action} | {medians[('lineup', action)]:.2f} | {medians[('floor', action)]:.2f} | "
           f"{medians[('lineup', action)] / medians[('floor', action)]:.2f}× | {medians[('shell', action)]:.2f} | "
           f"{medians[('lineup', action)] / medians[('shell', action)]:.2f}× |")
    if reference:
        row += (f" {medians[('reference', action)]:.2f} | "
                f"{medians[('reference', action)] / medians[('floor', action)]:.2f}× |")
    lines.append(row)
lines += ["", "| command | instructions: lineup | floor | sqlite3 shell |" + (" lineup before |" if reference else ""),
          "|---|---:|---:|---:|" + ("---:|" if reference else "")]
for action in ACTIONS:
    lines.append(f"| {action} | " + " | ".join(f"{instructions[(tool, action)] / 1e6:.2f} M" for tool in TOOLS) + " |")
lines += ["", "| command | peak memory (MiB): lineup | floor | sqlite3 shell |" + (" lineup before |" if reference else ""),
          "|---|---:|---:|---:|" + ("---:|" if reference else "")]
for action in ACTIONS:
    lines.append(f"| {action} | " + " | ".join(f"{memory[(tool, action)]:.1f}" for tool in TOOLS) + " |")
lines += ["", "| lineup undo | median (ms) | ratio |", "|---|---:|---:|",
          f"| 20 history records | {history['20']:.2f} | |",
          f"| 100,000 history records | {history['100000']:.2f} | {history['100000'] / history['20']:.2f}× |"]

cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True,
                     text=True).stdout.strip()
load = open("/proc/loadavg").read().split()[0]
sqlite_version = subprocess.run(["sqlite3", "--version"], capture_output=True, text=True).stdout.split()[0]
header = (f"Measured {subprocess.run(['date', '-u', '+%Y-%m-%d %H:%M'], capture_output=True, text=True).stdout.strip()} "
          f"UTC on {cpu}, {platform.system()} {platform.release()}, {os.cpu_count()} cores, load average {load} at "
          f"the end; SQLite {sqlite_version}; hyperfine medians of {rounds} rounds × {runs} runs per command, "
          f"the tools interleaved by round.")
text = header + "\n\n" + "\n".join(lines) + "\n"
open(f"{out}/results.md", "w").write(text)
print(text)
