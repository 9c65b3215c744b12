"""micropython-lib modules the firmware uses, installed with it by `xqclock flash`.

umqtt.simple (the MQTT client of device/hall.py) comes from PyPI, where
micropython-lib publishes it as an sdist for MicroPython's own installers
(pip cannot install it: it has no setup.py). The release is pinned by
version and sha256, fetched once from PyPI the way those installers fetch
it, and kept under ~/.cache/xqclock/lib. Without it (no internet on the
first flash) the firmware still goes on the board; such a clock does not
report to the hall, and the flash says so.
"""
import hashlib
import io
import os
import tarfile
import urllib.request
from pathlib import Path

# name: (sdist URL on PyPI, sha256, {path in the sdist: path on the board})
LIBRARIES = {
    "micropython-umqtt.simple 1.3.4": (
        ("https://files.pythonhosted.org/packages/bd/cf/697e3418b2f44222b3e848078b1e33ee76aedca9b6c2430ca1b1aec1ce1d/"
         "micropython-umqtt.simple-1.3.4.tar.gz"),
        "b6a2520239e3992c63a7de9370ee9b3d9d27819a90359c521f1c0f7ccab8d12f",
        {"micropython-umqtt.simple-1.3.4/umqtt/simple.py": "umqtt/simple.py"}),
}


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "xqclock" / "lib"


def _fetch(name, url, digest, files, root):
    with urllib.request.urlopen(url, timeout=20) as r:
        data = r.read()
    if hashlib.sha256(data).hexdigest() != digest:
        raise OSError(f"{name}: the download does not match its pinned sha256")
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for inside, there in files.items():
            member = tar.extractfile(inside)
            if member is None:
                raise OSError(f"{name}: {inside} is not in the package")
            out = root / there
            out.parent.mkdir(parents=True, exist_ok=True)
            tmp = out.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(member.read())
            os.replace(tmp, out)


def library_files():
    """({board path: host file}, problem or None): every library's files,
    fetched first if the cache lacks them; the problem says which could not be."""
    out = {}
    problems = []
    for name, (url, digest, files) in LIBRARIES.items():
        root = cache_dir() / digest[:16]
        if not all((root / there).is_file() for there in files.values()):
            try:
                _fetch(name, url, digest, files, root)
            except OSError as e:
                problems.append(f"{name} could not be fetched from PyPI ({getattr(e, 'reason', e)})")
                continue
        out.update({there: root / there for there in files.values()})
    return out, ("; ".join(problems) or None)
