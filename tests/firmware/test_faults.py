# The fault console (device/faults.py), on both VMs: one line per kind at
# most every QUIET_MS, none while the output has no room, and the 7-segment
# letters of the latched kinds (device/digitscreens.py).
from support.firmware import PicoClock, raises
from device import digitscreens, faults


def console(clock, room):
    lines = []
    return faults.Console(clock, lines.append, lambda: room[0]), lines


def test_one_line_per_kind_per_quiet_period():
    clock = PicoClock((1 << 30) - 3000)  # across the tick wrap
    room = [True]
    c, lines = console(clock, room)
    for i in range(100):
        c.say(faults.DISPLAY, "display %d" % i)
        clock.advance(50)  # 5 s of a fault at every loop step
    assert lines == ["display 0"] and c.dropped == 99
    assert c.say(faults.STORAGE, "flash full")  # another kind has its own period
    clock.advance(faults.QUIET_MS - 5000)
    assert c.say(faults.DISPLAY, "display again")
    assert lines == ["display 0", "flash full", "display again"]


def test_nothing_is_printed_while_the_output_has_no_room():
    clock = PicoClock()
    room = [False]  # a host holds USB open and does not read
    c, lines = console(clock, room)
    assert not c.say(faults.PROGRAM, "step failed")
    assert lines == [] and c.dropped == 1
    room[0] = True
    assert c.say(faults.PROGRAM, "step failed")  # not silenced by the line it could not print
    assert lines == ["step failed"]


def test_an_unknown_kind_is_refused():
    c, _ = console(PicoClock(), [True])
    raises(ValueError, c.say, 3, "two kinds at once")


def test_letters_of_the_latched_kinds_in_order():
    out = bytearray(b"E   ")
    assert digitscreens.letters(faults.RESTART | faults.DISPLAY, out) == 2
    assert bytes(out) == b"Edr "
    out = bytearray(b"E   ")
    assert digitscreens.letters(faults.DISPLAY | faults.STORAGE | faults.PROGRAM | faults.RESTART, out) == 3
    assert bytes(out) == b"EdFP"  # four digits: the first three kinds
    assert len(set(digitscreens.LETTERS)) == len(faults.KINDS)
