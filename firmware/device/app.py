# The clock on the board: keys become events for the table (rules + journal),
# the game becomes screens (device/displays.py); the arbiter's menus are
# device/arbiter.py, behind the code (device/codelock.py), and what the menus
# and the host ask between games device/actions.py (App.act); the beeps and
# period marks device/alerts.py. They and the hall's reporter read the clock
# through a ClockState (device/clockstate.py); only the App changes it. The
# power-on that makes the App is device/poweron.py's start(). One loop step allocates
# nothing when nothing happens: it drains the key edges the IRQ stored, lets
# the table find flags and write checkpoints, and redraws only what changed.

from clock import events as ev
from clock.game import UNSET
from device import faults, forget, screens
from device import storage
from device.board import LEVER_LEFT, LEVER_RIGHT, START, MINUS, PLUS, OK
from device.displays import FULL, DIM, DARK
from device.wait import REST_MS, display_due_ms, seconds_due_ms

TYPE_CHECKING = False
if TYPE_CHECKING:  # the type checker's names for App's fields (never run on the board)
    from array import array
    from clock.table import Table
    from device.board import Board
    from device.alerts import Alerts
    from device.clockstate import ClockState
    from device.displays import Displays
    from device.faults import Console
    from device.gametime import GameTime
    from device.hostpoll import HostPoll
    from device.selftest import SelfTest

HOLD_MS = 2000  # hold ok this long for the menu / arbiter mode
# Arbiter mode lasts while the arbiter's menu is open: it ends with the action
# chosen, on backing out, or after this long without a key other than a lever.
ARBITER_IDLE_MS = 20000
INFO_MS = 3000  # the 7-segment build shows moves / fouls this long after a tap
# Outside play (before the start, paused, after the result) the displays dim
# when no key has been touched for DIM_MS, and after a result they go dark
# after SLEEP_MS; any key brings them back. A running clock is never dimmed.
DIM_MS = 120000
SLEEP_MS = 15 * 60000
LOOP_MS = 10  # the longest wait between two loop steps (a key's edge ends it sooner)
BATTERY_MS = 1000  # the battery is read this often
NETWORK = "/network.json"  # device.hall.NETWORK: the hall's module is imported only for a clock that reports
# Modules a game does not need (the arbiter's menus and code lock, what the App
# does between games (device/actions.py), the hall's reporter, pushes from the
# host) are imported when first used: until then their bytecode takes no RAM.
# Those read only at power-on and between games are forgotten after each use
# (device.forget()): the power-on, the board's building, the App's fields
# set up, the profile's and the settings' checks, the time-control parser and
# its durations, the journal's reader, where a table comes from, the archive,
# the journal ring's making and finding, the limits and JSON of what is read,
# the host's reads and pushes and their staging.
SOMETIMES = ("device.poweron device.boardsetup device.appstart device.profile device.settings "
             "clock.timecontrol clock.spaces clock.durations clock.journalread clock.tablestart "
             "device.archive device.ringopen clock.limits clock.jsonfile clock.utf8 device.pushes "
             "device.staging device.actions device.cells device.wiring device.fontcover")
# The menus' modules, forgotten when the menu closes (not with SOMETIMES: an
# open menu's editors are theirs, and a second copy's classes would be others).
MENUS = "device.arbiter device.menu device.menuwords"


class _NoMenu:
    """The menu while none is open (device/menu.py is imported to open one)."""
    stack = ()

    def active(self):
        return False

    def close(self):
        pass

    def key(self, k):  # (never called: keys go to a menu only while one is open)
        pass


NO_MENU = _NoMenu()


