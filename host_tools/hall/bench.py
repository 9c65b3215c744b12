"""The hall under load: `python3 tasks.py bench-hall [--clocks N] [--seconds S]`.

N simulated clocks (500 by default) publish through Mosquitto (set up by
broker-config: accounts and ACL) as the firmware does: each with the event's
clock account, retained state messages of the same shape and size, each
tagged with its clock's key, every 5 s while a clock runs, and one at once on
every press (a press every 10 s per clock on average). `xqclock hall --broker
...` checks every tag and serves the page; the page's stream (server-sent
events) is read here, and the page itself is open in headless Chromium when
it is installed. Printed, not asserted:

* press to page: from the publish of a press to the stream delivering it
  (and to the Chromium page receiving it), once every board is on the page:
  median and 99th percentile;
* the page's update rate (stream events and boards a second);
* CPU of the broker and of the hall's server (share of one core), and of
  these publishers;
* how long the page takes to say that a broker cannot be reached (a hall
  started with a port nothing listens on) and that it was lost (Mosquitto
  stopped at the end).
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import paho.mqtt.client as mqtt

import host_tools.firmware_path
from device.hall import key_pads, tagged
from host_tools.hall import keys, local

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid):
    """User + system CPU seconds of a process so far (Linux /proc)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


SURNAMES = "王郑许洪赵吕蒋孟谢汪徐"
GIVEN = ("天一", "惟桐", "银川", "智", "鑫鑫", "钦", "川", "辰", "靖", "洋", "天红",
         "\U00020bb7川")  # one outside the BMP


def names(board):
    """Each board's players, Chinese as at a Chinese event (the hall must show them whole)."""
    return {"red": SURNAMES[board % len(SURNAMES)] + GIVEN[board % len(GIVEN)],
            "black": SURNAMES[(board * 7) % len(SURNAMES)] + GIVEN[(board * 5 + 3) % len(GIVEN)]}


class Checker:
    """Subscribes to every state on the broker: each message must be JSON naming its board's players."""

    def __init__(self, port, event):
        self.messages = 0
        self.bad = []
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="bench-checker")
        self.client.username_pw_set(event.hall_user, event.hall_password)  # the hall's account reads states
        self.client.on_connect = lambda c, u, f, r, p=None: c.subscribe("xqclock/bench/+/state")
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()

    def _message(self, client, userdata, msg):
        self.messages += 1
        try:
            state = json.loads(msg.payload)  # bytes: UTF-8
            if state["names"] != names(state["board"]):
                raise ValueError("names %r" % state["names"])
        except (ValueError, KeyError, TypeError) as e:
            self.bad.append("%s: %s" % (msg.topic, e))

    def stop(self):
        self.client.loop_stop()
        self.client.disconnect()


