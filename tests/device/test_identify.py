"""A clock asked to identify itself (`xqclock identify`, the hall page's
button): three beeps whatever its sound setting, its board number on both
displays for 5 s, read back from the decoded display bytes; a clock whose
game is running is not disturbed. And the hall's request over MQTT, taken
only with the clock's own key."""
import machine
import pytest

from device.actions import IDENTIFY_MS
from support.rigs import START, rig


def beeps(since):
    return len([t for t, hz, duty in machine.TONES if t >= since and duty])


def status_line_lit(rows):
    """Share of the OLED's bottom line (rows 48..63) that is lit."""
    return sum(sum(r) for r in rows[48:64]) / (16 * 128)


@pytest.mark.parametrize("profile", ["oled", "segment7"])
def test_an_identified_clock_beeps_and_shows_its_board_number(tmp_path, profile):
    r = rig(tmp_path, profile, board=27, sound=False)
    r.run(200)
    before = [r.frame(0), r.frame(1)]
    t = r.clock.now
    assert r.app.act("identify")
    r.run(1000)
    assert beeps(t) == 3, machine.TONES[-8:]  # with the sound off: finding the clock is the point
    for i in (0, 1):
        if profile == "oled":
            assert status_line_lit(r.frame(i)) > 0.5  # "#27", dark on a lit line
        else:
            assert r.frame(i) == "b 27"
    assert r.app.act("host_info", "x")["identifying"]
    r.run(IDENTIFY_MS)
    assert [r.frame(0), r.frame(1)] == before and not r.app.act("host_info", "x")["identifying"]
    assert beeps(t + 1000) == 0


def test_a_running_game_is_not_disturbed(tmp_path):
    r = rig(tmp_path, "segment7", board=3)
    r.run(200)
    r.press(START)
    r.run(500)
    t = r.clock.now
    assert not r.app.act("identify")
    r.run(500)
    assert beeps(t) == 0 and not r.frame(0).startswith("b") and not r.frame(1).startswith("b")


def test_the_hall_s_request_counts_only_with_the_clock_s_key(tmp_path):
    from device import hall
    key = "ab" * 32
    class Mqtt:  # umqtt.simple, never connected here
        socket = None
    rep = hall.Reporter(hall.check({"broker": "10.0.0.2", "key": key}), "e661a4d41b2d3c2f", machine.CLOCK,
                        None, Mqtt())
    topic = "xqclock/open/27/identify"
    request = hall.tagged(hall.key_pads(key), topic.encode(), b'{"at_ms": 1}')
    for t, msg in ((topic, request.replace(b"1", b"2", 1)), ("xqclock/open/28/identify", request),
                   (topic, hall.tagged(hall.key_pads("cd" * 32), topic.encode(), b'{"at_ms": 1}')), (topic, b"")):
        rep._heard(t.encode(), msg)
        assert not rep.asked, (t, msg)
    rep._heard(topic.encode(), request)
    assert rep.asked
