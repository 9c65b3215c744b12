# Code that runs on MicroPython: sim/ (the simulated board, on both VMs), shim/
# (the unix port's bare `machine`), board/ (files a board runs), scripts/
# (scripts run on the unix port). See docs/ARCHITECTURE.md, "Layout".
