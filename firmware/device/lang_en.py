# The screens" words in English (device/lang.py); device/lang_zh.py has the
# same names in Chinese. A series of words is a list, not a tuple: an .mpy
# file makes a constant tuple"s words str objects, a list"s short ones stay
# interned names.

SIDE = ["RED", "BLACK"]
PAUSED = "PAUSED"
NEXT_PERIOD = "NEW PERIOD"
FOULS = "FOUL"
LATE = "LATE"
EXEMPT = "NO SHEET"
BYOYOMI = "BYO"
DELAY = "DELAY"
MOVE_LEFT = "MOVE"  # the per-move limit"s time left
OVERTIME = "OT"
UPCOUNT = "UP"  # an up-count: the time used, counted upwards
ING = "ING"  # Ing overtime: the period (of how many) ...
# ... and the points charged, the words around their number ("-3PT")
ING_POINTS = ["-", "PT"]
LOW_BATTERY = "LOW BAT"
RESTORED = "POWER BACK"
WIN = "WIN"
LOSS = "LOSS"
DRAW = "DRAW"
MOVED = "MOVED"  # the game went on on another clock (§22.4)
# a latched fault (device/faults.py), then the words of its kinds, in faults.KINDS order
FAULT = "ERR"
FAULT_KINDS = ["DISPLAY", "FLASH", "PROGRAM", "RESTART", "SETTINGS"]
STOPPED = "STOPPED"  # the clock"s program has ended (Ctrl-C over USB)
# clock/names.py's REASONS, in order
REASONS = [
    "TIME",
    "MOVE TIME",
    "FORFEIT",
    "FOULS",
    "MATE",
    "STALEMATE",
    "RESIGN",
    "KINGS FACE",
    "ILLEGAL",
    "REPETITION",
    "DISCIPLINE",
    "AGREED",
    "MOVE LIMIT",
    "NO WIN",
    "ARBITER",
    "PERP CHECK",
    "PERP CHASE",
]
