# Time controls from text: the spec-string parser, the presets and a
# description in words; what it makes is clock/control.py's model. The board
# imports this module only while it reads a control and then forgets it
# (device/app.py). Spec grammar (see docs/SCENARIOS.md):
#   STAGE[,STAGE...][*][+INCREMENT][;MODIFIER...]   STAGE = TIME[/MOVES]
#   MODIFIER = delay D | bronstein D | byoyomi KxD | canadian N/D | ing KxD Ppt
#            | upcount | hourglass | permove D | increment-at-start
#   or "upcount" alone (= 0;upcount): no limit, the time used counted up

from clock.control import Control, TimeControl, DELAY_SIMPLE, DELAY_BRONSTEIN
from clock.durations import parse_ms, words, digits
from clock.limits import COUNT, SPEC_CHARS, STAGES, clip
from clock.spaces import normalize

# Presets are spec strings, so a preset means exactly what its spec says.
# A tuple gives (red, black) for controls that differ per side.
# The pairs are one constant tuple: compiled to .mpy, its strings are objects
# that go with the module when the board forgets it, where a dict's would
# be names interned for good.
PRESETS = dict((  # noqa: C406 (a dict literal's strings would be interned)
    ("cxa1999-6.1", "90m/40,15m/10*"),
    ("cxa1999-6.2", "60m/30,10m/10*"),
    ("cxa1999-6.3", "10m/40,5m/30*"),
    ("cxa1999-6.4", "5m/30*"),
    ("cxa1999-6.5", None),  # whole-game time: the amount is given as cxa1999-6.5:20m
    ("xq-60+30", "60m+30s"),
    ("xq-50+20", "50m+20s"),
    ("xq-30+10", "30m+10s"),
    ("xq-25+5", "25m+5s"),
    ("xq-15+10", "15m+10s"),
    ("xq-10+10", "10m+10s"),
    ("xq-5+3", "5m+3s"),
    ("xq-armageddon", ("6m+3s", "4m+3s")),
    # FIDE-endorsed clocks show the first move's increment before the start.
    ("fide-classical", "90m/40,30m+30s;increment-at-start"),
    ("fide-rapid", "15m+10s;increment-at-start"),
    ("fide-blitz", "3m+2s;increment-at-start"),
    ("go-byoyomi", "60m;byoyomi 5x30s"),
    ("go-canadian", "60m;canadian 25/5m"),
    ("go-ing", "3h;ing 3x35m 2pt"),
))
# Presets whose scoresheet-exemption window is FIDE's (under 5 minutes).
FIDE_PRESETS = ("fide-classical", "fide-rapid", "fide-blitz")
# Armageddon: a drawn game counts as a win for Black.
DRAW_GOES_TO_BLACK = ("xq-armageddon",)


def _duration(text, where):
    try:
        return parse_ms(text.strip())
    except ValueError as e:
        raise ValueError("%s: %s" % (where, e))


def _positive(text, where):
    ms = _duration(text, where)
    if not ms:
        raise ValueError("%s: the duration must be more than zero" % where)
    return ms


def _count(text, where):
    text = text.strip()
    if not digits(text) or int(text) == 0 or int(text) > COUNT:
        raise ValueError("%s: '%s' is not a whole number from 1 to %d" % (where, clip(text), COUNT))
    return int(text)


def _stages(tc, text):
    if text.endswith("*"):
        tc.repeat = True
        text = text[:-1]
    parts = text.split(",")
    for i in range(len(parts)):
        part = parts[i].strip()
        where = "stage %d '%s'" % (i + 1, part)
        t, slash, moves = part.partition("/")
        ms = _duration(t, where)
        quota = _count(moves, where) if slash else 0
        if not quota and i < len(parts) - 1:
            raise ValueError("%s: only the last stage may go without a move count" % where)
        tc.stages.append([ms, quota])
    if tc.repeat and not tc.stages[-1][1]:
        raise ValueError("'*' repeats a stage with a move count, e.g. 15m/10*")


