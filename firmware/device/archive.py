# The archive of finished games on the flash and the room a game needs
# (device/storage.py says where things live): the oldest archived games
# deleted until a long game's journal fits, a finished game's journal moved
# into the archive. Read at power-on and between games only, and forgotten
# after (device/app.py's SOMETIMES): a running game never calls it.

import os

from clock import ring
from clock.journal import RECORD
from device.storage import GAME_BYTES

# littlefs needs blocks of its own while a file grows (copy-on-write of the
# last block, metadata pairs): the floor keeps a few spare.
SPARE_BLOCKS = 4
# an empty littlefs uses its root metadata pair
ROOT_BLOCKS = 2
_CHUNK = 512


def _stat(path):
    """(block size, blocks, free blocks) of the filesystem holding path, or
    None where the VM cannot tell (CPython on Windows)."""
    try:
        s = os.statvfs(path)
    except (AttributeError, OSError):
        return None
    free = s[3]
    if free > s[2]:  # littlefs counts past its size once a write has failed for room
        free = 0
    return s[1], s[2], free


def free_bytes(path):
    s = _stat(path)
    return -1 if s is None else s[0] * s[2]


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


def _seq(name):
    """The sequence number an archived game's name starts with; -1 for names
    written before there was one (they are the oldest)."""
    dash = name.find("-")
    head = name[:dash] if dash > 0 else ""
    return int(head) if head.isdigit() else -1


def _is_ring(path):
    try:
        with open(path, "rb") as f:
            return ring.read_prefix(f.read(ring.PREFIX_BYTES)) is not None
    except OSError:
        return False


def archived(store):
    """The archived games' names, oldest first."""
    try:
        names = [n for n in os.listdir(store.archive) if n.endswith(".xqj")]
    except OSError:
        return []
    names.sort(key=lambda n: (_seq(n), n))
    return names


def need(store):
    """The free bytes a game needs to start: a long game's journal and the
    spare blocks, or on a smaller filesystem (a 32 KiB FRAM, which holds
    nothing else) about all that it offers when empty."""
    s = _stat(store.journal.rsplit("/", 1)[0] or "/")
    if s is None:
        return 0
    return min(GAME_BYTES + SPARE_BLOCKS * s[0], (s[1] - ROOT_BLOCKS - SPARE_BLOCKS) * s[0])


def make_room(store, where, wanted):
    """Delete the oldest archived games until the filesystem holding
    `where` has `wanted` bytes free; whether it has them."""
    folder = where.rsplit("/", 1)[0] or "/"
    # the archive is on the flash: deleting from it frees nothing on the FRAM
    names = [] if store.fram and where.startswith(store.fram) else archived(store)
    while True:
        free = free_bytes(folder)
        if free < 0 or free >= wanted:
            return True
        if not names:
            return False
        try:
            os.remove(store.archive + "/" + names.pop(0))
        except OSError:
            pass


def room_for_game(store):
    """Power-on or a new game: keep the floor a long game can finish in,
    counting what the journal already holds. Whether it is there."""
    _remove(store.journal + ".new")  # a ring a power cut left half made
    return make_room(store, store.journal, need(store) - _size(store.journal))


def has_journal(store):
    try:
        os.stat(store.journal)
        return True
    except OSError:
        return False


def game_id(store):
    """The id in the journal's header ("unknown" if it cannot be read)."""
    from clock.journalread import Loaded  # the reader: the board forgets it between games (device/app.py)
    try:
        return str(Loaded(store.journal).settings["id"])
    except (OSError, ValueError, KeyError):
        return "unknown"


def _keep_ring(store, name):
    """A ring's records copied into the archive as a journal file (its
    erased slots are not kept), then the ring deleted; the archived name.
    None if it cannot be read as a journal, or there is no room for the
    copy: it is then archived as it is."""
    from clock.journalread import Loaded, compact  # the reader: forgotten between games (device/app.py)
    try:
        loaded = Loaded(store.journal)
        count = 0
        for _ in loaded.records():
            count += 1
            if store.feed is not None and not count & 255:
                store.feed()
    except ValueError:
        return None
    for n in os.listdir(store.archive):
        if n.endswith(".new"):  # a copy a power cut left half made
            _remove(store.archive + "/" + n)
    tail = "-%s.xqj" % loaded.settings.get("id")
    for n in archived(store):  # archived already, and then the power went: not twice
        if n.endswith(tail) and _last_hash(store.archive + "/" + n) == loaded.last_hash:
            os.remove(store.journal)
            return store.archive + "/" + n
    # the copy's bytes and two blocks for littlefs to commit them; without
    # them the ring goes into the archive as it is (renamed: no room needed)
    if not make_room(store, store.archive + "/", len(loaded.header) + RECORD * count + 2 * 4096):
        return None
    tmp = name + ".new"  # renamed when whole: a power cut leaves no half copy in the archive
    try:
        compact(store.journal, tmp, store.feed)
        os.rename(tmp, name)
    except OSError:
        _remove(tmp)
        raise
    os.remove(store.journal)
    return name


def keep(store):
    """Move the journal into the archive (a game is over, or set aside);
    the archived name. Raises OSError if the flash has no room for it even
    with every older game deleted; the journal is then left where it is."""
    names = archived(store)
    seq = _seq(names[-1]) + 1 if names else 0
    name = "%s/%04d-%s.xqj" % (store.archive, seq, game_id(store))
    try:
        os.mkdir(store.archive)
    except OSError:
        pass  # it is there
    if _is_ring(store.journal):
        kept = _keep_ring(store, name)
        if kept is not None:
            return kept
    if store.fram is None:
        make_room(store, store.archive + "/", 2 * _CHUNK)  # a rename commits metadata
        os.rename(store.journal, name)
        return name
    # from the FRAM to the flash: copy, then remove (no rename across filesystems)
    if not make_room(store, store.archive + "/", _size(store.journal) + SPARE_BLOCKS * 4096):
        raise OSError(28)
    buf = bytearray(_CHUNK)
    try:
        with open(store.journal, "rb") as src, open(name, "wb") as dst:
            while True:
                n = src.readinto(buf)
                if not n:
                    break
                dst.write(buf if n == _CHUNK else buf[:n])
    except OSError:
        _remove(name)
        raise
    os.remove(store.journal)
    return name


def _last_hash(path):
    from clock.journalread import Loaded
    try:
        loaded = Loaded(path)
        for _ in loaded.records():
            pass
        return loaded.last_hash
    except (OSError, ValueError):
        return None


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass
