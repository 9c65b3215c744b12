"""The desktop window of `xqclock simulate`: both displays pixel-exact, the
clock's body with its levers and keys (click them or use the keyboard), and
the buzzer, heard when there is a sound card and shown on screen always."""
import os

KEYS_HELP = [
    ("A", "left lever"), ("L", "right lever"), ("Space", "start / pause"),
    ("-  or  Down", "minus"), ("+  or  Up", "plus"), ("Enter", "ok (hold 2 s: menu)"),
    ("Esc", "quit"),
]

BODY = (38, 34, 30)
FACE = (60, 56, 50)
LEVER = (200, 60, 50)
KEY = (90, 90, 96)
PRESSED = (240, 200, 80)
TEXT = (225, 220, 210)
OLED_ON = (120, 200, 255)
OLED_OFF = (6, 8, 14)
SEG_ON = (255, 70, 50)
SEG_OFF = (40, 10, 8)
LED_ON = (80, 255, 90)  # a running-side LED
LED_OFF = (20, 40, 22)


class Window:
    def __init__(self, rig, scale=4, title="xqclock", sound=False):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame
        self.pg = pygame
        self.rig = rig
        self.scale = scale
        self.oled = rig.profile["display"]["kind"] == "ssd1306"
        pygame.display.init()
        pygame.font.init()
        self.sound = None
        if sound:  # the audio device is opened only when the buzzer is on (no ALSA noise otherwise)
            try:
                pygame.mixer.init(frequency=22050, size=-16, channels=1)
                self.sound = {}
            except pygame.error:
                pass  # no sound card: the buzzer is shown, not heard
        self.font = pygame.font.SysFont(None, 22)
        self.big = pygame.font.SysFont(None, 28)
        self.disp_w = 128 * scale if self.oled else 200
        self.disp_h = 64 * scale if self.oled else 80
        gap = 40
        self.width = 2 * self.disp_w + 3 * gap
        self.height = self.disp_h + 330
        self.screen = pygame.display.set_mode((self.width, self.height))
        pygame.display.set_caption(title)
        self.display_rects = [pygame.Rect(gap + i * (self.disp_w + gap), 40, self.disp_w, self.disp_h)
                              for i in range(2)]
        y = 40 + self.disp_h + 30
        self.key_rects = {
            0: pygame.Rect(self.display_rects[0].x, y, self.disp_w, 60),
            1: pygame.Rect(self.display_rects[1].x, y, self.disp_w, 60),
        }
        names = ("start", "minus", "plus", "ok")
        kx = self.width // 2 - 2 * 110 + 10
        for j, key in enumerate((2, 3, 4, 5)):
            self.key_rects[key] = pygame.Rect(kx + j * 110, y + 90, 90, 44)
        self.key_names = dict(zip((2, 3, 4, 5), names))
        self.key_names[0] = "left lever"
        self.key_names[1] = "right lever"
        self.down = set()
        self.tone_seen = 0

    # -- input --------------------------------------------------------------------

    def _keymap(self):
        pg = self.pg
        return {pg.K_a: 0, pg.K_l: 1, pg.K_SPACE: 2, pg.K_MINUS: 3, pg.K_KP_MINUS: 3, pg.K_DOWN: 3,
                pg.K_PLUS: 4, pg.K_EQUALS: 4, pg.K_KP_PLUS: 4, pg.K_UP: 4, pg.K_RETURN: 5, pg.K_KP_ENTER: 5}

    def _press(self, key, down):
        if down and key not in self.down:
            self.down.add(key)
            self.rig.down(key)
        elif not down and key in self.down:
            self.down.discard(key)
            self.rig.up(key)

    def handle(self, event):
        pg = self.pg
        if event.type == pg.QUIT or (event.type == pg.KEYDOWN and event.key == pg.K_ESCAPE):
            return False
        keymap = self._keymap()
        if event.type in (pg.KEYDOWN, pg.KEYUP) and event.key in keymap:
            self._press(keymap[event.key], event.type == pg.KEYDOWN)
        elif event.type == pg.MOUSEBUTTONDOWN:
            for key, rect in self.key_rects.items():
                if rect.collidepoint(event.pos):
                    self._press(key, True)
        elif event.type == pg.MOUSEBUTTONUP:
            for key in list(self.down):
                self._press(key, False)
        return True

    # -- output -------------------------------------------------------------------

    def draw(self):
        pg = self.pg
        scr = self.screen
        scr.fill(BODY)
        pg.draw.rect(scr, FACE, (10, 10, self.width - 20, self.height - 90), border_radius=18)
        for i in range(2):
            self._display(i, self.display_rects[i])
            self._led(i, self.display_rects[i])
        for key, rect in self.key_rects.items():
            colour = PRESSED if key in self.down else (LEVER if key < 2 else KEY)
            pg.draw.rect(scr, colour, rect, border_radius=10)
            label = self.font.render(self.key_names[key], True, TEXT)
            scr.blit(label, label.get_rect(center=rect.center))
        self._buzzer()
        help_text = "   ".join("%s: %s" % kv for kv in KEYS_HELP)
        scr.blit(self.font.render(help_text, True, TEXT), (20, self.height - 60))
        pg.display.flip()

    def _display(self, i, rect):
        scr = self.screen
        if self.oled:
            scr.fill(OLED_OFF, rect)
            s = self.scale
            for y, row in enumerate(self.rig.frame(i)):
                for x, v in enumerate(row):
                    if v:
                        scr.fill(OLED_ON, (rect.x + x * s, rect.y + y * s, s - 1, s - 1))
        else:
            from host_tools.desktop.segments import render
            from host_tools.mpy.sim.frames import frame_bytes
            scr.fill(SEG_OFF, rect)
            rows = render(frame_bytes(self.rig, i))
            s = max(1, min(rect.w // len(rows[0]), rect.h // len(rows)))
            for y, row in enumerate(rows):
                for x, v in enumerate(row):
                    if v:
                        scr.fill(SEG_ON, (rect.x + x * s, rect.y + y * s, s, s))

    def _led(self, i, rect):
        """The running-side LED above display i: lit, or dark."""
        centre = (rect.centerx, rect.y - 16)
        self.pg.draw.circle(self.screen, LED_ON if self.rig.led(i) else LED_OFF, centre, 9)
        self.pg.draw.circle(self.screen, KEY, centre, 9, 2)

    def _buzzer(self):
        from host_tools.mpy.sim import machine
        tones = machine.TONES
        on = bool(tones) and tones[-1][2] > 0
        hz = tones[-1][1] if tones else 0
        text = "buzzer: %d Hz" % hz if on else "buzzer: silent"
        self.screen.blit(self.big.render(text, True, PRESSED if on else TEXT), (20, 10))
        if self.sound is not None and len(tones) != self.tone_seen:
            self.tone_seen = len(tones)
            self.pg.mixer.stop()
            if on:
                self._tone(hz).play(-1)

    def _tone(self, hz):
        if hz not in self.sound:
            import array
            import math
            rate = 22050
            n = rate // 10
            wave = array.array("h", (int(6000 * math.copysign(1, math.sin(2 * math.pi * hz * k / rate)))
                                     for k in range(n)))
            self.sound[hz] = self.pg.mixer.Sound(buffer=wave.tobytes())
        return self.sound[hz]

    def loop(self, fps=30, seconds=None):
        """Run in real time until the window closes (or for `seconds`)."""
        from host_tools.desktop.realtime import RealTime
        clock = self.pg.time.Clock()
        pace = RealTime(self.rig)
        while True:
            pace.catch_up()  # the keys below happen now, after the time before them has run
            for event in self.pg.event.get():
                if not self.handle(event):
                    self.pg.quit()
                    return
            self.draw()
            clock.tick(fps)
            if seconds is not None and self.rig.clock.now - pace.base >= seconds * 1000:
                self.pg.quit()
                return


def has_display():
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or \
        os.environ.get("SDL_VIDEODRIVER") not in (None, "", "x11", "wayland")
