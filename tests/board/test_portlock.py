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


def test_a_command_waits_for_the_hall_to_let_go_and_says_so_once(tmp_path):
    port = str(tmp_path / "ttyACM0")
    holder = portlock.Holder(port)
    assert holder.take() and not holder.wanted()
    said = []
    claimed = threading.Event()
    command = threading.Thread(target=lambda: (portlock.claim(port, said.append), claimed.set()))
    command.start()
    try:
        end = time.monotonic() + 10
        while not said and time.monotonic() < end:  # the command waits, and says why
            time.sleep(0.01)
        assert said == [f"{port} is being read by xqclock hall --usb: waiting for it to let the clock go"]
        assert holder.wanted() and not claimed.is_set()
        holder.let_go()  # what hall --usb's reader does when a command wants the port
        assert claimed.wait(10) and len(said) == 1
        assert not holder.take()  # claimed: the hall does not take it back
        portlock.claim(port, said.append)  # claims nest within a process (a reset reopens the port)
        portlock.release(port)
        assert not holder.take()  # still claimed
        portlock.release(port)
        assert holder.take()  # the hall reads the clock again
    finally:
        command.join()
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
