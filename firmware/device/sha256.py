# How the board seals a journal record (clock/journal.py's chain_into: the
# first 4 bytes of sha256(previous hash + the record's 12 bytes), written in
# place): on MicroPython by viper code that allocates nothing
# (device/sha256_viper.py), elsewhere by hashlib. The hall's tags are
# device/hmac_sha256.py.
try:
    from device.sha256_viper import seal
except (ImportError, SyntaxError, AttributeError):  # CPython, or a VM without the viper emitter
    from clock.journal import chain_into as seal

__all__ = ["seal"]
