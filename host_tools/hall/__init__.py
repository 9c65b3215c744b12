"""The hall view: every clock of an event live on one page, over MQTT.

Clocks publish their state, retained and tagged with their own key, to
xqclock/EVENT/BOARD/state (and "1"/"0" to xqclock/EVENT/BOARD/online, "0"
being their last will). `xqclock hall` subscribes to the event's topics with
the event's hall account and takes only states whose tag is their clock's
(listen.py), keeps each board's latest state and the alerts it calls for
(state.py), and serves the page, its live stream and /boards.json
(server.py, page/). The event's accounts and the clocks' keys come from one
file of secrets per event (keys.py). With no --broker it runs an embedded
broker (embedded.py) so one laptop runs everything; broker-config sets up
Mosquitto for big events (mosquitto.py). The topics and what a clock sends
are firmware/device/hall.py's; docs/HALL.md says what is trusted and why.
"""
