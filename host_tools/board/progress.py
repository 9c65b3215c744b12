"""Progress of the boards worked on at once, and the summary tables (rich).

On a terminal each board has a live line (stage, bar, note) that rich
redraws; elsewhere each stage change is one plain line, so logs stay
readable. Boards run in parallel threads (`run_parallel`).
"""
import io
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from rich.console import Console
from rich.progress import BarColumn
from rich.progress import Progress as Bars
from rich.progress import TextColumn
from rich.table import Table
from rich.text import Text

from host_tools.board import BoardError
from host_tools.inputs import escaped, said, unfiltered  # a board's words as text: no escape, no markup


class _Bar(BarColumn):
    """A bar only for the stages that count something (copy, pull)."""

    def render(self, task):
        return super().render(task) if task.total else Text("")


class Progress:
    """One line per port; update() from any thread. quiet: no stage lines
    (one board and no terminal: its outcome is all there is to say)."""

    def __init__(self, ports, stream=None, live=None, quiet=False):
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty() if live is None else live
        self.quiet = quiet
        self.stages = dict.fromkeys(ports, "waiting")
        self.lock = threading.Lock()
        self.bars = None
        if self.live:
            width = max((len(p) for p in ports), default=10)
            where = TextColumn(f"{{task.fields[port]:<{width}}}  {{task.fields[stage]:<10}}", markup=False)
            self.bars = Bars(where, _Bar(bar_width=24),
                             TextColumn("{task.fields[percent]}  {task.fields[note]}", markup=False),
                             console=Console(file=unfiltered(self.stream), force_terminal=True))
            self.tasks = {p: self.bars.add_task("", total=None, port=said(p), stage="waiting", percent="", note="")
                          for p in ports}
            self.bars.start()

    def callback(self, port):
        return lambda stage, done=0, total=0, note="": self.update(port, stage, done, total, note)

    def update(self, port, stage, done=0, total=0, note=""):
        if self.bars is not None:
            self.bars.update(self.tasks[port], completed=done, total=total or None, stage=stage, note=said(note),
                             percent=f"{100 * done // total:3d}%" if total else "")
            return
        with self.lock:
            changed, self.stages[port] = self.stages[port] != stage, stage
            if changed and not self.quiet:
                self.stream.write(f"{port}: {stage}{' ' + note if note else ''}\n")
                self.stream.flush()

    def close(self):
        if self.bars is not None:
            self.bars.stop()  # the last state stays on the screen


def table(rows, headers, stream=None):
    """Columns under headings, no rules: on a terminal the headings are bold
    and long cells wrap; elsewhere plain text, one line per row."""
    stream = stream or sys.stdout
    grid = Table(*headers, box=None, pad_edge=False, header_style="bold")
    for r in rows:
        grid.add_row(*(Text(escaped(str(c))) for c in r))  # Text: no rich markup in board names or paths
    if stream.isatty():
        Console(file=stream).print(grid)
        return
    buf = io.StringIO()  # wide enough for every row on one line, without padding after the last column
    Console(file=buf, width=1000).print(grid)
    stream.write("".join(line.rstrip() + "\n" for line in buf.getvalue().splitlines()))


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
