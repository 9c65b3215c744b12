# The simulated world's own allocations, kept apart from the firmware's.
#
# On the board, the firmware's calls into the hardware (an I2C write, a pin,
# the PWM, a sleep) allocate nothing; here they run Python: chip models that
# decode the bytes, the virtual timeline, logs. So that a test can lock the
# heap over a running game (micropython.heap_lock()) and the bench can count
# what the firmware allocates, each of those calls runs "in the world": the
# heap lock is lifted meanwhile and the bytes it allocated are added to
# ALLOCATED, for the bench to take away. A hard IRQ handler the world calls
# (a pin's edge) runs with the heap locked again, as rp2 runs it.
#
# On CPython (no heap lock) the wrappers are the functions themselves.
# MicroPython-compatible: the wrappers take positional arguments, each named
# (a *args call would allocate its tuple while the heap is still locked), at
# most 4 for a call that allocates nothing.

try:
    import micropython
    from gc import mem_alloc  # type: ignore[attr-defined]  # MicroPython's gc
    _LOCKS = hasattr(micropython, "heap_lock")
except ImportError:
    _LOCKS = False

ALLOCATED = [0]  # bytes the world allocated on the firmware's calls, while counting
COUNTING = [False]  # counting costs: gc.mem_alloc() walks the whole heap


def count(on=True):
    """Count the world's allocations in ALLOCATED (the bench), or stop."""
    COUNTING[0] = on


def _enter():
    """Lift every heap lock; returns how many there were."""
    micropython.heap_lock()
    depth = micropython.heap_unlock()  # the depth before this lock
    n = depth
    while n:
        micropython.heap_unlock()
        n -= 1
    return depth


def _leave(depth, before):
    if before >= 0:
        ALLOCATED[0] += mem_alloc() - before
    while depth:
        micropython.heap_lock()
        depth -= 1


_NO = object()  # an argument not given


def call(fn, reads=False, counted=True):
    """fn, run in the world: called with up to 5 positional arguments (those
    not given keep fn's defaults). Not counted (counting is slow), as they
    allocate nothing: with reads, a call with one argument only (self:
    Pin.value() reading a level); without counted, every call (a sleep of
    virtual time: the timers it fires are the bench's and tests' edges). A
    call not counted that did allocate would show as the firmware's: the
    firmware's figure can come out too high, never too low."""
    if not _LOCKS:
        return fn
    # One variable closed over: MicroPython calls a closure with its closed
    # variables and the arguments on the stack only up to 5 of them together.
    how = (fn, reads, counted)

    def run(a=_NO, b=_NO, c=_NO, d=_NO, e=_NO):
        fn = how[0]
        depth = _enter()
        before = mem_alloc() if COUNTING[0] and how[2] and not (how[1] and b is _NO) else -1
        try:
            if a is _NO:
                return fn()
            if b is _NO:
                return fn(a)
            if c is _NO:
                return fn(a, b)
            if d is _NO:
                return fn(a, b, c)
            if e is _NO:
                return fn(a, b, c, d)
            return fn(a, b, c, d, e)
        finally:
            _leave(depth, before)
    return run


def locked(fn, arg):
    """fn(arg) with the heap locked, as rp2 runs a hard IRQ handler."""
    if not _LOCKS:
        fn(arg)
        return
    micropython.heap_lock()
    try:
        fn(arg)
    finally:
        micropython.heap_unlock()


def wrap(cls, names, reads=False, counted=True):
    """Make cls's methods `names` (positional arguments only) run in the world."""
    for name in names:
        setattr(cls, name, call(getattr(cls, name), reads, counted))
