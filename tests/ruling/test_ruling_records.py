"""Game records for xqclock ruling: the notations players write, PGN and XQF
files, one clear line for a bad move, and property tests against
Fairy-Stockfish (its legal moves and checks are ours; a record written out in
each notation reads back as the same game)."""
import struct

import pyffish
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host_tools.ruling import engine, notation, record, rules
from host_tools.ruling.board import BLACK, RED, START_FEN, Position, name


def moves_of(text):
    return [notation.iccs(m.move) for m in record.read_text(text).moves]


def parse(fen, text):
    return notation.iccs(notation.parse(Position.from_fen(fen), text))


# -- notations ---------------------------------------------------------------------------

def test_the_opening_in_every_notation_is_the_same_game():
    chinese = "1. 炮二平五 马８进７ 2. 马二进三 车９平８"
    half_width = "1. 炮二平五 马8进7 2. 马二进三 车9平8"
    wxf = "1. C2.5 H8+7 2. H2+3 R9.8"
    wxf_equals = "1. C2=5 h8+7 2. H2+3 R9=8"
    iccs = "1. h2e2 h9g7 2. h0g2 i9h9"
    dashed = "1. H2-E2 H9-G7 2. H0-G2 I9-H9"
    expected = ["h2e2", "h9g7", "h0g2", "i9h9"]
    for text in (chinese, half_width, wxf, wxf_equals, iccs, dashed):
        assert moves_of(text) == expected, text


def test_traditional_characters_and_moves_written_without_spaces():
    assert moves_of("炮二平五馬８進７傌二進三車９平８") == ["h2e2", "h9g7", "h0g2", "i9h9"]


# Two red chariots on file 二 (h), one in front of the other.
#     a b c d e f g h i
#  9  . . . k . . . . .   Black
#  ...
#  5  . . . . . . . R .   ~~ river ~~
#  ...
#  2  . . . . . . . R .
#  0  . . . . K . . . .   Red
TANDEM = "3k5/9/9/9/7R1/9/9/7R1/9/4K4 w"


def test_front_and_back_pieces_on_one_file():
    assert parse(TANDEM, "前车进一") == "h5h6"
    assert parse(TANDEM, "后车平四") == "h2f2"
    assert parse(TANDEM, "+R+1") == "h5h6" and parse(TANDEM, "-R.4") == "h2f2"
    assert parse(TANDEM, "R+=4") == "h5f5"  # Fairy-Stockfish's way of writing it
    assert parse(TANDEM, "车前进一") == "h5h6"


def test_a_move_that_fits_two_pieces_is_refused_not_guessed():
    with pytest.raises(notation.NotationError, match="ambiguous"):
        notation.parse(Position.from_fen(TANDEM), "车二进一")


# Three red pawns on file 五 (e), crossed; two more pawns on file 三 (g).
#     a b c d e f g h i
#  9  . . . k . . . . .   Black
#  8  . . . . P . . . .
#  7  . . . . P . P . .
#  6  . . . . P . P . .
#  0  . . . . . K . . .   Red
PAWNS = "3k5/4P4/4P1P2/4P1P2/9/9/9/9/9/5K3 w"
THREE = "3k5/4P4/4P4/4P4/9/9/9/9/9/5K3 w"


def test_three_pawns_on_a_file_are_front_middle_back():
    assert parse(THREE, "前兵平四") == "e8f8"
    assert parse(THREE, "中兵平六") == "e7d7"
    assert parse(THREE, "后兵平四") == "e6f6"
    assert parse(THREE, "一兵平四") == "e8f8" and parse(THREE, "三兵平四") == "e6f6"
    assert parse(THREE, "25.4") == "e7f7"  # WXF: the second pawn of file 5


def test_with_two_files_of_pawns_the_file_must_be_written():
    with pytest.raises(notation.NotationError, match="write the file too"):
        notation.parse(Position.from_fen(PAWNS), "前兵平四")
    assert parse(PAWNS, "前兵三平四") == "g7f7"
    assert parse(PAWNS, "中兵五平六") == "e7d7"
    pos = Position.from_fen(PAWNS)
    assert notation.chinese(pos, notation.parse(pos, "前兵三平四")) == "前兵三平四"


def test_advisors_on_one_file_need_no_front_or_back():
    # Red advisors on d0 and d2: one can only go up, the other only down.
    fen = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w"
    assert parse(fen, "仕六进五") == "d0e1" and parse(fen, "仕六退五") == "d2e1"


