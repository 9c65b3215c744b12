"""`xqclock hall --usb`: clocks without radio report over their USB cable.

A clock whose network settings say `--broker usb` writes each state as one
console line (device/hall.py's USB_LINE) when its output has room. Here
every attached clock (USB, and the virtual boards of this machine) is read
without a byte being sent to it, so a game in progress goes on untouched, and
its states are published to the broker as if the clock had sent them; a
clock whose cable goes is marked offline.
"""
import json
import sys
import threading

import host_tools.firmware_path
from device.hall import ONLINE, OFFLINE, TOPIC, USB_LINE
from host_tools.board.portlock import HANDOVER_S, Holder
from host_tools.board.ports import attached
from host_tools.hall.listen import client

PREFIX = USB_LINE.split("%s")[0].encode()
SCAN_S = 2.0  # how often new clocks are looked for


def parse_line(line):
    """(BOARD, state text) of a clock's console line, or None if it is not a report."""
    i = line.find(PREFIX)
    if i < 0:
        return None
    try:
        topic, text = line[i + len(PREFIX):].decode().strip().split(" ", 1)
        json.loads(text)
    except ValueError:  # cut or garbled (e.g. a reset mid-line): the next one will do
        return None
    parts = topic.split("/")
    return (parts[2], text) if len(parts) == 4 and parts[3] == "state" else None


class UsbReporter:
    def __init__(self, broker, event, log=None):
        self.event = event
        self.log = log or (lambda text: print(f"xqclock hall: {text}", file=sys.stderr, flush=True))
        self.mqtt = client(broker, "xqclock-usb")
        self.mqtt.connect_async(broker["host"], broker["port"], keepalive=30)
        self.readers = {}  # port -> thread
        self.lock = threading.Lock()
        self.stopping = threading.Event()

    def start(self):
        self.mqtt.loop_start()
        threading.Thread(target=self._scan, name="usb clocks", daemon=True).start()
        return self

    def stop(self):
        self.stopping.set()
        for thread in list(self.readers.values()):
            thread.join(2)
        self.mqtt.disconnect()
        self.mqtt.loop_stop()

    def _scan(self):
        while not self.stopping.is_set():
            for port in attached():
                with self.lock:
                    if port not in self.readers:
                        thread = threading.Thread(target=self._read, args=(port,), name=f"usb {port}", daemon=True)
                        self.readers[port] = thread
                        thread.start()
            self.stopping.wait(SCAN_S)

    def _topic(self, board, kind):
        return TOPIC % (self.event, board, kind)

    def _read(self, port):
        """Read one clock's reports for as long as it is there. Another xqclock
        command that needs the port (pull, config, flash) claims it: the port is
        closed for it and opened again after (portlock.py), the clock never
        notices, and its tile keeps its last state meanwhile."""
        import serial
        boards = set()
        holder = Holder(port)
        s = None
        try:
            pending = b""
            while not self.stopping.is_set():
                if not holder.take() or holder.wanted():
                    if s is not None:
                        s.close()
                        s = None
                        holder.let_go()
                        self.log(f"{port}: let another xqclock command have the clock; back when it is done")
                    self.stopping.wait(HANDOVER_S)
                    continue
                if s is None:
                    s = serial.Serial(port, 115200, timeout=HANDOVER_S)
                    self.log(f"reading the clock on {port}")
                    pending = b""
                pending += s.read(4096)
                *lines, pending = pending.split(b"\n")
                pending = pending[-8192:]  # a console that never ends a line
                for line in lines:
                    report = parse_line(line)
                    if report is None:
                        continue
                    board, text = report
                    if board not in boards:
                        boards.add(board)
                        self.mqtt.publish(self._topic(board, "online"), ONLINE, retain=True)
                    self.mqtt.publish(self._topic(board, "state"), text, retain=True)
        except (OSError, serial.SerialException) as e:
            self.log(f"{port}: {e}; its clock is offline until it is back")
        finally:
            if s is not None:
                s.close()
            holder.close()
            for board in boards:
                self.mqtt.publish(self._topic(board, "online"), OFFLINE, retain=True)
            with self.lock:
                self.readers.pop(port, None)
