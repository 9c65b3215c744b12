"""`xqclock report`: game records replayed from journals written by playing
scenarios through the firmware (as `xqclock scenario --journal DIR` does):
the sheet's facts, JSON and CSV shapes, the PNG chart, --verify on intact,
altered and cut journals, and a round's results table with forfeits."""
import csv
import io
import json
import shutil
import subprocess
import sys

from host_tools import cli, scenario
from host_tools.report.record import hms
from host_tools.report.sheet import CSV_FIELDS
from clock import events as ev
from clock.journalread import Loaded
from clock import tablestart

GAME = """
clock cxa1999-6.4
forfeit 15m
absent black
fouls 3
at 0 start
at 4s press red
at 1m arrive black
at 1m30s press black
at 2m foul red
at 2m10s warn black
at 2m20s offer red
at 2m30s press red
at 3m10s pause
at 4m resume
at 4m5s penalty black 30s
at 4m6s bonus red 10s
at 4m20s press black
at 4m40s foul black
at 4m50s offer red   # Red's own time again, before Black has offered
at 5m press red
at 5m1s power-cut
at 6m power-on
at 6m30s resume
at 7m false-claim black
end 20m
"""


def play(tmp_path, text, name="game"):
    """Play a scenario in-process; returns (journal path, the scenario's state JSON)."""
    d = tmp_path / name
    state = json.loads(scenario.play(scenario.parse(text), "cpython", d))
    return d / "game.xqj", state


