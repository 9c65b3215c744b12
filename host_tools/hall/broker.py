"""Where the clocks' messages go: the event's broker (--broker URL, read by
host_tools/network.py), or the embedded one (embedded.py); what an account may
do with a topic filter."""
def within(wanted, allowed):
    """Whether every topic the filter `wanted` matches is matched by the filter `allowed`."""
    w, a = wanted.split("/"), allowed.split("/")
    if a[-1] == "#":
        return len(w) >= len(a) - 1 and all(x == "+" or x == y for x, y in zip(a[:-1], w))
    return len(w) == len(a) and all(x == y or x == "+" and y != "#" for x, y in zip(a, w))