def _modifier(tc, text):
    word, _, arg = text.strip().partition(" ")
    where = "'%s'" % text.strip()
    arg = arg.strip()
    if word in ("delay", "bronstein"):
        if tc.delay_kind:
            raise ValueError("%s: only one delay per control" % where)
        tc.delay_kind = DELAY_SIMPLE if word == "delay" else DELAY_BRONSTEIN
        tc.delay_ms = _positive(arg, where)
    elif word == "byoyomi":
        if tc.byoyomi_periods:
            raise ValueError("%s: only one byo-yomi per control" % where)
        k, x, d = arg.partition("x")
        if not x:
            raise ValueError("%s: write byoyomi KxD, e.g. byoyomi 5x30s" % where)
        tc.byoyomi_periods = _count(k, where)
        tc.byoyomi_ms = _positive(d, where)
    elif word == "canadian":
        if tc.canadian_moves:
            raise ValueError("%s: only one Canadian overtime per control" % where)
        n, slash, d = arg.partition("/")
        if not slash:
            raise ValueError("%s: write canadian N/D, e.g. canadian 25/5m" % where)
        tc.canadian_moves = _count(n, where)
        tc.canadian_ms = _positive(d, where)
    elif word == "ing":
        if tc.ing_periods:
            raise ValueError("%s: only one Ing overtime per control" % where)
        periods, _, points = arg.partition(" ")
        k, x, d = periods.partition("x")
        points = points.strip()
        if not x or not points.endswith("pt"):
            raise ValueError("%s: write ing KxD Ppt, e.g. ing 3x20m 2pt (K periods of D, P points each)" % where)
        tc.ing_periods = _count(k, where)
        tc.ing_ms = _positive(d, where)
        tc.ing_points = _count(points[:-2], where)
    elif word in ("upcount", "hourglass"):
        if arg:
            raise ValueError("%s: %s takes nothing after it" % (where, word))
        if getattr(tc, word):
            raise ValueError("%s: given twice" % where)
        setattr(tc, word, True)
    elif word == "increment-at-start":
        if arg:
            raise ValueError("%s: increment-at-start takes nothing after it" % where)
        if tc.increment_at_start:
            raise ValueError("%s: given twice" % where)
        tc.increment_at_start = True
    elif word == "permove":
        if tc.permove_ms:
            raise ValueError("%s: only one per-move limit per control" % where)
        tc.permove_ms = _positive(arg, where)
    else:
        raise ValueError("%s: unknown modifier (delay, bronstein, byoyomi, canadian, ing, upcount, "
                         "hourglass, permove, increment-at-start)" % where)
    if (tc.byoyomi_periods > 0) + (tc.canadian_moves > 0) + (tc.ing_periods > 0) + tc.upcount > 1:
        raise ValueError("%s: byo-yomi, Canadian, Ing overtime and up-count cannot be combined: "
                         "one thing follows the main time" % where)


def _expand(spec):
    """Replace a leading preset name by its spec; returns (text, preset name)."""
    head, sep, rest = spec.partition(";")
    name, colon, amount = head.strip().partition(":")
    if name not in PRESETS:
        if name[:1].isalpha() and name != "upcount":
            raise ValueError("unknown preset '%s' (presets: %s)" % (name, ", ".join(sorted(PRESETS))))
        return spec, ""
    body = PRESETS[name]
    if name == "cxa1999-6.5":
        if not colon:
            raise ValueError("cxa1999-6.5 needs the amount of time, e.g. cxa1999-6.5:20m")
        body = amount.strip()
        if "/" in body or "," in body or "*" in body:
            raise ValueError("cxa1999-6.5 is whole-game time: give one amount, e.g. 20m")
    elif colon:
        raise ValueError("preset %s takes no amount after ':'" % name)
    if isinstance(body, tuple):  # its modifiers apply to both sides
        return (body[0] + sep + rest, body[1] + sep + rest), name
    return body + sep + rest, name


def _window(name, tc):
    """The scoresheet-exemption window of a side (§7.2: under 3 min; FIDE:
    under 5 min, and none when 30 s or more is added per move)."""
    if name in FIDE_PRESETS:
        return 0 if tc.increment_ms >= 30000 else 300000
    return 180000


