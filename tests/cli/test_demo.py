"""`xqclock demo`: the example game, printed with the times the clock shows."""
import re

from host_tools import demo


def played(tmp_path, text):
    path = tmp_path / "game.scn"
    path.write_text(text)
    lines = []
    demo.run(path, lines.append)
    return lines


def test_times_read_as_the_clock_shows_them_rounded_up(tmp_path):
    lines = played(tmp_path, "clock 5m\nat 0 start\nat 10.5s press red\nat 20.05s press black\n"
                             "at 4m52.04s press red\nend 5m20s\n")
    assert re.search(r"press red\s+Red\s+4:50 ", lines[2]), lines[2]  # 289.5 s left: the clock shows 4:50
    assert re.search(r"Black\s+4:51 ", lines[3]), lines[3]  # 290.45 s left
    assert re.search(r"Red\s+17\.6 ", lines[4]), lines[4]  # under 20 s, tenths: 17.51 s left
    assert re.search(r"^0:05:20  end.*Black\s+4:23 ", lines[5]), lines[5]  # 262.49 s left
    flag = played(tmp_path, "clock 1m\nat 0 start\nend 70s\n")
    assert re.search(r"^0:01:00  flag falls\s+Red\s+0:00 ", flag[2]), flag[2]


def test_the_bundled_example_plays_to_its_result():
    lines = []
    demo.run(out=lines.append)
    assert lines[0].startswith("Time control: ")
    assert lines[-1].startswith("Result: ")
