"""Scenario files played the way `xqclock scenario` plays them (its main()
in this process; the MicroPython VM in its own subprocess, as the CLI runs
it): on both VMs with byte-identical JSON, or refused as malformed."""
import json

from host_tools import cli

KEYS = ("time_ms", "running", "paused", "red", "black", "result")
SIDE_KEYS = ("remaining_ms", "moves", "flag", "flag_at_ms", "fouls", "warnings", "present")


def run(capsys, tmp_path, text, vm="cpython", name="s.scn"):
    path = tmp_path / name
    path.write_text(text)
    code = cli.main(["scenario", str(path), "--vm", vm])
    out, err = capsys.readouterr()
    return code, out, err


def both_vms(capsys, tmp_path, text):
    """Plays text on both VMs; asserts byte-identical stdout; returns the JSON."""
    code, out, err = run(capsys, tmp_path, text)
    assert code == 0, err
    code_mp, out_mp, err_mp = run(capsys, tmp_path, text, "micropython")
    assert code_mp == 0, err_mp
    assert out == out_mp
    assert out.endswith("}\n") and out.count("\n") == 1
    state = json.loads(out)
    for key in KEYS:
        assert key in state
    for side in ("red", "black"):
        for key in SIDE_KEYS:
            assert key in state[side]
    return state


def malformed(capsys, tmp_path, text):
    code, out, err = run(capsys, tmp_path, text)
    assert code == 2
    assert out == ""
    line, sep, message = err.strip().partition(": ")
    assert line.isdigit() and sep and message, err
    return int(line), message
