# What the host's reads and pushes do with the clock while it runs
# (device/hostreads.py's xq?info and xq?stage), for the App (device/app.py),
# whose methods of the same names call these. Imported when the host asks,
# and forgotten after (device.app.forget): a game never holds its bytecode
# or the names of the answers' fields.

import os

from device import faults
from device.battery import NO_BATTERY_MV


def stage(app, request):
    """A push while the clock runs (device/hostreads.py's xq?stage):
    {"settings": changes, "network": changes or null, "new_game": bool}.
    Everything is checked before anything changes. A game in progress goes
    on untouched (no pause, no reset): what it was set up with is in its
    journal's header, so a change to the game (control, limits, board,
    names, red side) waits for the next game, unless new_game ends this
    one (kept in the archive, as the arbiter's "new game" does); an
    unstarted or finished game is replaced at once; language, sound and
    code apply at once. The answer says which, for the host."""
    from device import settings as cfg, staging
    changes = request.get("settings") or {}
    network = request.get("network")
    try:
        if not isinstance(changes, dict) or not (network is None or isinstance(network, dict)):
            raise ValueError("the push's settings are not objects")
        values = dict(app.values)
        values.update(changes)
        values = cfg.check(values)
        if network is not None:
            network = staging.merged_network(network, app.network_path)
    except ValueError as e:
        return {"ok": False, "problem": str(e)}
    game = app.game
    header = app.table.settings
    wanted = cfg.game_settings(values, app.absent)
    differs = [k for k in wanted if k != "absent" and wanted[k] != header.get(k)] + \
        [k for k in header if k not in wanted and k not in ("id", "absent")]
    app.values = values
    app.fault_kinds &= ~faults.SETTINGS
    app.pending = (values, network)
    if network is not None:
        _use_network(app, network)
    answer = {"ok": True, "when": "now", "kept": None, "game": None}
    if differs or request.get("new_game") is True:
        if not game.started or game.over() or request.get("new_game") is True:
            app.act("new_game")
            answer["kept"] = app.kept
        else:
            answer["when"] = "next game"
    else:
        app.redraw()  # language, sound, code: at once
    app.save_pending(app.clock.ticks_ms())
    answer["saved"] = app.pending is None
    answer["game"] = {"started": app.game.started, "over": app.game.over(), "id": app.table.settings.get("id")}
    return answer


def _use_network(app, network):
    from device import staging
    if app.hall is not None:
        app.hall.close()
    if network == staging.NO_NETWORK:
        app.hall = None
    else:
        from device.hall import reporter_from
        from device.clockstate import of
        app.hall = reporter_from(network, app.clock)
        of(app)  # what it reads


def info(app, uid):
    """What the host reads while the clock runs (device.hostreads: xq?info)."""
    bat = app.board.battery
    battery = None
    if bat is not None:
        mv = bat.read_mv()
        if mv >= NO_BATTERY_MV:  # a battery is there
            battery = {"mv": mv, "percent": bat.percent(mv)}
    game = app.game
    size = -1
    try:
        size = os.stat(app.store.journal)[6]
    except OSError:
        pass
    header = app.table.settings
    return {"uid": uid, "battery": battery, "settings": app.values, "journal": app.store.journal,
            "archive": app.store.archive, "size": size,
            "game": {"id": header.get("id"), "started": game.started,
                     "over": game.over(), "paused": game.paused, "board": header.get("board"),
                     "names": header.get("names")},
            "network": None if app.hall is None else app.hall.shown(), "saved": app.pending is None,
            "stage": True,
            "identifying": app.gt.now() < app.identify_until}