def run(capsys, *argv):
    code = cli.main(["report", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys, path):
    code, out, err = run(capsys, path, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def events_of(d, kind):
    return [e for e in d["events"] if e["event"] == kind]


# -- the record of one game ------------------------------------------------------

def test_the_record_names_the_preset_and_the_spec_the_game_was_played_with(tmp_path, capsys):
    path, _ = play(tmp_path, "clock fide-rapid\nat 0 start\nat 5s press red\nend 1m\n")
    d = as_json(capsys, path)
    assert (d["settings"]["clock"], d["settings"]["preset"]) == ("15m+10s;increment-at-start", "fide-rapid")
    assert d["control"]["spec"] == "fide-rapid (15m+10s;increment-at-start)"
    code, out, err = run(capsys, path)
    assert code == 0 and "[fide-rapid (15m+10s;increment-at-start)]" in out, err
    assert d["red"]["remaining_ms"] == 15 * 60000 + 10000 - 5000 + 10000  # the first increment at the start


def test_result_times_fouls_and_events(tmp_path, capsys):
    path, state = play(tmp_path, GAME)
    d = as_json(capsys, path)
    # the false claim's 5 minutes empty Black's clock: Red wins on time at 7:00
    assert d["status"] == "finished"
    assert d["result"]["score"] == "1-0" and d["result"]["winner"] == "red"
    assert d["result"]["reason"] == "time" and d["result"]["at_ms"] == 420000
    assert d["result"]["points"] == {"red": 1.0, "black": 0.0}
    # times used agree with the clock's own state, and with the arithmetic: Red 4 + 60 + 40 s
    for side in ("red", "black"):
        assert d[side]["used_ms"] == state[side]["used_ms"]
        assert d[side]["remaining_ms"] == state[side]["remaining_ms"]
        assert d[side]["moves"] == state[side]["moves"]
    assert d["red"]["used_ms"] == 104000
    assert d["red"]["used"] == "0:01:44"
    assert d["black"]["flag_at_ms"] == 420000
    assert d["control"]["text"] == "5 min for every 30 moves, repeating"
    # every foul, with its time and side; the false claim is a foul too
    fouls = [(e["time"], e["side"]) for e in events_of(d, "foul")]
    assert fouls == [("0:02:00", "red"), ("0:04:40", "black")]
    claim, = events_of(d, "false-claim")
    assert (claim["time"], claim["side"], claim["value"]) == ("0:07:00", "black", 2)
    assert [(e["time"], e["side"]) for e in events_of(d, "warning")] == [("0:02:10", "black")]
    assert [(e["time"], e["value"]) for e in events_of(d, "penalty")] == [("0:04:05", -30000)]
    assert [(e["time"], e["value"]) for e in events_of(d, "bonus")] == [("0:04:06", 10000)]
    assert [(e["time"], e["side"]) for e in events_of(d, "arrive")] == [("0:01:00", "black")]
    offers = events_of(d, "offer")
    assert [(e["time"], e["repeat"]) for e in offers] == [("0:02:20", False), ("0:04:50", True)]
    assert [(e["time"], e["by"]) for e in events_of(d, "pause")] == [("0:03:10", "arbiter")]
    assert [e["time"] for e in events_of(d, "resume")] == ["0:04:00", "0:06:30"]
    assert [e["time"] for e in events_of(d, "power-on")] == ["0:05:00"]
    flag, = events_of(d, "flag")
    assert (flag["time"], flag["side"]) == ("0:07:00", "black")
    # the flag and the clock's result come after the event that caused them
    kinds = [e["event"] for e in d["events"]]
    assert kinds[-3:] == ["false-claim", "flag", "result"]
    assert d["events"][-1]["by"] == "clock"
    assert d["journal_check"]["intact"] and d["player_pauses"] == 0


def test_think_times_leave_out_pauses(tmp_path, capsys):
    path, _ = play(tmp_path, GAME)
    d = as_json(capsys, path)
    red = [(m["move"], m["think_ms"]) for m in d["moves"]["red"]]
    black = [(m["move"], m["think_ms"]) for m in d["moves"]["black"]]
    assert red == [(1, 4000), (2, 60000), (3, 40000)]
    # Black's clock ran from Red's first press (late, §21.1); the 50 s pause is not thinking time
    assert black == [(1, 86000), (2, 60000)]
    assert d["moves"]["black"][1]["remaining_ms"] == 300000 - 86000 - 60000 - 30000


def test_player_pause_is_flagged(tmp_path, capsys):
    """The board journals a player's stop of the clock as PAUSE with value 1 (§9.1.2)."""
    path = tmp_path / "pp.xqj"
    table = tablestart.new({"clock": "xq-10+10", "forfeit": -1, "fouls": 3, "absent": [0, 0]}, str(path))
    table.event(0, ev.START, 0, 0)
    table.event(5000, ev.PRESS, 0, 0)
    table.event(20000, ev.PAUSE, 0, ev.BY_PLAYER)
    table.event(30000, ev.RESUME, 0, 0)
    table.event(40000, ev.PAUSE, 0, 0)
    table.event(45000, ev.RESUME, 0, 0)
    table.event(65000, ev.PRESS, 1, 0)
    table.close()
    d = as_json(capsys, path)
    assert [(e["time"], e["by"]) for e in events_of(d, "pause")] == [("0:00:20", "player"),
                                                                     ("0:00:40", "arbiter")]
    assert d["player_pauses"] == 1
    assert d["moves"]["black"][0]["think_ms"] == 60000 - 10000 - 5000
    code, text, _ = run(capsys, path)
    assert code == 0
    line = next(x for x in text.splitlines() if "0:00:20" in x)
    assert "player" in line and "§9.1.2" in text


def test_text_sheet(tmp_path, capsys):
    path, _ = play(tmp_path, GAME)
    code, text, err = run(capsys, path)
    assert code == 0, err
    assert "1-0, Red wins: Black lost on time" in text
    assert "5 min for every 30 moves, repeating" in text
    lines = text.splitlines()
    used = next(x for x in lines if x.startswith("Time used"))
    assert used.split()[2:4] == ["0:01:44", "0:05:00"]
    assert any(x.split()[:2] == ["0:02:00", "foul"] and "Red" in x for x in lines)
    assert any(x.split()[:2] == ["0:04:40", "foul"] and "Black" in x for x in lines)
    assert "Signatures" in lines[-1] and "Arbiter" in lines[-1] and "Red" in lines[-1]
    chain = Loaded(str(path))
    list(chain.records())
    assert chain.last_hash.hex() in text


def test_byoyomi_overtime_and_flag_times(tmp_path, capsys):
    path, _ = play(tmp_path, """
clock 1m;byoyomi 3x10s
at 0 start
at 20s press red
at 25s press black
at 50s press red
at 1m press black
at 1m15s press red
at 1m40s press black
at 1m50s press red
end 5m
""")
    d = as_json(capsys, path)
    # Black: 5 + 10 + 25 s of 60 used by 1:40; its clock restarts at 1:50: main time out at 2:10,
    # three 10 s periods later the flag falls at 2:40
    over = {e["side"]: e["t_ms"] for e in events_of(d, "overtime")}
    assert over == {"red": 75000, "black": 130000}
    assert d["result"]["reason"] == "time" and d["black"]["flag_at_ms"] == 160000
    assert d["flags"] == [{"side": "black", "t_ms": 160000, "press": 4, "move": 4, "think_ms": 50000}]


def test_arbiter_result_after_a_flag(tmp_path, capsys):
    path, _ = play(tmp_path, """
clock 1m
at 0 start
at 10s press red
at 2m result red resign
end 3m
""")
    d = as_json(capsys, path)
    results = [(e["time"], e["by"], e["reason"]) for e in events_of(d, "result")]
    assert results == [("0:01:10", "clock", "time"), ("0:02:00", "arbiter", "resign")]
    assert d["result"]["reason"] == "resign" and d["result"]["score"] == "1-0"


def test_csv_one_row_per_event(tmp_path, capsys):
    path, _ = play(tmp_path, GAME)
    d = as_json(capsys, path)
    code, out, _ = run(capsys, path, "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert tuple(rows[0].keys()) == CSV_FIELDS
    assert len(rows) == len(d["events"])
    assert [r["event"] for r in rows] == [e["event"] for e in d["events"]]
    foul = next(r for r in rows if r["event"] == "foul")
    assert (foul["time"], foul["t_ms"], foul["side"]) == ("0:02:00", "120000", "red")
    move = next(r for r in rows if r["event"] == "move" and r["side"] == "black")
    assert (move["move"], move["think_ms"]) == ("1", "86000")
    assert all(r["journal"] == str(path) and r["id"] == d["id"] for r in rows)


def test_json_shape(tmp_path, capsys):
    path, _ = play(tmp_path, GAME)
    d = as_json(capsys, path)
    for key in ("journal", "id", "control", "status", "result", "red", "black", "events", "moves",
                "periods", "flags", "journal_check"):
        assert key in d
    for side in ("red", "black"):
        for key in ("moves", "used_ms", "remaining_ms", "fouls", "warnings", "offers", "flag_at_ms"):
            assert key in d[side]
    for e in d["events"]:
        assert isinstance(e["t_ms"], int) and e["time"].count(":") == 2 and e["text"]
    assert d["id"] == Loaded(str(path)).settings["id"]
    # two journals: an array
    other, _ = play(tmp_path, "clock 5m\nat 0 start\nend 1m\n", "other")
    code, out, _ = run(capsys, path, other, "--format", "json")
    both = json.loads(out)
    assert isinstance(both, list) and [g["status"] for g in both] == ["finished", "in progress"]


def test_chart_is_a_png(tmp_path, capsys):
    path, _ = play(tmp_path, GAME)
    png = tmp_path / "chart.png"
    code, out, err = run(capsys, path, "--chart", png)
    assert code == 0, err
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 20000  # two panels with bars, lines and labels, not an empty canvas
    assert "RESULT" in out


def test_out_dir_and_charts_for_several(tmp_path, capsys):
    a, _ = play(tmp_path, GAME, "a")
    b, _ = play(tmp_path, "clock 5m\nat 0 start\nat 3s press red\nend 1m\n", "b")
    code, out, err = run(capsys, a, b, "--out", tmp_path / "sheets", "--chart", tmp_path / "charts")
    assert code == 0, err
    # both are game.xqj, each in its own folder (as pull makes them): the sheets take the folders' names
    sheets = sorted(p.name for p in (tmp_path / "sheets").iterdir())
    assert sheets == ["a.txt", "b.txt"]
    charts = sorted((tmp_path / "charts").iterdir())
    assert len(charts) == 2 and all(p.read_bytes()[:4] == b"\x89PNG" for p in charts)


def test_errors(tmp_path, capsys):
    code, out, err = run(capsys, tmp_path / "nope.xqj")
    assert code == 2 and out == "" and "no such file" in err
    bad = tmp_path / "bad.xqj"
    bad.write_bytes(b"not a journal")
    code, out, err = run(capsys, bad)
    assert code == 2 and "not a clock journal" in err
    path, _ = play(tmp_path, GAME)
    code, _, err = run(capsys, path, "--boards", "x.csv")
    assert code == 2 and "--round" in err


# -- --verify --------------------------------------------------------------------

def _record_offset(path, n):
    return Loaded(str(path)).start + (n - 1) * 16


def test_verify_intact(tmp_path, capsys):
    path, _ = play(tmp_path, GAME)
    code, out, _ = run(capsys, "--verify", path)
    assert code == 0
    loaded = Loaded(str(path))
    n = sum(1 for _ in loaded.records())
    assert "INTACT" in out and "NOT" not in out
    assert loaded.last_hash.hex() in out and "%d records" % n in out


def test_verify_one_flipped_byte_in_record_5(tmp_path, capsys):
    path, _ = play(tmp_path, GAME)
    events = list(Loaded(str(path)).records())
    data = bytearray(path.read_bytes())
    data[_record_offset(path, 5) + 8] ^= 0x01  # the value field of record 5
    path.write_bytes(bytes(data))
    code, out, _ = run(capsys, "--verify", path)
    assert code == 1
    assert "NOT INTACT" in out and "record 5 " in out and "altered" in out
    assert hms(events[4][0]) in out  # its game time, still readable
    # the report itself still reads the four records before it, and says so
    code, text, err = run(capsys, path)
    assert code == 0 and "JOURNAL DAMAGED" in text and "record 5" in err


def test_verify_altered_hash(tmp_path, capsys):
    path, _ = play(tmp_path, GAME)
    data = bytearray(path.read_bytes())
    data[_record_offset(path, 7) + 14] ^= 0x80
    path.write_bytes(bytes(data))
    code, out, _ = run(capsys, "--verify", path, "--format", "json")
    v = json.loads(out)
    assert code == 1 and v["verdict"] == "altered" and v["record"] == 7 and v["records"] == 6
    assert "stored hash" in v["message"]


def test_verify_torn_tail(tmp_path, capsys):
    path, _ = play(tmp_path, GAME)
    size = path.stat().st_size
    path.write_bytes(path.read_bytes()[:size - 5])  # the last record loses 5 of its 16 bytes
    code, out, _ = run(capsys, "--verify", path)
    assert code == 1
    assert "cut" in out and "byte %d" % (size - 5) in out and "11 bytes into record" in out


def test_verify_command_exit_status(tmp_path):
    """The installed command, as an arbiter runs it: a scenario journal, then --verify."""
    scn = tmp_path / "g.scn"
    scn.write_text(GAME)
    cmd = [sys.executable, "-m", "host_tools.cli"]
    subprocess.run(cmd + ["scenario", "--journal", str(tmp_path / "j"), str(scn)], check=True,
                   capture_output=True)
    good = tmp_path / "j" / "game.xqj"
    bad = tmp_path / "bad.xqj"
    data = bytearray(good.read_bytes())
    data[_record_offset(good, 5) + 6] ^= 0x10
    bad.write_bytes(bytes(data))
    ok = subprocess.run(cmd + ["report", "--verify", str(good)], capture_output=True, text=True)
    assert ok.returncode == 0 and "INTACT" in ok.stdout
    ko = subprocess.run(cmd + ["report", "--verify", str(good), str(bad)], capture_output=True, text=True)
    assert ko.returncode == 1 and "record 5" in ko.stdout.splitlines()[1]


# -- a round ---------------------------------------------------------------------

ROUND = {
    "board-01": "clock 5m\nat 0 start\nat 10s press red\nat 1m result red mate\nend 2m\n",
    "board-02": "clock 30m\nforfeit 15m\nabsent black\nat 0 start\nat 5s press red\nend 20m\n",
    "board-03": "clock 30m\nforfeit 15m\nabsent red\nabsent black\nat 0 start\nend 20m\n",
    "board-04": "clock 5m\nat 0 start\nat 10s press red\nat 20s result draw agreed\nend 1m\n",
    "board-05": "clock 5m\nat 0 start\nat 10s press red\nend 1m\n",
    "board-07": "clock 30m\nforfeit 15m\nabsent red\nat 0 start\nend 20m\n",
}


def round_dir(tmp_path):
    d = tmp_path / "round"
    d.mkdir()
    for name, text in ROUND.items():
        path, _ = play(tmp_path, text, name)
        shutil.copy(path, d / ("%s.xqj" % name))
    return d


def test_round_table(tmp_path, capsys):
    d = round_dir(tmp_path)
    code, out, err = run(capsys, "--round", d, "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    table = {int(r["board"]): (r["result"], r["red_points"], r["black_points"]) for r in rows}
    assert table == {1: ("1-0", "1", "0"), 2: ("+/-", "1", "0"), 3: ("-/-", "0", "0"),
                     4: ("1/2-1/2", "0.5", "0.5"), 5: ("in progress", "", ""), 7: ("-/+", "0", "1")}
    assert [int(r["board"]) for r in rows] == [1, 2, 3, 4, 5, 7]
    code, text, _ = run(capsys, "--round", d)
    assert "Red 2.5, Black 1.5 (total 4)" in text
    assert "5 finished" in text
    line = next(x for x in text.splitlines() if x.split()[:1] == ["3"])
    assert "-/-" in line and "double forfeit" in line
    line = next(x for x in text.splitlines() if x.split()[:1] == ["5"])
    assert "in progress" in line


def test_round_out_and_board_mapping(tmp_path, capsys):
    d = round_dir(tmp_path)
    renamed = tmp_path / "pulled"
    renamed.mkdir()
    ids = {}
    for i, p in enumerate(sorted(d.iterdir())):
        gid = Loaded(str(p)).settings["id"]
        shutil.copy(p, renamed / ("%s.xqj" % gid))
        ids[p.stem] = gid
    mapping = tmp_path / "boards.csv"
    mapping.write_text("board,journal,red,black\n"
                       "12,%s,Wang Tianyi,Zheng Weitong\n"
                       "11,%s.xqj,Xu Yinchuan,Lü Qin\n"
                       "13,missing.xqj,A,B\n" % (ids["board-03"], ids["board-02"]))
    files = [renamed / ("%s.xqj" % ids[k]) for k in ("board-02", "board-03")]
    code, out, err = run(capsys, "--round", *files, "--boards", mapping, "--out", tmp_path / "out")
    assert code == 0, err
    # the table is named for its folder, or round for loose files; a CSV opens in Excel (UTF-8 with its BOM)
    rows = list(csv.DictReader(io.StringIO((tmp_path / "out" / "round.csv").read_text(encoding="utf-8-sig"))))
    got = [(r["board"], r["red"], r["result"], r["status"]) for r in rows]
    assert got == [("11", "Xu Yinchuan", "+/-", "finished"), ("12", "Wang Tianyi", "-/-", "finished"),
                   ("13", "A", "?", "no journal")]
    assert (tmp_path / "out" / "round.txt").read_text() == out
    # without names or a mapping, the order given numbers the boards
    code, out, _ = run(capsys, "--round", *files, "--format", "json")
    boards = json.loads(out)["boards"]
    assert [(b["board"], b["result"]) for b in boards] == [(1, "+/-"), (2, "-/-")]


def test_round_marks_a_damaged_journal(tmp_path, capsys):
    d = round_dir(tmp_path)
    p = d / "board-01.xqj"
    data = bytearray(p.read_bytes())
    data[_record_offset(p, 2) + 5] ^= 0x01
    p.write_bytes(bytes(data))
    code, out, _ = run(capsys, "--round", d, "--format", "json")
    row = json.loads(out)["boards"][0]
    assert row["board"] == 1 and row["journal_check"].startswith("NOT INTACT")


def test_an_arrival_by_a_press_is_on_the_sheet(tmp_path, capsys):
    """Issue 15.1: Black pressed out of turn to say 'here'; the sheet to be
    signed must not say Black did not arrive while the clock plays on."""
    path, state = play(tmp_path, "clock 20m\nforfeit 10m\nabsent black\nat 0 start\n"
                                 "at 1m press black\nend 12m\n")
    assert state["result"] is None
    code, out, err = run(capsys, path)
    assert code == 0, err
    assert "did not arrive" not in out and "Black arrives (pressed the lever)" in out
    assert "in progress" in out
    d = as_json(capsys, path)
    assert d["result"] is None or d["result"].get("score") is None
    assert not events_of(d, "move")  # the press was no move


# -- issue 29: the methods and the double loss on the sheet ------------------------------

def test_an_upcount_game_shows_the_time_used(tmp_path, capsys):
    path, state = play(tmp_path, "clock 20s;upcount\nat 0 start\nat 10s press red\nat 15s press black\n"
                                 "at 40s press red\nat 41s press black\nend 50s\n")
    d = as_json(capsys, path)
    assert d["red"]["upcount_ms"] == state["red"]["upcount_ms"] == 24000 and d["red"]["used_ms"] == 44000
    assert d["black"]["upcount_ms"] == 0
    code, out, err = run(capsys, path)
    assert code == 0, err
    assert "counting up, +0:00:24" in out and "time used after it" in out
    assert "      2   0:25.0    0:00:35    0:01.0    0:00:06" in out  # each side's time used, not left
    assert "the clock counts the time used on upwards, with no flag" in " ".join(out.split())
    code, _, err = run(capsys, path, "--chart", tmp_path / "up.png")
    assert code == 0 and (tmp_path / "up.png").read_bytes()[:4] == b"\x89PNG", err


def test_an_ing_game_says_the_points_charged(tmp_path, capsys):
    path, _ = play(tmp_path, "clock 1m;ing 3x20s 2pt\nat 0 start\nat 1m30s press red\nat 1m31s press black\n"
                             "at 2m result red resign\nend 2m\n")
    d = as_json(capsys, path)
    assert d["red"]["ing_points"] == 6 and d["black"]["ing_points"] == 0
    assert d["result"]["text"].endswith("Ing overtime points charged: Red 6, Black 0")
    periods = [(e["time"], e["value"]) for e in events_of(d, "ing-period")]
    assert periods == [("0:01:00", 2), ("0:01:20", 4), ("0:01:41", 6)]  # each at its own instant
    code, out, err = run(capsys, path)
    assert code == 0 and "Ing points     6" in out, err


def test_a_double_loss_is_0_0_on_the_sheet_and_in_the_round(tmp_path, capsys):
    path, state = play(tmp_path, "clock 10m\nforfeit 15m\nabsent red\nabsent black\nat 0 start\nend 11m\n")
    assert state["result"]["score"] == "0-0"
    d = as_json(capsys, path)
    assert d["result"]["winner"] is None and d["result"]["points"] == {"red": 0.0, "black": 0.0}
    assert "both flags fell in the same millisecond" in d["result"]["text"]
    code, out, err = run(capsys, "--round", path)
    assert code == 0 and "0-0" in out, err
