# The firmware's readers of outside input, fed damaged copies of good files on
# both VMs (the same cases: a seeded xorshift, not hypothesis, which the
# MicroPython VM does not have): truncated, bit-flipped, bytes inserted,
# nested deep, huge, characters outside the BMP and control characters. Each
# reader keeps its word: settings and network settings never raise at power-on,
# a profile is refused only with ProfileError, a time control and a journal only
# with ValueError; a MemoryError or RecursionError is a failure.
from clock import jsonfile, timecontrol
from clock.journal import JournalError
from clock.journalread import Loaded
from device import board, hall, settings
from host_tools.mpy.scripts.prng import rand_from
from support.firmware import scratch_file

CASES = 120  # per reader, on each VM
SETTINGS = b'{"clock": "90m/40,30m+30s;delay 5s", "red_name": "\xe8\xae\xb8\xe9\x93\xb6\xe5\xb7\x9d", "board": 7}'
NETWORK = b'{"broker": "10.0.0.2", "event": "\xe5\x85\xac\xe5\xbc\x80", "wifi": "hall", "port": 1883}'
PROFILE = (b'{"profile": 1, "display": {"kind": "ssd1306", "left": {"i2c": 0, "scl": 5, "sda": 4}, '
           b'"right": {"i2c": 1, "scl": 7, "sda": 6}}, "buttons": {"lever_left": 10, "lever_right": 11, '
           b'"start": 12, "minus": 13, "plus": 14, "ok": 15}, "buzzer": {"pin": 16}}')
SPEC = b"90m/40,30m/20,15m+30s;byoyomi 5x30s"
ODD = (b"\xf0\xa0\xae\xb7", b"\x00", b"\x1b[2J", b"\xed\xa1\x82", b"\xff", b"[", b"{", b'"', b"\\", b",", b"9" * 30)


def damaged(rand, data):
    """One damaged copy of data."""
    kind = rand(7)
    if kind == 0:
        return data[:rand(len(data) + 1)]
    out = bytearray(data)
    if kind == 1:
        for _ in range(1 + rand(6)):
            out[rand(len(out))] ^= 1 << rand(8)
        return bytes(out)
    at = rand(len(data) + 1)
    if kind == 2:
        return data[:at] + ODD[rand(len(ODD))] * (1 + rand(40)) + data[at:]
    if kind == 3:
        return b"[" * (1 + rand(3000)) + data
    if kind == 4:
        return data[:at] + b"x" * (1 + rand(20000)) + data[at:]
    if kind == 5:
        return data.replace(b",", b",1m/1," * rand(50), 1)
    return bytes(rand(256) for _ in range(rand(64)))


def _each(seed, data, read):
    rand = rand_from(seed)
    for _ in range(CASES):
        read(damaged(rand, data))


def _write(data):
    return scratch_file("input.json", data)


def test_settings_at_power_on_never_raise():
    def read(data):
        values, problem = settings.load(_write(data))
        assert set(values) == set(settings.DEFAULTS)
    _each(1, SETTINGS, read)


def test_network_settings_never_raise():
    def read(data):
        values, problem = hall.load(_write(data))
        assert values is None or problem is None
    _each(2, NETWORK, read)


def test_a_damaged_profile_is_a_profile_error():
    def read(data):
        try:
            board.load_profile(_write(data))
        except board.ProfileError:
            pass
    _each(3, PROFILE, read)


def test_a_damaged_time_control_is_a_value_error():
    def read(data):
        try:
            timecontrol.parse_any(data.decode())
        except ValueError:  # UnicodeError too
            pass
    _each(4, SPEC, read)


def test_damaged_json_is_a_value_error():
    def read(data):
        try:
            jsonfile.loads(data)
        except ValueError:
            pass
    _each(5, SETTINGS, read)


def test_a_journal_with_a_damaged_header_is_a_journal_error():
    from clock import journal
    head, head_hash = journal.header({"clock": "5m", "names": ["\u8bb8\u94f6\u5ddd", "\U00020bb7"], "board": 3})

    def read(data):
        path = _write(data)
        try:
            list(Loaded(path).records())
        except JournalError:
            pass
    rand = rand_from(6)
    for _ in range(CASES):
        body = damaged(rand, head[6:])
        n = len(body) & 0xFFFF
        whole = head[:4] + bytes((n & 255, n >> 8)) + body[:n]
        read(whole + journal.chain(b"", whole))  # a header whose hash fits: only its JSON is damaged


def test_a_damaged_button_script_is_a_script_error():
    from host_tools.mpy.sim import script
    text = b"flash-free 64K\nclock 5m+3s\nlanguage zh\nat 0 press start\nat 2s hold ok 2s\nat 5s snapshot a\nend 9s\n"

    def read(data):
        try:
            script.parse(data.decode())
        except ValueError:  # ScriptError, and UnicodeError
            pass
    _each(7, text, read)


def test_a_file_of_one_bare_value_is_refused_in_words():
    """JSON that is no object (5, null, true, "x", []): what a damaged copy seldom
    gives. At power-on the network settings then say why (a TypeError stopped the boot)."""
    for data in (b"5", b"null", b"true", b'"event"', b"[]", b"[1]"):
        path = _write(data)
        values, problem = hall.load(path)
        assert values is None and problem == "network: not a JSON object", (data, problem)
        values, problem = settings.load(path)
        assert set(values) == set(settings.DEFAULTS) and problem, data
        try:
            board.load_profile(path)
        except board.ProfileError:
            pass


def test_a_push_reads_the_clocks_network_settings_within_the_limits():
    """The network settings a push merges with: a /network.json nested 100,000 deep
    is read as none (CPython's json ended in RecursionError, a Pico's in MemoryError)."""
    from device import staging
    path = _write(b"[" * 100000 + b"]" * 100000)
    merged = staging.merged_network({"broker": "10.0.0.2", "event": "open"}, path)
    assert merged["broker"] == "10.0.0.2" and merged["event"] == "open"


def test_a_profile_field_of_the_wrong_type_is_a_profile_error():
    """A field's value a JSON file can hold but no profile has ([] or {} where a word
    goes): a ProfileError for the display, never a TypeError at power-on."""
    for chemistry in (b"[]", b"{}", b"[1]"):
        data = PROFILE[:-1] + b', "battery": {"adc": 26, "chemistry": ' + chemistry + b"}}"
        try:
            board.load_profile(_write(data))
            raise AssertionError("taken: %r" % chemistry)
        except board.ProfileError as e:
            assert "battery.chemistry" in str(e), e


def test_a_file_larger_than_the_heap_is_never_read_whole():
    """3 MB of /settings.json, /network.json, /profile.json: refused after the first
    JSON_BYTES + 1 (read whole, it was a MemoryError at power-on on the MicroPython VM)."""
    from clock.limits import JSON_BYTES
    path = scratch_file("big.json", b"")
    with open(path, "wb") as f:
        chunk = b" " * 65536
        for _ in range(48):
            f.write(chunk)
        f.write(b"{}")
    values, problem = settings.load(path)
    assert values["code"] == settings.UNREADABLE and problem
    assert hall.load(path) == (None, "larger than the %d bytes a clock reads" % JSON_BYTES)
    try:
        board.load_profile(path)
        raise AssertionError("a 3 MB profile taken")
    except board.ProfileError as e:
        assert "larger than the %d bytes" % JSON_BYTES in str(e), e
