"""A journal ring copied off a board while its game is on (clock/ring.py: the
Pico's flash, erased slots programmed one record at a time) reads in the host
tools as any journal: the record, --verify (a slot torn by a power cut, that
the clock wrote past, is no alteration), a transfer to another clock, and the
archive's plain copy. The ring is made by the firmware on the MicroPython VM
(littlefs on the simulation's flash model); CPython has no littlefs."""
import json

import pytest

from host_tools import unixport
from host_tools.board.transfer import restored_state
from host_tools.firmware_path import FIRMWARE
from support.cli import xqclock

pytestmark = pytest.mark.slow

MAKE = r"""
import sys
import vfs
from host_tools.mpy.sim.flash_model import FlashModel
from clock import events as ev
from clock.table import Table
from clock import tablestart
from clock.tablestart import boot
from device import archive
from device.storage import Store

dev = FlashModel(64)
vfs.VfsLfs2.mkfs(dev, progsize=256)
vfs.mount(vfs.VfsLfs2(dev, progsize=256), "/f")
store = Store("/f", flash=dev)
settings = {"clock": "xq-60+30", "forfeit": -1, "fouls": 3, "absent": [0, 0], "id": "0badcafe"}


def play(table, t, n):
    for _ in range(n):
        t += 5000
        table.event(t, ev.PRESS, table.game.turn, 0)
    return t


table = tablestart.new(dict(settings), store.journal, store.journals)
table.event(0, ev.START, 0, 0)
t = play(table, 0, 30)
j = table.journal
dev.tear(j._phys[j._block], j._at, b"\xa5\x01\x00")  # the power goes mid-program
table = boot(store.journal, dict(settings), store.journals)
table.event(t, ev.RESUME, 0, 0)
t = play(table, t, 4)
table.close()
with open(store.journal, "rb") as f, open(sys.argv[1] + "/ring.xqj", "wb") as out:
    out.write(f.read())
with open(archive.keep(store), "rb") as f, open(sys.argv[1] + "/archived.xqj", "wb") as out:
    out.write(f.read())
"""


@pytest.fixture(scope="module")
def journals(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ring")
    proc = unixport.run("-c", MAKE, folder, path=(FIRMWARE,))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return folder


def test_verify_calls_a_ring_with_a_torn_slot_intact_and_its_archived_copy_too(journals):
    ring = xqclock(None, "report", "--verify", "--format", "json", journals / "ring.xqj")
    archived = xqclock(None, "report", "--verify", "--format", "json", journals / "archived.xqj")
    assert ring.returncode == 0 and archived.returncode == 0, ring.stdout + ring.stderr + archived.stdout
    r, a = json.loads(ring.stdout), json.loads(archived.stdout)
    r, a = (r[0] if isinstance(r, list) else r), (a[0] if isinstance(a, list) else a)
    assert r["verdict"] == a["verdict"] == "intact" and "torn" in r["message"]
    assert r["records"] == a["records"] == 1 + 30 + 2 + 4  # start, presses, power-on, resume, presses
    assert r["chain_hash"] == a["chain_hash"]  # the archive keeps the ring's hashes
    assert (journals / "archived.xqj").stat().st_size < (journals / "ring.xqj").stat().st_size // 10


def test_the_record_and_a_transfer_read_the_ring(journals):
    sheet = xqclock(None, "report", "--format", "json", journals / "ring.xqj")
    assert sheet.returncode == 0, sheet.stderr
    settings, state = restored_state((journals / "ring.xqj").read_bytes())
    assert settings["id"] == "0badcafe"
    assert state["red"]["moves"] == state["black"]["moves"] == 17
