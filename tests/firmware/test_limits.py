# The limits of clock/limits.py, enforced the same on both VMs: what a Pico
# cannot hold is refused in these words before it is built (a 5,000-stage
# control ended in MemoryError on the MicroPython VM and played on CPython).
from clock import jsonfile, limits, timecontrol
from device import hall, settings
import sys

from support.firmware import raises, scratch_file, skip

FIVE_THOUSAND = ",".join(["1m/1"] * 5000)
REFUSED = "5000 stages: a clock holds at most 8 per side"


def test_a_five_thousand_stage_control_is_refused_before_it_is_built():
    assert str(raises(ValueError, timecontrol.parse, FIVE_THOUSAND)) == REFUSED
    assert str(raises(ValueError, timecontrol.parse_side, FIVE_THOUSAND)) == REFUSED
    assert str(raises(ValueError, timecontrol.parse_any, "red=5m black=%s" % FIVE_THOUSAND)) == "black: " + REFUSED
    assert str(raises(ValueError, timecontrol.parse, "1m" * 61)) == "122 characters: a time control has at most 120"


def test_the_settings_check_says_the_same():
    e = raises(ValueError, settings.check, {"clock": FIVE_THOUSAND})
    assert str(e) == "settings: clock: " + REFUSED
    e = raises(ValueError, settings.check, {"clock_black": FIVE_THOUSAND})
    assert str(e) == "settings: clock_black: " + REFUSED


def test_stages_per_side():
    eight = ",".join(["1m/1"] * 8)
    assert len(timecontrol.parse(eight).sides[0].stages) == 8
    e = raises(ValueError, timecontrol.parse, eight + ",1m")
    assert str(e) == "9 stages: a clock holds at most 8 per side"


def test_a_spec_at_the_length_limit_is_read():
    spec = "1m" + " " * (limits.SPEC_CHARS - 2)
    assert timecontrol.parse(spec).sides[0].stages == [[60000, 0]]
    assert "121 characters" in str(raises(ValueError, timecontrol.parse, spec + " "))


def test_names_characters_bytes_and_control_characters():
    assert settings.check({"red_name": "许银川" * 13})["red_name"] == "许银川" * 13  # 39 characters, 117 bytes
    assert str(raises(ValueError, settings.check, {"red_name": "x" * 41})) == \
        "settings: red_name: 41 characters: a name has at most 40"
    assert str(raises(ValueError, settings.check, {"black_name": "\U00020bb7" * 31})).startswith(
        "settings: black_name: 124 bytes of UTF-8: a name has at most 120")
    for bad in ("a\tb", "a\x7fb", "a\x85b"):
        assert str(raises(ValueError, settings.check, {"red_name": bad})).startswith(
            "settings: red_name: a control character (U+00")
    assert str(raises(ValueError, settings.check, {"red_name": 12})) == "settings: red_name: 12 is not a name (text)"


def test_an_error_quotes_a_short_part_of_a_long_value():
    assert limits.clip("short") == "short"
    clipped = limits.clip("x" * 100000)
    assert clipped == "x" * 24 + "... (100000 characters)"
    e = raises(ValueError, settings.check, {"clock": 10 ** 40})
    assert len(str(e)) < 100


def test_nested_or_huge_json_is_refused_before_it_is_parsed():
    deep = b"[" * 100000 + b"]" * 100000
    assert str(raises(ValueError, jsonfile.loads, deep)) == "larger than the 16384 bytes a clock reads"
    assert str(raises(ValueError, jsonfile.loads, b"[" * 9 + b"]" * 9)) == "nested more than 8 deep"
    assert jsonfile.loads(b'{"a": "[[[[[[[[[[[[", "b": [[1]]}') == {"a": "[[[[[[[[[[[[", "b": [[1]]}
    assert jsonfile.loads(b'["\\\\", "\\"[[[[[[[[[["]') == ["\\", '"[[[[[[[[[[']
    assert str(raises(ValueError, jsonfile.loads, b"\xff{")) == "not JSON text"
    assert jsonfile.depth("[{}]") == 2


