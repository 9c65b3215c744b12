# A board profile's terms, known to both the board (device/board.py, which
# builds the hardware) and its checks (device/profile.py, read at power-on
# only): the keys, the sides, the batteries' chemistries, the I2C devices.

KEYS = ("lever_left", "lever_right", "start", "minus", "plus", "ok")
LEVER_LEFT = 0
LEVER_RIGHT = 1
START = 2
MINUS = 3
PLUS = 4
OK = 5


SIDES = ("left", "right")


class ProfileError(ValueError):
    pass


# A pack's (empty_mv, full_mv) by its chemistry, at the battery (three cells,
# or one Li-ion cell): 3 x alkaline start at 1.55 V a cell and are spent near
# 1.1 V; 3 x NiMH run from 1.4 V to 1.1 V; a Li-ion cell from 4.2 V to 3.3 V,
# well above its protection's 2.5 V. The profile's empty_mv/full_mv override.
CHEMISTRY = {"alkaline": (3300, 4650), "nimh": (3300, 4200), "liion": (3300, 4200)}


def battery_limits(bat):
    """(empty_mv, full_mv) of a profile's battery object."""
    empty, full = CHEMISTRY.get(bat.get("chemistry"), CHEMISTRY["liion"])
    return bat.get("empty_mv", empty), bat.get("full_mv", full)


def i2c_users(profile):
    """The profile's I2C devices as (field, object): the OLEDs and the FRAM."""
    users = []
    if profile["display"]["kind"] == "ssd1306":
        users = [("display." + side, profile["display"][side]) for side in SIDES]
    if profile.get("fram"):
        users.append(("fram", profile["fram"]))
    return users
