# device/hmac_viper.py's Hmac by hashlib, for a VM without viper (CPython):
# the same calls and digits, allocating as it goes.
import hashlib


class Hmac:
    def __init__(self, pads):
        self.pads = pads
        self.inner = hashlib.sha256()

    def start(self):
        self.inner = hashlib.sha256(self.pads[0])

    def update(self, data, off, n):
        self.inner.update(bytes(data[off:off + n]))

    def hex_into(self, out, at):
        outer = hashlib.sha256(self.pads[1])
        outer.update(self.inner.digest())
        out[at:at + 64] = outer.hexdigest().encode()
