# The App's state (device/app.py) as the power-on makes it: the journal's
# store, the game restored (or a new one), the displays, and each field the
# loop keeps. Read once at boot and forgotten after (device/app.py's
# SOMETIMES): a running game never needs this bytecode.

from array import array

from clock.game import UNSET
from device import faults
from device.displays import Displays
from device.gametime import GameTime


def start(app, settings_path, settings_problem, network_path):
    """App.__init__'s work (its arguments are App's): each field App declares."""
    board = app.board
    clock = app.clock
    values = app.values
    app.network_path = network_path
    app.pending = None
    app.save_tick = 0
    app.kept = None
    app.store.use_watchdog(app.feed_watchdog)
    app.settings_path = settings_path
    app.storage_said = None
    from device import settings as cfg
    from clock import tablestart
    from device import archive
    if app.store.broken is None:
        app.room = archive.room_for_game(app.store)  # a game in progress can finish
        app.table = tablestart.boot(app.store.journal, cfg.game_settings(values), app.store.journals)
    else:
        app.room = False
        app.table = tablestart.unrecorded(cfg.game_settings(values), app.store.broken)
    app.table.defer = True  # a step draws, then writes the journal (see step())
    app.gt = GameTime(clock.ticks_ms, clock.ticks_diff)
    app.gt.ms = app.table.game.now  # a restored game goes on from its last record
    app.menus = None
    app.selftest = None
    app.arbiter = False
    app.menu_tick = 0
    app.lock = None
    app.absent = [0, 0]
    app.ok_down = UNSET
    app.ok_used = False
    app.presses = 0
    app.faults = 0
    app.fault_kinds = 0
    app.console = faults.Console(clock)
    app.displays = Displays(board, clock, app.report_fault)
    app.marks = array("i", [0, 0])
    app.key_tick = clock.ticks_ms()
    app.low_battery = False
    app.lever_ms = [UNSET, UNSET]
    app.first = 0
    if board.restarted and app.game.started and not app.game.over():
        app.report_fault(faults.RESTART, "the watchdog restarted the clock")
    app.info = 0
    app.info_until = UNSET
    app.identify_until = UNSET
    app.halted = False
    app.host = None
    if app.hall is not None:
        from device.clockstate import of
        of(app)  # what the hall's reporter reads
    new_screens(app)
    if settings_problem:  # fields of /settings.json refused at power-on (settings.load)
        app.report_fault(faults.SETTINGS, settings_problem)
    board.start_watchdog()  # the game is restored: from now on the loop feeds it


def new_screens(app):
    """The screens and alerts of the app's game (at power-on, and for a new
    game: device/actions.py): each display's screen faces its player (the left
    display the player at the left lever), with the game's header (the names
    before the start) and the tenths setting."""
    from device.alerts import Alerts
    # the game's own side (its journal's header; one from before the header held it: the settings'),
    # so settings pushed for the next game never swap the levers of this one
    header = app.table.settings
    red_side = header.get("red_side", app.values["red_side"])
    app.red_side = red_side = red_side if red_side in (0, 1) else 0
    screen = screen_class(app.board.kind)
    displays = app.displays
    displays.screens = [screen(app.board.displays[i], i ^ red_side, header) for i in range(2)]
    displays.set_tenths(app.values["tenths"])
    app.alerts = Alerts(app.game, app.board.buzzer)


def screen_class(kind):
    """The screen of a display kind (the board profile's display.kind); the
    digit builds' are in a module of their own, imported only by them."""
    if kind == "ssd1306":
        from device.screens import OledScreen
        return OledScreen
    from device import digitscreens
    return digitscreens.LcdScreen if kind == "ht1621" else digitscreens.SegmentScreen
