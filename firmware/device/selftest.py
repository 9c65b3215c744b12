# The clock's self-test, for a maker's new board and an organiser before an
# event: every pixel or segment and both LEDs lit with the buzzer sounding,
# then each lever and key asked for in turn (the displays show which one
# arrived), the battery read and the journal's store written and read back.
# The result is kept on the board (/selftest.json) and said on the console,
# where `xqclock check` reads it. While it runs it is the app's loop step
# (loop_step(): the keys are the test's, step(), key()); the app imports it
# only when a test starts: it costs no heap during a game.

import json
import os

from clock.game import UNSET
from device.battery import NO_BATTERY_MV
from device import wiring as hw
from device.tm1637 import encode_digits

LAMP_MS = 1500  # everything lit and the buzzer on this long
KEY_WAIT_MS = 20000  # a key not pressed within this fails
SHOW_MS = 600  # the key that arrived stays shown this long
SUMMARY_MS = 30000  # the outcome stays shown this long, or until a key
TONE = (4, 4000, LAMP_MS, 0)  # the buzzer's resonance, above every alert
RESULT = "/selftest.json"
PROBE = "selftest.tmp"

# the keys' names as the console and /selftest.json give them (board.KEYS),
# on the OLED and as four 7-segment characters
NAMES = ("LEFT LEVER", "RIGHT LEVER", "START", "MINUS", "PLUS", "OK")
CODES = ("LEFt", "rGHt", "StAr", "LESS", "PLUS", "yES")
STEPS = 1 + len(hw.KEYS) + 2  # lamps and buzzer, six keys, battery, store

_LAMP = 0
_KEY = 1  # asking for key self.index
_SHOWN = 2  # showing the key that arrived
_SUMMARY = 3
_DONE = 4


