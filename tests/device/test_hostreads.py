"""device/hostreads.py on the MicroPython unix port, over a pipe as its console:
requests answered while the loop runs, nothing allocated while none comes."""
import base64
import json
import subprocess

from host_tools.board import FIRMWARE
from host_tools.unixport import binary as micropython_binary

LOOP = """
import micropython, sys, time
from device.hostreads import HostReads
h = HostReads(lambda: {"uid": "abc", "size": 5}, lambda asked=[]: asked.append(1) or len(asked) == 1)
with open(sys.argv[1], "wb") as f:
    f.write(b"x" * 1000)
for i in range(20):
    h.step()
micropython.heap_lock()
idle = True
try:
    for i in range(200):
        h.step()
except MemoryError:
    idle = False
micropython.heap_unlock()
print("idle", idle)
for i in range(400):  # the loop goes on; requests come
    h.step()
    time.sleep_ms(2)
"""


def test_idle_steps_allocate_nothing_and_requests_are_answered(tmp_path):
    script = tmp_path / "loop.py"
    script.write_text(LOOP)
    proc = subprocess.Popen([micropython_binary(), str(script), str(tmp_path / "journal.xqj")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={"MICROPYPATH": str(FIRMWARE)})
    assert proc.stdout.readline() == b"idle True\n"  # nothing came yet: 200 steps, no allocation
    requests = f"xq?info\nxq?read {tmp_path / 'journal.xqj'} 100\nxq?read /nope 0\nhello\nxq?identify\nxq?identify\n"
    out, err = proc.communicate(requests.encode(), timeout=60)
    assert proc.returncode == 0, err
    lines = out.decode().splitlines()
    info = [ln for ln in lines if ln.startswith("xq!info ")]
    assert json.loads(info[0][8:]) == {"uid": "abc", "size": 5}
    data = b"".join(base64.b64decode(ln[8:]) for ln in lines if ln.startswith("xq!data "))
    assert data == b"x" * 900
    assert [ln for ln in lines if ln.startswith("xq!end")] == ["xq!end 1000", "xq!end -1"]
    assert [ln for ln in lines if ln.startswith("xq!identify")] == ["xq!identify 1", "xq!identify 0"]


PUSH = """
import sys, time
from device.hostreads import HostReads
h = HostReads(lambda: {}, stage=lambda request: {"ok": True, "names": request["settings"]})
for i in range(3000):
    h.step()
    time.sleep_ms(1)
"""


def test_a_push_comes_in_acknowledged_pieces_and_is_checked_whole(tmp_path):
    """xq?put pieces, each answered with the bytes so far, then xq?stage with the
    size and sha256: the JSON request reaches the app whole, names in UTF-8."""
    import hashlib
    import select
    from device.hostreads import PUT_CHUNK
    script = tmp_path / "push.py"
    script.write_text(PUSH)
    proc = subprocess.Popen([micropython_binary(), str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={"MICROPYPATH": str(FIRMWARE)})
    data = json.dumps({"settings": {"red_name": "许银川" * 10, "black_name": "\U00020bb7川"}},
                      ensure_ascii=False).encode()
    assert len(data) > PUT_CHUNK  # several pieces

    def ask(line):
        proc.stdin.write(line.encode() + b"\r\n")
        proc.stdin.flush()
        while True:
            assert select.select([proc.stdout], [], [], 30)[0], "no answer"
            got = proc.stdout.readline().decode().strip()
            if got.startswith("xq!"):
                return got
    try:
        for at in range(0, len(data), PUT_CHUNK):
            piece = base64.b64encode(data[at:at + PUT_CHUNK]).decode()
            assert ask(f"xq?put {at} {piece}") == f"xq!put {min(at + PUT_CHUNK, len(data))}"
        answer = ask(f"xq?stage {len(data)} {hashlib.sha256(data).hexdigest()[:16]}")
        assert json.loads(answer[len("xq!stage "):]) == {"ok": True, "names": {"red_name": "许银川" * 10,
                                                                                "black_name": "\U00020bb7川"}}
        assert "incomplete" in ask(f"xq?stage {len(data)} 0000")  # nothing put since
        assert ask("xq?put 5 AAAA") == "xq!put 0"  # a piece out of order is not taken: the host starts again
    finally:
        proc.kill()
        proc.communicate()


POLL = """
import micropython, sys, time
from device.hostpoll import HostPoll
made = []

def make():
    from device.hostreads import HostReads
    made.append(1)
    return HostReads(lambda: {"made": len(made)})

def done():
    del sys.modules["device.hostreads"]

p = HostPoll(make, done)
for i in range(20):
    p.step()
micropython.heap_lock()
try:
    for i in range(500):
        p.step()
    idle = True
except MemoryError:
    idle = False
micropython.heap_unlock()
print("idle", idle, "device.hostreads" in sys.modules)
sys.stdout.flush()
steps = 0
while p._poll is not None and steps < 20000:  # until the console closes
    p.step()
    steps += 1
    if steps % 100 == 0:
        print("loaded", "device.hostreads" in sys.modules)
    time.sleep_ms(1)
print("closed", p._poll is None, p.reads is None, "device.hostreads" in sys.modules, len(made))
"""


def test_what_answers_the_host_is_imported_when_it_writes_and_forgotten_when_it_is_quiet(tmp_path):
    """device/hostpoll.py: a clock no host reads looks at its console without
    allocating and never imports device/hostreads.py; a request brings it
    (answered), a quiet host lets it go, the next request brings it back."""
    import select
    script = tmp_path / "poll.py"
    script.write_text(POLL)
    proc = subprocess.Popen([micropython_binary(), str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={"MICROPYPATH": str(FIRMWARE)})

    def lines_until(prefix):
        while True:
            assert select.select([proc.stdout], [], [], 30)[0], "nothing said"
            line = proc.stdout.readline().decode().strip()
            if line.startswith(prefix):
                return line

    try:
        assert lines_until("idle") == "idle True False"  # 500 looks, nothing allocated, nothing imported
        proc.stdin.write(b"xq?info\n")
        proc.stdin.flush()
        assert json.loads(lines_until("xq!info")[8:]) == {"made": 1}
        assert lines_until("loaded") == "loaded True"
        assert lines_until("loaded False") == "loaded False"  # the host went quiet: forgotten
        proc.stdin.write(b"xq?info\n")
        proc.stdin.flush()
        assert json.loads(lines_until("xq!info")[8:]) == {"made": 2}  # back for the next request
        proc.stdin.close()  # the console closes: no more looks, and nothing held
        assert lines_until("closed") == "closed True True False 2"
        assert proc.wait(30) == 0, proc.stderr.read()
    finally:
        proc.kill()
        proc.wait()
