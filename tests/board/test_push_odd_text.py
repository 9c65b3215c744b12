"""Text outside the BMP and past the limits, pushed to a virtual board whose
firmware runs (issue 28): a name, an event and a Wi-Fi name with 𠮷 go in and
come back; a second network push over the first is merged (it was a TypeError);
`config show --json` in an ASCII terminal escapes them (it was a
UnicodeEncodeError); what is past the limits is refused on the host, in one
line, before the board is asked (it was "Invalid base64-encoded string")."""
import json
import os

import pytest

from support.boards import flash
from support.cli import xqclock

pytestmark = pytest.mark.slow


def test_odd_text_goes_in_comes_back_and_what_is_too_long_stays_out(board, env, tmp_path):
    env = dict(env, XDG_CONFIG_HOME=str(tmp_path / "config"))
    flash(env, board, "--profile", "oled")
    first = xqclock(env, "config", "push", "--port", board.path, "--broker", "mqtt://127.0.0.1:1",
                    "--event", "公开赛\U00020bb7", "--red", "\U00020bb7川")
    assert first.returncode == 0, first.stderr
    again = xqclock(env, "config", "push", "--port", board.path, "--broker", "mqtt://127.0.0.1:2",
                    "--wifi", "家\U00020bb7")
    assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr
    shown = xqclock(dict(env, PYTHONIOENCODING="ascii"), "config", "show", "--port", board.path, "--json")
    assert shown.returncode == 0, shown.stderr
    held = json.loads(shown.stdout)[0]
    assert held["settings"]["red_name"] == "\U00020bb7川"
    assert held["network"]["event"] == "公开赛\U00020bb7" and held["network"]["wifi"] == "家\U00020bb7"
    before = sorted(os.listdir(board.flash))
    for option, value, words in (("--event", "x" * 100000, "--event must be at most 64 bytes"),
                                 ("--wifi", "a\tb\x01", "--wifi must be a network's name"),
                                 ("--broker", "mqtt://\U00020bb7", "the host must be an IP address")):
        refused = xqclock(env, "config", "push", "--port", board.path, option, value)
        assert refused.returncode == 2 and words in refused.stderr, refused.stderr
        assert len(refused.stderr.splitlines()) == 1 and len(refused.stderr) < 300
    assert sorted(os.listdir(board.flash)) == before