class SelfTest:
    """One run of the self-test on `board` and `store` (device.storage.Store);
    `say` prints a console line (the host reads them)."""

    def __init__(self, board, clock, store, say=print):
        self.board = board
        self.clock = clock
        self.store = store
        self.say = say
        self.results = []  # type: list  # [part, "pass"|"fail"|"skip", detail]
        self.index = 0
        self.early = bytearray()  # keys pressed before they were asked for: the next answers, in order
        self.phase = _LAMP
        self.since = clock.ticks_ms()
        self.path = store.root + RESULT
        self._segments = bytearray(4)
        buzzer = board.buzzer
        self._sound = buzzer.enabled
        buzzer.enabled = True  # the test sounds it whatever the setting
        buzzer.play(TONE, self.since)
        if board.leds is not None:
            board.leds.on()
        self.say("selftest: 1/%d lamps and buzzer" % STEPS)
        for i in range(2):
            self._lamp(i)

    def done(self):
        return self.phase == _DONE

    def passed(self):
        return all(r[1] != "fail" for r in self.results)

    # -- the steps --------------------------------------------------------------------

    def loop_step(self, app):
        """The App's loop step (device/app.py) while the test runs: its keys
        and time are the test's; when it is done, the clock's screens again."""
        buttons = self.board.buttons
        k = buttons.next()
        while k >= 0:
            if buttons.down:
                self.key(k, buttons.tick)
            k = buttons.next()
        tick = self.clock.ticks_ms()
        buttons.poll(tick)
        self.step(tick)
        if self.done():
            app.selftest = None
            app.ok_down = UNSET  # ok as if up: a hold that started the test is over
            app.redraw()
        if app.host is not None:
            app.host.step()

    def step(self, tick):
        self.board.buzzer.update(tick)
        waited = self.clock.ticks_diff(tick, self.since)
        if self.phase == _LAMP and waited >= LAMP_MS:
            self.board.buzzer.stop()
            self.board.buzzer.enabled = self._sound
            if self.board.leds is not None:
                self.board.leds.off()
            self.results.append(["buzzer", "pass", "sounded %d Hz for %d ms: heard?" % (TONE[1], LAMP_MS)])
            self._ask(tick)
        elif self.phase == _KEY and waited >= KEY_WAIT_MS:
            self._got(tick, -1)
        elif self.phase == _SHOWN and waited >= SHOW_MS:
            self.index += 1
            if self.index < len(hw.KEYS):
                self._ask(tick)
            else:
                self._finish(tick)
        elif self.phase == _SUMMARY and waited >= SUMMARY_MS:
            self.phase = _DONE

    def key(self, k, tick):
        """A key went down (levers too: no game runs during a test). Keys
        pressed while the lamps are lit or an answer shows answer the next
        questions, so presses in order always answer in order."""
        if self.phase == _KEY:
            self._got(tick, k)
        elif self.phase == _SUMMARY:
            self.phase = _DONE
        elif len(self.early) < len(hw.KEYS):
            self.early.append(k)

    def _lamp(self, i):
        """Display i fully lit; its result from whether its chip answered."""
        d = self.board.displays[i]
        part = "display.%s" % hw.SIDES[i]
        try:
            if self.board.kind == "ssd1306":
                d.fill(1)
                d.show()
                ok = d.ready
            else:
                before = d.nacks
                seg = self._segments
                for j in range(4):
                    seg[j] = 0xFF  # every segment and the colon
                d.write(seg)
                ok = d.nacks == before
            self.results.append([part, "pass" if ok else "fail", "all lit: check each one" if ok else "no answer"])
        except OSError as e:
            self.results.append([part, "fail", "no answer (%r)" % (e,)])

    def _ask(self, tick):
        self.phase = _KEY
        self.since = tick
        i = self.index
        self.say("selftest: %d/%d press %s" % (2 + i, STEPS, hw.KEYS[i]))
        self._show(("PRESS", NAMES[i]), ("P%d" % (i + 1), CODES[i]))
        if self.early:
            k = self.early[0]
            self.early = self.early[1:]
            self._got(tick, k)

    def _got(self, tick, k):
        i = self.index
        if k == i:
            self.results.append([hw.KEYS[i], "pass", "arrived"])
        elif k < 0:
            self.results.append([hw.KEYS[i], "fail", "no press in %d s" % (KEY_WAIT_MS // 1000)])
        else:  # its wire is on another key's pin, or that key is stuck
            self.results.append([hw.KEYS[i], "fail", "%s arrived instead" % hw.KEYS[k]])
        self.phase = _SHOWN
        self.since = tick
        got = NAMES[k] if k >= 0 else "NOTHING"
        self._show(("GOT", got), ("Good" if k == i else "bAd", CODES[k] if k >= 0 else "----"))

    def _finish(self, tick):
        self.say("selftest: %d/%d battery" % (STEPS - 1, STEPS))
        self.results.append(self._battery())
        self.say("selftest: %d/%d journal store" % (STEPS, STEPS))
        self.results.append(self._store())
        saved = self._save()
        fails = [r[0] for r in self.results if r[1] == "fail"]
        for r in self.results:
            self.say("selftest: %s %s %s" % tuple(r))
        self.say("selftest: done %s%s" % ("pass" if not fails else "fail", "" if saved else " (not saved)"))
        if fails:
            self._show(("TEST FAILED", " ".join(fails)[:16]), ("bAd", "%4d" % len(fails)))
        else:
            self._show(("TEST PASSED", "OK to play"), ("PASS", "Good"))
        self.phase = _SUMMARY
        self.since = tick

    def _battery(self):
        bat = self.board.battery
        if bat is None:
            return ["battery", "skip", "none in the profile"]
        mv = bat.read_mv()
        if mv < NO_BATTERY_MV:
            return ["battery", "fail", "%d mV: no battery (switched off, or no divider)" % mv]
        return ["battery", "pass", "%d mV, %d %%" % (mv, bat.percent(mv))]

    def _store(self):
        store = self.store
        if store.broken is not None:
            return ["store", "fail", "the FRAM does not mount (%r)" % (store.broken,)]
        folder = store.journal.rsplit("/", 1)[0] or "/"
        where = "FRAM" if store.fram else "flash"
        probe = folder + "/" + PROBE
        data = bytes(range(64))
        try:
            with open(probe, "wb") as f:
                f.write(data)
            with open(probe, "rb") as f:
                back = f.read()
            os.remove(probe)
        except OSError as e:
            return ["store", "fail", "%s not writable (%r)" % (where, e)]
        if back != data:
            return ["store", "fail", "%s gave back other bytes" % where]
        return ["store", "pass", "%s written and read back" % where]

    def _save(self):
        try:
            with open(self.path + ".tmp", "w") as f:
                f.write(json.dumps({"selftest": 1, "passed": self.passed(), "results": self.results}))
            os.rename(self.path + ".tmp", self.path)
            return True
        except OSError:
            return False

    def _show(self, oled, segments):
        """Two lines on each OLED, or four characters on each 7-segment display."""
        for i in range(2):
            d = self.board.displays[i]
            try:
                if self.board.kind == "ssd1306":
                    d.fill(0)
                    d.text("SELF-TEST", 28, 4, 1)
                    for n in range(2):
                        words = oled[n]
                        d.text(words, (128 - 8 * len(words)) // 2, 24 + 16 * n, 1)
                    d.show()
                else:
                    d.write(encode_digits(segments[i], self._segments))
            except OSError:
                pass  # its fault is in the display's result
