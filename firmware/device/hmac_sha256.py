# How the board tags its reports to the hall (Hmac: HMAC-SHA256, device/hall.py):
# on MicroPython by viper code that allocates nothing (device/hmac_viper.py),
# elsewhere by hashlib. Apart from the journal's seal (device/sha256.py): a
# clock that does not report never imports it.
try:
    from device.hmac_viper import Hmac
except (ImportError, SyntaxError, AttributeError):  # CPython, or a VM without the viper emitter
    from device.hmac_hashlib import Hmac  # type: ignore[assignment]  # the same calls

__all__ = ["Hmac"]