def state(board, moves, running, remaining, sent_ms, pads):
    """A state message as a clock sends it (device/hall.py's shape: UTF-8 bytes), tagged with its key."""
    side = {"remaining_ms": 0, "moves": 0, "flag": False, "flag_at_ms": None, "fouls": 0, "warnings": 0,
            "present": True, "arrived_at_ms": 0, "exempt": False, "offers": 0, "repeat_offers": 0,
            "used_ms": 0, "period": 1, "overtime": False, "byoyomi_periods": None, "block_moves": None}
    red = dict(side, remaining_ms=remaining[0], moves=(moves + 1) // 2)
    black = dict(side, remaining_ms=remaining[1], moves=moves // 2)
    shown = {"red": {"ms": remaining[0], "quota": 40, "block": None},
             "black": {"ms": remaining[1], "quota": 40, "block": None}}
    text = json.dumps({"time_ms": moves * 10000, "running": running, "paused": False, "red": red, "black": black,
                       "result": None, "notice": None, "board": board,
                       "names": names(board), "battery": 90, "fault": 0,
                       "shown": shown, "game": "%08x" % board, "clock_id": "%016x" % board, "boot": 1,
                       "sent_ms": sent_ms, "forfeit_at_ms": None, "foul_limit": 3}, ensure_ascii=False)
    return tagged(pads, f"xqclock/bench/{board}/state".encode(), text.encode())


def tree_cpu_seconds(root):
    """CPU seconds of a process and all its descendants (Chromium's renderer is a child)."""
    parents = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                parents[int(d)] = int(open(f"/proc/{d}/stat").read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        try:
            total += cpu_seconds(pid)
        except OSError:
            pass
        todo += [child for child, parent in parents.items() if parent == pid]
    return total


class Stream(threading.Thread):
    """Reads the page's event stream; when each (board, sent_ms) arrived."""

    def __init__(self, url):
        super().__init__(daemon=True)
        self.url = url
        self.seen = {}
        self.events = 0
        self.boards = 0
        self.wrong_names = 0  # states the page got with other names than were sent
        self.stop = False

    def run(self):
        with urllib.request.urlopen(self.url + "events", timeout=30) as r:
            for line in r:
                if self.stop:
                    return
                if not line.startswith(b"data: "):
                    continue
                now = time.time()
                data = json.loads(line[6:])
                self.events += 1
                self.boards += len(data["boards"])
                for entry in data["boards"]:
                    s = entry["state"]
                    if s:
                        self.seen.setdefault((s["board"], s["sent_ms"]), now)
                        self.wrong_names += s["names"] != names(s["board"])


PAGE_PROBE = """(() => {  // the page's own view: when each (board, sent_ms) arrived
  window.benchSeen = new Map();
  window.xqclockOnUpdate = (data) => {
    const now = Date.now();
    for (const e of data.boards) {
      if (e.state) { const k = e.state.board + ':' + e.state.sent_ms; if (!benchSeen.has(k)) benchSeen.set(k, now); }
    }
  };
  return true;
})()"""


def delays(published, seen):
    """ms from each press's publish to the page having it: its own message, or a later
    state of that board that replaced it before the stream sent it (the page shows that)."""
    arrivals: dict[int, list[tuple[int, float]]] = {}
    for (board, ms), t in seen.items():
        arrivals.setdefault(board, []).append((ms, t))
    for times in arrivals.values():
        times.sort()
    out = []
    for (board, ms), t in published.items():
        later = [a for m, a in arrivals.get(board, ()) if m >= ms]
        if later:
            out.append((min(later) - t) * 1000)
    return out


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


def shown_after(url, check, timeout=30.0):
    """Seconds until the page's /boards.json broker status passes check."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        try:
            with urllib.request.urlopen(url + "boards.json", timeout=5) as r:
                if check(json.loads(r.read())["broker"]):
                    return time.monotonic() - t0
        except OSError:
            pass  # the page is not up yet
        time.sleep(0.05)
    return float("nan")


def unreachable_after(port, words):
    """(page up, page saying `words` about the broker): seconds from `xqclock hall` starting."""
    http = local.free_port()
    t0 = time.monotonic()
    hall = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "hall", "--broker", f"mqtt://127.0.0.1:{port}",
                             "--event", "bench", "--http", f"127.0.0.1:{http}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        local.wait_port(http, 30)
        served = time.monotonic() - t0
        return served, served + shown_after(f"http://127.0.0.1:{http}/", lambda b: words in b["text"])
    finally:
        hall.terminate()
        hall.wait(10)


def silent_broker():
    """A port that takes connections and never answers (a machine that is not a broker)."""
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(16)
    return s


def run(clocks=500, seconds=30.0, press_every=10.0, out=sys.stdout):
    with tempfile.TemporaryDirectory(prefix="xqclock-bench-") as config:
        os.environ["XDG_CONFIG_HOME"] = config  # the event's secrets: the bench's own (the hall inherits them)
        return _run(clocks, seconds, press_every, out)


def _run(clocks, seconds, press_every, out):
    event = keys.load("bench")
    try:
        broker = local.Mosquitto(("bench",))
    except local.Missing as e:
        print(f"hall benchmark skipped: {e}", file=out)
        return 0
    http = local.free_port()
    hall = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "hall", "--broker",
                             f"mqtt://127.0.0.1:{broker.port}", "--event", "bench", "--http", f"127.0.0.1:{http}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{http}/"
    browser = None
    publishers = []
    try:
        local.wait_port(http, 30)
        rng = random.Random(14)
        pads = [key_pads(event.clock_key("%016x" % (i + 1)).hex()) for i in range(clocks)]
        for i in range(clocks):
            c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"bench-{i + 1}")
            c.username_pw_set(event.clock_user, event.clock_password)
            c.will_set(f"xqclock/bench/{i + 1}/online", b"0", retain=True)
            c.connect("127.0.0.1", broker.port, keepalive=120)
            c.loop_read()  # the CONNACK
            publishers.append(c)
        checker = Checker(broker.port, event)
        stream = Stream(url)
        stream.start()
        try:
            browser = local.Chromium(url)
            browser.wait("document.readyState === 'complete' && !!document.getElementById('tiles')", 30)
            browser.eval(PAGE_PROBE)
        except local.Missing as e:
            print(f"(no page in Chromium: {e})", file=out)
        published = {}  # (board, sent_ms) -> time.time() at the publish of a press
        last_ms = [0] * clocks
        moves = [0] * clocks
        for i, c in enumerate(publishers):  # the round has begun: every board is on the page
            last_ms[i] = int(time.time() * 1000)
            c.publish(f"xqclock/bench/{i + 1}/state",
                      state(i + 1, 0, "red", (3600000, 3600000), last_ms[i], pads[i]), retain=True)
        local.until(lambda: len(stream.seen) >= clocks, 60, f"{clocks} boards on the page's stream")
        if browser is not None:
            browser.wait(f"document.querySelectorAll('.tile').length >= {clocks}", 60)
        next_periodic = [rng.uniform(0, 5) for _ in range(clocks)]
        next_press = [rng.expovariate(1 / press_every) for _ in range(clocks)]
        sent = 0
        cpu0 = {"broker": cpu_seconds(broker.proc.pid), "server": cpu_seconds(hall.pid),
                "publishers": time.process_time(), "Chromium": tree_cpu_seconds(browser.proc.pid) if browser else 0}
        t0 = time.monotonic()
        while True:
            elapsed = time.monotonic() - t0
            if elapsed >= seconds:
                break
            for i, c in enumerate(publishers):
                press = elapsed >= next_press[i]
                if not press and elapsed < next_periodic[i]:
                    continue
                if press:
                    moves[i] += 1
                    next_press[i] = elapsed + rng.expovariate(1 / press_every)
                next_periodic[i] = elapsed + 5
                now = time.time()
                ms = last_ms[i] = max(int(now * 1000), last_ms[i] + 1)
                running = "black" if moves[i] % 2 else "red"
                c.publish(f"xqclock/bench/{i + 1}/state",
                          state(i + 1, moves[i], running, (3600000 - moves[i] * 5000, 3600000 - moves[i] * 4000), ms,
                                pads[i]), retain=True)
                sent += 1
                if press:
                    published[(i + 1, ms)] = now
            time.sleep(0.002)
        duration = time.monotonic() - t0
        cpu = {"broker": cpu_seconds(broker.proc.pid) - cpu0["broker"],
               "server": cpu_seconds(hall.pid) - cpu0["server"],
               "publishers": time.process_time() - cpu0["publishers"]}
        if browser is not None:
            cpu["Chromium"] = tree_cpu_seconds(browser.proc.pid) - cpu0["Chromium"]
        time.sleep(2)  # the last messages reach the page
        stream.stop = True
        latencies = delays(published, stream.seen)
        print(f"hall benchmark: {clocks} clocks through Mosquitto for {duration:.0f} s on {os.cpu_count()} cores "
              f"(load average {os.getloadavg()[0]:.1f}): {sent} messages ({sent / duration:.0f}/s), "
              f"{len(published)} of them presses", file=out)
        print(f"  press to page stream: median {statistics.median(latencies):.1f} ms, "
              f"p99 {percentile(latencies, 99):.1f} ms, max {max(latencies):.1f} ms "
              f"({len(latencies)} of {len(published)} presses seen)", file=out)
        if browser is not None:
            seen = browser.eval("Object.fromEntries(window.benchSeen)")
            page = delays(published, {tuple(map(int, k.split(":"))): v / 1000 for k, v in seen.items()})
            shown = browser.eval("document.querySelectorAll('.tile').length")
            updates = browser.eval("window.xqclockUpdates || 0")
            print(f"  press to page in Chromium: median {statistics.median(page):.1f} ms, "
                  f"p99 {percentile(page, 99):.1f} ms ({len(page)} seen); {shown} tiles; "
                  f"{updates / duration:.0f} page updates/s", file=out)
        print(f"  page stream: {stream.events / duration:.0f} events/s carrying {stream.boards / duration:.0f} "
              f"board states/s", file=out)
        checker.stop()
        print(f"  every message valid JSON with its Chinese names: {'yes' if not checker.bad else 'NO'} "
              f"({checker.messages - len(checker.bad)} of {checker.messages} on the broker"
              + (f"; first bad: {checker.bad[0]}" if checker.bad else "")
              + f"; {stream.wrong_names} with other names on the page)", file=out)
        print("  CPU (share of one core): " + ", ".join(f"{k} {v / duration * 100:.0f}%" for k, v in cpu.items()),
              file=out)
        with urllib.request.urlopen(url + "boards.json", timeout=10) as r:
            refused = json.loads(r.read())["rejected"]
        print(f"  tags: every state checked by the hall, {refused} refused", file=out)
        goal = percentile(page if browser is not None else latencies, 99)
        print(f"  goal p99 < 500 ms (the page{' in Chromium' if browser is not None else ' stream'}): "
              f"{'met' if goal < 500 else 'NOT met'} ({goal:.0f} ms)", file=out)
        t0 = time.monotonic()
        broker.stop()
        lost = time.monotonic() - t0 + shown_after(url, lambda b: not b["up"])
        served, refused = unreachable_after(local.free_port(), "cannot reach")
        silent = silent_broker()
        served_silent, no_answer = unreachable_after(silent.getsockname()[1], "no answer")
        silent.close()
        print(f"  broker status on the page: lost {lost:.1f} s after Mosquitto stopped; from `xqclock hall` "
              f"starting, a port nothing listens on {refused:.1f} s (its page up at {served:.1f} s), a machine "
              f"that never answers {no_answer:.1f} s (page up at {served_silent:.1f} s)", file=out)
    finally:
        for c in publishers:
            c.disconnect()
        if browser is not None:
            browser.close()
        hall.terminate()
        try:
            hall.wait(10)
        except subprocess.TimeoutExpired:
            hall.kill()
        broker.stop()
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(prog="tasks.py bench-hall", description=__doc__.split("\n\n")[0])
    p.add_argument("--clocks", type=int, default=500)
    p.add_argument("--seconds", type=float, default=30.0)
    args = p.parse_args(argv)
    return run(args.clocks, args.seconds)


if __name__ == "__main__":
    sys.exit(main())