def parse_side(spec, name=""):
    """Parse one side's spec string (or a preset with one control) into a
    TimeControl. `name`: the preset a spec was expanded from, for its rules."""
    spec = normalize(_sized(spec))
    text, preset = _expand(spec.strip())
    name = _name(name) or preset
    if isinstance(text, tuple):
        raise ValueError("%s gives each side its own time; use it for both sides" % name)
    if preset and len(text) > SPEC_CHARS:  # a journal's header holds it so: it must replay (played)
        raise ValueError("%d characters with %s written out: a time control has at most %d"
                         % (len(text), preset, SPEC_CHARS))
    tc = TimeControl()
    parts = text.split(";")
    if parts[0].strip() == "upcount":  # no time limit at all: the time used, counted up
        parts[0] = "0"
        parts.append("upcount")
    main, plus, inc = parts[0].strip().partition("+")
    if not main:
        raise ValueError("'%s': no time given" % spec)
    _stages(tc, main.strip())
    if plus:
        tc.increment_ms = _duration(inc, "increment '+%s'" % inc.strip())
    for mod in parts[1:]:
        _modifier(tc, mod)
    if tc.increment_at_start and not tc.increment_ms:
        raise ValueError("'%s': increment-at-start needs an increment, e.g. 15m+10s;increment-at-start" % spec)
    if tc.increment_ms and tc.delay_kind == DELAY_BRONSTEIN:
        raise ValueError("'%s': a Fischer increment (+D) and a Bronstein delay both give time per move; "
                         "choose one" % spec)
    if not tc.stages[0][0] and (not tc.overtime() or tc.stages[0][1]):
        raise ValueError("'%s': the first stage has no time" % spec)
    if tc.repeat and tc.overtime():
        raise ValueError("'%s': '*' repeats a stage with a move quota for ever, so the overtime after it "
                         "would never start" % spec)
    if tc.hourglass and (len(tc.stages) > 1 or tc.stages[0][1] or tc.increment_ms or tc.delay_kind
                         or tc.overtime()):
        raise ValueError("'%s': an hourglass has one time and nothing that adds to it (no stages, "
                         "increment, delay or overtime): e.g. 5m;hourglass" % spec)
    tc.exempt_ms = _window(name, tc)
    return tc


def _sized(spec):
    """spec, if a clock can hold it (checked before anything is made of it)."""
    if not isinstance(spec, str):
        raise ValueError("%s is not a time control" % clip(spec))
    if spec.count(",") >= STAGES:  # stages are separated by commas, and nothing else holds one
        raise ValueError("%d stages: a clock holds at most %d per side" % (spec.count(",") + 1, STAGES))
    if len(spec) > SPEC_CHARS:
        raise ValueError("%d characters: a time control has at most %d" % (len(spec), SPEC_CHARS))
    return spec


def _name(name):
    if not isinstance(name, str):
        raise ValueError("preset is %r, not a preset's name" % (name,))
    return name


def _control(red, black, name):
    return Control(red, black, name, name in DRAW_GOES_TO_BLACK)


def parse(spec, name=""):
    """Parse a spec string or preset name into a Control for both sides.
    `name`: the preset a spec was expanded from (a journal's), for its rules."""
    spec = normalize(_sized(spec))
    text, preset = _expand(spec.strip())
    name = _name(name) or preset
    if isinstance(text, tuple):
        return _control(parse_side(text[0], name), parse_side(text[1], name), name)
    tc = parse_side(spec, name)
    return _control(tc, tc, name)


def handicap(red_spec, black_spec, name="", presets=("", "")):
    """A Control with a different spec per side (`name`: as for parse;
    `presets`: the preset each side's spec was expanded from, for its rules)."""
    red = parse_side(red_spec, presets[0])
    black = parse_side(black_spec, presets[1])
    if red.hourglass != black.hourglass:
        raise ValueError("an hourglass needs both sides: the time one uses goes to the other")
    return _control(red, black, _name(name))


def played(clock, clock_black=""):
    """What a game's journal header holds of its control, given the settings'
    clock (a SPEC or preset; with clock_black, Black's own): the specs it is
    played with, so that its replay never depends on this firmware's presets
    (an update may change what a name means) -> {"clock": SPEC} or {"red":
    SPEC, "black": SPEC}, and "preset": NAME when a preset set both sides: the
    name keeps its rules (FIDE's exemption window, Armageddon's draw) and
    names the game in reports; with a control per side, "presets": [RED'S,
    BLACK'S] names each side's preset, for its rules. The same control for
    both sides is that control, as if given once."""
    if clock_black and normalize(clock_black).strip() != normalize(clock).strip():
        red, red_name = _spec_of(clock)
        black, black_name = _spec_of(clock_black)
        out = {"red": red, "black": black}
        if red_name or black_name:
            out["presets"] = [red_name, black_name]
        return out
    text, name = _spec_of(clock)
    out = {"red": text[0], "black": text[1]} if isinstance(text, tuple) else {"clock": text}
    if name:
        out["preset"] = name
    return out


