"""A journal whose chain checks out but whose header holds settings no clock
could have written (issue 15.5): the chain hash has no key, so anyone can
write one. report, transfer and the board's boot give one clear line naming
the field, never a traceback, and the board keeps a clock."""
import pytest

from host_tools import cli
from host_tools.board import BoardError
from host_tools.board.transfer import restored_state
from clock import events as ev
from clock.journal import Journal, JournalError
from clock import tablestart
from clock.tablestart import boot, build_game

DROP = object()  # the key is not in the header
GOOD = {"clock": "xq-60+30", "forfeit": -1, "fouls": 3, "absent": [0, 0], "id": "0badc0de"}
BAD = [  # (changes to GOOD, the field the message must name)
    ({"clock": 5}, "clock"),
    ({"clock": None}, "clock"),
    ({"clock": "no-such-preset"}, "clock"),
    ({"clock": ["xq-60+30"]}, "clock"),
    ({"fouls": "3"}, "fouls"),
    ({"fouls": 0}, "fouls"),
    ({"fouls": True}, "fouls"),
    ({"forfeit": "x"}, "forfeit"),
    ({"forfeit": -5}, "forfeit"),
    ({"forfeit": 1.5}, "forfeit"),
    ({"absent": "x"}, "absent"),
    ({"absent": [0]}, "absent"),
    ({"absent": [0, 2]}, "absent"),
    ({"clock": DROP, "red": "5m"}, "black"),
    ({"clock": DROP, "red": 5, "black": "5m"}, "red"),
    ({"preset": 5}, "preset"),
    ({"preset": ["fide-rapid"]}, "preset"),
]
IDS = ["%s-%d" % (field, i) for i, (changes, field) in enumerate(BAD)]


def header(changes):
    settings = dict(GOOD)
    settings.update(changes)
    return {k: v for k, v in settings.items() if v is not DROP}


def forged(tmp_path, changes):
    settings = header(changes)
    path = tmp_path / "game.xqj"
    journal = Journal.create(str(path), settings)
    journal.append(0, ev.START, 0, 0)
    journal.append(5000, ev.PRESS, 0, 0)
    journal.close()
    return path


@pytest.mark.parametrize("changes,field", BAD, ids=IDS)
def test_the_core_refuses_the_header(tmp_path, changes, field):
    with pytest.raises(JournalError) as e:
        build_game(header(changes))
    assert field in str(e.value)


@pytest.mark.parametrize("argv", [[], ["--format", "json"], ["--format", "csv"], ["--round"]])
@pytest.mark.parametrize("changes,field", BAD, ids=IDS)
def test_report_names_the_field(tmp_path, capsys, changes, field, argv):
    path = forged(tmp_path, changes)
    code = cli.main(["report", str(path), *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if argv == ["--round"]:  # the round table marks the game and goes on
        assert code in (0, 1) and field in out + err
    else:
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and field in err, err


@pytest.mark.parametrize("changes,field", BAD, ids=IDS)
def test_transfer_refuses_it_before_touching_a_clock(tmp_path, changes, field):
    data = forged(tmp_path, changes).read_bytes()
    with pytest.raises(BoardError) as e:
        restored_state(data)
    assert field in str(e.value)


@pytest.mark.parametrize("changes,field", BAD, ids=IDS)
def test_the_board_keeps_a_clock(tmp_path, changes, field):
    path = forged(tmp_path, changes)
    table = boot(str(path), {"clock": "5m", "forfeit": -1, "fouls": 3, "absent": [0, 0]})
    assert not table.game.started and table.game.sides[0].remaining == 300000
    assert field in table.notice and (tmp_path / "game.xqj.bad").exists()
    table.close()


def test_a_good_header_still_plays(tmp_path):
    table = tablestart.restore(str(forged(tmp_path, {})))
    assert table.game.started and table.game.sides[0].moves == 1
    table.close()
