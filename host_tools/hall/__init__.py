"""The hall view: every clock of an event live on one page, over MQTT.

Clocks publish their state, retained, to xqclock/EVENT/BOARD/state (and
"1"/"0" to xqclock/EVENT/BOARD/online, "0" being their last will). `xqclock hall`
subscribes to the event's topics (listen.py), keeps each board's latest
state and the alerts it calls for (state.py), and serves the page, its live
stream and /boards.json (server.py, page/). With no --broker it runs an
embedded broker (broker.py) so one laptop runs everything. The topics and
what a clock sends are firmware/device/hall.py's.
"""
