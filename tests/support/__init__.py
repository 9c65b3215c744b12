# What the tests share (docs/ARCHITECTURE.md, "Layout"): rigs (a simulated
# clock and readers of its displays), cli (the xqclock command as a
# subprocess), boards (virtual boards), hall_tier (brokers and a browser),
# tiers (how hard random tests try), and firmware (helpers of tests/firmware/,
# MicroPython-compatible: that folder's tests run on both VMs, so this file too).
