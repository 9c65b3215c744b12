"""`xqclock flash`: put the firmware on boards, atomically, sending only what changed.

For each board: connect (soft reset: boot.py finishes any committed update),
read its MicroPython's .mpy format and what it holds, compile firmware/ for
it, compare sha256 of every file, copy the changed ones into /next/, then
write /next/xqclock.json (the commit), reset, and check that boot.py moved
them into place and that the clock's program runs. /settings.json and the
journals are never touched; /profile.json is written when --profile says so
(as part of the same atomic update).
"""
import json
import time

import host_tools.firmware_path
from host_tools import firmware_path
from host_tools.board import BoardError, version_key
from host_tools.board.build import MANIFEST, Build, board_format, check_format, sha
from host_tools.board.link import Link


def _json(text):
    try:
        return json.loads(text) if text else None
    except ValueError:
        return None


def profile_bytes(name):
    """The bytes of a profile (a name in hardware/profiles or a file), checked."""
    try:
        return firmware_path.checked_profile(name).read_bytes()
    except (ValueError, OSError) as e:
        raise BoardError(str(e)) from None


class Builds:
    """One Build per architecture, shared by the boards of one run."""

    def __init__(self, source=None):
        self.source = source
        self.cache = {}
        import threading
        self.lock = threading.Lock()

    def get(self, mpy):
        _, arch = board_format(mpy) if mpy is not None else (None, None)
        with self.lock:
            if arch not in self.cache:
                self.cache[arch] = Build(self.source, arch)
            build = self.cache[arch]
        check_format(mpy, build.format)
        return build


def _board_error(port, e):
    text = str(e)
    return BoardError(text if text.startswith(port) else f"{port}: {text}")


class Plan:
    """What one board needs (plan_update): the files it should hold (`want`:
    path -> bytes), those that differ (`changed`), those the update removes
    (`obsolete`), what an interrupted flash left in /next (`staged`: path ->
    sha256), and whether there is anything to do at all."""

    def __init__(self, port, build, info, want, profile, changed, obsolete, staged, warning):
        self.port, self.build, self.info, self.want, self.profile = port, build, info, want, profile
        self.changed, self.obsolete, self.staged, self.warning = changed, obsolete, staged, warning
        self.need = sum(len(want[p]) for p in changed)  # bytes to send
        old = _json(info.get("manifest"))
        self.up_to_date = not changed and not obsolete and not staged and not info.get("pending") \
            and old is not None and (old.get("version"), old.get("build")) == (build.version, build.build)


def plan_update(port, link, builds, profile=None, force=False, progress=None):
    """Read the board and compare: the Plan of its update (raises BoardError
    for a board this copy must not or cannot update). Changes nothing."""
    progress = progress or (lambda *a, **k: None)
    info = link.info()
    try:
        build = builds.get(info.get("mpy"))
    except BoardError as e:
        raise _board_error(port, e) from None
    old = _json(info.get("manifest"))
    if old and old.get("name") == "xqclock" and not force and \
            version_key(old.get("version", "0")) > version_key(build.version):
        raise BoardError(f"{port} has xqclock {old.get('version')}, newer than this copy's {build.version}: "
                         f"update xqclock (git pull), or pass --force to go back to {build.version}")
    prof = _profile_for(port, profile, info)
    want = dict(build.files)
    if prof is not None:
        want["profile.json"] = prof
    progress("compare")
    dirs = ["/" + d for d in build.dirs()] + ["/next"]
    tops = sorted({"/" + p for p in want if "/" not in p} | {"/profile.json", "/" + MANIFEST})
    on_board = link.hashes(dirs, tops)
    changed = [p for p in sorted(want) if on_board.get("/" + p) != sha(want[p])]
    owned = set(build.dirs())
    obsolete = {p[1:] for p in on_board
                if not p.startswith("/next/") and p[1:].split("/")[0] in owned and p[1:] not in want}
    if old:
        obsolete |= {p for p in old.get("files", {}) if p not in want and p not in ("profile.json", MANIFEST)}
    staged = {p[len("/next/"):]: h for p, h in on_board.items() if p.startswith("/next/")}
    warning = "; ".join(w for w in (_settings_warning(info.get("settings")), build.problem and
                                    f"{build.problem}: it will not report to the hall") if w)
    plan = Plan(port, build, info, want, prof, changed, obsolete, staged, warning)
    if not plan.up_to_date and info.get("free") is not None and plan.need > info["free"]:
        raise BoardError(f"{port}: not enough room: the update needs {plan.need // 1024} KB, "
                         f"the board has {info['free'] // 1024} KB free")
    return plan


