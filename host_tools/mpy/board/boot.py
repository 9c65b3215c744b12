# xqclock boot step: installed as /boot.py by `xqclock flash`; runs on the
# board before main.py at every reset.
#
# An update is atomic: `xqclock flash` copies the changed files into /next/
# and writes /next/xqclock.json (the manifest: every firmware file and its
# sha256, and the files to delete) last, through a rename. Until that file
# exists, /next is inert and the old firmware boots. Once it exists, this step
# moves each staged file into place, deletes the files the update removes,
# and moves the manifest to /xqclock.json; then /next goes. Every step can be
# done again, so a power cut here resumes at the next boot. An error raises:
# rp2 then skips main.py, so the clock never runs a mix of old and new files;
# the left display says so first, if the firmware's own code can still do it.
import os


def _xq_dirs(path):
    i = path.find("/", 1)
    while i > 0:
        try:
            os.mkdir(path[:i])
        except OSError:
            pass
        i = path.find("/", i + 1)


def _xq_rmtree(path):
    # path and everything under it; nothing if there is no path (as in agent.py)
    try:
        entries = list(os.ilistdir(path))
    except OSError:
        return
    for e in entries:
        p = path + "/" + e[0]
        if e[1] & 0x4000:
            _xq_rmtree(p)
        else:
            os.remove(p)
    os.rmdir(path)


def _xq_update():
    try:
        f = open("/next/xqclock.json")
    except OSError:
        return
    import json
    with f:
        manifest = json.loads(f.read())
    for path in manifest["files"]:
        src = "/next/" + path
        try:
            os.stat(src)
        except OSError:
            continue  # unchanged, or moved into place already
        dst = "/" + path
        _xq_dirs(dst)
        try:
            os.rename(src, dst)
        except OSError:  # a filesystem that will not rename over a file
            os.remove(dst)
            os.rename(src, dst)
    for path in manifest.get("remove", ()):
        try:
            os.remove("/" + path)
        except OSError:
            pass
    os.rename("/next/xqclock.json", "/xqclock.json")
    _xq_rmtree("/next")
    print("xqclock: firmware", manifest.get("version"), manifest.get("build"), "installed")


try:
    _xq_update()
except Exception as e:  # say so on a display too: a board that boots to nothing looks dead
    try:
        from device.poweron import show_problem
        show_problem("update failed: %s - flash again" % e)
    except Exception:
        pass
    raise
del _xq_dirs, _xq_rmtree, _xq_update
