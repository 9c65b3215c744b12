"""Scripts written to run on the MicroPython unix port (host_tools.unixport
runs them): playback (a scenario through the firmware; CPython imports it too),
headless (a button script on the simulated board), the benchmarks, and the drivers of the power-cut, FRAM, boot-update and
hardware-fault tests."""
