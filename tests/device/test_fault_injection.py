"""Power cuts where they happen: at the block device, part way through a flash
program or erase (or an FRAM write), while the firmware plays and journals a
game through littlefs on the MicroPython unix port (host_tools/mpy/scripts/power_cut.py).
After each cut the image is mounted again: every record acknowledged before
the cut is there, nothing else is (at most the one being written, never
acknowledged), nothing is corrupt, and power-on restores exactly what those
records make.

(It replaces a test that killed the VM with SIGKILL, which could not fail: a
killed process does not tear a write the kernel already has.)"""
import json

import pytest

from host_tools import unixport
from clock import events as ev
from clock import snapshot
from clock.tablestart import build_game

SCRIPT = unixport.SCRIPTS / "power_cut.py"

pytestmark = pytest.mark.slow


def run(medium, events, cuts):
    """The uncut run, then one result per cut (see power_cut.py)."""
    job = {"medium": medium, "seed": 20261130, "events": events, "cuts": cuts}
    proc = unixport.run("-X", "heapsize=16M", SCRIPT, input=json.dumps(job))
    assert proc.returncode == 0 and not proc.stderr, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def expected_restore(settings, records):
    """The state the records make, paused at the last one (as power-on promises)."""
    game = build_game(settings)
    last = 0
    for t, kind, side, value in records:  # not clock.table.replay: the check must not share it
        ev.apply(game, t, kind, side, value)
        last = t
    game.advance(last)
    ev.apply(game, last, ev.POWER_ON, 0, 0)
    return snapshot.to_json(game)


@pytest.mark.parametrize("medium, every", [("flash", 2), ("ring", 2), ("fram", 3)])
def test_a_power_cut_mid_program_or_mid_erase_loses_no_acknowledged_record(medium, every):
    [uncut] = run(medium, 60, [])
    ops, written = uncut["ops"], uncut["records"]
    cuts = [i for i, op in enumerate(ops) if op == "erase" or i % every == 0]
    results = run(medium, 60, cuts)[1:]
    assert [r["cut"] for r in results] == cuts
    unacked = 0
    for r in results:
        where = f"cut in op {r['cut']} ({r['op']}) after {r['acked']} acknowledged records"
        assert r["mounted"], f"{where}: littlefs cannot mount the image"
        kept, acked = r["records"], r["acked"]
        assert kept[:acked] == written[:acked], f"{where}: an acknowledged record is lost"
        assert kept == written[:len(kept)] and len(kept) <= acked + 1, f"{where}: records nobody wrote"
        # a ring keeps a torn slot (it cannot be erased in play): it is skipped, and written past
        torn = medium == "ring" and r["op"] == "program" and len(kept) == acked
        assert r["problem"] is None or torn and "torn" in r["problem"], f"{where}: {r['problem']}"
        if r["restored"] is None:
            assert acked == 0, f"{where}: the journal is gone"
        else:
            assert r["restored"] == expected_restore(uncut["settings"], kept), where
            last = kept[-1][0] if kept else 0
            assert r["reread"] == kept + [[last, ev.POWER_ON, 0, 0]], f"{where}: power-on's record"
        unacked += len(kept) > acked
    kinds = {r["op"] for r in results}
    assert kinds == ({"program"} if medium == "fram" else {"program", "erase"})
    assert max(r["acked"] for r in results) >= len(written) - 2  # cuts reach the end of the game
    print(f"power cuts on {medium}: {len(results)} of {len(ops)} operations, "
          f"{sum(r['op'] == 'erase' for r in results)} mid-erase; 0 losses; "
          f"{unacked} kept the record being written")
