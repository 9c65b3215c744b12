# The board's power-on (main.py: start()): the profile read and checked, a
# problem with it shown on a display, a push a power cut interrupted
# finished, the settings read, the journal's store mounted, the hall's
# reporter made; then the App, the host's reads and the self-test if asked.
# Forgotten once the clock runs (device/app.py's SOMETIMES); the board's
# boot.py shows a failed update with show_problem.

import os

from device import storage

SELFTEST_ASK = "/selftest.req"  # present at power-on: the self-test runs (device/selftest.py)
STAGED = "/settings.json.new"  # a push kept whole but not yet written out (device/staging.py)


def selftest_asked(root, ok_held):
    """Whether the self-test runs at power-on: OK is held, or /selftest.req
    asks for it (used up; e.g. `mpremote touch :selftest.req + reset`)."""
    try:
        os.remove(root + SELFTEST_ASK)
        return True
    except OSError:
        return ok_held


def show_problem(message, machine=None, profile_path="/profile.json"):
    """Put a boot problem on the left display, as the profile wires it if
    it can be read (else the OLED of the default wiring); the 7-segment
    build shows "Err". If no display answers, only the console has it."""
    try:
        if machine is None:
            import machine
        left = None
        try:
            import json
            with open(profile_path) as f:
                display = json.loads(f.read())["display"]
            left = display["left"]
            if display["kind"] == "tm1637":
                from device.tm1637 import TM1637, encode_digits
                tm = TM1637(machine.Pin(left["clk"]), machine.Pin(left["dio"]))
                tm.write(encode_digits(b"Err ", bytearray(4)))
                return
        except Exception:  # no profile, or the profile is what is wrong
            left = None
        from device.ssd1306 import SSD1306
        if left is None:
            left = {"i2c": 0, "scl": 5, "sda": 4}
        fb = SSD1306(machine.I2C(left["i2c"], scl=machine.Pin(left["scl"]), sda=machine.Pin(left["sda"])),
                     left.get("addr", 0x3C))
        fb.fill(0)
        words = message.split()
        line, y = "", 0
        for word in words + [""]:
            if word and len(line) + len(word) < 16:
                line = (line + " " + word).strip()
                continue
            fb.text(line, 0, y, 1)
            y += 10
            line = word
        fb.show()
    except Exception:  # no display answers: the console message must do
        pass


def start(time=None):
    """Power on: boot(), the App made (its table restored or new), the USB
    console watched for the host's requests, the self-test if asked for. The
    clock ready to run (main.py runs it); this module's code is not held then."""
    if time is None:
        import time
    from device.app import App, NETWORK
    board, values, problem, store, hall = boot(time, NETWORK)
    app = App(board, time, values, store, hall=hall, settings_problem=problem)
    try:  # the host may read the clock while it runs (xqclock pull, config show) and push to it
        from device.hostpoll import for_app
        app.host = for_app(app)
    except Exception as e:  # a port without a pollable console: the host stops the clock to read
        print("no reads while running:", repr(e))
    selftest_if_asked(app)
    return app


def selftest_if_asked(app):
    """The self-test at power-on if OK is held or /selftest.req asks for it."""
    from device.board import OK
    if selftest_asked(app.store.root, app.board.buttons.is_down(OK)):
        app.act("start_selftest")


def boot(time, network_path):
    """(board, settings, problem, store, hall) for the App; raises
    ProfileError, after showing it, if the profile cannot be used."""
    try:  # room for the traceback of an exception in the buttons' hard IRQ
        import micropython
        micropython.alloc_emergency_exception_buf(100)
    except (ImportError, AttributeError):
        pass
    from device.board import Board, load_profile, ProfileError
    try:
        profile = load_profile()
    except ProfileError as e:
        print(e)
        show_problem(str(e))
        raise
    values, problem = _settings()
    board = Board(profile, time)
    return board, values, problem, board_store(board), _reporter(time, network_path)


def _settings():
    """(settings, problem) at power-on."""
    from device import settings as cfg
    if _exists(STAGED):  # a push a power cut interrupted is finished first: all of it, or none was kept
        from device import staging
        staging.commit()
    return cfg.load()  # never raises: a refused field is marked on the displays


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _reporter(time, path):
    """The hall's reporter, or None for a clock without network settings
    (which then never imports device/hall.py)."""
    if not _exists(path):
        return None
    from device.hall import reporter_for
    return reporter_for(time, path)


def board_store(board, root=""):
    """Where the board keeps its journal: the FRAM when the profile has one
    (mounted now; formatted only if it holds no filesystem), else the flash.
    A FRAM that does not answer is left alone (its journal may hold the game):
    the store is marked broken and the game goes on in memory."""
    try:
        store, formatted = storage.mount(board.fram, root, flash=storage.flash_device())
    except OSError as e:
        store = storage.Store(root, root + storage.FRAM_MOUNT)
        store.broken = e
        return store
    if formatted:
        print("FRAM formatted for the journal")
    return store
