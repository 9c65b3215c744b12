"""`xqclock pull`: copy game journals from boards into a folder.

DIR/<board>/game.xqj is the board's current game, DIR/<board>/games/*.xqj
its archived ones (and *.bad: journals the board set aside as unreadable).
Where the board keeps them (its flash, or an FRAM) its firmware says
(device/storage.py, through the board agent); on a board whose journal is on
the FRAM, journals left at the top of its flash go to DIR/<board>/flash/.
<board> is the board's unique id (machine.unique_id() in hex), or the port's
name when it has none. Files already there with the same sha256 are skipped.
With clear=True the archived games are deleted from the board once each is
safely in DIR (its sha256 checked); the current game is never deleted.
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


def _folder(path):
    return path.rsplit("/", 1)[0] or "/"


def pull_one(port, dest, timeout=5.0, progress=None, clear=False):
    progress = progress or (lambda *a, **k: None)
    progress("connect")
    link = Link(port, timeout)
    try:
        info = link.info()
        board = info.get("uid") or re.sub(r"[^A-Za-z0-9_.-]", "_", port.strip("/"))
        places = link.places()
        if places["problem"]:
            raise BoardError(f"{port}: {places['problem']}")
        top = _folder(places["journal"])
        # (board folder, local folder): the journal's, the flash's top if that is another, the archive
        folders = [(top, "")] + ([("/", "flash")] if top != "/" else []) + [(places["archive"], "games")]
        wanted = [(f"{where.rstrip('/')}/{n}", f"{local}/{n}".lstrip("/"))
                  for where, local in folders for n in link.listdir(where) if _wanted(n)]
        paths = [p for p, _ in wanted]
        remote = link.hashes([], paths) if paths else {}
        folder = Path(dest) / board
        fetched = skipped = 0
        safe = []  # archived games now in DIR with the board's sha256
        for i, (path, name) in enumerate(wanted):
            progress("pull", i, len(wanted), path)
            local = folder / name
            if local.is_file() and hashlib.sha256(local.read_bytes()).hexdigest() == remote.get(path):
                skipped += 1
            else:
                data = link.read_file(path)
                if hashlib.sha256(data).hexdigest() != remote.get(path):
                    raise BoardError(f"{port}: {path} changed or arrived damaged; pull again")
                local.parent.mkdir(parents=True, exist_ok=True)
                tmp = local.with_name(local.name + ".part")
                tmp.write_bytes(data)
                os.replace(tmp, local)
                fetched += 1
            if path.startswith(places["archive"] + "/"):
                safe.append(path)
        progress("pull", len(wanted), len(wanted))
        if clear and safe:
            link.remove(safe)
    finally:
        link.finish()
    return {"port": port, "board": board, "folder": str(folder), "journals": len(wanted),
            "fetched": fetched, "skipped": skipped, "cleared": len(safe) if clear else 0}
