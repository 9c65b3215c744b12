"""`xqclock pull`: copy game journals from boards into a folder.

DIR/<board>/game.xqj is the board's current game, DIR/<board>/games/*.xqj
its archived ones (and *.bad: journals the board set aside as unreadable).
<board> is the board's unique id (machine.unique_id() in hex), or the port's
name when it has none. Files already there with the same sha256 are skipped.
Reading stops the clock for a moment; the board restarts it after, and a
game in progress comes back paused, as after a power cut.
"""
import hashlib
import os
import re
from pathlib import Path

from host_tools.board import BoardError
from host_tools.board.link import Link


def _wanted(name):
    return name.endswith(".xqj") or name.endswith(".xqj.bad")


def pull_one(port, dest, timeout=5.0, progress=None):
    progress = progress or (lambda *a, **k: None)
    progress("connect")
    link = Link(port, timeout)
    try:
        info = link.info()
        board = info.get("uid") or re.sub(r"[^A-Za-z0-9_.-]", "_", port.strip("/"))
        top = [f"/{n}" for n in link.listdir("/") if _wanted(n)]
        archived = [f"/games/{n}" for n in link.listdir("/games") if _wanted(n)]
        paths = top + archived
        remote = link.hashes([], paths) if paths else {}
        folder = Path(dest) / board
        fetched = skipped = 0
        for i, path in enumerate(paths):
            progress("pull", i, len(paths), path)
            local = folder / path.lstrip("/")
            if local.is_file() and hashlib.sha256(local.read_bytes()).hexdigest() == remote.get(path):
                skipped += 1
                continue
            data = link.read_file(path)
            if hashlib.sha256(data).hexdigest() != remote.get(path):
                raise BoardError(f"{port}: {path} changed or arrived damaged; pull again")
            local.parent.mkdir(parents=True, exist_ok=True)
            tmp = local.with_name(local.name + ".part")
            tmp.write_bytes(data)
            os.replace(tmp, local)
            fetched += 1
        progress("pull", len(paths), len(paths))
    finally:
        link.finish()
    return {"port": port, "board": board, "folder": str(folder), "journals": len(paths),
            "fetched": fetched, "skipped": skipped}
