# The board's hardware, built from its profile (hardware/profiles/*.json,
# stored on the board as /profile.json). All wiring lives in the profile;
# a wrong or missing one gives a message that says what to fix (its checks
# are device/profile.py, read at power-on only). The building, the watchdog's
# start and a stuck bus freed are device/boardsetup.py: read at power-on (and
# when a display stops answering) only, and forgotten after.

# The keys' indices and what a wrong profile raises, as the app and the
# host's tools read them here; device/wiring.py itself (the keys' and sides'
# names) is forgotten after boot (device/app.py's SOMETIMES).
from device import ProfileError  # noqa: F401
from device.wiring import LEVER_LEFT, LEVER_RIGHT, START, MINUS, PLUS, OK  # noqa: F401

TYPE_CHECKING = False
if TYPE_CHECKING:  # the type checker's names (never run on the board)
    import machine
    from device.battery import Battery
    from device.buttons import Buttons
    from device.buzzer import Buzzer
    from device.fram import FRAM
    from device.leds import Leds
    from device.wait import Wait


def load_profile(path="/profile.json"):
    """The board's profile from its file, checked (device/profile.py, which
    the app forgets once it has booted); ProfileError says what to fix."""
    from device.profile import load
    return load(path)


def check(profile):
    """Check a profile's shape and wiring (device/profile.py); returns it, or raises ProfileError naming the field."""
    from device.profile import check
    return check(profile)


class Board:
    """Displays (left, right), buttons, buzzer, running-side LEDs, battery and
    watchdog of one clock. A display that does not answer does not stop the board: its
    driver sets it up when it does (see device/ssd1306.py)."""

    # set by device/boardsetup.py's build()
    kind: str  # the display's kind: "ssd1306", "tm1637" or "ht1621"
    displays: list  # SSD1306, TM1637 or HT1621: left, then right
    wait: "Wait"  # the loop's one wait, ended by any key's edge
    buttons: "Buttons"  # in device.wiring.KEYS order
    lockout_ms: int  # a press of the other lever this soon after a lever press is a rebound of the see-saw
    buzzer: "Buzzer"
    fram: "FRAM | None"  # the FRAM's block device holding the journal (None: on the flash)
    battery: "Battery | None"
    leds: "Leds | None"  # the running side's
    restarted: bool  # the watchdog reset the board
    watchdog_ms: int  # the profile's (0: none)
    watchdog: "machine.WDT | None"  # once start_watchdog() has run

    def __init__(self, profile, clock, machine=None):
        from device.boardsetup import build
        build(self, profile, clock, machine)

    def start_watchdog(self):
        """From now on a loop that stops feeding it for watchdog_ms resets
        the board (device/boardsetup.py)."""
        from device.boardsetup import start_watchdog
        start_watchdog(self)

    def recover(self, i):
        """Free display i's bus if a device holds SDA low (device/boardsetup.py)."""
        from device.boardsetup import recover
        recover(self, i)