def test_a_small_json_file_is_read_in_a_heap_with_no_16_kb_block_left():
    """On the emulated Pico the heap after boot had 84 KB free but no 12 KB
    block; reading /settings.json asked for 16 KB at once (read(16385))."""
    if sys.implementation.name != "micropython":
        skip("CPython has no heap of its own to fragment")
    import gc
    path = scratch_file("small.json", b'{"clock": "xq-60+30"}')
    blocks = []
    gc.collect()
    try:
        while True:
            blocks.append(bytearray(4000))
    except MemoryError:
        pass
    for i in range(0, len(blocks), 2):
        blocks[i] = None  # every other block free again: 4 KB holes, nothing bigger
    gc.collect()
    try:
        got = jsonfile.read(path)
    except MemoryError:
        got = None
    del blocks
    gc.collect()
    assert got == b'{"clock": "xq-60+30"}'


def test_settings_nested_deep_boot_as_defaults_locked():
    values, problem = settings.load(scratch_file("settings.json", b"[" * 5000 + b"]" * 5000))
    assert values["code"] == settings.UNREADABLE and problem.startswith("settings: not a JSON object")


def _network(**fields):
    values = {"broker": "10.0.0.2"}
    values.update(fields)
    return values


def test_the_network_settings_within_their_limits():
    assert hall.check(_network(event="公开赛\U00020bb7"))["event"] == "公开赛\U00020bb7"
    assert hall.check(_network(wifi="家里的网络", wifi_password="12345678"))["wifi"] == "家里的网络"
    refused = [
        (_network(event="x" * 100000), "network: event must be at most 64 bytes of UTF-8, not 100000"),
        (_network(event="a\x01b"), "network: event must be a name without spaces"),
        (_network(event="a b"), "network: event must be a name without spaces"),
        (_network(event="a:b"), "network: event must be a name without spaces"),
        (_network(event="公开赛\u30002026"), "network: event must be a name without spaces"),  # a Chinese keyboard's
        (_network(event="open\xa02026"), "network: event must be a name without spaces"),  # (Mosquitto's: no)
        (_network(wifi="x" * 33), "network: wifi must be a network's name of at most 32 bytes"),
        (_network(wifi="\U00020bb7" * 9), "network: wifi must be a network's name of at most 32 bytes"),
        (_network(wifi="a\tb"), "network: wifi must be a network's name"),
        (_network(wifi_password="short"), "network: wifi_password must be 8 to 63"),
        (_network(wifi_password="\U00020bb7" * 8), "network: wifi_password must be 8 to 63"),
        (_network(broker="\U00020bb7"), "network: broker must be an IP address or a host name"),
        (_network(broker="x" * 254), "network: broker must be an IP address or a host name"),
        (_network(broker="a b"), "network: broker must be an IP address or a host name"),
        (_network(user="u" * 101), "network: user must be at most 100 bytes"),
        (_network(password="p\x00"), "network: password must be at most 100 bytes, without control"),
        (_network(port=True), "network: port must be 0 (the default) to 65535"),  # not port 1
        (_network(timeout_ms=True), "network: timeout_ms must be 10 to 2000"),
    ]
    for values, message in refused:
        assert str(raises(ValueError, hall.check, values)).startswith(message), (values, message)
    assert hall.check(_network(wifi_password="ab" * 32))["wifi_password"] == "ab" * 32  # 64 hex digits
    assert hall.check(_network(broker=hall.USB))["broker"] == hall.USB


def test_what_a_clock_takes_its_journal_replays():
    """A journal's header holds the spec with its preset written out (timecontrol.played):
    a spec at the length limit must still be one a clock replays after a power cut, so
    the limit holds for it written out (fide-classical;... of 120 characters was 139)."""
    for name in sorted(timecontrol.PRESETS):
        given = name + ":20m" if name == "cxa1999-6.5" else name
        spec = given + ";permove" + " " * (limits.SPEC_CHARS - len(given) - 10) + "1m"
        assert len(spec) == limits.SPEC_CHARS
        try:
            timecontrol.parse(spec)
        except ValueError as e:
            assert "written out" in str(e), (spec, e)
            continue  # refused when pushed: no game of it, no journal
        head = timecontrol.played(spec)
        if "clock" in head:
            timecontrol.parse(head["clock"], head.get("preset", ""))
        else:
            timecontrol.handicap(head["red"], head["black"], head.get("preset", ""))
