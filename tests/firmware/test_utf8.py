# Names outside the Basic Multilingual Plane (𠮷川) as UTF-8 wherever the
# clock keeps or sends them, the same bytes on both VMs (issue 25.1): the
# settings a host wrote with JSON escapes, the journal's header, a journal an
# older firmware wrote in CESU-8.
import json

from support.firmware import raises, scratch
from clock import journal, journalread
from clock.utf8 import dumps, joined
from device import settings as cfg

JI = "\U00020bb7"  # 𠮷, CJK Extension B
JI_UTF8 = b"\xf0\xa0\xae\xb7"
JI_CESU8 = b"\xed\xa1\x82\xed\xbe\xb7"  # what MicroPython's json made of "\ud842\udfb7"
CHUAN_UTF8 = b"\xe5\xb7\x9d"  # 川


def load(text):
    path = scratch("settings.json")
    with open(path, "wb") as f:
        f.write(text)
    return cfg.load(path)


def test_a_name_written_as_utf16_escapes_is_read_as_its_one_character():
    values, problem = load(b'{"red_name": "\\ud842\\udfb7\\u5ddd", "black_name": "\\u8bb8\\u94f6\\u5ddd"}')
    assert problem is None, problem
    assert values["red_name"].encode() == JI_UTF8 + CHUAN_UTF8
    assert len(values["red_name"]) == 2
    assert values["black_name"] == "许银川"


def test_a_name_in_utf8_is_read_as_it_is():
    values, problem = load(b'{"red_name": "' + JI_UTF8 + CHUAN_UTF8 + b'"}')
    assert problem is None and values["red_name"] == JI + "川"


def test_half_a_character_is_refused_as_a_name():
    values, problem = load(b'{"red_name": "\\ud842x", "code": "2468"}')
    assert problem and "red_name" in problem and "half a character" in problem, problem
    assert values["red_name"] == "" and values["code"] == "2468"  # refused on its own
    assert "half a character" in str(raises(ValueError, joined, "\udfb7"))


def test_the_journal_header_holds_the_name_in_utf8_the_same_on_both_vms():
    values = cfg.check({"clock": "10m", "board": 7, "red_name": JI + "川", "black_name": "许银川"})
    head, _ = journal.header(dict(cfg.game_settings(values), id="0123456789abcdef"))
    assert JI_UTF8 + CHUAN_UTF8 in head and "许银川".encode() in head
    assert b"\\u" not in head  # no escapes: the bytes a MicroPython clock writes
    path = scratch("game.xqj")
    journal.Journal.create(path, dict(cfg.game_settings(values), id="0123456789abcdef")).close()
    assert journalread.Loaded(path).settings["names"] == [JI + "川", "许银川"]


def test_a_journal_an_older_clock_wrote_in_cesu8_reads_as_the_name():
    path = scratch("old.xqj")
    settings = b'{"clock": "10m", "names": ["' + JI_CESU8 + CHUAN_UTF8 + b'", "x"], "id": "00"}'
    head = journal.MAGIC + bytes([len(settings), 0]) + settings
    with open(path, "wb") as f:
        f.write(head + journal.chain(b"", head))
    loaded = journalread.Loaded(path)
    assert loaded.settings["names"][0] == JI + "川"
    assert loaded.settings["names"][0].encode() == JI_UTF8 + CHUAN_UTF8


def test_json_text_is_the_same_on_both_vms():
    assert dumps({"red": JI + "川"}).encode() == b'{"red": "' + JI_UTF8 + CHUAN_UTF8 + b'"}'
    assert json.loads(dumps(["许银川"])) == ["许银川"]
