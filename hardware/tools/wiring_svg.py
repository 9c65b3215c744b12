#!/usr/bin/env python3
"""Draw hardware/wiring-<build>.svg from hardware/profiles/<build>.json.

    python3 hardware/tools/wiring_svg.py          # rewrite both SVGs
    python3 hardware/tools/wiring_svg.py --check  # exit 1 if an SVG is stale

Standard library only. The drawing takes every GPIO from the board profile, so
changing a pin in the profile and re-running this script keeps the picture
right; tests/hardware/test_hardware_profiles.py fails while a committed SVG is stale.
The SVG written is plain, indented and commented so it can be read and
reviewed as text. Edit this script, not the SVG files.
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
HW = HERE.parent
BUILDS = ("oled", "segment7", "lcd")

# Physical pin number -> name, Raspberry Pi Pico (and Pico W / Pico 2) pinout.
PICO_PINS = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND",
    9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11",
    16: "GP12", 17: "GP13", 18: "GND", 19: "GP14", 20: "GP15",
    21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21",
    28: "GND", 29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "AGND", 34: "GP28",
    35: "ADC_VREF", 36: "3V3", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
GP_TO_PIN = {int(n[2:]): p for p, n in PICO_PINS.items() if n.startswith("GP")}

# Wire colours: (name used in hardware/README.md, colour drawn).
WIRE = {
    "3v3": ("red", "#d62728"),
    "gnd": ("black", "#222222"),
    "vbat": ("orange", "#ff7f0e"),
    "scl": ("yellow", "#e0b000"),
    "sda": ("blue", "#1f77b4"),
    "lever_left": ("white", "#ffffff"),
    "lever_right": ("grey", "#8c8c8c"),
    "start": ("green", "#2ca02c"),
    "minus": ("brown", "#8c564b"),
    "plus": ("purple", "#9467bd"),
    "ok": ("pink", "#e377c2"),
    "buzzer": ("cyan", "#17becf"),
    "battery": ("olive", "#9a9b1a"),
    "led_left": ("lime", "#7fd000"),
    "led_right": ("teal", "#008080"),
    "cs": ("violet", "#c39bd3"),
}
BUTTONS = ("lever_left", "lever_right", "start", "minus", "plus", "ok")
BUTTON_LABEL = {"lever_left": "Lever L", "lever_right": "Lever R", "start": "Start",
                "minus": "Minus", "plus": "Plus", "ok": "OK"}

# Geometry (px). The Pico is drawn from above, USB at the top.
W, H = 1120, 900
BX0, BX1, BY0, BY1 = 470, 630, 250, 680
PIN_Y0, PITCH = 290, 19
DISP_Y0, DISP_Y1, DISP_PIN_Y = 50, 150, 165


def pin_xy(phys):
    """Pad position of physical pin 1..40."""
    if phys <= 20:
        return BX0, PIN_Y0 + (phys - 1) * PITCH
    return BX1, PIN_Y0 + (40 - phys) * PITCH


def gp_xy(gp):
    return pin_xy(GP_TO_PIN[gp])


class Svg:
    def __init__(self):
        self.out = []

    def add(self, s, indent=2):
        self.out.append(" " * indent + s)

    def comment(self, s):
        self.out.append("")
        self.add("<!-- %s -->" % s)

    def text(self, x, y, s, cls="t", anchor="start", extra=""):
        s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        a = "" if anchor == "start" else ' text-anchor="%s"' % anchor
        self.add('<text x="%g" y="%g" class="%s"%s%s>%s</text>' % (x, y, cls, a, extra, s))

    def wire(self, pts, colour, halo=True):
        """A wire: a white halo (so crossings read as crossings), then the colour."""
        d = " ".join("%g,%g" % p for p in pts)
        if halo:
            self.add('<polyline points="%s" class="halo"/>' % d)
        if colour.lower() == "#ffffff":
            self.add('<polyline points="%s" class="w" stroke="#555555" stroke-width="5"/>' % d)
            self.add('<polyline points="%s" class="w" stroke="#ffffff" stroke-width="3"/>' % d)
        else:
            self.add('<polyline points="%s" class="w" stroke="%s"/>' % (d, colour))

    def dot(self, x, y, colour="#222222"):
        self.add('<circle cx="%g" cy="%g" r="4" fill="%s"/>' % (x, y, colour))

    def tag(self, x, y, s, colour):
        """A small label sitting on a wire, centred on (x, y)."""
        w = 8 + 7 * len(s)
        stroke = "#555555" if colour.lower() == "#ffffff" else colour
        self.add('<rect x="%g" y="%g" width="%g" height="16" rx="4" class="tag" stroke="%s"/>'
                 % (x - w / 2, y - 8, w, stroke))
        self.text(x, y + 4, s, "tg", "middle")

    def ground(self, x, y):
        """Ground symbol hanging below (x, y)."""
        self.add('<path d="M%g,%g v8 M%g,%g h16 M%g,%g h10 M%g,%g h4" class="sym"/>'
                 % (x, y, x - 8, y + 8, x - 5, y + 12, x - 2, y + 16))

    def flag_3v3(self, x, y, down=True):
        """A 3V3 net flag below (x, y)."""
        self.add('<path d="M%g,%g v8" class="sym" stroke="#d62728"/>' % (x, y))
        self.add('<rect x="%g" y="%g" width="30" height="14" rx="3" fill="#fde0e0" '
                 'stroke="#d62728"/>' % (x - 15, y + 8))
        self.text(x, y + 19, "3V3", "fl", "middle")

    def resistor_v(self, x, y0, y1, label):
        """Vertical resistor (IEC box) between (x, y0) and (x, y1)."""
        mid = (y0 + y1) / 2
        self.add('<path d="M%g,%g V%g M%g,%g V%g" class="sym"/>' % (x, y0, mid - 18, x, mid + 18, y1))
        self.add('<rect x="%g" y="%g" width="12" height="36" class="part"/>' % (x - 6, mid - 18))
        self.text(x + 12, mid + 4, label, "s")

    def resistor_h(self, x0, x1, y, label):
        mid = (x0 + x1) / 2
        self.add('<path d="M%g,%g H%g M%g,%g H%g" class="sym"/>' % (x0, y, mid - 18, mid + 18, y, x1))
        self.add('<rect x="%g" y="%g" width="36" height="12" class="part"/>' % (mid - 18, y - 6))
        self.text(mid, y - 10, label, "s", "middle")

    def svg(self, title):
        head = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            "<!-- Generated by hardware/tools/wiring_svg.py from hardware/profiles/%s.json."
            " Do not edit by hand: edit the script and re-run it. -->" % title,
            '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d"'
            ' font-family="DejaVu Sans, Verdana, Arial, sans-serif">' % (W, H, W, H),
            "  <style>",
            "    .t { font-size: 13px; fill: #222; }",
            "    .h { font-size: 18px; font-weight: bold; fill: #222; }",
            "    .b { font-size: 13px; font-weight: bold; fill: #222; }",
            "    .s { font-size: 11px; fill: #333; }",
            "    .n { font-size: 11px; fill: #555; font-style: italic; }",
            "    .pn { font-size: 9px; fill: #888; }",
            "    .pu { font-size: 10px; fill: #111; font-weight: bold; }",
            "    .pf { font-size: 10px; fill: #aaa; }",
            "    .tg { font-size: 11px; font-weight: bold; fill: #111; }",
            "    .fl { font-size: 10px; font-weight: bold; fill: #b00; }",
            "    .w { fill: none; stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; }",
            "    .halo { fill: none; stroke: #fbfbf8; stroke-width: 9; stroke-linejoin: round; }",
            "    .sym { fill: none; stroke: #222; stroke-width: 2; }",
            "    .part { fill: #fff; stroke: #222; stroke-width: 2; }",
            "    .tag { fill: #fff; stroke-width: 1.5; }",
            "  </style>",
            '  <rect width="%d" height="%d" fill="#fbfbf8"/>' % (W, H),
        ]
        return "\n".join(head + self.out + ["</svg>", ""])


def draw_pico(s, used):
    s.comment("Raspberry Pi Pico, seen from above, USB at the top; pin numbers are the physical pins")
    s.add('<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#1e7b3a" stroke="#0d4a22" '
          'stroke-width="2"/>' % (BX0, BY0, BX1 - BX0, BY1 - BY0))
    s.add('<rect x="530" y="%d" width="40" height="22" rx="3" fill="#c0c0c0" stroke="#666"/>' % (BY0 - 12))
    s.add('<rect x="528" y="420" width="44" height="44" fill="#333" stroke="#111"/>')
    s.text(550, 446, "RP2040", "pn", "middle", ' style="fill:#ddd"')
    s.text(0, 0, "Raspberry Pi Pico (top view)", "s", "middle",
           ' style="fill:#fff" transform="translate(554,570) rotate(-90)"')
    s.text(550, BY0 + 26, "USB", "pn", "middle", ' style="fill:#eee"')
    for phys, name in PICO_PINS.items():
        x, y = pin_xy(phys)
        on = phys in used
        s.add('<circle cx="%g" cy="%g" r="5" fill="%s" stroke="#8a6d1a"/>'
              % (x, y, "#f2c94c" if on else "#d9c9a0"))
        cls = "pu" if on else "pf"
        fill = ' style="fill:#fff"' if on else ' style="fill:#9fc9ac"'
        if phys <= 20:
            s.text(x + 9, y + 3, str(phys), "pn", "start", ' style="fill:#bfe3cb"')
            s.text(x + 26, y + 4, name, cls, "start", fill)
        else:
            s.text(x - 9, y + 3, str(phys), "pn", "end", ' style="fill:#bfe3cb"')
            s.text(x - 26, y + 4, name, cls, "end", fill)


def draw_display(s, profile, side, x0):
    """One display module: box, header pins, power flags. Returns {pin name: (x, y)}."""
    kind = profile["display"]["kind"]
    if kind == "ssd1306":
        names = ["GND", "VCC", "SCL", "SDA"]
        cfg = profile["display"][side]
        title = "SSD1306 128x64, I2C%d at 0x%02X" % (cfg["i2c"], cfg["addr"])
        s.add('<rect x="%d" y="%d" width="260" height="%d" rx="6" fill="#1b3f8b" stroke="#0b1f4b" '
              'stroke-width="2"/>' % (x0, DISP_Y0, DISP_Y1 - DISP_Y0))
        s.add('<rect x="%d" y="%d" width="180" height="72" fill="#050505"/>' % (x0 + 40, DISP_Y0 + 8))
        s.text(x0 + 130, DISP_Y0 + 56, "1:29:57", "h", "middle",
               ' style="fill:#9ef;font-size:28px;font-family:DejaVu Sans Mono,monospace"')
    elif kind == "ht1621":
        names = ["CS", "WR", "DATA", "VCC", "GND"]
        title = "HT1621 6-digit segment LCD module"
        _segment_module(s, x0, ("#2e7d32", "#1b4d1f"), (220, "#c8cfc0"), ("- 29.57", "#222", 40))
    else:
        names = ["CLK", "DIO", "VCC", "GND"]
        title = "TM1637 4-digit clock module"
        _segment_module(s, x0, ("#1b3f8b", "#0b1f4b"), (200, "#111"), ("29:57", "#ff3b30", 44))
    s.text(x0 + 130, DISP_Y0 - 22, "%s player's display" % side.capitalize(), "b", "middle")
    s.text(x0 + 130, DISP_Y0 - 7, title, "s", "middle")
    pins = {}
    for i, n in enumerate(names):
        px = x0 + (50 if len(names) > 4 else 70) + 40 * i
        s.add('<path d="M%d,%d V%d" stroke="#888" stroke-width="3"/>' % (px, DISP_Y1, DISP_PIN_Y))
        s.add('<circle cx="%d" cy="%d" r="3.5" fill="#f2c94c" stroke="#8a6d1a"/>' % (px, DISP_PIN_Y))
        s.text(px, DISP_Y1 - 6, n, "pn", "middle", ' style="fill:#fff"')
        pins[n] = (px, DISP_PIN_Y)
    s.flag_3v3(*pins["VCC"])
    s.ground(*pins["GND"])
    return pins


def draw_displays(s, p):
    disp = p["display"]
    if disp["kind"] == "ssd1306":
        sig = {"scl": "SCL", "sda": "SDA"}
    elif disp["kind"] == "ht1621":
        sig = {"cs": "CS", "wr": "WR", "data": "DATA"}
    else:
        sig = {"clk": "CLK", "dio": "DIO"}
    colour = {"scl": "scl", "clk": "scl", "sda": "sda", "dio": "sda", "wr": "scl", "data": "sda", "cs": "cs"}
    s.comment("Left player's display")
    lpins = draw_display(s, p, "left", 40)
    s.comment("Right player's display")
    rpins = draw_display(s, p, "right", 820)

    # Left display: straight L-shaped wires from the left header.
    s.comment("Left display signal wires")
    for key, pname in sig.items():
        gp = disp["left"][key]
        x, y = gp_xy(gp)
        tx, ty = lpins[pname]
        s.wire([(x, y), (tx, y), (tx, ty)], WIRE[colour[key]][1])
        s.tag(tx, 250, "GP%d" % gp, WIRE[colour[key]][1])

    # Right display: up a channel left of the Pico, over the top, down into the header.
    # The upper pin takes the inner channel and the lower level (no crossings among them).
    s.comment("Right display signal wires (over the top of the Pico)")
    items = sorted(sig.items(), key=lambda kv: GP_TO_PIN[disp["right"][kv[0]]])
    for i, (key, pname) in enumerate(items):
        gp = disp["right"][key]
        x, y = gp_xy(gp)
        chx = 455 - 15 * i
        lvl = 224 - 12 * i
        tx, ty = rpins[pname]
        s.wire([(x, y), (chx, y), (chx, lvl), (tx, lvl), (tx, ty)], WIRE[colour[key]][1])
        s.tag(tx - 110 - 50 * i, lvl, "GP%d" % gp, WIRE[colour[key]][1])


def draw_buttons(s, p):
    b = p["buttons"]
    s.comment("Buttons: each one between its GPIO and a common GND wire (internal pull-ups)")
    order = sorted(BUTTONS, key=lambda k: GP_TO_PIN[b[k]])
    left_gnds = [3, 8, 13, 18]
    phys = [GP_TO_PIN[b[k]] for k in order]
    mid = (min(phys) + max(phys)) / 2
    gnd_pin = min(left_gnds, key=lambda g: abs(g - mid))
    items = sorted([(GP_TO_PIN[b[k]], k) for k in order] + [(gnd_pin, "gnd")])
    top, bot, bus = 730, 780, 810
    xs = {}
    for i, (ph, key) in enumerate(items):
        xs[key] = 112 + 56 * i
    xb = [xs[k] for k in BUTTONS]
    s.wire([(min(xb), bus), (max(xb), bus)], WIRE["gnd"][1], halo=False)
    for ph, key in items:
        x, y = pin_xy(ph)
        tx = xs[key]
        if key == "gnd":
            s.wire([(x, y), (tx, y), (tx, bus)], WIRE["gnd"][1])
            s.dot(tx, bus)
            s.text(tx, bus + 30, "GND", "s", "middle")
            s.text(tx, bus + 44, "pin %d" % ph, "n", "middle")
            continue
        col = WIRE[key][1]
        s.wire([(x, y), (tx, y), (tx, top)], col)
        # push-button symbol between (tx, top) and (tx, bot)
        mid = (top + bot) / 2
        s.add('<path d="M%d,%d V%d M%d,%d V%d" class="sym"/>' % (tx, top, mid - 10, tx, mid + 10, bus))
        s.add('<path d="M%d,%d h-10 M%d,%d h-10 M%d,%d V%d M%d,%d h-12 M%d,%d v12" class="sym"/>'
              % (tx, mid - 10, tx, mid + 10, tx - 14, mid - 13, mid + 13,
                 tx - 14, mid, tx - 26, mid - 6))
        s.dot(tx, bus)
        s.text(tx, bus + 20, BUTTON_LABEL[key], "s", "middle")
        s.text(tx, bus + 34, "GP%d" % b[key], "pu", "middle")
        s.text(tx, bus + 48, "pin %d" % ph, "n", "middle")
    s.text(60, 480, "Levers and keys", "b")
    s.text(60, 496, "momentary, normally open,", "n")
    s.text(60, 510, "one common GND wire", "n")


def draw_power(s, p):
    bat = p["battery"]
    s.comment("Power: battery, switch, Schottky diode into VSYS; divider into the ADC pin")
    vx, vy = pin_xy(39)          # VSYS
    ax, ay = gp_xy(bat["adc"])   # divider midpoint
    node_x = 800
    # Diode (anode right, cathode towards VSYS), drawn between 690 and 730.
    s.wire([(vx, vy), (690, vy)], WIRE["vbat"][1])
    # Current flows from the battery (right) to VSYS (left): cathode bar on the left.
    s.add('<path d="M706,%g l24,-10 v20 z" fill="#222"/>' % vy)
    s.add('<path d="M706,%g v20 M706,%g h-4 M706,%g h4" class="sym"/>' % (vy - 10, vy - 10, vy + 10))
    s.add('<path d="M690,%g H706" class="sym"/>' % vy)
    s.text(672, vy + 26, "1N5817 Schottky", "s")
    s.wire([(730, vy), (node_x, vy)], WIRE["vbat"][1])
    # Switch between node and battery +
    s.wire([(node_x, vy), (870, vy)], WIRE["vbat"][1])
    s.add('<circle cx="874" cy="%g" r="4" class="part"/>' % vy)
    s.add('<circle cx="916" cy="%g" r="4" class="part"/>' % vy)
    s.add('<path d="M877,%g l36,-16" class="sym"/>' % (vy - 2))
    s.text(895, vy + 22, "power switch", "s", "middle")
    s.wire([(920, vy), (1010, vy), (1010, vy + 30)], WIRE["vbat"][1])
    # Battery (cells), + at the top
    for i in range(3):
        yy = vy + 40 + 18 * i
        s.add('<path d="M992,%g h36 M1001,%g h18" class="sym" stroke-width="3"/>' % (yy, yy + 7))
    s.add('<path d="M1010,%g v6 M1010,%g v26" class="sym"/>' % (vy + 30, vy + 40 + 18 * 2 + 7))
    s.text(1034, vy + 44, "+", "b")
    s.text(1034, vy + 92, "−", "b")
    s.ground(1010, vy + 109)
    s.text(1000, vy + 150, "3×AA/AAA (≤ 4.8 V)", "s", "middle")
    s.text(1000, vy + 164, "or 1S Li-ion via", "s", "middle")
    s.text(1000, vy + 178, "TP4056 (OUT+/OUT−)", "s", "middle")
    # Divider from the switched battery node
    s.dot(node_x, vy)
    s.resistor_v(node_x, vy, ay, "100 kΩ")
    s.wire([(node_x, ay), (ax, ay)], WIRE["battery"][1])
    s.dot(node_x, ay)
    s.tag(700, ay, "GP%d" % bat["adc"], WIRE["battery"][1])
    s.resistor_v(node_x, ay, ay + 90, "100 kΩ")
    s.add('<path d="M%d,%g H870 V%g M%d,%g H870 V%g" class="sym"/>'
          % (node_x, ay, ay + 38, node_x, ay + 90, ay + 50))
    s.add('<path d="M858,%g h24 M858,%g h24" class="sym" stroke-width="3"/>' % (ay + 38, ay + 48))
    s.text(888, ay + 47, "100 nF", "s")
    s.ground(node_x, ay + 90)
    s.text(node_x + 12, ay - 20, "÷%g to ADC" % bat["divider"], "n")
    # 3V3 and VBUS notes on the Pico's right header
    x3, y3 = pin_xy(36)
    s.add('<path d="M%g,%g H%g" class="sym" stroke="#d62728"/>' % (x3, y3, x3 + 24))
    s.add('<rect x="%g" y="%g" width="30" height="14" rx="3" fill="#fde0e0" stroke="#d62728"/>'
          % (x3 + 24, y3 - 7))
    s.text(x3 + 39, y3 + 4, "3V3", "fl", "middle")
    s.text(x3 + 24, y3 + 22, "to both displays' VCC", "n")
    xg, yg = pin_xy(38)
    s.add('<path d="M%g,%g H%g" class="sym"/>' % (xg, yg, xg + 20))
    s.ground(xg + 20, yg)
    xb, yb = pin_xy(40)
    s.text(xb + 12, yb - 2, "VBUS: USB 5 V → Pico's own Schottky → VSYS", "n")


def draw_buzzer(s, p):
    gp = p["buzzer"]["pin"]
    x, y = gp_xy(gp)
    s.comment("Buzzer: passive piezo driven directly through a series resistor")
    s.wire([(x, y), (700, y)], WIRE["buzzer"][1])
    s.tag(670, y - 14, "GP%d" % gp, WIRE["buzzer"][1])
    s.resistor_h(700, 780, y, "220 Ω")
    s.add('<circle cx="820" cy="%g" r="26" fill="#222" stroke="#000"/>' % y)
    s.add('<circle cx="820" cy="%g" r="8" fill="#555"/>' % y)
    s.add('<path d="M780,%g H794" class="sym"/>' % y)
    s.text(787, y - 10, "+", "b", "middle")
    s.add('<path d="M846,%g H880 V%g" class="sym"/>' % (y, y + 6))
    s.ground(880, y + 6)
    s.text(860, y - 6, "−", "b", "middle")
    s.text(820, y + 46, "passive piezo (TDK PS1240)", "s", "middle")
    s.text(820, y + 60, "louder: NPN driver, see README", "n", "middle")


def draw_leds(s, p):
    """The running-side LEDs: GPIO, 1.5 kΩ, LED, GND; the right one's wire runs
    past the left one's column above its resistor, so they never cross."""
    s.comment("Running-side LEDs: GPIO, 1.5 kohm, LED (anode at the top), GND")
    leds = p["leds"]
    for side, x in (("left", 940), ("right", 1040)):
        gp = leds[side]
        px, y = gp_xy(gp)
        col = WIRE["led_" + side][1]
        s.wire([(px, y), (x, y)], col)
        s.tag(x - 60, y - 12 if side == "right" else y + 14, "GP%d" % gp, col)
        s.resistor_v(x, y, y + 70, "1.5 kΩ")
        top = y + 70
        s.add('<path d="M%g,%g l-9,0 l9,16 l9,-16 z M%g,%g h18 M%g,%g V%g" class="sym"/>'
              % (x, top, x - 9, top + 16, x, top + 16, top + 24))
        s.add('<path d="M%g,%g l8,-6 M%g,%g l8,-6" class="sym" stroke-width="1.5"/>'
              % (x + 10, top + 8, x + 10, top + 14))
        s.ground(x, top + 24)
        s.text(x + 14, top + 30, "LED %s" % side[0].upper(), "s")


