"""A name outside the BMP reaches the hall whole (issue 25.1): from this
firmware as UTF-8, and from a clock with older firmware, which sent it in
CESU-8 (two halves of a surrogate pair): read as the one character, never a
page that cannot be sent."""
import json

from host_tools.hall.state import BadMessage, Hall

STATE = {"time_ms": 0, "running": None, "red": {"remaining_ms": 60000, "moves": 0},
         "black": {"remaining_ms": 60000, "moves": 0}, "board": 7, "clock_id": "e661a4d41b2d3c2f"}


def test_a_cesu8_name_from_an_older_clock_is_its_one_character():
    hall = Hall("open")
    payload = json.dumps(dict(STATE, names={"red": "@", "black": "许银川"}), ensure_ascii=False).encode()
    payload = payload.replace(b"@", b"\xed\xa1\x82\xed\xbe\xb7\xe5\xb7\x9d")  # 𠮷川 as an older clock wrote it
    hall.state("7", payload)
    board = hall.snapshot()["boards"][0]
    assert board["state"]["names"] == {"red": "\U00020bb7川", "black": "许银川"}
    json.dumps(hall.snapshot(), ensure_ascii=False).encode()  # the page can be sent


def test_half_a_character_is_a_bad_message():
    hall = Hall("open")
    payload = json.dumps(dict(STATE, names={"red": "x", "black": "y"})).encode().replace(b'"x"', b'"\\ud842"')
    try:
        hall.state("7", payload)
        raise AssertionError("accepted")
    except BadMessage as e:
        assert "half a character" in str(e)
