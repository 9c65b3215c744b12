# Fault-injection child (MicroPython): plays a long pseudo-random game from a
# seed through Table, journaling to argv[1], and prints "ACK t kind side value"
# after every record the journal has written and flushed. The parent kills
# this process with SIGKILL at a random moment and checks the journal.
import sys

from clock import events as ev
from clock.table import Table

path, seed = sys.argv[1], int(sys.argv[2])
x = seed or 1


def rand(n):
    global x
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    return x % n


table = Table.new({"clock": "90m/40,15m/10*", "forfeit": -1, "fouls": 9, "absent": [0, 0],
                   "id": "%08x" % seed}, path)
append = table.journal.append


def acked(t, kind, side, value):
    append(t, kind, side, value)
    print("ACK %d %d %d %d" % (t, kind, side, value))


table.journal.append = acked
t = 0
table.event(t, ev.START, 0, 0)
for i in range(600):
    t += 1 + rand(25000)
    table.tick(t)
    r = rand(100)
    if r < 80:
        table.event(t, ev.PRESS, table.game.turn, 0)
    elif r < 85:
        table.event(t, ev.PAUSE, 0, rand(2))
        t += rand(5000)
        table.event(t, ev.RESUME, 0, 0)
    elif r < 90:
        table.event(t, ev.ADJUST, rand(2), 1000 * (rand(60) - 30))
    elif r < 95:
        table.event(t, ev.OFFER, rand(2), 0)
    else:
        table.event(t, ev.WARN, rand(2), 0)
print("DONE")
