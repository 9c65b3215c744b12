# One definition of white space, the same on both VMs (issue 15.4): every
# character CPython's str.split() splits on is a space in a spec, also on
# MicroPython (whose split() and strip() know only ASCII white space).
from support.firmware import raises
from clock import spaces, timecontrol

# CPython's str.isspace() set, written out: MicroPython cannot list it
UNICODE_SPACES = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
                  "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


def test_every_unicode_space_is_a_space_in_a_spec():
    want = timecontrol.describe(timecontrol.parse("5m/40,15m/10*;delay 5s"))
    for c in UNICODE_SPACES:
        spec = c + "5m/40" + c + ",15m/10*" + c + ";delay" + c + "5s" + c
        assert timecontrol.describe(timecontrol.parse(spec)) == want, hex(ord(c))
        side = timecontrol.describe_side
        assert side(timecontrol.parse_side(spec)) == side(timecontrol.parse_side("5m/40,15m/10*;delay 5s"))
        assert timecontrol.parse(c + "xq-60+30" + c).name == "xq-60+30", hex(ord(c))
        both = timecontrol.describe
        assert both(timecontrol.handicap("5m" + c, c + "4m")) == both(timecontrol.handicap("5m", "4m"))


def test_the_full_width_space_a_chinese_keyboard_types():
    assert spaces.normalize("5m/40\u3000,15m/10*") == "5m/40 ,15m/10*"
    assert spaces.normalize("clock\u00a0xq-60+30").split() == ["clock", "xq-60+30"]
    assert spaces.normalize("plain") == "plain"


def test_a_character_that_is_no_space_is_refused_on_both_vms():
    for c in ("\u200b", "\ufeff", "\u00ad"):  # zero-width space, BOM, soft hyphen: not white space
        assert raises(ValueError, timecontrol.parse, "5m" + c)
