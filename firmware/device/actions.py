# What the App (device/app.py) does at the arbiter's, the host's or the hall's
# request and between games: the menu opened behind its code, settings
# changed, a new game set up, a player marked absent, a push staged and
# pushed settings saved, what the host reads, the clock identifying itself,
# the self-test started. Each is App.act(name, ...): this module is imported
# for it and forgotten after, so a running game never holds this bytecode.


from clock import events as ev
from clock import tablestart
from device import archive, faults
from device import buzzer as tones

IDENTIFY_MS = 5000  # asked who it is, a clock beeps and shows its board number this long
SAVE_RETRY_MS = 5000  # pushed settings the flash would not take are tried again this often
DONE = "done"  # device.menu.DONE: what an action answers to close the menu


def open_menu(app):
    """Held ok: the arbiter's menu, after the code if one is set (without
    a code the hold itself is the deliberate act); while wrong codes keep
    it locked, how long that lasts."""
    from device.menu import Menu, Code
    tick = app.clock.ticks_ms()
    app.menu_tick = tick
    app.menu = Menu()
    lock = _lock(app)
    if lock.locked(tick):
        app.menu.open(lock.message(tick))
    elif app.values["code"]:
        from device.menuwords import MENU
        app.menu.open(Code(MENU["code"], 4, lambda code: _check_code(app, code)))
    else:
        app.arbiter = True
        app.menu.open(_menus(app).main())
    _draw_menu(app)


def menu_key(app, k):
    """A key in the open menu (-1: left open too long, it closes); then the
    menu drawn, or closed and the clock's screens back."""
    if k < 0:
        app.menu.close()
    else:
        app.menu.key(k)
    if app.menu.active():
        _draw_menu(app)
    else:
        app.close_menu()  # the action is done, or the arbiter backed out
        app.redraw()


def _draw_menu(app):
    app.displays.draw_menu(app.menu, app.values["language"], app.arbiter)


def _menus(app):
    if app.menus is None:
        from device.arbiter import Arbiter
        from device.clockstate import of
        app.menus = Arbiter(of(app), app.record, app.act)
    return app.menus


def _lock(app):
    if app.lock is None:  # kept while the clock runs: the wrong codes so far, the lockout
        from device.codelock import CodeLock
        app.lock = CodeLock(app.clock)
    return app.lock


def _check_code(app, code):
    from device.codelock import LOCKED, LOCKOUT_MS, RIGHT
    app.menu.close()  # the code is not a step to come back to
    lock = app.lock
    said = lock.enter(code, app.values["code"])
    if said == RIGHT:
        app.arbiter = True
        return _menus(app).main()
    if said != LOCKED:
        return DONE  # held ok again for the next try: about 10 s a guess
    app.record(ev.CODE_LOCKOUT, 0, LOCKOUT_MS)  # on the record for the arbiter
    return lock.message(lock.locked_at)


def update(app, changes):
    """Change settings, keep them on the board, and set up a new game if
    none has started (a control chosen now is the one it plays)."""
    from device import settings as cfg
    values = dict(app.values)
    values.update(changes)
    app.values = cfg.check(values)
    if app.pending is None:
        cfg.save(app.values, app.settings_path)
    else:  # with the network settings a push left to be saved
        app.pending = (app.values, app.pending[1])
        app.save_pending(app.clock.ticks_ms())
    app.fault_kinds &= ~faults.SETTINGS  # the file now holds what the clock accepted
    app.displays.set_tenths(app.values["tenths"])
    if not app.game.started:
        new_game(app)
    return DONE


def mark_absent(app, side):
    """Before the round: side's player is marked absent (or present again), in a new game."""
    app.absent[side] = 1 - app.absent[side]
    return new_game(app)


