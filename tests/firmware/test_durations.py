# Durations (SCENARIOS.md "Times and durations"): every written form, exact
# milliseconds, and the rejects with a message that says what is wrong.
from support.firmware import raises
from clock.durations import parse_ms, words


def test_unit_forms():
    assert parse_ms("1h30m") == 5400000  # 3600000 + 30 * 60000
    assert parse_ms("90m") == 5400000
    assert parse_ms("45s") == 45000
    assert parse_ms("2.5s") == 2500
    assert parse_ms("1h2m3.25s") == 3723250  # 3600000 + 120000 + 3250
    assert parse_ms("1h") == 3600000
    assert parse_ms("0.001s") == 1
    assert parse_ms("1.001s") == 1001
    assert parse_ms("2.5m") == 150000
    assert parse_ms("0.5h") == 1800000


def test_colon_forms():
    assert parse_ms("1:30:00") == 5400000
    assert parse_ms("2:03.5") == 123500  # M:SS.f -> 2 min 3.5 s
    assert parse_ms("0:01") == 1000
    assert parse_ms("1:00:00.5") == 3600500
    assert parse_ms("10:00") == 600000
    assert parse_ms("0:59.999") == 59999


def test_bare_zero_needs_no_unit():
    assert parse_ms("0") == 0
    assert parse_ms("0s") == 0
    assert parse_ms("0:00") == 0


def test_a_number_without_unit_is_rejected_with_a_hint():
    e = raises(ValueError, parse_ms, "90")
    assert "'90'" in str(e)
    assert "unit" in str(e)


def test_colon_seconds_need_two_digits():
    e = raises(ValueError, parse_ms, "1:5")
    assert "two digits" in str(e)


def test_colon_seconds_must_be_under_60():
    e = raises(ValueError, parse_ms, "1:60")
    assert "under 60" in str(e)
    raises(ValueError, parse_ms, "1:00:60")


def test_colon_minutes_of_an_hour_form_need_two_digits_under_60():
    raises(ValueError, parse_ms, "1:5:00")
    raises(ValueError, parse_ms, "1:60:00")
    raises(ValueError, parse_ms, "1:2:3:04")
    raises(ValueError, parse_ms, ":30")
    raises(ValueError, parse_ms, "1:30:")


def test_finer_than_a_millisecond_is_rejected():
    e = raises(ValueError, parse_ms, "2.0005s")
    assert "finer than a millisecond" in str(e)
    raises(ValueError, parse_ms, "0:00.0001")


def test_unknown_or_missing_units_and_numbers():
    e = raises(ValueError, parse_ms, "5x")
    assert "'5x'" in str(e)
    e = raises(ValueError, parse_ms, "m")
    assert "'m'" in str(e)
    e = raises(ValueError, parse_ms, "")
    assert "missing" in str(e)
    for bad in ("1h30", "-5s", "1.2.3s", "1m1m", "h", "5 m", "1h 30m", "s5"):
        raises(ValueError, parse_ms, bad)


def test_words():
    assert words(5400000) == "90 min"
    assert words(30000) == "30 s"
    assert words(2500) == "2.5 s"
    assert words(90000) == "1 min 30 s"
    assert words(3600000) == "60 min"
    assert words(1) == "0.001 s"
    assert words(61250) == "1 min 1.25 s"