def test_black_counts_files_from_its_own_right():
    pos = Position.from_fen(START_FEN).play(notation.parse(Position.from_fen(START_FEN), "h2e2"))
    assert notation.iccs(notation.parse(pos, "炮8平5")) == "h7e7"
    assert notation.iccs(notation.parse(pos, "卒７进１")) == "g6g5"


# -- records ---------------------------------------------------------------------------

PGN = """[Event "许银川 vs 𠮷川"]
[Red "许银川"]
[Black "𠮷川"]
[Format "ICCS"]

1. h2e2 {中炮} h9g7 2. h0g2 (2. b0c2 b9c7) i9h9 1-0
"""


def test_pgn_headers_comments_and_variations(tmp_path):
    path = tmp_path / "game.pgn"
    path.write_text(PGN, encoding="utf-8")
    rec = record.read_path(path)
    assert [notation.iccs(m.move) for m in rec.moves] == ["h2e2", "h9g7", "h0g2", "i9h9"]
    assert rec.headers["red"] == "许银川" and rec.headers["black"] == "𠮷川"


def test_pgn_with_chinese_moves():
    text = ('[Event "全国象棋个人赛"]\n[Result "1/2-1/2"]\n\n'
            '1. 炮二平五 马８进７ {屏风马} 2. 马二进三 车９平８ 1/2-1/2\n')
    assert moves_of(text) == ["h2e2", "h9g7", "h0g2", "i9h9"]


def test_pgn_fen_header_sets_the_start():
    text = '[FEN "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1"]\n1. a8a9 e9e8 *'
    rec = record.read_text(text)
    assert rec.start.fen().startswith("4k4/R8/") and len(rec.moves) == 2


XQF_FORMAT = "<2sB13s32s3sB12sB15sB63s64sB63sB15sB15sB15sB15sB63sB15sB15s32sB15sB15s528s"


def xqf(moves, red="", black=""):
    """An XQF file (version 10, not encrypted) of the start position and these
    (from, to) moves of (file, rank) pairs, as Xiangqi programs write them."""
    home = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (1, 2), (7, 2),
            (0, 3), (2, 3), (4, 3), (6, 3), (8, 3)]
    board = bytes(f * 10 + r for f, r in home + [(f, 9 - r) for f, r in home])
    names = [n.encode("gb18030") for n in (red, black)]
    fields = [b"XQ", 10, bytes(13), board, bytes(3), 0, bytes(12), 0, bytes(15), 0, bytes(63), bytes(64), 0,
              bytes(63), 0, bytes(15), 0, bytes(15), len(names[0]), names[0], len(names[1]), names[1], 0,
              bytes(63), 0, bytes(15), 0, bytes(15), bytes(32), 0, bytes(15), 0, bytes(15), bytes(528)]
    data = struct.pack(XQF_FORMAT, *fields) + bytes([0, 0, 0xF0, 0]) + struct.pack("<I", 0)
    for i, ((ff, fr), (tf, tr)) in enumerate(moves):
        more = 0xF0 if i < len(moves) - 1 else 0
        data += bytes([ff * 10 + fr + 0x18, tf * 10 + tr + 0x20, more, 0]) + struct.pack("<I", 0)
    return data


def test_an_xqf_file_loads_as_is(tmp_path):
    path = tmp_path / "game.xqf"
    path.write_bytes(xqf([((7, 2), (4, 2)), ((7, 9), (6, 7)), ((7, 0), (6, 2))], red="许银川"))
    rec = record.read_path(path)
    assert [notation.iccs(m.move) for m in rec.moves] == ["h2e2", "h9g7", "h0g2"]
    assert rec.headers.get("red") == "许银川"


def test_a_damaged_xqf_file_is_one_line(tmp_path):
    path = tmp_path / "bad.xqf"
    path.write_bytes(b"XQ" + bytes(40))
    with pytest.raises(record.RecordError, match="bad.xqf: not a readable XQF file"):
        record.read_path(path)


