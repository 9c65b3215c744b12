"""`xqclock pull` takes its file and folder names from the board (its unique id,
the names its listdir gives): each becomes one plain name inside DIR, never a
path, whatever a board (a modified firmware, a damaged file system) answers."""
from host_tools.board import pull


class Clock:
    """A LiveClock that answers with names holding folders."""

    def __init__(self, port, timeout):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def info(self):
        return {"uid": "../../uid", "settings": {}, "journal": "/game.xqj", "archive": "/games"}

    def listdir(self, folder):
        return ["../../../evil.xqj.bad"] if folder == "/" else ["../../../old.xqj"]

    def read(self, path):
        return b"XQJ"


def test_names_a_board_gives_stay_inside_the_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(pull, "LiveClock", Clock)
    dest = tmp_path / "1" / "2" / "3" / "4" / "round-1"  # so that what leaves it is still seen here
    done = pull._pull_live("/dev/ttyACM0", dest, 1.0, lambda *a, **k: None, True)
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert done["fetched"] == 3
    assert written == ["1/2/3/4/round-1/_.._uid/_.._.._evil.xqj.bad", "1/2/3/4/round-1/_.._uid/game.xqj",
                       "1/2/3/4/round-1/_.._uid/games/_.._.._old.xqj"], written
