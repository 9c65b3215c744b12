"""Fuzzing the two readers of outside input: journals and scenario files.
Whatever the bytes, the firmware never crashes: the journal reader keeps a
valid prefix and says what it dropped, and the scenario parser names a line."""
import os

from hypothesis import given, settings, strategies as st, HealthCheck

from clock import events as ev
from clock import journal as jn
from clock import journalread as jr
from clock import ring
from clock.journal import JournalError
from clock.journalread import Loaded
from clock import tablestart
from clock.tablestart import boot
from host_tools import scenario
from support.tiers import examples

CASES = {"journal": 0, "mutated journal": 0, "scenario": 0}  # reported by conftest.py
SETTINGS = {"clock": "5m+3s", "forfeit": -1, "fouls": 3, "absent": [0, 0], "id": "f00dfeed"}


def valid_journal(path):
    table = tablestart.new(dict(SETTINGS), path)
    table.event(0, ev.START, 0, 0)
    for i in range(1, 12):
        table.event(i * 4000, ev.PRESS, (i - 1) % 2, 0)
    table.close()
    with open(path, "rb") as f:
        raw = f.read()
    return raw, list(Loaded(path).records())


def write_damaged(path, raw, flips, cut):
    """Write raw to path with the bytes at `flips` changed and `cut` bytes cut off its end."""
    damaged = bytearray(raw)
    for pos, byte in flips:
        damaged[pos % len(damaged)] = byte
    damaged = damaged[:max(0, len(damaged) - cut)]
    with open(path, "wb") as f:
        f.write(damaged)
    return damaged


def forget(path):
    """Remove a fuzz case's journal, and what power-on set aside of it."""
    for p in (path, path + ".bad"):
        if os.path.exists(p):
            os.remove(p)


def boot_never_crashes(path):
    table = boot(path, dict(SETTINGS))
    table.tick(10**6)
    table.close()
    return table


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400))
def test_random_bytes_never_crash_the_reader(tmp_path, data):
    CASES["journal"] += 1
    path = str(tmp_path / "j.xqj")
    with open(path, "wb") as f:
        f.write(data)
    try:
        list(Loaded(path).records())
    except JournalError:
        pass
    boot_never_crashes(path)
    forget(path)


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 10**4), st.integers(0, 255)), min_size=1, max_size=6),
       st.integers(0, 400))
def test_a_damaged_journal_keeps_a_valid_prefix(tmp_path, flips, cut):
    CASES["mutated journal"] += 1
    path = str(tmp_path / "m.xqj")
    raw, original = valid_journal(path)
    damaged = write_damaged(path, raw, flips, cut)
    try:
        loaded = Loaded(path)
        records = list(loaded.records())
        assert records == original[:len(records)]
        if len(damaged) > loaded.valid_size:  # bytes were dropped: it says why
            assert loaded.problem and loaded.dropped == len(damaged) - loaded.valid_size
    except JournalError:
        pass
    boot_never_crashes(path)
    forget(path)


def ring_image(records, block_size=512, blocks=4):
    """A journal ring as littlefs reads it off a board (clock/ring.py): the
    prefix, the header, erased slots, each block's marker, and the records in
    their slots in order; and those records."""
    head, head_hash = jn.header(dict(SETTINGS))
    image = bytearray(b"\xff" * ring.file_size(block_size, blocks))
    start = ring.PREFIX_BYTES + len(head) + 4
    image[:start] = ring.prefix(block_size, blocks) + head + head_hash
    for i in range(1, blocks):
        at = ring.file_offset(i, ring.marker_at(i), block_size)
        image[at:at + 16] = ring.marker(i, head_hash)
    rec, prev = bytearray(16), head_hash
    slots = ring.slots(block_size, blocks, start)
    for event in records:
        prev = jr.pack(rec, prev, *event)
        i, at = next(slots)
        pos = ring.file_offset(i, at, block_size)
        image[pos:pos + 16] = rec
    return bytes(image)


RING_EVENTS = [(0, ev.START, 0, 0)] + [(i * 4000, ev.PRESS, (i - 1) % 2, 0) for i in range(1, 60)]


def test_a_ring_image_reads_back_its_records(tmp_path):
    path = tmp_path / "r.xqj"
    path.write_bytes(ring_image(RING_EVENTS))  # 60 records over 4 blocks of 512 bytes
    loaded = Loaded(str(path))
    assert list(loaded.records()) == RING_EVENTS and loaded.problem is None and loaded.end is not None


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 3000), st.integers(0, 255)), min_size=1, max_size=6),
       st.integers(0, 2500))
def test_a_damaged_ring_keeps_a_valid_prefix(tmp_path, flips, cut):
    CASES["mutated journal"] += 1
    path = str(tmp_path / "r.xqj")
    write_damaged(path, ring_image(RING_EVENTS), flips, cut)
    try:
        records = list(Loaded(path).records())
        assert records == RING_EVENTS[:len(records)]
    except JournalError:
        pass
    boot_never_crashes(path)  # a ring the board cannot write through: the game goes on in RAM
    forget(path)


WORDS = ["clock", "at", "end", "start", "press", "red", "black", "draw", "pause", "resume",
         "foul", "warn", "offer", "arrive", "absent", "forfeit", "fouls", "moves", "bonus",
         "penalty", "result", "mate", "agreed", "false-claim", "power-cut", "power-on",
         "0", "1s", "2.5s", "1:30", "90m/40,15m/10*", "5m+3s", "xq-60+30", "x", "-1",
         "red=5m", "black=3m", "#", "3", "20m;byoyomi 5x30s", ";permove", "cxa1999-6.5:20m"]


@settings(max_examples=examples(600), deadline=None)
@given(st.lists(st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join), max_size=12))
def test_the_scenario_parser_names_a_line_or_plays(lines):
    CASES["scenario"] += 1
    text = "\n".join(lines)
    try:
        sc = scenario.parse(text)
    except scenario.ScenarioError as e:
        assert str(e).split(":")[0].isdigit()
        return
    scenario.play(sc)
