"""Settings as the board reads them and as `config push` writes them (issue
15.3, 15.4, 15.6): a bad field is refused on its own, the lock is never
dropped, and the host writes what the board understands."""
import json

import pytest

from device import settings as cfg
from device.board import check as check_profile, ProfileError
from host_tools import simulate
from host_tools.board import config
from support.rigs import OK, PLUS, START, rig


def test_config_push_stores_the_boards_own_white_space():
    out = config.changes_from(clock="5m/40\u00a0,15m/10*", clock_black="\u30004m/40,15m/10*")
    assert out["clock"] == "5m/40 ,15m/10*" and out["clock_black"] == "4m/40,15m/10*"


def test_the_power_on_looks_for_the_push_staging_leaves():
    """device/poweron.py finishes an interrupted push only if its file is there
    (it does not import device/staging.py to ask): the same path."""
    from device import poweron, staging
    assert poweron.STAGED == staging.SETTINGS + ".new"


# -- the clock boots with whatever its /settings.json holds, and says so -------------------

def boot_with(tmp_path, text, profile="oled"):
    r = rig(tmp_path, profile, power_on=False)
    (tmp_path / "settings.json").write_text(text)
    r.boot()
    r.run(4000)  # the marks have the display one second in four
    return r


@pytest.mark.parametrize("text", ["null", "5", '["clock"]', '{"clock": 5}', '{"clock": null}',
                                  '{"clock_black": 5}', '{"code": "2468", "brightness": 3}'])
def test_the_clock_boots_and_marks_refused_settings(tmp_path, text):
    from device import faults
    r = boot_with(tmp_path, text)
    assert r.app.fault_kinds & faults.SETTINGS
    r.press(START)
    r.run(1000)
    assert r.app.game.started and r.app.game.sides[0].remaining < 3600000


def test_one_bad_field_never_drops_the_lock(tmp_path):
    r = boot_with(tmp_path, json.dumps({"code": "2468", "brightness": 3}))
    assert r.app.values["code"] == "2468"
    r.press(START)
    r.press(OK, hold_ms=2100)
    assert not r.app.arbiter  # the code prompt, as before
    for key in [OK] * 4:
        r.press(key)
    assert not r.app.arbiter


def test_an_unreadable_code_keeps_the_clock_locked(tmp_path):
    r = boot_with(tmp_path, '{"code": 2468}')
    r.press(START)
    for code in ([OK] * 4, [PLUS, PLUS, OK, PLUS, PLUS, PLUS, PLUS, OK, PLUS, PLUS, PLUS, PLUS, PLUS, PLUS, OK,
                            PLUS, PLUS, PLUS, PLUS, PLUS, PLUS, PLUS, PLUS, OK]):
        r.press(OK, hold_ms=2100)
        for key in code:
            r.press(key)
        assert not r.app.arbiter


def test_the_seven_segment_build_marks_refused_settings(tmp_path):
    r = boot_with(tmp_path, '{"sound": "no"}', "segment7")
    shown = set()
    for _ in range(8):
        r.run(500)
        shown.add(r.frame(0))
    assert any(text.startswith(("EC", "E C")) for text in shown), shown


# -- the board profile: optional fields checked like required ones ------------------------



def profile(name="oled"):
    return json.loads(simulate.profile_path(name).read_text())


@pytest.mark.parametrize("build,path,value", [
    ("oled", "display.left.freq", "fast"), ("oled", "display.left.freq", 0), ("oled", "display.right.addr", 300),
    ("oled", "display.left.addr", "0x3C"), ("oled", "display.left.i2c", 2), ("oled", "display.right.i2c", "0"),
    ("oled", "display.width", 1000), ("oled", "display.height", 63), ("segment7", "display.brightness", 9),
    ("oled", "buttons.debounce_ms", -5), ("oled", "buttons.debounce_ms", "20"), ("oled", "buttons.active_low", 1),
    ("oled", "battery.adc", 5), ("oled", "battery.adc", None), ("oled", "battery.divider", 0),
    ("oled", "battery.empty_mv", "3300"), ("oled", "battery.full_mv", 3000),
    ("oled", "fram.size", 1000), ("oled", "fram.size", "32K"), ("oled", "fram.addr", 0x3C), ("oled", "fram.freq", 5),
])
def test_optional_profile_fields_are_checked(build, path, value):
    p = profile(build)
    p["fram"] = {"i2c": 1, "scl": 3, "sda": 2}
    section, _, key = path.rpartition(".")
    obj = p
    for part in section.split("."):
        obj = obj[part]
    obj[key] = value
    with pytest.raises(ProfileError) as e:
        check_profile(p)
    assert path in str(e.value)


def test_the_shipped_profiles_and_good_optional_values_pass():
    for name in ("oled", "segment7"):
        check_profile(profile(name))
    p = profile()
    p["fram"] = {"i2c": 1, "scl": 7, "sda": 6, "size": 131072, "addr": 0x50, "freq": 1000000}
    p["battery"]["adc"] = 28  # a spare ADC
    check_profile(p)


def test_config_push_and_button_scripts_take_the_firmwares_words():
    """settings.WORDS is the one list of the words for a choice: config push and
    the button scripts take each of them, for the value the board keeps."""
    from host_tools.mpy.sim import script
    for field, words in cfg.WORDS.items():
        for i, word in enumerate(words):
            value = bool(i) if field == "sound" else i
            assert config.changes_from(**{field: word}) == {field: value}
            assert script.parse(f"{field.replace('_', '-')} {word}\nend 1s\n")[0][field] == value
