# Where the journal and the archive live (device/storage.py), and a clock on
# a flash that fills up. The littlefs tests run on MicroPython (a real
# littlefs on a RAM flash of limited size); CPython has no VfsLfs2 and checks
# the rest.
import os

from support.firmware import S, ev, scratch, flash_chip, fill_up, littlefs, unmount
from clock.game import RED, BLACK
from clock.journalread import Loaded
from clock.table import CHECKPOINT_MS
from clock import tablestart
from clock.tablestart import boot
from device import archive, storage
from device.storage import Store

MP = "/xq-flash"  # where a test's flash is mounted


def _settings(clock="xq-60+30"):
    return {"clock": clock, "forfeit": -1, "fouls": 3, "absent": [0, 0]}


def _folder(name):
    path = scratch(name)
    for sub in ("/games", ""):
        try:
            for n in os.listdir(path + sub):
                os.remove(path + sub + "/" + n)
        except OSError:
            pass
    for sub in ("/games", ""):
        try:
            os.rmdir(path + sub)
        except OSError:
            pass
    os.mkdir(path)
    return path


def _play(table, t, moves, gap=3 * S):
    """`moves` presses, `gap` apart, with the loop's ticks each second."""
    for i in range(moves):
        end = t + gap
        while t < end:
            t += S
            table.tick(t)
        table.event(t, ev.PRESS, table.game.turn, 0)
    return t


def _game(store, moves=40, clock="xq-60+30", gap=3 * S):
    table = tablestart.new(_settings(clock), store.journal)
    table.event(0, ev.START, 0, 0)
    _play(table, 0, moves, gap)
    table.close()
    return table


def test_the_places_of_the_flash_and_the_fram_builds():
    flash = Store()
    assert flash.journal == "/game.xqj" and flash.archive == "/games"
    fram = Store("", "/fram")
    assert fram.journal == "/fram/game.xqj" and fram.archive == "/games"  # no archive on the FRAM
    sim = Store("/tmp/x")
    assert sim.journal == "/tmp/x/game.xqj" and sim.archive == "/tmp/x/games"


