# Which columns of a display page changed, and copying columns out of a page,
# for the SSD1306's windowed writes (device/ssd1306.py): in viper on
# MicroPython (device/pagediff_viper.py: native speed, nothing allocated),
# in plain Python elsewhere.
#
# span(a, b, n): -1 if a[0:n] == b[0:n], else first << 16 | last, the first
# and last index where they differ.
# copy(dst, at, src, start, n): dst[at:at + n] = src[start:start + n].


try:
    from device.pagediff_viper import copy, span
except (ImportError, SyntaxError, AttributeError):  # CPython, or a VM without the viper emitter
    def span(a, b, n):
        i = 0
        while i < n and a[i] == b[i]:
            i += 1
        if i == n:
            return -1
        j = n - 1
        while a[j] == b[j]:
            j -= 1
        return i << 16 | j

    def copy(dst, at, src, start, n):
        dst[at:at + n] = src[start:start + n]

__all__ = ("span", "copy")
