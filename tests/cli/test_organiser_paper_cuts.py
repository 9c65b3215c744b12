"""The small things a new organiser tripped over (issue 25.5), each as it was
met: a chart with its board and names in the format asked for, the desktop
simulation taking --clock and --language, a folder's settings kept, a torn
journal moved whole but for its torn record, a newer journal named so, plain
words ("1 move") and tables without trailing padding."""
import json
import subprocess
import sys

from support.cli import ROOT
from host_tools import cli, scenario
SCRIPT = "at 0 snapshot before\nend 1s\n"


def finished_game(tmp_path, name="g"):
    scenario.play(scenario.parse("clock xq-5+3\nat 0 start\nat 4s press red\nat 9s press black\nend 12s\n"),
                  journal_dir=tmp_path / name)
    return tmp_path / name / "game.xqj"


def test_a_chart_names_board_and_players_and_is_written_in_the_format_asked(tmp_path, capsys):
    from host_tools.report.chart import title
    from host_tools.report.record import GameRecord
    from clock import events as ev
    from clock import tablestart
    from device import settings as cfg
    path = tmp_path / "board-07.xqj"
    values = cfg.check({"clock": "10m", "board": 7, "red_name": "许银川", "black_name": "王天一"})
    t = tablestart.new(cfg.game_settings(values), str(path))
    t.event(0, ev.START, 0, 0)
    t.event(5000, ev.PRESS, 0, 0)
    t.close()
    assert title(GameRecord(path)) == "Board 7: Red 许银川 v Black 王天一"
    for name, magic in (("c.jpg", b"\xff\xd8\xff"), ("c.png", b"\x89PNG"), ("c.svg", b"<?xml")):
        assert cli.main(["report", str(path), "--chart", str(tmp_path / name)]) == 0
        assert (tmp_path / name).read_bytes().startswith(magic), name
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Glyph" not in err  # a missing font is one warning, not a glyph each
    assert cli.main(["report", str(path), "--chart", str(tmp_path / "c.bmp")]) == 2
    assert "--chart" in capsys.readouterr().err and not (tmp_path / "c.bmp").exists()


def test_headless_takes_clock_and_language_from_the_command_line(tmp_path):
    from host_tools import simulate
    script = tmp_path / "s.script"
    script.write_text(SCRIPT)
    plain = simulate.headless("oled", SCRIPT)
    assert simulate.headless("oled", SCRIPT, settings={"language": 1}) != plain  # Chinese screens
    assert simulate.headless("oled", SCRIPT, settings={"clock": "xq-5+3"}) != plain  # 5:00, not 1:00:00
    code = cli.main(["simulate", "--headless", "--script", str(script), "--png", str(tmp_path / "png"),
                     "--clock", "xq-5+3", "--language", "zh"])
    assert code == 0


def test_simulate_dir_keeps_the_folder_s_settings(tmp_path, monkeypatch):
    from host_tools import simulate
    (tmp_path / "settings.json").write_text(json.dumps({"clock": "xq-15+10", "code": "2468", "board": 4}))
    seen = {}
    monkeypatch.setattr(simulate, "interactive", lambda profile, values, directory, *a: seen.update(values))
    assert cli.main(["simulate", "--dir", str(tmp_path), "--language", "zh"]) == 0
    assert (seen["clock"], seen["code"], seen["board"], seen["language"]) == ("xq-15+10", "2468", 4, 1)


def test_a_torn_last_record_is_left_out_and_the_rest_moved(tmp_path):
    from host_tools.board import BoardError
    from host_tools.board.transfer import intact_part, restored_state
    data = finished_game(tmp_path).read_bytes()
    game = bytearray(data[:-16 * 2])  # the result and the last press gone: a game in progress
    torn = bytes(game) + data[-32:-26]  # what a clock that died writing a record leaves
    kept, note = intact_part(torn, "board-3.xqj")
    assert kept == bytes(game) and "torn" in note and "left out" in note
    assert restored_state(kept) == restored_state(bytes(game))
    altered = bytearray(game)
    altered[-8] ^= 0xFF  # not torn: a whole record that does not fit its hash
    try:
        intact_part(bytes(altered), "board-3.xqj")
        raise AssertionError("an altered journal was moved")
    except BoardError as e:
        assert "--intact" in str(e) and "report --verify" in str(e)
    kept, note = intact_part(bytes(altered), "board-3.xqj", intact=True)
    assert note and len(kept) < len(altered)


def test_a_newer_journal_says_so(tmp_path, capsys):
    path = finished_game(tmp_path)
    newer = tmp_path / "newer.xqj"
    newer.write_bytes(b"XQJ2" + path.read_bytes()[4:])
    assert cli.main(["report", str(newer)]) == 2
    err = capsys.readouterr().err
    assert "newer format (XQJ2)" in err and "update xqclock" in err and err.count("\n") == 1


def test_plain_words_and_unpadded_tables():
    assert cli.main(["config", "explain", "5m/1"]) == 0
    proc = subprocess.run([sys.executable, "-m", "host_tools.cli", "config", "presets"], cwd=ROOT,
                          capture_output=True, text=True)
    assert all(line == line.rstrip() for line in proc.stdout.splitlines())
    short = [line for line in proc.stdout.splitlines() if line.startswith("xq-5+3")]
    assert short and len(short[0]) < 140  # its own width, not the longest line's (about 250)
    from clock import timecontrol
    assert timecontrol.describe(timecontrol.parse("5m/1")) == "5 min for 1 move"
    assert "1 move in 2 min" in timecontrol.describe(timecontrol.parse("5m;canadian 1/2m"))
