# What the arbiter's menus and the hall's reporter read of the clock (a
# ClockState); only the App (device/app.py) changes it. Made the first time
# one of them asks (of()): a clock with neither never holds it.


class ClockState:
    """The table (the game and its journal), the settings, the battery, the
    faults the displays mark. Read-only: the App alone changes them."""

    def __init__(self, app):
        self._app = app

    @property
    def table(self):
        return self._app.table

    @property
    def game(self):
        return self._app.table.game

    @property
    def values(self):
        return self._app.values

    @property
    def battery(self):
        return self._app.board.battery

    @property
    def fault_kinds(self):
        return self._app.fault_kinds


def of(app):
    """The app's ClockState (app.state), made the first time it is asked for."""
    if app.state is None:
        app.state = ClockState(app)
    return app.state