def test_a_long_game_fits_the_floor():
    """The floor is sized from a long game: 8 hours, 600 moves a side, the
    loop's checkpoints every 10 s of running time. Its journal must fit."""
    path = scratch("long")
    table = tablestart.new(_settings("8h"), path)
    table.event(0, ev.START, 0, 0)
    t = _play(table, 0, 1200, 8 * 3600 * S // 1200)
    table.close()
    size = os.stat(path)[6]
    records = (size - Loaded(path).start) // 16
    assert records >= 8 * 3600 * S // CHECKPOINT_MS  # the checkpoints are all there
    assert t >= 8 * 3600 * S - S
    assert size <= storage.GAME_BYTES, (size, storage.GAME_BYTES)
    assert storage.GAME_BYTES < 80 * 1024  # a Pico's 1408 KiB keeps a long archive


def test_archived_games_are_numbered_oldest_first():
    root = _folder("archive")
    store = Store(root)
    ids = []
    for i in range(3):
        ids.append(_game(store, 2).settings["id"])
        name = archive.keep(store)
        assert name == "%s/games/%04d-%s.xqj" % (root, i, ids[-1])
        assert not archive.has_journal(store)
    with open(root + "/games/cafe0001.xqj", "wb") as f:  # archived by an older firmware
        f.write(b"x")
    assert archive.archived(store) == ["cafe0001.xqj"] + ["%04d-%s.xqj" % (i, ids[i]) for i in range(3)]
    _game(store, 2)
    assert archive.keep(store).startswith(root + "/games/0003-")


# -- littlefs of limited size (MicroPython) ------------------------------------------


def test_the_archive_keeps_the_floor_oldest_first():
    flash = flash_chip(32)  # 128 KiB: room for a long game's floor and a few more
    littlefs(flash, MP)
    try:
        store = Store(MP)
        kept = []
        for i in range(12):
            assert archive.room_for_game(store)
            assert archive.free_bytes(MP) >= archive.need(store)
            _game(store, 300, gap=11 * S)  # 600 records: about 10 KiB each
            kept.append(archive.keep(store))
        left = [store.archive + "/" + n for n in archive.archived(store)]
        assert left and len(left) < 12  # the oldest made way
        assert left == kept[-len(left):]  # ... and only they
        assert archive.room_for_game(store) and archive.free_bytes(MP) >= archive.need(store)
    finally:
        unmount(MP)


def test_a_full_flash_stops_the_journal_not_the_game():
    flash = flash_chip(24)
    littlefs(flash, MP)
    try:
        store = Store(MP)
        table = tablestart.new(_settings(), store.journal)
        table.event(0, ev.START, 0, 0)
        fill_up(MP + "/filler")  # something else takes the room
        t = _play(table, 0, 200)
        assert table.write_error is not None and table.write_error.args[0] == 28
        assert table.game.sides[RED].moves == 100 and table.game.sides[BLACK].moves == 100
        # once failed, the journal is left alone: no step writes or re-reads the flash
        before = (flash.reads, flash.programs, flash.erases)
        _play(table, t, 20)
        assert (flash.reads, flash.programs, flash.erases) == before
        table.close()
        # what was written before the flash filled comes back
        back = Loaded(store.journal)
        assert sum(1 for _ in back.records()) >= 1
    finally:
        unmount(MP)


def test_power_on_with_a_full_flash_restores_the_game():
    flash = flash_chip(24)
    littlefs(flash, MP)
    try:
        store = Store(MP)
        table = tablestart.new(_settings(), store.journal)
        table.event(0, ev.START, 0, 0)
        t = _play(table, 0, 120)
        fill_up(MP + "/filler")
        while table.write_error is None:  # the game fills the last room
            t = _play(table, t, 2)
        moves = table.game.sides[RED].moves
        written = table.game.sides[RED].moves - 1  # the press that failed is not in the journal
        table.close()  # the power is cut
        back = boot(store.journal, _settings())  # the power-on record cannot be written
        assert back.game.sides[RED].moves >= written and back.game.sides[RED].moves <= moves
        assert back.game.sides[RED].moves >= 60
        assert back.game.paused and back.write_error is not None and back.write_error.args[0] == 28
        assert back.settings["id"] == table.settings["id"]
        back.close()
        os.remove(MP + "/filler")
        assert boot(store.journal, _settings()).write_error is None  # room again: recorded again
    finally:
        unmount(MP)


def test_no_room_for_a_game_when_nothing_can_make_way():
    flash = flash_chip(24)
    littlefs(flash, MP)
    try:
        store = Store(MP)
        with open(MP + "/filler", "wb") as f:
            f.write(b"\0" * 4096 * 8)
        assert not archive.room_for_game(store)  # no archive to delete: the floor is not there
        os.remove(MP + "/filler")
        assert archive.room_for_game(store)
    finally:
        unmount(MP)


def test_the_fram_holds_the_journal_and_the_flash_the_archive():
    flash = flash_chip(40)
    littlefs(flash, MP)
    fram = flash_chip(128, 256)  # a 32 KiB chip
    fram_mp = MP + "-fram"
    littlefs(fram, fram_mp)
    try:
        store = Store(MP, fram_mp)
        assert archive.room_for_game(store)  # an empty small chip is room enough
        table = _game(store, 40)
        name = archive.keep(store)
        assert name == MP + "/games/0000-%s.xqj" % table.settings["id"]
        assert not archive.has_journal(store) and os.listdir(fram_mp) == []
        assert Loaded(name).settings["id"] == table.settings["id"]
        # the FRAM's room is not made by deleting archived games on the flash
        with open(fram_mp + "/filler", "wb") as f:
            f.write(b"\0" * 8192)
        assert not archive.room_for_game(store) and archive.archived(store) == [name.rsplit("/", 1)[1]]
    finally:
        unmount(fram_mp)
        unmount(MP)
