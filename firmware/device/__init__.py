# The board: app loop, screens, menus, settings, drivers.
#
# const for every module here: MicroPython's, which the compiler folds
# wherever the bare name `const` is called (so `_X = const(1)` takes no
# global), or on CPython (the host's tests and simulation) the identity;
# forget(), for the modules a board reads only sometimes; and ProfileError,
# what a wrong board profile raises (here, where no forgetting makes it a
# second class: device/profile.py raises it, the power-on catches it).
try:
    from micropython import const
except ImportError:
    def const(x):  # type: ignore[misc]
        return x


class ProfileError(ValueError):
    pass


def forget(names):
    """Drop modules (`names`: their dotted names, separated by spaces) from
    sys.modules and from their package, so their bytecode and tables are
    garbage (the next import reads them again): what a board reads only
    sometimes (device/app.py's SOMETIMES). Only for modules nothing keeps: a
    function, class or object of one held anywhere keeps its whole globals
    dict alive; and a module that imports one at its top would keep it. (One
    str of names: an .mpy makes each str of a tuple an object of its own, 48
    bytes for a module's name, where split() finds the names already interned.)"""
    import sys
    for name in names.split():
        if name in sys.modules:
            del sys.modules[name]
            package, _, leaf = name.rpartition(".")
            try:
                delattr(sys.modules[package], leaf)
            except (KeyError, AttributeError):  # its package never got it as an attribute
                pass
