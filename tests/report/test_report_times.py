"""One clock, one reading: the sheet counts game time from the start, shows
time left as the clock showed it (the firmware's own rounding) with the rule
stated, and numbers moves as the clock did after a correction; the demo reads
as the clock does."""
from host_tools import scenario
from host_tools.report.record import GameRecord
from host_tools.report.sheet import text_sheet


def record(tmp_path, text):
    scenario.play(scenario.parse(text), journal_dir=tmp_path)
    return GameRecord(tmp_path / "game.xqj")


def test_game_time_counts_from_the_start(tmp_path):
    """Start pressed 8 s after the game was set up: the start is 0:00:00."""
    rec = record(tmp_path, "clock 5m\nat 8s start\nat 23.3s press red\nat 30s pause\nend 40s\n")
    times = {e["event"]: e["time"] for e in rec.to_dict()["events"]}
    assert times["start"] == "0:00:00" and times["move"] == "0:00:15" and times["pause"] == "0:00:22"
    assert "0:00:00  start" in text_sheet(rec)


def test_time_left_reads_as_the_clock_and_adds_up(tmp_path):
    """Red thinks 15.3 s of 5 min: the clock reads 4:45 (rounded up), used 0:00:15 (down)."""
    rec = record(tmp_path, "clock 5m\nat 0 start\nat 15.3s press red\nend 20s\n")
    red = rec.to_dict()["red"]
    assert red["remaining"] == "4:45" and red["used"] == "0:00:15"
    sheet = text_sheet(rec)
    assert "rounded up" in sheet and "rounded down" in sheet
    assert "0:15.3    4:45" in sheet  # the moves table: the time it took, the clock left after it


def test_one_move_number_after_a_correction(tmp_path):
    """The arbiter corrects Red's count to 29; Red's flag falls on move 30 on the
    sheet, in the events and in what the chart draws."""
    rec = record(tmp_path, "clock 1m\nat 0 start\nat 1s press red\nat 2s press black\nat 3s moves red 29\n"
                           "at 4s press black\nend 2m\n")
    assert rec.flags[0]["move"] == 30
    assert [m["move"] for m in rec.moves[0]] == [1]
    assert "time runs out on move 30" in text_sheet(rec)


def test_the_demo_reads_as_the_clock(tmp_path):
    from host_tools import demo
    lines = []
    (tmp_path / "d.scn").write_text("clock 5m\nat 0 start\nat 15.3s press red\nend 16s\n")
    demo.run(tmp_path / "d.scn", lines.append)
    assert "4:45" in lines[2] and "4:44" not in "".join(lines)  # it read 4:44 before