# -- bad records ------------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("1. 炮二平五 马８进７\n2. 马二进四",
     "-:2: move 2 (red) '马二进四': illegal: the horse is hobbled: g0 is occupied"),
    ("1. 炮二平五 马８进７ 2. 相三进三", "-:1: move 2 (red) '相三进三': no elephant there can make that move"),
    ("1. h2e2 h9g7 2. h2h9", "-:1: move 2 (red) 'h2h9': illegal: no piece on h2"),
    ("1. h2e2 h7h0", "-:1: move 1 (black) 'h7h0': illegal: a cannon captures over exactly one piece"),
    ("1. 炮二平五 xyz", "-:1: move 1 (black) 'xyz': not a move in Chinese, WXF or ICCS notation"),
    ("fen 4k4/9/9/9/9/9/9/9/9/4K4 w\n1. e0e1", "-:1: fen: the side not to move is in check"),
    ("fen 4k4/9/9/9/9/9/9/9/9/9 w", "-:1: fen: no Red king"),
    ("fen 4k4/9/9/9/9/9/9/9/9/3KK4 w", "-:1: fen: 2 Red K (at most 1)"),
    ("fen rnbakabnr/9/9 w", "-:1: fen: 3 ranks, not 10"),
    ("h2e2\nfen 4k4/9/9/9/9/9/9/9/9/3K5 w", "-:2: 'fen' must come before the moves"),
    ("1. h2e2 h9g7 2. e2e3", "-:1: move 2 (red) 'e2e3': illegal: e3 holds the mover's own piece"),
])
def test_a_bad_record_is_one_line_naming_the_move(text, message):
    with pytest.raises(record.RecordError) as e:
        record.read_text(text)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_a_move_that_leaves_the_king_in_check_is_illegal():
    # The horse on e1 shields its king from the chariot on e9.
    text = "fen 3k5/4r4/9/9/9/9/9/9/4N4/4K4 w\ne1c2"
    with pytest.raises(record.RecordError, match="leaves the mover's king in check"):
        record.read_text(text)


# -- property tests against Fairy-Stockfish ------------------------------------------------

def random_game(rng, plies):
    pos = Position.from_fen(START_FEN)
    out = []
    for _ in range(plies):
        legal = pos.legal_moves()
        if not legal:
            break
        m = rng.choice(legal)
        out.append((pos.copy(), m))
        pos.do(m)
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(min_value=10, max_value=120))
def test_our_legal_moves_and_checks_are_fairy_stockfishs(rng, plies):
    for pos, m in random_game(rng, plies)[-6:]:
        ours = {engine.uci(x) for x in pos.legal_moves()}
        assert ours == engine.legal_moves(pos.fen()), pos.fen()
        assert pos.gives_check(m) == engine.gives_check(pos.fen(), m), (pos.fen(), m)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(min_value=4, max_value=80))
def test_every_move_we_call_a_check_is_one(rng, plies):
    game = random_game(rng, plies)
    fen = START_FEN
    flags = engine.checks(fen, [m for _, m in game])
    for (pos, m), fsf in zip(game, flags):
        if fsf or pos.gives_check(m):
            assert (rules.classify(pos, m).kind == rules.CHECK) == fsf == pyffish.gives_check(
                "xiangqi", pos.fen(), [engine.uci(m)]), (pos.fen(), name(m[0]) + name(m[1]))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(min_value=1, max_value=150),
       st.sampled_from(["chinese", "wxf", "iccs"]))
def test_a_record_written_in_a_notation_reads_back_as_the_same_game(rng, plies, style):
    game = random_game(rng, plies)
    rec = record.Record(Position.from_fen(START_FEN), 1,
                        [record.Move(m, "", 1, i // 2 + 1, RED if i % 2 == 0 else BLACK)
                         for i, (_, m) in enumerate(game)], {})
    text = record.write(rec, style)
    back = record.read_text(text)
    assert [m.move for m in back.moves] == [m for _, m in game], text


def test_the_start_side_alternates_from_a_black_to_move_fen():
    rec = record.read_text("fen 4k4/R8/9/9/9/9/9/9/9/5K3 b\n1... e9d9 2. a8a9")
    assert [m.side for m in rec.moves] == [BLACK, RED]


def test_a_wxf_pawn_move_by_its_place_is_not_taken_for_a_move_number():
    """The first of the pawns on file 6 sideways to 7 is written 16.7: read as
    move number 16 and a '7' it failed (hypothesis found it, 1 in ~100 games)."""
    assert record._split("16.7") == ["16.7"]
    assert record._split("16.") == [] and record._split("1.h2e2") == ["h2e2"]