def _spec_of(spec):
    """(what a spec plays, its preset's name or ""); a plain spec as it is."""
    text, name = _expand(normalize(spec).strip())
    return (text, name) if name else (spec, "")


def sides(text):
    """'red=SPEC black=SPEC' (either order; specs may hold spaces, '1m;delay 5s')
    -> (red spec, black spec); None for text that names no sides (one SPEC for
    both). ValueError when a side is missing."""
    text = normalize(text).strip()
    if not (text.startswith("red=") or text.startswith("black=")):
        return None
    first = "red" if text.startswith("red=") else "black"
    second = "black" if first == "red" else "red"
    body, sep, other = text[len(first) + 1:].partition(" %s=" % second)
    if not sep:
        raise ValueError("write clock red=SPEC black=SPEC (no %s= found)" % second)
    if first == "red":
        return body.strip(), other.strip()
    return other.strip(), body.strip()


def parse_any(text):
    """A Control from one SPEC for both sides or from 'red=SPEC black=SPEC'."""
    both = sides(text)
    if both is None or both[0] == both[1]:  # red=X black=X is X
        return parse(text if both is None else both[0])
    for name, spec in (("red", both[0]), ("black", both[1])):
        try:
            parse_side(spec)
        except ValueError as e:
            raise ValueError("%s: %s" % (name, e))
    return handicap(both[0], both[1])


def describe(control):
    """The game's control in words (for the host's tools: the board shows no prose)."""
    red, black = control.sides
    text = describe_side(red)
    if describe_side(black) != text:
        text = "Red: %s. Black: %s" % (text, describe_side(black))
    if control.draw_to_black:
        text += ". A draw counts as a win for Black"
    return text


def describe_side(tc):
    """One side's control in words."""
    if tc.upcount and tc.stages == [[0, 0]]:
        out = "no time limit: the clock counts the time used upwards, with no flag"
        return out + ("; each move within %s" % words(tc.permove_ms) if tc.permove_ms else "")
    out = ""
    n = len(tc.stages)
    for i in range(n):
        t, moves = tc.stages[i]
        last = i == n - 1
        if i:
            out += ", then "
        if not moves:
            out += words(t) + (" for the rest of the game" if i else " for the whole game")
        elif last and tc.repeat:
            out += ("%s for every move, repeating" % words(t)) if moves == 1 else \
                "%s for every %d moves, repeating" % (words(t), moves)
        else:
            out += "%s for %s" % (words(t), _moves(moves))
    if tc.increment_ms:
        out += "; %s added per move from move 1, %s" % (words(tc.increment_ms), (
            "the first on the clock at the start" if tc.increment_at_start else "each after its move"))
    if tc.delay_kind == DELAY_SIMPLE:
        out += "; %s delay each move" % words(tc.delay_ms)
    elif tc.delay_kind == DELAY_BRONSTEIN:
        out += "; Bronstein delay of %s" % words(tc.delay_ms)
    if tc.byoyomi_periods:
        out += "; then byo-yomi: %d period%s of %s" % (tc.byoyomi_periods, "" if tc.byoyomi_periods == 1
                                                          else "s", words(tc.byoyomi_ms))
    if tc.canadian_moves:
        out += "; then %s in %s, repeating" % (_moves(tc.canadian_moves), words(tc.canadian_ms))
    if tc.ing_periods:
        out += "; then Ing overtime: up to %d periods of %s, each costing %d point%s" % (
            tc.ing_periods, words(tc.ing_ms), tc.ing_points, "" if tc.ing_points == 1 else "s")
    if tc.upcount:
        out += "; once the main time is used up the clock counts on upwards, with no flag"
    if tc.hourglass:
        out += "; hourglass: the time one side uses is added to the other's"
    if tc.permove_ms:
        out += "; each move within %s" % words(tc.permove_ms)
    return out


def _moves(n):
    return "1 move" if n == 1 else "%d moves" % n
