# Runs on the MicroPython unix port (tests/sim/test_simulation.py): a board whose
# profile has a FRAM keeps its journal there, and it survives a restart.
import json
import os
import sys

import vfs

import machine
from host_tools.mpy.sim import rig as rigmod
from host_tools.mpy.sim.fram_model import FRAMModel
from device.app import App
from device.poweron import board_store
from device.board import Board, load_profile
from device import settings as cfg

directory = sys.argv[2]
profile = load_profile(sys.argv[1])
profile["fram"] = {"i2c": 0, "scl": 5, "sda": 4, "addr": 0x50}  # on the left display's bus
r = rigmod.Rig(profile, cfg.check(dict(cfg.DEFAULTS)), directory, power_on=False)
chip = FRAMModel(32768)
machine.I2C_BUSES[0].attach(0x50, chip)


def boot():
    board = Board(profile, r.clock, machine)
    store = board_store(board)
    r.board = board
    r.powered = True
    r.app = App(board, r.clock, cfg.load(directory + "/settings.json")[0], store, directory + "/settings.json")
    return store.journal


path = boot()
r.press(2)
for i in range(6):
    r.run(2000)
    r.press(i % 2)
written = chip.bytes_transferred
r.app.table.close()
vfs.umount("/fram")
path = boot()  # power comes back
print(json.dumps({"path": path, "moves": [s.moves for s in r.app.game.sides],
                  "paused": r.app.game.paused, "fram_bytes": written,
                  "flash_journal": "game.xqj" in os.listdir(directory)}))
