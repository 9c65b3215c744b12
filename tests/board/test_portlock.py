"""Two xqclock programs on one clock's port (issue 25.2): `hall --usb` holds it
and lets it go when a command claims it; the command waits, says so once, and
the hall takes the port back after. A claim a dead command left behind holds
nothing."""
import os
import subprocess
import sys
import threading
import time

import pytest

from host_tools.board import portlock

pytestmark = pytest.mark.skipif(portlock.fcntl is None, reason="no flock (Windows opens a port for one program)")


def hall_loop(holder, stop, turns):
    """What hall --usb's reader does with its hold: let go when wanted, take it back after."""
    while not stop.is_set():
        if not holder.take() or holder.wanted():
            holder.let_go()
        turns.append(holder.held)
        time.sleep(0.01)


def test_a_command_waits_for_the_hall_to_let_go_and_says_so_once(tmp_path):
    port = str(tmp_path / "ttyACM0")
    holder = portlock.Holder(port)
    assert holder.take()
    said = []
    stop = threading.Event()
    turns = []
    hall = threading.Thread(target=hall_loop, args=(holder, stop, turns))
    hall.start()
    try:
        portlock.claim(port, said.append)
        assert said == [f"{port} is being read by xqclock hall --usb: waiting for it to let the clock go"]
        assert not holder.held
        portlock.claim(port, said.append)  # claims nest within a process (a reset reopens the port)
        portlock.release(port)
        time.sleep(0.1)
        assert not holder.held  # still claimed
        portlock.release(port)
        end = time.monotonic() + 5
        while not holder.held and time.monotonic() < end:
            time.sleep(0.01)
        assert holder.held  # the hall reads the clock again
        assert len(said) == 1
    finally:
        stop.set()
        hall.join()
        holder.close()


def test_a_claim_left_by_a_dead_command_is_ignored(tmp_path):
    port = str(tmp_path / "ttyACM1")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    stale = portlock._base(port).with_name(portlock._base(port).name + f".want.{pid}")
    stale.touch()
    holder = portlock.Holder(port)
    try:
        assert not holder.wanted() and holder.take()
        assert not stale.exists()
    finally:
        holder.close()


def test_a_hall_that_never_lets_go_is_one_line(tmp_path):
    port = str(tmp_path / "ttyACM2")
    fd = portlock._lock_fd(port)
    portlock.fcntl.flock(fd, portlock.fcntl.LOCK_EX)  # held, and nobody looks for claims
    try:
        with pytest.raises(OSError, match="did not let it go within 0.2 s"):
            portlock.claim(port, None, wait=0.2)
        base = portlock._base(port)
        assert not any(base.parent.glob(base.name + f".want.{os.getpid()}"))  # the claim is withdrawn
    finally:
        os.close(fd)