def apply_update(link, plan, progress, settle=0.5):
    """Carry the plan out: stage the changed files in /next, commit (the
    manifest, last), reset, and check that the board boots the new firmware.
    Returns the number of files sent; raises BoardError."""
    port, want, changed, staged = plan.port, plan.want, plan.changed, plan.staged
    files = [0]
    done = [0]

    def sent(n):
        done[0] += n
        progress("copy", done[0], plan.need, f"{files[0] + 1}/{len(changed)} files")

    progress("copy", 0, plan.need, f"0/{len(changed)} files")
    if "boot.py" in changed:  # the update step itself: replaced whole (rename), never staged
        link.write_atomic("/boot.py", want["boot.py"])
        files[0] += 1
        sent(len(want["boot.py"]))
    link.remove(["/next/" + p for p in staged if p not in changed or staged[p] != sha(want[p])])
    link.remove(["/next/" + MANIFEST])
    made = set()
    for p in changed:
        if p == "boot.py":
            continue
        if staged.get(p) == sha(want[p]):  # staged by an interrupted flash
            sent(len(want[p]))
            continue
        parent = p.rpartition("/")[0]
        if parent not in made:
            link.mkdirs(f"/next/{p}")
            made.add(parent)
        link.write_file("/next/" + p, want[p], sent)
        files[0] += 1
    manifest = plan.build.manifest(plan.profile if "profile.json" in want else None, plan.obsolete)
    link.mkdirs("/next/" + MANIFEST)
    link.write_atomic("/next/" + MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode())
    progress("reset")
    link.hard_reset()
    progress("verify")
    running, why = link.check_running(settle)
    after = link.info()
    now = _json(after.get("manifest"))
    if after.get("pending") or not now or now.get("build") != plan.build.build:
        raise BoardError(f"{port}: the update did not complete at boot (boot.py); flash it again")
    if not running:
        raise BoardError(f"{port}: the new firmware does not start: {why}")
    return files[0]


def flash_one(port, builds, profile=None, force=False, timeout=5.0, progress=None, settle=0.5):
    """Flash one board (plan_update, then apply_update unless it is up to
    date); returns a dict for the summary (raises BoardError)."""
    progress = progress or (lambda *a, **k: None)
    t0 = time.monotonic()
    progress("connect")
    link = Link(port, timeout)
    try:
        plan = plan_update(port, link, builds, profile, force, progress)
        build = plan.build
        result = {"port": port, "board": plan.info.get("uid") or "-", "version": f"{build.version} ({build.build})",
                  "files": 0, "bytes": 0}
        if plan.up_to_date:
            link.finish()
            result.update(outcome="up to date", seconds=time.monotonic() - t0, note=plan.warning)
            return result
        result["files"] = apply_update(link, plan, progress, settle)
        result["bytes"] = plan.need
        link.finish()
        result.update(outcome="flashed", seconds=time.monotonic() - t0, note=plan.warning)
        return result
    except BoardError:
        _leave(link)
        raise


def _leave(link):
    """After a failure: restart the clock if the board still answers."""
    try:
        if link.t is not None and link.t.in_raw_repl:
            link.finish()
        else:
            link.close()
    except Exception:
        link.close()


def _profile_for(port, profile, info):
    """The profile to write (bytes), or None to keep the board's."""
    from clock import jsonfile
    from device.board import check, ProfileError
    if profile:
        return profile
    text = info.get("profile")
    if text is None:
        raise BoardError(f"{port} has no board profile: give --profile oled, segment7 or lcd")
    try:
        check(jsonfile.loads(text))  # as the board reads it: bounded
    except (ValueError, ProfileError) as e:
        raise BoardError(f"{port}: its /profile.json is not valid ({e}): give --profile") from None
    return None


def _settings_warning(text):
    if not text:
        return ""
    from clock import jsonfile
    from device import settings
    try:
        raw = jsonfile.loads(text)
    except ValueError:
        raw = None
    _, problems = settings.accept(raw)
    if problems:
        return (f"its /settings.json has what the clock refuses ({'; '.join(problems)}): it uses the "
                "defaults for those fields and shows ERR SETTINGS; fix with xqclock config push")
    return ""
