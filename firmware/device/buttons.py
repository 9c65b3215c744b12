# Levers and keys: edges timestamped in a hard IRQ, debounced, queued for the
# main loop. The press time is the tick of the FIRST edge of a bounce, taken in
# the interrupt, not the moment the main loop got round to looking (which may
# be 25 ms later if it was busy sending a display frame).
#
# Why a hard IRQ. Pin.irq's default (hard=False) runs the handler later through
# micropython.schedule(), whose queue holds 8 entries on rp2 (4 on the unix
# port); when it is full the event is dropped silently (shared/runtime/mpirq.c
# ignores mp_sched_schedule's result). A switch bounces 10-100 times in about
# 1 ms, and an I2C frame or a flash write blocks the VM for tens of ms, so one
# lever press can flood the queue, lose the first edge (the one that dates the
# move) or lose the release. A hard handler runs in interrupt context at every
# edge, with the heap locked: so it only reads the tick and the pin level,
# compares with ticks_diff, and writes small ints into preallocated arrays.
# Everything is built in __init__ (the per-key handlers too); nothing here
# allocates after it.
#
# Debounce: an edge within debounce_ms of the last ACCEPTED edge of that key
# is ignored, so a burst of bounces yields one event dated by its first edge.
# An edge is accepted only if the level the handler reads differs from the
# accepted level (a handler that runs after the contact bounced back sees the
# old level and waits for the next edge). Comparisons use clock.ticks_diff
# only, so the 2**30 wrap of the Pico's tick counter is invisible.
#
# The main loop calls poll(now) every few ms: if a key's level has differed
# from its accepted level for debounce_ms after the debounce window (a tap
# shorter than debounce_ms, a bounce that swallowed the final edge, or an edge
# dropped because the ring was full), poll delivers the missing edge, dated by
# the poll that first saw it. Edges from poll wait in a per-key slot that only
# the main loop touches (the ring has a single producer, the IRQ), and next()
# returns ring and poll edges in tick order.
#
# Every accepted edge also sets wake[0] (the flag of the loop's wait,
# device/wait.py), so the loop steps at the edge instead of after its sleep;
# due_ms() says how long it may wait before a press is confirmed.
#
# Confirmation (confirm_ms > 0): a press counts only once the level has held
# down for confirm_ms -- measured between the edges the IRQ saw, or from the
# last edge to now -- and keeps its first edge's time. A shorter closing (a
# 2 ms spike of interference on a long lead, the rebound of a see-saw lever)
# is dropped as if it never happened. next() holds a press back until it is
# confirmed or dropped, so a press reaches the game confirm_ms to one loop
# step late, dated exactly.
#
# poll() and the confirmation read and write state the IRQ also writes; they
# run with interrupts masked (irq.disable_irq(), irq = the machine module), so
# an edge that comes meanwhile waits the few microseconds until they finish.
#
# `clock` is anything with ticks_ms(), ticks_diff(a, b), ticks_add(a, d): the
# `time` module on the board, a virtual clock in the simulation and tests.

from array import array

from device import const

_RING = const(32)  # ring entries: far more edges than a busy main loop lets pile up
_WAIT = const(0)  # a press not yet held long enough to tell
_COUNT = const(1)  # held long enough: it counts
_DROP = const(2)  # released too soon: a glitch
_DECIDE_MS = const(100)  # a press still undecided this long after its edge (a contact that
# keeps chattering) counts if the key is down then: it must not hold back the other keys


