#!/usr/bin/env python3
"""How many change-feed streams and idle connections `lineup serve` holds, and how long a coach's sign-in takes
while they are held.

    python3 bench/serve-flood.py [--descriptor-limit N] [--bin FOLDER] [--sign-ins 7]

Starts lineup-server (from FOLDER, .build/release or else .build/debug by default) with sign-in required on a
sample club with one coach, under the descriptor limit this shell has (or N, as `ulimit -n N` would set it),
then, each from 64 loopback addresses (127.0.1.x) so that no one client's share is what stops them:
  1. signed-in change-feed streams, until the server answers 503: how many it holds;
  2. with those closed, idle connections that send nothing, more than it can hold: the most it had open at
     once (sampled from /proc; past its limit each new one takes the place of the longest-idle one, and each
     is closed 10 s after it opened without a request, so a slow client may not reach the limit);
  3. both at once, and the coach signing in from 127.0.0.1 meanwhile: the median of several sign-ins, beside
     the median with nothing held.
Traffic goes to 127.0.0.0/8 only, bounded in count and time. Prints a Markdown table. A benchmark, not a test.
"""
import argparse, json, os, resource, shutil, socket, statistics, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = [f"127.0.1.{i}" for i in range(1, 65)]


def connect(port, source):
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    return s


def head(s, timeout):
    s.settimeout(timeout)
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    return data.decode("latin-1")


def status(text):
    parts = text.split(" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


def sign_in(port, password):
    body = json.dumps({"name": "maya", "password": password})
    start = time.monotonic()
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.sendall(
        f"POST /api/session HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}".encode())
    answer = head(s, 30)
    elapsed = time.monotonic() - start
    s.close()
    return status(answer), answer, elapsed


def open_idle(port, count):
    """`count` connections that send nothing, opened from 8 threads at once."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(lambda i: connect(port, SOURCES[i % len(SOURCES)]), range(count)))


def open_streams(port, cookie, most):
    """Streams until one is refused (or `most`): the held ones and the answer that refused."""
    held, refused = [], None
    for i in range(most):
        s = connect(port, SOURCES[i % len(SOURCES)])
        s.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n\r\n".encode())
        answer = head(s, 10)
        if status(answer) == 200:
            held.append(s)
        else:
            refused = answer
            s.close()
            break
    return held, refused


def still_open(sockets):
    alive = 0
    for s in sockets:
        s.setblocking(False)
        try:
            alive += s.recv(1, socket.MSG_PEEK) != b""
        except BlockingIOError:
            alive += 1
        except OSError:
            pass
    return alive


class PeakSockets(threading.Thread):
    """The most sockets the server process had open at once (its listening socket aside), sampled."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0, True

    def run(self):
        while self.running:
            try:
                count = sum(os.readlink(f"/proc/{self.pid}/fd/{fd}").startswith("socket:")
                            for fd in os.listdir(f"/proc/{self.pid}/fd"))
            except OSError:
                count = 0
            self.peak = max(self.peak, count - 1)
            time.sleep(0.05)

    def stop(self):
        self.running = False
        self.join()
        return self.peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--descriptor-limit", type=int)
    parser.add_argument("--bin")
    parser.add_argument("--sign-ins", type=int, default=7)
    args = parser.parse_args()
    folder = args.bin or next(
        (f for f in (f"{ROOT}/.build/release", f"{ROOT}/.build/debug") if os.path.exists(f"{f}/lineup-server")), None)
    if folder is None:
        sys.exit("serve-flood: build lineup and lineup-server first (swift build)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    limit = args.descriptor_limit or soft
    work = tempfile.mkdtemp()
    env = dict(os.environ, LINEUP_DB=f"{work}/club.sqlite", NO_COLOR="1")
    password = "correct horse battery"
    subprocess.run([f"{folder}/lineup", "init", "--sample"], env=env, check=True, capture_output=True)
    subprocess.run([f"{folder}/lineup", "user", "add", "maya", "--role", "coach", "--password-stdin"],
                   env=env, input=password + "\n", text=True, check=True, capture_output=True)
    server = subprocess.Popen(
        [f"{folder}/lineup-server", "--db", env["LINEUP_DB"], "--listen", "127.0.0.1:0", "--require-sign-in"],
        env=env, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit)))
    try:
        banner = server.stderr.readline()
        port = int(banner.split("http://127.0.0.1:")[1].split("/")[0])
        code, answer, _ = sign_in(port, password)
        assert code == 200, answer
        cookie = next(line.split(":", 1)[1].strip().split(";")[0]
                      for line in answer.split("\r\n") if line.lower().startswith("set-cookie:"))
        quiet = [sign_in(port, password)[2] for _ in range(args.sign_ins)]

        streams, refusal = open_streams(port, cookie, 20_000)
        stream_count = len(streams)
        assert refusal and status(refusal) == 503 and "retry-after" in refusal.lower(), refusal
        for s in streams:
            s.close()
        time.sleep(2)

        sampler = PeakSockets(server.pid)
        sampler.start()
        idle = open_idle(port, min(12_000, limit + 500))
        time.sleep(2)
        idle_count = sampler.stop()
        for s in idle:
            s.close()
        time.sleep(2)

        # Both at once: the streams the server holds, and idle connections past what is left.
        streams, _ = open_streams(port, cookie, stream_count)
        idle = open_idle(port, min(12_000, limit + 500) - len(streams))
        time.sleep(1.5)
        flooded = []
        for _ in range(args.sign_ins):
            code, answer, elapsed = sign_in(port, password)
            assert code == 200, answer
            flooded.append(elapsed)
        held_idle = still_open(idle)
        # Opening them took a while: those opened first may have been closed for sending nothing.
        for s in streams + idle:
            s.close()
        start = time.monotonic()
        server.terminate()
        server.wait(timeout=10)
        stop = time.monotonic() - start
    finally:
        if server.poll() is None:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)
    print(f"| descriptor limit | streams held | idle connections held | sign-in, nothing held (median of {args.sign_ins}) "
          f"| sign-in while {len(streams)} streams + {held_idle} idle held (median of {args.sign_ins}) | SIGTERM to exit |")
    print("|---|---|---|---|---|---|")
    print(f"| {limit} | {stream_count} | {idle_count} | {statistics.median(quiet) * 1000:.0f} ms "
          f"| {statistics.median(flooded) * 1000:.0f} ms | {stop:.2f} s |")


if __name__ == "__main__":
    main()
