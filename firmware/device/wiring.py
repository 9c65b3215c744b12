# A board profile's terms, known to both the board (device/board.py, which
# builds the hardware) and its checks (device/profile.py, read at power-on
# only): the keys and the sides. (What a wrong profile raises is device's
# ProfileError; the batteries' chemistries are device/cells.py; the I2C
# devices device/boardsetup.py's.) Forgotten after boot (device/app.py's
# SOMETIMES): the board keeps the keys' indices it imported.

KEYS = ("lever_left", "lever_right", "start", "minus", "plus", "ok")
LEVER_LEFT = 0
LEVER_RIGHT = 1
START = 2
MINUS = 3
PLUS = 4
OK = 5


SIDES = ("left", "right")