def draw(build):
    p = json.loads((HW / "profiles" / ("%s.json" % build)).read_text())
    used = set()
    d = p["display"]
    for side in ("left", "right"):
        for k, v in d[side].items():
            if k in ("scl", "sda", "clk", "dio", "cs", "wr", "data"):
                used.add(GP_TO_PIN[v])
    for k in BUTTONS:
        used.add(GP_TO_PIN[p["buttons"][k]])
    used.add(GP_TO_PIN[p["buzzer"]["pin"]])
    if "leds" in p:
        used.update(GP_TO_PIN[p["leds"][side]] for side in ("left", "right"))
    used.add(GP_TO_PIN[p["battery"]["adc"]])
    used.update({18, 36, 38, 39})
    s = Svg()
    title = {"oled": "OLED build (two SSD1306 displays)",
             "segment7": "7-segment build (two TM1637 modules)",
             "lcd": "LCD build (two HT1621 segment LCDs, no LEDs)"}.get(build, build)
    s.text(W / 2, H - 12, "xqclock wiring: %s, from hardware/profiles/%s.json" % (title, build),
           "h", "middle")
    draw_pico(s, used)
    draw_displays(s, p)
    draw_buttons(s, p)
    draw_power(s, p)
    draw_buzzer(s, p)
    if "leds" in p:
        draw_leds(s, p)
    s.comment("Notes")
    notes = [
        "All keys and levers: GPIO to GND, internal pull-ups, active low.",
        "Display VCC to 3V3 (pin 36) only, never VSYS/VBUS.",
        "Ground symbols: any Pico GND pin (3, 8, 13, 18, 23, 28, 33, 38).",
        "Wires cross without connecting unless a dot is drawn.",
    ]
    for i, n in enumerate(notes):
        s.text(700, 760 + 16 * i, n, "n")
    return s.svg(build)


def _segment_module(s, x0, board, glass, reading):
    """A segment display's board (fill, edge), its glass (width, colour),
    centred on the board, and a reading on it (text, colour, font size)."""
    s.add('<rect x="%d" y="%d" width="260" height="%d" rx="6" fill="%s" stroke="%s" '
          'stroke-width="2"/>' % (x0, DISP_Y0, DISP_Y1 - DISP_Y0, board[0], board[1]))
    width, colour = glass
    s.add('<rect x="%d" y="%d" width="%d" height="72" fill="%s"/>'
          % (x0 + (260 - width) // 2, DISP_Y0 + 8, width, colour))
    text, fill, size = reading
    s.text(x0 + 130, DISP_Y0 + 62, text, "h", "middle",
           ' style="fill:%s;font-size:%dpx;font-family:DejaVu Sans Mono,monospace"' % (fill, size))


def main(argv):
    check = "--check" in argv
    stale = []
    for build in BUILDS:
        path = HW / ("wiring-%s.svg" % build)
        new = draw(build)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != new:
                stale.append(path.name)
        else:
            path.write_text(new, encoding="utf-8")
            print("wrote", path.relative_to(HW.parent))
    if stale:
        print("stale, re-run hardware/tools/wiring_svg.py:", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
