"""The simulated board has one name on both VMs: every module of
host_tools/mpy/sim is host_tools.mpy.sim.<module>, by whatever way it is
reachable. The firmware's bare `machine` and `framebuf` are those very
modules (CPython) or `machine` is (the unix port, whose framebuf is built in);
no other sim module answers to a bare name, so no process holds two copies."""
import importlib
import json
import sys
from pathlib import Path

import pytest

from host_tools import firmware_path, unixport
from host_tools.mpy import sim

MODULES = sorted(p.stem for p in Path(sim.__path__[0]).glob("*.py") if p.stem != "__init__")
BARE = {"machine", "framebuf"}  # what the firmware imports as the board has it


def test_the_package_holds_the_modules_the_layout_names():
    assert {"machine", "framebuf", "rig", "script", "bus", "vclock", "ssd1306_model", "tm1637_model"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_on_cpython_each_module_has_one_name(name):
    module = importlib.import_module("host_tools.mpy.sim." + name)
    if name in BARE:
        assert importlib.import_module(name) is module and sys.modules[name] is module
    else:
        assert name not in sys.modules or sys.modules[name] is module
        with pytest.raises(ImportError):
            importlib.import_module(name)


ON_MICROPYTHON = """
import json
import sys
bare = set(sys.argv[2].split(","))
seen = {}
for name in sys.argv[1].split(","):
    if name == "framebuf":
        continue  # CPython's stand-in: the unix port has the real one
    module = __import__("host_tools.mpy.sim." + name, None, None, [name])
    if name in bare:
        again = __import__(name)
        seen[name] = sys.modules[name] is module and (again is module or again.__getattr__("CLOCK") is module.CLOCK)
    else:
        try:
            __import__(name)
            seen[name] = False
        except ImportError:
            seen[name] = True
import framebuf
seen["framebuf is built in"] = not hasattr(framebuf, "__file__")
print(json.dumps(seen))
"""


def test_on_micropython_each_module_has_one_name(tmp_path):
    script = tmp_path / "one_name.py"
    script.write_text(ON_MICROPYTHON)
    out = unixport.output(script, ",".join(MODULES), ",".join(sorted(BARE)),
                          path=(*unixport.SIM_PATH, firmware_path.FIRMWARE), timeout=60, cwd=str(tmp_path))
    seen = json.loads(out.strip().splitlines()[-1])
    assert seen == dict.fromkeys([*(m for m in MODULES if m != "framebuf"), "framebuf is built in"], True)
