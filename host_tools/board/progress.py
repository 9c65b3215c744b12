"""Progress bars (one line per board) and the summary table, standard library only.

On a terminal the lines are redrawn in place (ANSI cursor moves); elsewhere
each board's stage changes are printed as plain lines, so logs stay readable.
Boards run in parallel threads (`run_parallel`).
"""
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from host_tools.board import BoardError

WIDTH = 24


class Progress:
    def __init__(self, ports, stream=None, live=None):
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty() if live is None else live
        self.ports = list(ports)
        self.lines = {p: [p, "waiting", 0, 0, ""] for p in self.ports}  # port, stage, done, total, note
        self.lock = threading.Lock()
        self.drawn = 0
        self.last = 0.0
        self.width = max(len(p) for p in self.ports) if self.ports else 10

    def callback(self, port):
        return lambda stage, done=0, total=0, note="": self.update(port, stage, done, total, note)

    def update(self, port, stage, done=0, total=0, note=""):
        with self.lock:
            line = self.lines[port]
            changed = line[1] != stage
            line[1:] = [stage, done, total, note]
            if self.live:
                now = time.monotonic()
                if changed or now - self.last > 0.1 or (total and done >= total):
                    self._draw()
                    self.last = now
            elif changed:
                self.stream.write(f"{port}: {stage}{' ' + note if note else ''}\n")
                self.stream.flush()

    def _bar(self, line):
        port, stage, done, total, note = line
        text = f"{port:<{self.width}}  {stage:<10}"
        if total:
            filled = min(WIDTH, WIDTH * done // total)
            text += f" [{'#' * filled}{'.' * (WIDTH - filled)}] {100 * done // total:3d}%"
        if note:
            text += f"  {note}"
        return text

    def _draw(self):
        out = []
        if self.drawn:
            out.append(f"\x1b[{self.drawn}F")
        for p in self.ports:
            out.append("\x1b[2K" + self._bar(self.lines[p])[:200] + "\n")
        self.drawn = len(self.ports)
        self.stream.write("".join(out))
        self.stream.flush()

    def close(self):
        with self.lock:
            if self.live:
                self._draw()


def table(rows, headers, stream=None):
    """A plain text table."""
    stream = stream or sys.stdout
    rows = [[str(c) for c in r] for r in rows]
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    stream.write(fmt.format(*headers).rstrip() + "\n")
    for r in rows:
        stream.write(fmt.format(*r).rstrip() + "\n")
    stream.flush()


def run_parallel(ports, work, progress):
    """work(port, callback) on every port at once; {port: result or BoardError}."""
    results = {}

    def one(port):
        cb = progress.callback(port)
        try:
            results[port] = work(port, cb)
            cb("done", 1, 1)
        except BoardError as e:
            results[port] = e
            cb("FAILED")
        except Exception as e:  # a bug must not hide the other boards' results
            results[port] = BoardError(f"{port}: {type(e).__name__}: {e}")
            cb("FAILED")

    with ThreadPoolExecutor(max_workers=max(1, len(ports))) as pool:
        list(pool.map(one, ports))
    progress.close()
    return results
