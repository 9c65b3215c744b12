# The journal as a ring on the flash (device/flashring.py, clock/ring.py): a
# real littlefs on the simulation's NOR flash model (MicroPython: CPython has
# no VfsLfs2 and checks the layout's arithmetic only).
import os

from support.firmware import S, ev, flash_chip, littlefs, unmount
from clock import ring
from clock.journal import FILES, MAGIC
from clock.journalread import Loaded
from clock import tablestart
from clock.tablestart import boot
from device.flashring import FlashRing, RingJournal
from device import archive
from device.storage import LONG_GAME_RECORDS, Store

MP = "/xq-ring"
B = 4096


def _settings():
    return {"clock": "xq-60+30", "forfeit": -1, "fouls": 3, "absent": [0, 0], "id": "0badcafe"}


def _play(table, t, presses):
    for _ in range(presses):
        t += 2 * S
        table.event(t, ev.PRESS, table.game.turn, 0)
    return t


def _ring_game(store, presses, settings=None):
    """A game of `presses` presses journaled on the ring of `store`'s flash, closed."""
    table = tablestart.new(settings or _settings(), store.journal, store.journals)
    assert isinstance(table.journal, RingJournal)
    table.event(0, ev.START, 0, 0)
    _play(table, 0, presses)
    table.close()
    return table


def _records(path):
    loaded = Loaded(path)
    return list(loaded.records()), loaded


def test_the_layout_follows_littlefs_ctz_blocks():
    # block i >= 1 starts with ctz(i) + 1 pointers; the data of blocks before it sum up
    assert [ring.pointers(i) for i in range(1, 9)] == [4, 8, 4, 12, 4, 8, 4, 16]
    assert [ring.start(i, B) for i in range(5)] == [0, 4096, 8188, 12276, 16368]
    assert [ring.marker_at(i) for i in (1, 2, 4, 8, 16)] == [16, 16, 16, 16, 32]
    assert ring.file_offset(2, 16, B) == 8188 + 8
    # a long game fits, in whole blocks, and the slots of a ring never overlap
    blocks = ring.blocks_for(LONG_GAME_RECORDS, B, 300)
    assert ring.capacity(B, blocks, 300) >= LONG_GAME_RECORDS > ring.capacity(B, blocks - 1, 300)
    offsets = [ring.file_offset(i, at, B) for i, at in ring.slots(B, 4, 300)]
    assert offsets == sorted(offsets) and len(offsets) == ring.capacity(B, 4, 300)
    assert all(b - a >= ring.SLOT for a, b in zip(offsets, offsets[1:]))


def test_records_go_into_their_slots_one_page_program_each_never_an_erase():
    flash = flash_chip(64)
    littlefs(flash, MP)
    try:
        path = MP + "/game.xqj"
        table = tablestart.new(_settings(), path, FlashRing(flash, LONG_GAME_RECORDS))
        assert isinstance(table.journal, RingJournal)
        table.event(0, ev.START, 0, 0)
        programs, erases = flash.programs, flash.erases
        t = _play(table, 0, 600)  # past block 0 and the next two: the markers are found
        assert flash.programs - programs == 600 and flash.erases == erases
        records, loaded = _records(path)
        assert len(records) == 601 and records[-1][0] == t and loaded.problem is None
        assert loaded.ring == (B, ring.blocks_for(LONG_GAME_RECORDS, B, loaded.start))
        # the file littlefs reads is the flash the ring programs
        journal = table.journal
        with open(path, "rb") as f:
            f.seek(ring.file_offset(2, 64, B))
            via_littlefs = f.read(16)
        raw = bytearray(16)
        flash.readblocks(journal._phys[2], raw, 64)
        assert via_littlefs == raw and raw[0] == 0xA5
        table.close()
    finally:
        unmount(MP)


def test_power_on_writes_on_after_the_last_record_and_past_a_torn_one():
    flash = flash_chip(64)
    littlefs(flash, MP)
    try:
        path = MP + "/game.xqj"
        rings = FlashRing(flash, LONG_GAME_RECORDS)
        table = tablestart.new(_settings(), path, rings)
        table.event(0, ev.START, 0, 0)
        t = _play(table, 0, 40)
        journal = table.journal
        # the power goes mid-program: the next slot holds part of a record
        block, at = journal._phys[journal._block], journal._at
        flash.tear(block, at, b"\xa5\x01\x00\x00\x10\x27")
        back = boot(path, _settings(), rings)
        assert back.game.sides[0].moves + back.game.sides[1].moves == 40
        assert "torn" in back.notice and back.write_error is None
        assert back.event(t, ev.RESUME, 0, 0)
        t = _play(back, t, 2)
        back.close()
        records, loaded = _records(path)
        assert [r[1] for r in records[-4:]] == [ev.POWER_ON, ev.RESUME, ev.PRESS, ev.PRESS]
        # the torn slot, and the one power-on sealed: skipped, nothing acknowledged lost
        assert len(records) == 1 + 40 + 4 and loaded.problem is None and loaded.written_past == 2
    finally:
        unmount(MP)


def _small_ring(flash):
    """A game on a ring of about 300 records, started."""
    table = tablestart.new(_settings(), MP + "/game.xqj", FlashRing(flash, 300))
    table.event(0, ev.START, 0, 0)
    return table