class Buttons:
    def __init__(self, pins, clock, debounce_ms=20, active_low=True, size=_RING, confirm_ms=0, irq=None,
                 wake=None):
        n = len(pins)
        # wake[0] = 1 at every accepted edge (a bytearray: the loop's wait, device/wait.py, ends)
        self._wake = wake
        self._pins = pins
        self._clock = clock
        self._cms = confirm_ms
        # interrupts masked around what the IRQ also writes (None: no masking, for tests)
        self._irq_off = irq.disable_irq if irq is not None else None
        self._irq_on = irq.enable_irq if irq is not None else None
        # Made once: on MicroPython, reading obj.method into a variable makes
        # a bound-method object (an allocation) unless clock is a module.
        self._diff = clock.ticks_diff
        self._deb = debounce_ms
        self._dl = 0 if active_low else 1  # pin level of a pressed key
        self.count = n
        # Ticks fit array('i') on the Pico (period 2**30). The unix port's
        # ticks_ms has period 2**62: there a list of small ints (storing and
        # reading them allocates nothing; array('q') items come back as
        # long-int objects, which ticks_diff misreads).
        wide = clock.ticks_add(0, -1) > 0x7FFFFFFF

        def ticks(n):
            return [0] * n if wide else array("i", [0] * n)
        # The ring: written only by the IRQ (head), read only by next() (tail).
        self._size = size
        self._tick = ticks(size)
        self._code = bytearray(size)  # key << 1 | down
        self._head = 0
        self._tail = 0
        self.dropped = 0  # edges lost because the ring was full (the oldest are kept)
        # Per key, shared by the IRQ and poll(): the accepted state and the
        # tick of the last accepted edge (the start of its debounce window).
        now = clock.ticks_ms()
        self._state = bytearray(n)  # 1 = down
        self._last = ticks(n)
        # Per key, main loop only: poll()'s observation of a level that
        # differs from the accepted one, and its delivered-but-unread edge.
        self._obs = bytearray(n)
        self._obs_tick = ticks(n)
        self._syn = bytearray(n)  # 0 none, 1 release, 2 press waiting for next()
        self._syn_tick = ticks(n)
        self._nsyn = 0
        # Per key, for confirmation: every edge the IRQ saw (accepted or not)
        # with the level read then, and the longest time the level stayed
        # down between edges since the last accepted press.
        self._seen = ticks(n)
        self._seen_dn = bytearray(n)
        self._held = ticks(n)
        # What next() returns besides the key.
        self.tick = 0
        self.down = False
        before = clock.ticks_add(now, -debounce_ms)
        for k in range(n):
            if pins[k].value() == self._dl:
                self._state[k] = 1  # held at start-up: down from now
                self._last[k] = now
            else:
                self._last[k] = before  # the first edge is accepted at once
        self._handlers = [self._make_handler(k) for k in range(n)]
        for k in range(n):
            p = pins[k]
            p.irq(handler=self._handlers[k], trigger=p.IRQ_FALLING | p.IRQ_RISING, hard=True)

    def _make_handler(self, key):
        edge = self._edge  # the bound method is made once, here

        def handler(pin):
            edge(key, pin)
        return handler

    # -- interrupt context: no allocation, no exceptions ---------------------------

    def _edge(self, key, pin):
        clock = self._clock
        t = clock.ticks_ms()
        down = 1 if pin.value() == self._dl else 0
        if self._seen_dn[key]:
            held = clock.ticks_diff(t, self._seen[key])
            if held > self._held[key]:
                self._held[key] = held
        self._seen[key] = t
        self._seen_dn[key] = down
        d = clock.ticks_diff(t, self._last[key])
        if 0 <= d < self._deb:
            return  # a bounce inside the window of the last accepted edge
        if down == self._state[key]:
            return  # the contact is back at the accepted level: wait for the next edge
        if down:
            self._held[key] = 0  # measured afresh for this press
        self._last[key] = t  # the debounce window starts at this first edge
        h = self._head
        nxt = h + 1
        if nxt == self._size:
            nxt = 0
        if nxt == self._tail:
            # Full: keep the oldest. The state stays unaccepted, so poll()
            # delivers the change later if the level persists.
            self.dropped += 1
            return
        self._state[key] = down
        self._tick[h] = t
        self._code[h] = (key << 1) | down
        self._head = nxt
        wake = self._wake
        if wake is not None:
            wake[0] = 1

    # -- main loop -----------------------------------------------------------------------

    def next(self):
        """Key index of the oldest unread edge, or -1 if none; its tick and
        whether it is a press go to self.tick and self.down. A press not yet
        confirmed is held back (with everything after it)."""
        diff = self._diff
        tail = self._tail
        have = tail != self._head
        while have and self._cms and self._code[tail] & 1:
            verdict = self._verdict(tail)
            if verdict == _COUNT:
                break
            if verdict == _WAIT:
                have = False  # nothing from the ring yet; an older poll edge may go
                break
            tail += 1  # _DROP: the glitch is forgotten
            if tail == self._size:
                tail = 0
            self._tail = tail
            have = tail != self._head
        sk = -1
        st = 0
        if self._nsyn:
            for k in range(self.count):
                if self._syn[k] and (sk < 0 or diff(self._syn_tick[k], st) < 0):
                    sk = k
                    st = self._syn_tick[k]
            if have and diff(self._tick[tail], st) <= 0:
                sk = -1  # the ring's edge is older (or as old): it goes first
        if sk >= 0:
            self.tick = st
            self.down = self._syn[sk] == 2
            self._syn[sk] = 0
            self._nsyn -= 1
            return sk
        if not have:
            return -1
        code = self._code[tail]
        self.tick = self._tick[tail]
        self.down = (code & 1) == 1
        tail += 1
        if tail == self._size:
            tail = 0
        self._tail = tail
        return code >> 1

    def settled(self):
        """Whether every key reads as its accepted state: if not, an edge the
        debounce window hid waits for poll() to deliver it, and the loop
        must step every few ms (the long waits on cells would delay it)."""
        dl = self._dl
        for k in range(self.count):
            if (1 if self._pins[k].value() == dl else 0) != self._state[k]:
                return False
        return True

    def due_ms(self, now, most):
        """How long, at most `most`, the loop may wait at tick now before
        the oldest press next() holds back is decided (as _verdict decides
        it): 0 if it may be decided now."""
        tail = self._tail
        if not self._cms or tail == self._head or not self._code[tail] & 1:
            return most
        k = self._code[tail] >> 1
        if self._held[k] >= self._cms or self._pins[k].value() != self._dl:
            return 0  # held long enough, or released: decided at the next step
        diff = self._diff
        due = _DECIDE_MS - diff(now, self._tick[tail])
        if self._seen_dn[k]:
            held = self._cms - diff(now, self._seen[k])
            if held < due:
                due = held
        return 0 if due < 0 else due if due < most else most

    def _verdict(self, at):
        """Whether the press in ring slot `at` counts, is a glitch, or must
        wait; a glitch's key goes back to released, ready for a real press."""
        k = self._code[at] >> 1
        off = self._irq_off
        on = self._irq_on
        st = off() if off is not None else 0
        verdict = _COUNT
        if self._held[k] < self._cms:
            diff = self._diff
            now = self._clock.ticks_ms()
            if self._pins[k].value() == self._dl:
                if (not self._seen_dn[k] or diff(now, self._seen[k]) < self._cms) and \
                        diff(now, self._tick[at]) < _DECIDE_MS:
                    verdict = _WAIT  # down, but not for long enough yet
            else:
                verdict = _DROP
                # Back to released unless a later edge of this key was accepted.
                i = at
                while True:
                    i += 1
                    if i == self._size:
                        i = 0
                    if i == self._head:
                        self._state[k] = 0
                        self._last[k] = self._clock.ticks_add(now, -self._deb)
                        break
                    if self._code[i] >> 1 == k:
                        break
        if on is not None:
            on(st)
        return verdict

    def poll(self, now):
        """Resynchronise with the pins' levels (call every few ms with the
        current tick): a level that has differed from the accepted one, outside
        the debounce window, on polls at least debounce_ms apart, is delivered
        as an edge dated by the first of those polls."""
        off = self._irq_off
        on = self._irq_on
        st = off() if off is not None else 0
        self._poll(now)
        if on is not None:
            on(st)

    def _poll(self, now):
        diff = self._diff
        deb = self._deb
        for k in range(self.count):
            down = 1 if self._pins[k].value() == self._dl else 0
            if down == self._state[k] or self._syn[k]:
                self._obs[k] = 0  # agrees (or an edge of this key is still unread)
                continue
            last = self._last[k]
            if 0 <= diff(now, last) < deb:
                continue  # still inside the window of the last edge
            ot = self._obs_tick[k]
            if not self._obs[k] or diff(ot, last) <= 0:
                self._obs[k] = 1  # first sighting (or an edge was accepted since)
                self._obs_tick[k] = now
                continue
            if diff(now, ot) < deb:
                continue
            self._obs[k] = 0
            self._state[k] = down
            self._last[k] = ot
            self._syn[k] = 2 if down else 1
            self._syn_tick[k] = ot
            self._nsyn += 1

    def is_down(self, key):
        return self._state[key] == 1
