# Settings pushed while the clock runs (`xqclock config push`, through
# device/hostreads.py's xq?stage): checked whole, then kept all or nothing.
#
# A push may change /settings.json and /network.json together. Both go first
# into one file, /settings.json.new, renamed into place whole; then each is
# written from it and it is removed. A power cut leaves either the old pair
# (no /settings.json.new) or /settings.json.new, which power-on finishes
# (commit), so no clock is ever left half set up. The writes wait until no clock runs (the
# app calls save() then): a flash write stops the Pico's interrupts for tens
# of milliseconds, and a lever's edge must be stamped on time.

import json
import os

from clock import jsonfile
from clock.utf8 import dumps
from device import settings as cfg

SETTINGS = "/settings.json"
NETWORK = "/network.json"  # device.hall.NETWORK (the hall's module is imported only when a push checks one)
NO_NETWORK = "none"  # as network: the clock stops reporting (its /network.json is removed)


def merged_network(changes, path=NETWORK):
    """The network settings a push makes of what the clock has (checked, or
    ValueError naming the field); NO_NETWORK for {"broker": ""}."""
    if changes.get("broker") == "":
        return NO_NETWORK
    try:
        before = jsonfile.loads(jsonfile.read(path))  # within the limits, as hall.load reads it
    except (OSError, ValueError):
        before = {}
    if not isinstance(before, dict):
        before = {}
    values = dict(before)
    values.update(changes)
    from device import hall
    return hall.check(values)


def _write(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.rename(tmp, path)


def save(values, network, settings_path=SETTINGS, network_path=NETWORK):
    """Keep settings (and network settings, None: unchanged) all or nothing."""
    _write(settings_path + ".new", dumps({"settings": values, "network": network}).encode())
    commit(settings_path, network_path)


def commit(settings_path=SETTINGS, network_path=NETWORK):
    """Write each file from settings_path + ".new", then remove it; False if there is none."""
    staged = settings_path + ".new"
    try:
        with open(staged, "rb") as f:
            pair = json.loads(f.read())
    except OSError:
        return False
    except ValueError:  # torn before its rename could not be: a file nobody wrote whole
        os.remove(staged)
        return False
    cfg.save(pair["settings"], settings_path)
    network = pair.get("network")
    if network == NO_NETWORK:
        try:
            os.remove(network_path)
        except OSError:
            pass
    elif network is not None:
        _write(network_path, dumps(network).encode())
    os.remove(staged)
    return True
