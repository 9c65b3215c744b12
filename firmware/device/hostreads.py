# Reads for the host while the clock runs. `xqclock pull`, `config show` and
# `hall --usb` ask over USB without stopping main.py: stopping it would pause
# the game and leave lever presses unseen while the host reads. The journal
# only grows (a file at its end; a ring on the flash slot after slot, its first
# erased slot ending it), so a copy read while it grows is an exact earlier
# state of it.
#
# The host writes one request line on the board's standard input:
#   xq?info                  ->  xq!info {JSON: uid, battery, settings, journal, archive, size, game}
#   xq?ls DIR                ->  xq!ls [JSON list of the files in DIR]
#   xq?read PATH OFFSET      ->  xq!data BASE64 (lines of up to CHUNK bytes), then xq!end SIZE
#                                (xq!end -1: no such file)
#   xq?identify              ->  xq!identify 1 (it beeps and shows its board number), 0 (a game runs)
# Anything else is ignored. The answer goes out a chunk per loop step, so the
# clock keeps its pace; stdin is looked at every POLL_STEPS steps, without
# allocating while nothing comes.

import binascii
import json
import os
import select
import sys

CHUNK = 384  # file bytes per line (512 of base64)
POLL_STEPS = 5  # look for a request every 5 loop steps (50 ms)
_MAX_LINE = 96


class HostReads:
    """Answers the host's read requests; `step()` once per loop step.
    `info()` gives the dict for xq?info (the app's own state)."""

    def __init__(self, info, identify=None, stdin=None, stdout=None):
        self.info = info
        self.identify = identify  # the app's identify(): the one request that is not a read
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self._poll = select.poll()
        self._poll.register(self.stdin, select.POLLIN)
        self._line = bytearray(_MAX_LINE)
        self._n = 0
        self._steps = 0
        self._file = None  # a file being sent, a chunk per step
        self._sent = 0

    def step(self):
        if self._file is not None:
            self._send_chunk()
            return
        self._steps += 1
        if self._steps < POLL_STEPS:
            return
        self._steps = 0
        n = 0
        while n < _MAX_LINE and self._waiting():
            ch = self.stdin.read(1)
            if not ch:  # the console closed: nothing more will come
                self._poll.unregister(self.stdin)
                return
            self._take(ch)
            n += 1

    def _waiting(self):
        for _ in self._poll.ipoll(0):
            return True
        return False

    def _take(self, ch):
        c = ord(ch)
        if c == 10 or c == 13:
            if self._n:
                self._request(bytes(self._line[:self._n]).decode())
            self._n = 0
        elif self._n < _MAX_LINE:
            self._line[self._n] = c
            self._n += 1

    def _say(self, text):
        self.stdout.write(text)
        self.stdout.write("\r\n")

    def _request(self, line):
        words = line.split()
        if not words or not words[0].startswith("xq?"):
            return
        what = words[0][3:]
        try:
            if what == "info":
                self._say("xq!info " + json.dumps(self.info()))
            elif what == "ls" and len(words) == 2:
                try:
                    names = [e[0] for e in os.ilistdir(words[1]) if not e[1] & 0x4000]
                except OSError:
                    names = []
                self._say("xq!ls " + json.dumps(names))
            elif what == "identify" and self.identify is not None:
                self._say("xq!identify %d" % (1 if self.identify() else 0))
            elif what == "read" and len(words) == 3:
                self._start_file(words[1], int(words[2]))
        except Exception as e:  # a bad request must never stop the clock
            self._say("xq!error " + repr(e))

    def _start_file(self, path, offset):
        try:
            f = open(path, "rb")
        except OSError:
            self._say("xq!end -1")
            return
        f.seek(offset)
        self._file = f
        self._sent = offset

    def _send_chunk(self):
        f = self._file
        if f is None:
            return
        data = f.read(CHUNK)
        if data:
            self._sent += len(data)
            self._say("xq!data " + binascii.b2a_base64(data).decode().strip())
        if len(data) < CHUNK:
            f.close()
            self._file = None
            self._say("xq!end %d" % self._sent)
