"""The boards' progress and summary tables (host_tools/board/progress.py, on
rich): live bars on a terminal, plain lines in a log, tables that a script can
read back column by column."""
import io
import re
import threading

from host_tools.board import BoardError
from host_tools.board.progress import Progress, run_parallel, table

PORTS = ["/dev/pts/3", "/dev/ttyACM12"]


def work(port, cb):
    cb("connect")
    for i in range(4):
        cb("copy", i, 4, f"{i}/4 files")
    if port == PORTS[1]:
        raise BoardError(f"{port}: stopped answering")
    return {"port": port}


def test_in_a_log_each_stage_change_is_one_plain_line():
    out = io.StringIO()
    results = run_parallel(PORTS, work, Progress(PORTS, stream=out, live=False))
    assert results[PORTS[0]] == {"port": PORTS[0]} and isinstance(results[PORTS[1]], BoardError)
    lines = out.getvalue().splitlines()
    assert "\x1b" not in out.getvalue()
    assert [line for line in lines if line.startswith(PORTS[0])] == [
        f"{PORTS[0]}: connect", f"{PORTS[0]}: copy 0/4 files", f"{PORTS[0]}: done"]
    assert lines.count(f"{PORTS[1]}: FAILED") == 1


def test_one_board_in_a_log_says_nothing_until_its_outcome():
    out = io.StringIO()
    run_parallel(PORTS[:1], work, Progress(PORTS[:1], stream=out, live=False, quiet=True))
    assert out.getvalue() == ""


def test_on_a_terminal_every_board_has_a_live_bar():
    out = io.StringIO()
    progress = Progress(PORTS, stream=out, live=True)
    progress.update(PORTS[0], "copy", 3, 4, "3/4 files")
    progress.update(PORTS[1], "connect")
    progress.close()
    screen = out.getvalue()
    assert "\x1b[" in screen  # drawn in place
    last = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.rsplit("\x1b[2K", 1)[-1]).splitlines()
    assert len(last) == 2  # the final redraw: one line per board
    assert last[0].startswith(PORTS[0]) and " 75%" in last[0] and last[0].endswith("3/4 files")
    assert last[1].startswith(PORTS[1]) and "connect" in last[1] and "%" not in last[1]


def test_updates_from_many_threads_keep_one_line_per_stage():
    out = io.StringIO()
    progress = Progress(PORTS, stream=out, live=False)
    threads = [threading.Thread(target=lambda p=p: [progress.update(p, "pull", i, 100) for i in range(100)])
               for p in PORTS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(out.getvalue().splitlines()) == [f"{p}: pull" for p in PORTS]


def test_a_table_in_a_log_is_plain_and_never_wraps():
    out = io.StringIO()
    folder = "/srv/tournament/round-07/" + "x" * 150
    table([["/dev/pts/3", "[b]e6614", 3, folder]], ["PORT", "BOARD", "JOURNALS", "FOLDER"], stream=out)
    lines = out.getvalue().splitlines()
    assert "\x1b" not in out.getvalue()
    assert [line.split() for line in lines] == [["PORT", "BOARD", "JOURNALS", "FOLDER"],
                                                ["/dev/pts/3", "[b]e6614", "3", folder]]
    assert lines[0].index("BOARD") == lines[1].index("[b]e6614")  # columns line up


def test_a_table_shows_a_control_character_in_a_cell_as_its_escape():
    """A cell is what a board holds (its profile's name): ESC [2J in it clears no screen."""
    out = io.StringIO()
    table([["/dev/pts/3", "oled\x1b[2J"]], ["PORT", "PROFILE"], stream=out)
    assert "\x1b" not in out.getvalue() and "oled\\x1b[2J" in out.getvalue()


def test_on_a_terminal_the_bars_escapes_reach_it_past_the_stderr_filter(monkeypatch):
    """The CLI's standard error shows a control character as an escape (inputs.SaidStream:
    a name holding ESC [2J clears no screen); rich's own redraws must still reach the
    terminal as escapes it acts on, not as text (rich drops control characters from
    what it shows: a port's note cannot draw)."""
    import sys
    from host_tools import inputs
    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", inputs.SaidStream(out))
    run_parallel(PORTS, work, Progress(PORTS, live=True))
    assert "\x1b[" in out.getvalue() and "\\x1b" not in out.getvalue()


def test_on_a_terminal_a_note_from_a_board_draws_nothing():
    """A note is what a board gives (a journal's name in pull): a control character in it
    is shown as an escape, and brackets are text, not rich's markup ([/] was a MarkupError)."""
    out = io.StringIO()
    progress = Progress(PORTS[:1], stream=out, live=True)
    progress.update(PORTS[0], "pull", 1, 2, "/games/\x1b[2J[/][bold]x.xqj")
    progress.close()
    assert "\x1b[2J" not in out.getvalue() and "\\x1b[2J[/][bold]x.xqj" in out.getvalue()