class App:
    # The loop's state, set at power-on by device/appstart.py (read once, then forgotten)
    board: "Board"
    network_path: str
    pending: "tuple | None"  # (settings, network) pushed while a clock ran: saved once none runs
    save_tick: int  # when saving them may be tried again after the flash refused
    settings_path: str
    storage_said: "Table | None"  # the table whose journal failure was reported
    room: bool  # the journal's filesystem has the room a long game needs
    table: "Table"  # the game and its journal (clock/table.py)
    gt: "GameTime"
    selftest: "SelfTest | None"  # while the clock tests itself
    arbiter: bool  # arbiter mode: the arbiter's menu is open (after the code)
    menu_tick: int  # tick of the last key (levers aside) while a menu is open
    absent: list
    ok_down: int  # tick when ok went down
    ok_used: bool
    presses: int  # key presses, for counting what arbiter tasks cost
    faults: int  # faults reported (see report_fault())
    fault_kinds: int  # the latched faults.* kinds the displays mark
    console: "Console"
    displays: "Displays"
    marks: "array"  # per side: the status bits of its display (see status())
    low_battery: bool
    lever_ms: list  # game ms of each lever's last counted press
    first: int  # the display drawn first: the one beside the lever pressed last
    info: int  # screens.SHOW_MOVES or SHOW_FOULS, until info_until (game ms)
    info_until: int
    identify_until: int  # ms (self.gt) until which the clock identifies itself
    halted: bool  # the loop has ended (device/actions.py's halt())
    host: "HostPoll | None"  # on a board with a USB console (device/poweron.py's start())
    red_side: int  # the display Red's is on: 0 left, 1 right (the game's header)
    alerts: "Alerts"  # the beeps and period marks of the game
    state: "ClockState | None"  # what the hall's reporter and the menus read (device/clockstate.py)

    def __init__(self, board, clock, values, store=None, settings_path="/settings.json", hall=None,
                 settings_problem=None, network_path=NETWORK):
        self.board = board
        self.clock = clock
        self.values = values
        self.store = store or storage.Store()
        self.hall = hall  # device.hall.Reporter: the state to the hall over MQTT, or None
        self.state = None
        self.menu = NO_MENU  # device.menu.Menu while one is open
        self.battery_tick = clock.ticks_add(clock.ticks_ms(), -BATTERY_MS)  # read at the first step
        from device.appstart import start  # the boot's own code, read once (forgotten below)
        start(self, settings_path, settings_problem, network_path)
        forget(SOMETIMES)  # what only the boot read (power-on too: the profile, the settings)

    @property
    def game(self):
        return self.table.game

    # -- the loop ---------------------------------------------------------------

    def run(self):
        """The loop, for good. Whatever ends it (Ctrl-C over USB is a
        KeyboardInterrupt) leaves the clock stopped, and saying so."""
        try:
            while True:
                self.safe_step()
                self.rest()
        finally:
            self.act("halt")

    def rest(self, most=REST_MS):
        """The loop's one wait (device/wait.py), at most `most` ms (and at
        most LOOP_MS on USB or while the buzzer sounds): until what the
        displays show may change, or a press held back is confirmed; a key's
        edge ends it at once."""
        wait = self.board.wait
        # every LOOP_MS while a key's level is not yet debounced, and while the self-test runs (its own timings)
        longest = wait.longest(LOOP_MS) if self.board.buttons.settled() and self.selftest is None else LOOP_MS
        if most > longest:
            most = longest
        tick = self.clock.ticks_ms()
        if self.ok_down != UNSET and not self.ok_used:  # wake when ok has been held long enough for the menu
            left = HOLD_MS - self.clock.ticks_diff(tick, self.ok_down)
            if 0 < left < most:
                most = left
        now = self.gt.now()
        due = None
        if not wait.awake() and now >= self.info_until and now >= self.identify_until:
            due = seconds_due_ms(self.game, now, most, self.values["tenths"])  # fewer wakes on cells
        if due is None:
            due = display_due_ms(self.game, now, most)
        self.board.wait.sleep(self.board.buttons.due_ms(tick, due))

    def safe_step(self):
        """One loop step; if something around the game fails, the fault is
        marked and the clock goes on: the game in RAM is intact and keeps
        time. Feeds the watchdog: only a loop that hangs lets it bite."""
        try:
            self.step()
        except Exception as e:
            self.report_fault(faults.PROGRAM, "loop step failed: %r" % (e,))
            try:  # what failed may come before the drawing: the times must still show
                self.draw(self.gt.now())
            except Exception:
                pass
        self.feed_watchdog()

    def feed_watchdog(self):
        wdt = self.board.watchdog
        if wdt is not None:
            wdt.feed()

    def report_fault(self, kind, message):
        """Report a fault the arbiter must see. `kind` is one of device.faults'
        kinds (DISPLAY, STORAGE, PROGRAM, RESTART): it is latched, and the
        displays mark it (OLED: "ERR FLASH" on the bottom line; 7-segment: "EF"
        one second in four) until a new game is set up. `message` is one line
        for the console, printed at most every faults.QUIET_MS per kind and
        never while USB output has no room, so reporting never blocks the clock.
        Call it from anywhere in the loop, as often as the fault recurs."""
        self.faults += 1
        self.fault_kinds |= kind
        self.console.say(kind, message)

    def check_storage(self):
        """The game's journal is not written (a full flash or FRAM, a chip
        gone, no room to start): the game goes on in RAM, the displays mark
        it. Said on the console once per game (device/actions.py)."""
        table = self.table
        if self.storage_said is not table and (table.write_error is not None or
                                               not self.room and not table.game.started):
            self.act("storage_fault")

    def step(self):
        if self.selftest is not None:
            self.selftest.loop_step(self)  # the keys are the test's while it runs
            return
        buttons = self.board.buttons
        k = buttons.next()
        while k >= 0:
            self.key(k, buttons.down, self.gt.at(buttons.tick))
            self.key_tick = buttons.tick
            k = buttons.next()
        now = self.gt.now()  # after the keys: a menu may have started a new game
        tick = self.clock.ticks_ms()
        buttons.poll(tick)
        # A press to be confirmed within a loop step (device/buttons.py) has a step of its own
        # then, which draws it first: nothing long (a redraw, a display's refresh, the hall's
        # report, the host's reads) starts before it and holds it up (the emulated Pico's
        # slowest press, 22.9 ms, was one that waited for a redraw of the seconds).
        soon = buttons.due_ms(tick, LOOP_MS) < LOOP_MS
        if self.ok_down != UNSET and not self.ok_used and not self.menu.active() and \
                self.clock.ticks_diff(tick, self.ok_down) >= HOLD_MS:
            self.ok_used = True
            self.act("open_menu")
        elif self.menu.active() and self.clock.ticks_diff(tick, self.menu_tick) >= ARBITER_IDLE_MS:
            self.act("menu_key", -1)  # left open: arbiter mode must not outlast the arbiter
        self.table.tick(now)
        self.check_storage()
        self.alerts.update(self.game, now, self.clock.ticks_ms(), self.values["sound"] or now < self.identify_until)
        self.displays.set_level(self.display_level(tick))
        if not soon:
            self.draw(now)  # a press shows first: before the LEDs, the checks, its journal write and the hall's report
        leds = self.board.leds
        if leds is not None:
            leds.update(self.game, self.red_side, now)  # the game's side (its header), as the levers
        self.check_hardware(tick)
        self.table.flush()
        if self.pending is not None:
            self.save_pending(tick)
        if soon:
            return
        if self.hall is not None:
            self.hall.step(self.state, tick)
            if self.hall.asked:  # the hall page's Identify
                self.hall.asked = False
                self.act("identify")
        if self.host is not None:
            self.host.step()
        self.table.flush()  # what a push or the hall's request recorded

    def display_level(self, tick):
        """FULL in play or in a menu; outside play DIM after DIM_MS without a
        key, and after a result DARK after SLEEP_MS."""
        game = self.game
        if self.menu.active() or (game.started and not game.paused and not game.over()):
            return FULL
        quiet = self.clock.ticks_diff(tick, self.key_tick)
        if game.over() and quiet >= SLEEP_MS:
            return DARK
        return DIM if quiet >= DIM_MS else FULL

    def check_hardware(self, tick):
        """Once a second a battery reading (8 ADC samples); every REFRESH_MS
        one display in turn set up again with a whole frame."""
        bat = self.board.battery
        if bat is not None and self.clock.ticks_diff(tick, self.battery_tick) >= BATTERY_MS:
            self.battery_tick = tick
            was = self.low_battery
            self.low_battery = bat.low()
            if self.low_battery and not was and self.game.started and not self.game.over():
                self.record(ev.LOW_BATTERY, 0, bat.mv)  # on the game's record: when the warning came
        self.displays.refresh(tick)

    # -- keys -------------------------------------------------------------------

    def key(self, k, down, t):
        if not down:
            if k == OK:
                self.ok_down = UNSET
            return
        self.presses += 1
        if k == OK:
            self.ok_down = self.board.buttons.tick
            self.ok_used = False
        if k == LEVER_LEFT or k == LEVER_RIGHT:
            # A lever always counts, menu or not: a press must never go
            # unregistered. But one right after the other lever's press is the
            # see-saw rebounding (the lockout, from the profile).
            other = self.lever_ms[1 - k]
            if other != UNSET and 0 <= t - other < self.board.lockout_ms:
                return
            self.lever_ms[k] = t
            self.first = k  # the display beside lever k: the pressed side's, redrawn first
            self.table.event(t, ev.PRESS, k ^ self.red_side, 0)
            return
        self.menu_tick = self.board.buttons.tick
        if self.menu.active():
            self.act("menu_key", k)
            return
        game = self.game
        if k == PLUS or k == MINUS:
            self.info = screens.SHOW_MOVES if k == PLUS else screens.SHOW_FOULS
            self.info_until = t + INFO_MS
        elif k == START:
            # Outside the menu the key is anyone's: it starts the round, and
            # stopping the clock with it is a player's pause (§9.1.2, recorded
            # as such). Only the arbiter resumes, from the menu.
            if not game.started:
                if self.room:  # a game does not start without room for its journal
                    self.table.event(t, ev.START, 0, 0)
            elif not game.paused:
                self.table.event(t, ev.PAUSE, 0, ev.BY_PLAYER)

    def close_menu(self):
        self.arbiter = False
        self.menu = NO_MENU
        self.menus = None
        forget(SOMETIMES + " " + MENUS)  # and what its actions read (a control's text, the settings' checks)

    # -- what the arbiter, the host and the hall ask for -------------------------

    def act(self, name, *args):
        """One of device/actions.py's, by name (the menu opened, settings
        changed, a new game, a player absent, a push staged, pushed settings
        saved, identify, the self-test started, what the host reads): read
        for it, and forgotten after; its answer."""
        from device import actions
        answer = getattr(actions, name)(self, *args)
        forget(SOMETIMES)  # and what the action read (the settings' checks, the parser, the staging)
        return answer

    def now(self):
        return self.gt.now()

    # -- what the arbiter's menus do ------------------------------------------------

    def record(self, kind, side=0, value=0):
        """An event now, into the table (the rules, then the journal)."""
        self.table.event(self.now(), kind, side, value)

    def save_pending(self, tick):
        """Keep pushed settings on the flash, once no clock runs (a flash write
        holds up the Pico's interrupts, and a lever's edge must be stamped)."""
        game = self.game
        if game.running() != UNSET and not game.over() or self.pending is None:
            return
        if not self.save_tick or self.clock.ticks_diff(tick, self.save_tick) >= 0:
            self.act("save_pending", tick)

    # -- output -----------------------------------------------------------------

    def status(self, s, now):
        bits = 0
        if self.low_battery:
            bits |= screens.LOW_BATTERY
        if self.halted:
            bits |= screens.HALTED
        if self.table.notice is not None:
            bits |= screens.RESTORED
        bits |= self.alerts.marks(s, now)
        if now // 500 % 2:
            bits |= screens.BLINK
        if now < self.info_until:
            bits |= self.info
        if now < self.identify_until:
            bits |= screens.IDENTIFY
        if now % 4000 >= 3000:
            bits |= screens.MARK_PHASE
        if self.hall is not None and self.hall.down:
            bits |= screens.OFFLINE
        return bits | self.fault_kinds << screens.FAULT_SHIFT

    def draw(self, now):
        if self.menu.active() or self.selftest is not None:
            return
        marks = self.marks
        for s in range(2):
            marks[s] = self.status(s, now)
        self.displays.draw(self.game, now, marks, self.values["language"], self.first)

    def redraw(self):
        self.displays.invalidate()
        self.draw(self.now())
