"""The power model's arithmetic (host_tools/power.py) on a case worked by
hand, and its table (hardware/power.json) citing a source for every part."""
import pytest

from host_tools import power

TABLE = {
    "board": {"vsys_v": 5.0, "busy_ma": 25.0, "wait_ma": {"lightsleep": 1.0, "delay": 20.0}, "step_us": 1000,
              "draw_us": {"tm1637": 0}, "bitbang_bit_us": 20, "wake_us": 0},
    "rail": {"v": 3.3, "efficiency": 0.825},
    "displays": {"tm1637": {"on_ma": 0.5, "off_ma": 0.1, "ma_per_segment_16th": 0.07}},
    "leds": {"ma": 1.0},
    "buzzer": {"ma": 2.0},
    "battery": {"diode_v": 0.15, "divider_ohm": 375000,
                "cells": {"alkaline": {"count": 3, "mean_v": 1.25, "capacity_mah": [[1, 3000], [25, 2850]]}}},
}
# One second: the CPU in lightsleep but for 10 steps of 1 ms; both TM1637s on
# with 10 segments lit at 4/16; one LED lit for half of it.
SECOND = {"us": 1_000_000, "t": {"lightsleep@125": 1_000_000}, "steps": 10, "draws": 0, "bus_us": 0,
          "bitbang_bits": 0, "wakes": 0, "display_on_us": 2_000_000, "display_level_us": 10 * 4 * 1_000_000,
          "led_us": 500_000, "buzzer_us": 0}


def test_a_second_priced_by_hand():
    got = power.currents(SECOND, "tm1637", TABLE)
    assert got["board"] == pytest.approx(0.01 * 25 + 0.99 * 1.0)  # 1.24 mA at VSYS
    assert got["display"] == pytest.approx(2 * 0.5 + 40 * 0.07)  # 3.8 mA at 3V3
    assert got["leds"] == pytest.approx(0.5)
    # 5 V x 1.24 + 3.3 / 0.825 x 4.3 = 23.4 mW through 3.75 V less the diode's 0.15 V, plus 10 uA in the divider
    assert got["battery"] == pytest.approx(23.4 / 3.6 + 0.01)
    # 6.51 mA is 5.51/24 of the way from 3000 mAh at 1 mA to 2850 at 25 mA
    assert power.hours(got["battery"], TABLE) == pytest.approx((3000 - 150 * 5.51 / 24) / 6.51)


def test_busy_time_is_taken_out_of_the_wait_it_interrupted():
    busy = dict(SECOND, steps=1000)  # 1000 steps of 1 ms: busy the whole second
    assert power.board_ma(busy, "tm1637", TABLE) == pytest.approx(25.0)


def test_bus_time_that_took_virtual_time_is_busy_and_not_counted_twice():
    timed = dict(SECOND, t={"lightsleep@125": 900_000, "busy@125": 100_000}, steps=0)
    assert power.board_ma(timed, "tm1637", TABLE) == pytest.approx(0.1 * 25 + 0.9 * 1.0)


def test_a_game_mix_weighs_its_phases_by_their_time():
    assert power.mixed({"a": 10.0, "b": 4.0}, {"a": 90, "b": 210}) == pytest.approx((900 + 840) / 300)


def test_every_current_of_the_table_says_where_it_comes_from():
    t = power.table()
    for section in ("board", "rail", "leds", "buzzer"):
        assert any(k.endswith("source") for k in t[section]), section
    for kind, part in t["displays"].items():
        assert part["source"], kind
    for chemistry, cells in t["battery"]["cells"].items():
        assert cells["source"] and cells["capacity_mah"] == sorted(cells["capacity_mah"]), chemistry
