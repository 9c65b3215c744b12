# The board: app loop, screens, menus, settings, drivers.
#
# const for every module here: MicroPython's, which the compiler folds
# wherever the bare name `const` is called (so `_X = const(1)` takes no
# global), or on CPython (the host's tests and simulation) the identity.
try:
    from micropython import const
except ImportError:
    def const(x):  # type: ignore[misc]
        return x
