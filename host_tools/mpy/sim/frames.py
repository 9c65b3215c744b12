# A display's frame as bytes, the same way on both VMs: the SSD1306 model's
# lit pixels packed MONO_VLSB (1024 bytes), or the TM1637 model's on/off,
# brightness and four digit registers, or the HT1621 model's on/off, 0 and six
# digits; then one byte, the running-side LED
# beside that display (1 lit). MicroPython-compatible.


def frame_bytes(rig, i):
    model = rig.models[i]
    if rig.profile["display"]["kind"] == "ssd1306":
        return model.shown_vlsb() + bytes([rig.led(i)])
    if rig.profile["display"]["kind"] == "ht1621":  # no brightness: an LCD; six digits
        return bytes([1 if model.on else 0, 0] + list(model.segments[:6]) + [rig.led(i)])
    return bytes([1 if model.on else 0, model.brightness] + list(model.segments[:4]) + [rig.led(i)])
