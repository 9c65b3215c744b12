# The board's /settings.json as power-on reads it (issue 15.3), on both VMs: a
# bad field is refused on its own and the rest kept, the arbiter's lock is
# never dropped, and nothing in the file stops the clock from booting.
from support.firmware import scratch
from device import settings as cfg

GOOD_TYPES = {"clock": str, "clock_black": str, "forfeit": int, "fouls": int, "tenths": int, "sound": bool,
              "language": int, "red_side": int, "code": str, "board": int, "red_name": str, "black_name": str}


def load(text):
    path = scratch("settings.json")
    with open(path, "w") as f:
        f.write(text)
    values, problem = cfg.load(path)
    assert sorted(values) == sorted(cfg.DEFAULTS)
    for key in values:
        assert type(values[key]) is GOOD_TYPES[key], (key, values[key])
    return values, problem


def locked(values):
    return values["code"] != "" and not (len(values["code"]) == 4 and values["code"].isdigit())


def test_a_file_that_is_no_object_boots_locked():
    for text in ("null", "5", '["clock"]', "{not json", ""):
        values, problem = load(text)
        assert problem and "settings" in problem, text
        assert locked(values), text  # it may have held a code: never drop the lock


def test_a_bad_field_is_refused_on_its_own():
    for text, field in (('{"clock": 5, "code": "2468"}', "clock"),
                        ('{"clock": null, "code": "2468"}', "clock"),
                        ('{"clock_black": 5, "code": "2468"}', "clock_black"),
                        ('{"code": "2468", "brightness": 3}', "brightness"),
                        ('{"sound": "no", "code": "2468"}', "sound"),
                        ('{"language": 1.0, "code": "2468"}', "language"),
                        ('{"language": true, "code": "2468"}', "language"),
                        ('{"red_side": 2, "code": "2468"}', "red_side"),
                        ('{"fouls": "3", "code": "2468"}', "fouls"),
                        ('{"tenths": 20500, "code": "2468"}', "tenths"),
                        ('{"tenths": 61000, "code": "2468"}', "tenths"),
                        ('{"forfeit": 1.5, "code": "2468"}', "forfeit"),
                        ('{"clock": "nope", "code": "2468"}', "clock"),
                        ('{"board": 1000, "code": "2468"}', "board"),
                        ('{"board": true, "code": "2468"}', "board"),
                        ('{"red_name": 7, "code": "2468"}', "red_name"),
                        ('{"black_name": "a\\nb", "code": "2468"}', "black_name"),
                        ('{"red_name": "%s", "code": "2468"}' % ("x" * 41), "red_name")):
        values, problem = load(text)
        assert problem is not None and field in problem, (text, problem)
        assert values["code"] == "2468", text  # the lock stays
        assert values[field] == cfg.DEFAULTS[field] if field in cfg.DEFAULTS else True


def test_the_good_fields_are_kept():
    values, problem = load('{"clock": "xq-15+10", "sound": "no", "language": 1, "fouls": 5}')
    assert values["clock"] == "xq-15+10" and values["language"] == 1 and values["fouls"] == 5
    assert values["sound"] is False and "sound" in problem


def test_a_code_that_cannot_be_read_keeps_the_clock_locked():
    for code in ('"24680"', '2468', '"abcd"', 'null', '"２４６８"'):
        values, problem = load('{"code": %s}' % code)
        assert locked(values) and "code" in problem, code


def test_a_handicap_on_a_two_sided_preset_is_refused_alone():
    values, problem = load('{"clock": "xq-armageddon", "clock_black": "5m"}')
    assert values["clock"] == "xq-armageddon" and values["clock_black"] == "" and "clock_black" in problem


def test_good_settings_have_no_problem():
    values, problem = load('{"clock": "5m+3s", "code": "0000", "sound": true}')
    assert problem is None and values["code"] == "" and values["sound"] is True


def test_a_missing_file_is_the_defaults_unlocked():
    values, problem = cfg.load(scratch("none.json"))
    assert values == cfg.DEFAULTS and problem is None