def new_game(app):
    """Keep the old game's journal in the archive and start afresh, with
    room for a long game (the oldest archived games make way)."""
    from device import settings as cfg
    table = app.table
    table.close()
    settings = cfg.game_settings(app.values, app.absent)
    store = app.store
    problem = store.broken
    # a game played, or a journal that is not this table's (it could not be read or archived)
    app.kept = None
    if problem is None and (app.game.started or table.journal is None) and archive.has_journal(store):
        try:
            app.kept = archive.keep(store)
        except OSError as e:  # not even room to archive it: it stays, the new game is not recorded
            problem = e
    app.room = problem is None and archive.room_for_game(store)
    if app.room:
        app.table = tablestart.new(settings, store.journal, store.journals)
    else:
        app.table = tablestart.unrecorded(settings, problem or OSError(28))  # ENOSPC
    app.table.defer = True
    app.gt.now()
    app.gt.ms = 0  # the new game's time starts now
    # the marks were for the arbiter of the game before; refused settings
    # stay marked until settings are saved
    app.fault_kinds &= faults.SETTINGS
    from device.appstart import new_screens
    new_screens(app)
    return DONE


def stage(app, request):
    """A push while the clock runs (device/pushes.py: checked whole, and a
    game in progress goes on untouched); the answer for the host."""
    from device.pushes import stage
    return stage(app, request)


def host_info(app, uid):
    """What the host reads while the clock runs (device/pushes.py)."""
    from device.pushes import info
    return info(app, uid)


def storage_fault(app):
    """The game's journal is not written (device.app.App.check_storage): marked, and said once per game."""
    table = app.table
    app.storage_said = table
    if not app.room and not table.game.started:
        app.report_fault(faults.STORAGE, "no room for a game's journal (%r): the game cannot start; "
                         "xqclock pull --clear empties the archive" % (table.write_error,))
    else:
        app.report_fault(faults.STORAGE, "the journal is not written (%r): the game goes on in memory"
                         % (table.write_error,))


def halt(app):
    """The loop has ended (device.app.App.run): silence the buzzer, record a
    pause if a clock runs, and show STOPPED, so no display shows a time that
    runs no more. Each step is tried even if one before it failed."""
    app.halted = True
    now = app.gt.now()
    try:
        app.board.buzzer.stop()
    except Exception:
        pass
    try:
        if app.board.leds is not None:
            app.board.leds.off()  # nothing runs any more
    except Exception:
        pass
    game = app.game
    try:
        if game.started and not game.over() and not game.paused:
            app.table.event(now, ev.PAUSE, 0, 0)
    except Exception:  # the journal failed: the pause holds in RAM, and shows
        pass
    app.close_menu()
    app.displays.invalidate()
    app.draw(now)
    app.table.flush()


def save_pending(app, tick):
    """Keep pushed settings on the flash (device.app.App.save_pending says when)."""
    pending = app.pending
    from device import staging
    try:
        staging.save(pending[0], pending[1], app.settings_path, app.network_path)
        app.pending = None
        app.save_tick = 0
    except OSError as e:  # a full flash: they hold in memory, and are tried again
        app.save_tick = app.clock.ticks_add(tick, SAVE_RETRY_MS)
        app.report_fault(faults.STORAGE, "pushed settings not saved (%r): tried again" % (e,))


def identify(app):
    """Beep and show the board number for a while (sound on or off), for the arbiter
    looking for this clock among many; not while a game's clock runs. Whether it did."""
    game = app.game
    if game.started and not game.over() and not game.paused:
        return False
    now = app.gt.now()
    app.identify_until = now + IDENTIFY_MS
    n = app.table.settings.get("board")  # the game's board, as the hall knows it (its header)
    for scr in app.displays.screens:
        scr.board = n if isinstance(n, int) and n > 0 else 0  # shown while it identifies itself
    app.board.buzzer.enabled = True
    app.board.buzzer.play(tones.IDENTIFY, app.clock.ticks_ms())
    return True


def start_selftest(app):
    """Test the board (device/selftest.py) unless a game runs: its levers
    would press the game's clock. Whether it started."""
    game = app.game
    if app.selftest is not None or (game.started and not game.over()):
        return False
    app.close_menu()
    from device.selftest import SelfTest
    app.selftest = SelfTest(app.board, app.clock, app.store)
    return True
