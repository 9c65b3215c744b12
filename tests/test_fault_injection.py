"""Kill the MicroPython VM (SIGKILL) while it plays and journals a game, at
random moments, then check the journal: every acknowledged record is there,
nothing is corrupt, and power-on restores exactly what those records make."""
import os
import random
import shutil
import signal
import subprocess
from pathlib import Path

from host_tools import firmware_path
from host_tools.scenario import micropython_binary
from clock import events as ev
from clock import snapshot
from clock.journal import Loaded
from clock.table import Table, build_game

TRIALS = 220
CHILD = Path(__file__).with_name("fault_game.py")


def run_and_kill(path, seed, kill_after):
    """Start the child, kill it right after its kill_after-th ACK; return the ACKs."""
    env = dict(os.environ, MICROPYPATH=f"{firmware_path.FIRMWARE}:.frozen")
    proc = subprocess.Popen([micropython_binary(), str(CHILD), str(path), str(seed)],
                            stdout=subprocess.PIPE, text=True, env=env)
    acks = []
    for line in proc.stdout:
        if line.startswith("ACK "):
            acks.append(tuple(int(v) for v in line.split()[1:]))
            if len(acks) >= kill_after:
                proc.send_signal(signal.SIGKILL)
                break
    proc.stdout.close()
    proc.wait()
    return acks


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


def test_sigkill_at_random_moments_loses_and_corrupts_nothing(tmp_path):
    rng = random.Random(20261129)
    trials = losses = corruptions = torn = 0
    for trial in range(TRIALS):
        path = tmp_path / f"game{trial}.xqj"
        acks = run_and_kill(path, trial + 1, rng.randint(1, 400))
        trials += 1
        loaded = Loaded(str(path))
        records = list(loaded.records())
        if records[:len(acks)] != acks:
            losses += 1
        if loaded.problem and "torn" not in loaded.problem:
            corruptions += 1  # records past the last ACK were written, not yet acknowledged
        torn += bool(loaded.problem)
        snapshot_copy = tmp_path / "restore.xqj"
        shutil.copy(path, snapshot_copy)
        restored = Table.restore(str(snapshot_copy))
        assert snapshot.to_json(restored.game) == expected_restore(loaded.settings, records)
        restored.close()
    print(f"fault injection: {trials} trials, {losses} losses, {corruptions} corruptions, "
          f"{torn} torn tails dropped")
    assert trials >= 200 and losses == 0 and corruptions == 0
