"""`xqclock check`: a board's self-test (firmware/device/selftest.py), started
on the running clock over USB, its prompts followed as progress, its result
read back from the board's /selftest.json; or only that last result."""
import json
import re

import host_tools.firmware_path  # device.* importable
from host_tools.board import BoardError
from host_tools.board.live import LiveClock, NotServing
from device import selftest

SILENCE_S = selftest.KEY_WAIT_MS / 1000 + 15  # the board says a line at least this often
STEP = re.compile(r"(\d+)/(\d+) (.*)")


def check_one(port, timeout, progress, last=False):
    """The self-test's result on the board at port: {"passed", "results": [[part, status, detail]]}.
    last: read the result kept from the test before, start none."""
    try:
        with LiveClock(port, timeout) as clock:
            if not last:
                _run(clock, progress)
            data = clock.read(selftest.RESULT)
    except NotServing as e:
        raise BoardError(f"{e}: flash it (xqclock flash)") from None
    if data is None:
        raise BoardError(f"{port}: no self-test result on the board yet (run xqclock check without --last)")
    try:
        got = json.loads(data)
        got["results"] = [[str(part), str(status), str(detail)] for part, status, detail in got["results"]]
    except (ValueError, KeyError, TypeError):
        raise BoardError(f"{port}: its {selftest.RESULT} is garbled; run the self-test again") from None
    return got


def _run(clock, progress):
    if not clock.selftest():
        raise BoardError(f"{clock.port}: a game is in progress: the self-test runs between games "
                         "(finish it, or set up a new game)")
    progress("testing", 0, selftest.STEPS, "lamps and buzzer")
    while True:
        line = clock.said(b"selftest:", SILENCE_S)
        if line.startswith("done"):
            return
        step = STEP.fullmatch(line)
        if step:
            progress("testing", int(step.group(1)), int(step.group(2)), step.group(3))