def test_a_full_ring_stops_the_journal_not_the_game():
    flash = flash_chip(24)
    littlefs(flash, MP)
    try:
        table = _small_ring(flash)
        _play(table, 0, 700)
        assert table.write_error is not None and table.write_error.args[0] == 28
        assert table.game.sides[0].moves == table.game.sides[1].moves == 350
        records, loaded = _records(MP + "/game.xqj")
        assert len(records) == ring.capacity(B, loaded.ring[1], loaded.start) and loaded.end is None
    finally:
        unmount(MP)


def test_a_worn_flash_stops_the_journal_when_a_record_does_not_read_back():
    flash = flash_chip(24)
    littlefs(flash, MP)
    try:
        table = _small_ring(flash)
        _play(table, 0, 10)
        flash.worn = True
        _play(table, 0, 2)
        assert table.write_error is not None and table.write_error.args[0] == 5
    finally:
        unmount(MP)


def test_the_archive_keeps_a_ring_as_a_plain_journal_with_the_same_hashes():
    flash = flash_chip(64)
    littlefs(flash, MP)
    try:
        store = Store(MP, flash=flash)
        _ring_game(store, 50)
        records, ring_loaded = _records(store.journal)
        name = archive.keep(store)
        assert not archive.has_journal(store)
        with open(name, "rb") as f:
            assert f.read(4) == MAGIC
        kept, loaded = _records(name)
        assert kept == records and loaded.last_hash == ring_loaded.last_hash and loaded.problem is None
        assert os.stat(name)[6] == len(loaded.header) + 16 * len(records)  # the erased slots are gone
    finally:
        unmount(MP)


def test_the_journal_is_a_file_where_the_flash_cannot_be_written_directly():
    assert Store("").journals is FILES  # no flash device (CPython, the FRAM build's host folder)
    flash = flash_chip(64)
    littlefs(flash, MP)
    other = flash_chip(64)  # not the device littlefs is on: the ring's blocks are not found there
    try:
        table = tablestart.new(_settings(), MP + "/game.xqj", FlashRing(other, LONG_GAME_RECORDS))
        assert table.journal is not None and not isinstance(table.journal, RingJournal)
        with open(MP + "/game.xqj", "rb") as f:
            assert f.read(4) == MAGIC
        assert other.programs == 0
        table.close()
    finally:
        unmount(MP)


def _long_settings():
    # a handicap: the game's id falls past the first 64 bytes of the ring on both VMs
    return {"red": "xq-15+10", "black": "xq-5+3", "forfeit": -1, "fouls": 3, "absent": [0, 0]}


def test_game_after_game_with_the_same_settings_each_get_their_ring():
    flash = flash_chip(96)
    littlefs(flash, MP)
    try:
        store = Store(MP, flash=flash)
        fed = []
        store.use_watchdog(lambda: fed.append(1))
        for _ in range(4):
            assert archive.room_for_game(store)
            # the rings before it left their blocks on the flash, block 0 alike but for the id
            _ring_game(store, 30, _long_settings())
            archive.keep(store)
        assert len(archive.archived(store)) == 4 and fed  # the watchdog was fed while rings were made
    finally:
        unmount(MP)


def _ring_game_with_free(flash, free):
    """A board with `free` bytes free and its archive folder made plays 100
    presses on a ring; its Store."""
    os.mkdir(MP + "/games")
    with open(MP + "/photos", "wb") as f:
        f.write(bytes(archive.free_bytes(MP) - free))
    store = Store(MP, flash=flash)
    _ring_game(store, 100)
    return store


def test_archiving_a_ring_asks_room_for_its_records_only():
    flash = flash_chip(40)
    littlefs(flash, MP)
    try:
        store = _ring_game_with_free(flash, 100 * 1024)
        name = archive.keep(store)  # a 72 KiB ring, a 2 KiB copy
        records, loaded = _records(name)
        assert len(records) == 101 and os.stat(name)[6] == len(loaded.header) + 16 * 101
        assert os.stat(MP + "/photos") and not archive.has_journal(store)
    finally:
        unmount(MP)


def test_without_room_for_the_copy_the_ring_is_archived_as_it_is():
    flash = flash_chip(40)
    littlefs(flash, MP)
    try:
        store = _ring_game_with_free(flash, 80 * 1024)
        assert archive.free_bytes(MP) < 8192  # not even two blocks left for a copy
        name = archive.keep(store)
        records, loaded = _records(name)
        assert len(records) == 101 and loaded.ring is not None and not archive.has_journal(store)
    finally:
        unmount(MP)


def test_a_power_cut_after_archiving_before_the_ring_is_deleted_archives_it_once():
    flash = flash_chip(64)
    littlefs(flash, MP)
    try:
        store = Store(MP, flash=flash)
        _ring_game(store, 20)
        with open(store.journal, "rb") as f:
            ring_bytes = f.read()
        name = archive.keep(store)
        with open(store.journal, "wb") as f:  # as the cut left it: archived, and the ring still there
            f.write(ring_bytes)
        assert archive.keep(store) == name and archive.archived(store) == [name.rsplit("/", 1)[1]]
        assert not archive.has_journal(store)
    finally:
        unmount(MP)
