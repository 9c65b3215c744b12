# How the board seals a journal record (clock/journal.py's chain_into: the
# first 4 bytes of sha256(previous hash + the record's 12 bytes), written in
# place) and tags its reports to the hall (Hmac: HMAC-SHA256, device/hall.py):
# on MicroPython by viper code that allocates nothing (device/sha256_viper.py),
# elsewhere by hashlib.
try:
    from device.sha256_viper import Hmac, seal
except (ImportError, SyntaxError, AttributeError):  # CPython, or a VM without the viper emitter
    from clock.journal import chain_into as seal
    from device.hmac_hashlib import Hmac  # type: ignore[assignment]  # the same calls

__all__ = ("Hmac", "seal")
