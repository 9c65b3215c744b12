"""config push over the raw REPL (a board at its prompt) merges the network
settings into the board's /network.json: one that is no UTF-8 text or no JSON
is read as none, as the board reads it at power-on (device/hall.py), never a
UnicodeDecodeError for the organiser."""
import json

from host_tools.board import config


class Link:
    """The raw REPL's file calls, on one board's /network.json."""

    def __init__(self, held):
        self.files = {"/network.json": held}

    def read_file(self, path):
        return self.files[path]

    def write_atomic(self, path, data):
        self.files[path] = data

    def info(self):
        return {"uid": "e661a4d41b2d3c2f"}


def test_a_network_file_that_is_not_text_is_read_as_none(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for held in (b"\xff\xfe{", b"[" * 100000, b"5"):
        link = Link(held)
        config._write_network(link, "/dev/ttyACM0", {"broker": "10.0.0.2", "event": "open"})
        written = json.loads(link.files["/network.json"])
        assert written["broker"] == "10.0.0.2" and written["event"] == "open", held[:8]
