"""xqclock ruling: the rulings of the 1999 CXA rules from the moves.

Each case is a position built for one article or 细则 item, drawn in its
comment (Red upper case at the bottom, Black lower case at the top; K king,
A advisor, B elephant, N horse, R chariot, C cannon, P pawn; files a-i, ranks
0-9 as in ICCS). A cycle is played from the position until it stands three
times (twice round), unless the case says otherwise."""
import json
import subprocess
import sys

import pytest

from host_tools import cli, ruling
from host_tools.ruling import notation, record, report, rules, verdict
from host_tools.ruling.board import BLACK, RED, Position, name

RED_LOSES, BLACK_LOSES, DRAW = "red-loses", "black-loses", "draw"


def rule(fen, cycle, rounds=2, extra=""):
    text = f"fen {fen}\n" + " ".join(cycle * rounds) + (" " + extra if extra else "")
    return ruling.rule(record.read_text(text))


def repetition(fen, cycle, rounds=2):
    rep = rule(fen, cycle, rounds)["repetition"]
    assert rep is not None
    return rep


def classify(fen, move):
    pos = Position.from_fen(fen)
    m = notation.parse(pos, move)
    assert pos.why_illegal(m) is None
    return rules.classify(pos, m)


def kinds(rep, side):
    return verdict.move_kinds(rep, side)


# -- §24.1, §26.1, 细则1: one-sided perpetual check loses -------------------

def test_perpetual_check_by_one_side_loses_at_once():
    # Red's chariot checks on rank 9, then on rank 8, as the king steps down and up.
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  R . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . . .   Red
    rep = repetition("4k4/R8/9/9/9/9/9/9/9/3K5 w", ["a8a9", "e9e8", "a9a8", "e8e9"])
    assert rep.occurrences == 3 and rep.cycle == 4 and rep.first == 0
    assert kinds(rep, RED) == ["check", "check"] and kinds(rep, BLACK) == ["idle", "idle"]
    assert rep.verdict == RED_LOSES
    assert rep.articles[:2] == ["24.1", "26.1"]


def test_perpetual_check_loses_even_at_the_third_occurrence_not_one_cycle_later():
    # The same cycle: 24.1 says at once, so no "must change" step as in 24.3.
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  R . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . . .   Red
    rep = repetition("4k4/R8/9/9/9/9/9/9/9/3K5 w", ["a8a9", "e9e8", "a9a8", "e8e9"])
    assert rep.occurrences == 3 and rep.verdict == RED_LOSES


def test_perpetual_check_by_black_loses_for_black():
    # Black's chariot checks on rank 0 and rank 1 as Red's king steps up and down.
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  r . . . . . . . .
    #  0  . . . . K . . . .   Red
    rep = repetition("3k5/9/9/9/9/9/9/9/r8/4K4 b", ["a1a0", "e0e1", "a0a1", "e1e0"])
    assert kinds(rep, BLACK) == ["check", "check"] and rep.verdict == BLACK_LOSES
    assert verdict.clock_result(rep) == ("red", "perpetual-check")


def test_mutual_perpetual_check_is_a_draw_not_a_loss():
    # §26.3: both forbidden, and neither is one-sided perpetual check. No position
    # with a four- or six-move cycle of checks on both sides turned up (by hand, nor
    # in a search of a few million random positions), so the verdict is given the
    # classified moves: every move of both sides a check.
    check = rules.Ruling(rules.CHECK)
    rep = verdict.Repetition(0, 3, 4, [(i, i % 2, check) for i in range(8)], {})
    verdict._rule(rep)
    assert rep.verdict == DRAW and rep.articles == ["24.2", "26.3", "细则8"]
    assert verdict.clock_result(rep) == ("draw", "repetition")


# -- §25.2: 数将一闲 is allowed ----------------------------------------------

def test_a_check_then_an_idle_move_is_allowed_and_the_game_is_drawn():
    # Red checks from a9, then goes back to a7 (rank 7: no check, nothing attacked).
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  R . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . . .   Red
    rep = repetition("4k4/9/R8/9/9/9/9/9/9/3K5 w", ["a7a9", "e9e8", "a9a7", "e8e9"])
    assert kinds(rep, RED) == ["check", "idle"]
    assert rep.sides[RED][0] is False and rep.sides[BLACK][0] is False
    assert rep.verdict == DRAW and rep.articles == ["24.2", "26.2"]


def test_one_check_one_chase_is_forbidden_and_red_must_change():
    # As above, but from a7 the chariot attacks the unprotected cannon on i7 (一将一捉).
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  R . . . . . . . c
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . . .   Red
    rep = repetition("4k4/9/R7c/9/9/9/9/9/9/3K5 w", ["a7a9", "e9e8", "a9a7", "e8e9"])
    assert kinds(rep, RED) == ["check", "chase"]
    assert rep.verdict == "red-must-change" and rep.articles == ["24.3", "26.4"]


# -- §28.2, §28.11: perpetual mate threat ------------------------------------

def test_perpetual_mate_threat_is_forbidden():
    # Red's chariot goes to the open file (a or b): from there a9/b9 would mate (the
    # pawn on e7 covers e8, the chariot the rank). Black's crossed pawn shuts the file.
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . P . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  p . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  R . . K . . . . .   Red
    rep = repetition("4k4/9/4P4/9/9/p8/9/9/9/R2K5 w", ["a0b0", "a4b4", "b0a0", "b4a4"])
    assert kinds(rep, RED) == ["mate-threat", "mate-threat"]
    assert kinds(rep, BLACK) == ["idle", "idle"]
    assert rep.verdict == "red-must-change"


def test_a_mate_threat_that_stood_before_the_move_is_not_the_moves():
    # The a-file is open: a0-a9 mates whatever Red does; the king's step is no 杀.
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . P . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  R . . K . . . . .   Red
    assert classify("4k4/9/4P4/9/9/9/9/9/9/R2K5 w", "d0d1").kind == rules.IDLE
    # With Black's pawn shutting the a-file, going to the open b-file is one.
    assert classify("4k4/9/4P4/9/9/p8/9/9/9/R2K5 w", "a0b0").kind == rules.MATE_THREAT


# -- §28.3, §29, 细则2: chases --------------------------------------------------

HORSE_CHASE = ["c3a4", "b6b5", "a4c3", "b5b6"]


def test_a_horse_chasing_an_unrooted_chariot_must_change():
    # The horse hops c3-a4-c3; each time it attacks the chariot, which steps b6-b5-b6.
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . r . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . N . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . . .   Red
    rep = repetition("4k4/9/9/1r7/9/9/2N6/9/9/3K5 w", HORSE_CHASE)
    assert kinds(rep, RED) == ["chase", "chase"] and kinds(rep, BLACK) == ["idle", "idle"]
    threat = rep.last_cycle()[0][2].threats[0]
    assert threat.piece == "r" and threat.root == "none" and threat.gain == (4, 0)
    assert rep.verdict == "red-must-change"


def test_the_forbidden_side_that_repeats_once_more_loses():
    # The same chase, a third time round: the position stands a fourth time (§24.3, §4.1.7).
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . r . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . N . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . . .   Red
    rep = repetition("4k4/9/9/1r7/9/9/2N6/9/9/3K5 w", HORSE_CHASE, rounds=3)
    assert rep.occurrences == 4 and rep.verdict == RED_LOSES
    assert rep.articles == ["24.3", "26.4", "4.1.7"]


def test_a_rooted_piece_is_not_chased_and_the_game_is_drawn():
    # The same hops at a cannon the chariot on b9 protects: horse for cannon wins nothing.
    #     a b c d e f g h i
    #  9  . r . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . c . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . N . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . . .   Red
    rep = repetition("1r2k4/9/9/1c7/9/9/2N6/9/9/3K5 w", HORSE_CHASE)
    assert kinds(rep, RED) == ["idle", "idle"]
    note = rep.last_cycle()[0][2].notes[0]
    assert note.kind == "rooted" and [name(d) for d in note.defenders] == ["b9"]
    assert rep.verdict == DRAW and rep.articles == ["24.2", "26.2"]


def test_an_insufficient_root_is_no_root_a_horse_for_a_chariot_gains():
    # Now the piece chased is a chariot protected by the chariot on b9: horse takes
    # chariot, chariot takes horse, Red is a chariot for a horse up (少根, §28.16).
    #     a b c d e f g h i
    #  9  . r . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . r . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . N . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . . .   Red
    rep = repetition("1r2k4/9/9/1r7/9/9/2N6/9/9/3K5 w", HORSE_CHASE)
    threat = rep.last_cycle()[0][2].threats[0]
    assert threat.root == "short" and threat.gain == (2, 0)
    assert rep.verdict == "red-must-change"


def test_a_false_root_a_horse_pinned_by_the_kings_does_not_protect():
    # The horse on e5 stands between the kings: it may not leave the file to take back
    # on c6 or c4, so the cannon there is unprotected in fact (假根, §28.16).
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . c . . . . . .
    #  5  . . . . n . . . .   ~~ river ~~
    #  4  R . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . . K . . . .   Red
    rep = repetition("4k4/9/9/2c6/4n4/R8/9/9/9/4K4 w", ["a4a6", "c6c4", "a6a4", "c4c6"])
    threat = rep.last_cycle()[0][2].threats[0]
    assert threat.root == "false" and [name(d) for d in threat.defenders] == ["e5"]
    assert rep.verdict == "red-must-change"


def test_a_hidden_root_protects():
    # The chariot comes to a3: taking the cannon on a6 opens the a-file for the chariot
    # on a1 (protected by the horse on c2), which takes back (暗根, §28.16).
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  c . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . R . . . . . .
    #  2  . . n . . . . . .
    #  1  r . . . . . . . .
    #  0  . . . . . K . . .   Red
    r = classify("3k5/9/9/c8/9/9/2R6/2n6/r8/5K3 w", "c3a3")
    assert r.kind == rules.IDLE
    cannon = [n for n in r.notes if name(n.target) == "a6"][0]
    assert cannon.kind == "rooted" and cannon.hidden == cannon.defenders


def test_without_the_hidden_root_the_same_move_is_a_chase():
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  c . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . R . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . . . K . . .   Red
    r = classify("3k5/9/9/c8/9/9/2R6/9/9/5K3 w", "c3a3")
    assert r.kind == rules.CHASE and r.threats[0].root == "none"


def test_a_threat_that_was_already_there_is_idle():
    # The chariot on a0 already attacks the cannon; moving up the file it still does (细则6).
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  c . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  R . . . . K . . .   Red
    r = classify("3k5/9/9/c8/9/9/9/9/9/R4K3 w", "a0a1")
    assert r.kind == rules.IDLE and [n.kind for n in r.notes] == ["standing"]


def test_a_discovered_attack_is_a_new_chase():
    # The elephant leaves a2 and uncovers the chariot's attack on the cannon (细则2).
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  c . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  B . . . . . . . .
    #  1  . . . . . . . . .
    #  0  R . . . . K . . .   Red
    r = classify("3k5/9/9/c8/9/9/9/B8/9/R4K3 w", "a2c4")
    assert r.kind == rules.CHASE and (name(r.threats[0].by), name(r.threats[0].target)) == ("a0", "a6")


def test_offering_an_exchange_of_protected_chariots_is_idle():
    # The chariot on a6 is protected by the horse on b8: chariot for chariot (兑, §28.5).
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . n . . . . . . .
    #  7  . . . . . . . . .
    #  6  r . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . R . . . K . . .   Red
    r = classify("3k5/1n7/9/r8/9/9/9/9/9/1R3K3 w", "b0a0")
    assert r.kind == rules.IDLE and r.notes[0].kind == "rooted"


def test_a_chase_that_also_offers_an_exchange_is_a_chase():
    # The chariots face each other on the a-file; Black's is unprotected (细则5).
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  r . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . R . . . K . . .   Red
    r = classify("3k5/9/9/r8/9/9/9/9/9/1R3K3 w", "b0a0")
    assert r.kind == rules.CHASE and r.threats[0].piece == "r"


def test_a_piece_that_protects_another_still_chases():
    # On a1 the chariot protects the horse on a3 and attacks the cannon on h1 (细则4).
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  N . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . c .
    #  0  R . . . . K . . .   Red
    r = classify("3k5/9/9/9/9/9/N8/9/7c1/R4K3 w", "a0a1")
    assert r.kind == rules.CHASE and r.threats[0].piece == "c"


def test_winning_a_piece_through_a_check_is_a_chase():
    # On g0 the chariot threatens g9+ and, once the king steps off the rank, takes the
    # chariot on a9 along it (§29.1). The pawn on h5 is why it had not been there before.
    #     a b c d e f g h i
    #  9  r . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . P .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . R .   Red
    r = classify("r3k4/9/9/9/7P1/9/9/9/9/3K3R1 w", "h0g0")
    assert r.kind == rules.CHASE
    assert r.threats[0].piece == "r" and notation.iccs(r.threats[0].via) == "g0g9"


def test_chasing_an_advisor_is_a_chase_and_the_text_names_article_27_3():
    # The advisor on e8 is not protected by the king on d9 (kings move straight).
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . a . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  R . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . . K . . . .   Red
    r = classify("3k5/4a4/9/9/R8/9/9/9/9/4K4 w", "a5a8")
    assert r.kind == rules.CHASE and r.threats[0].piece == "a"
    assert rules.value("a", r.threats[0].target) == (1, 0)
    text = report.WORDS["en"]["27.3"]
    assert "§27.3" in text


# -- §25.3: what is a piece -----------------------------------------------------

def test_an_uncrossed_pawn_is_not_a_piece_to_chase():
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  p . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . R . . . . . . .
    #  0  . . . . K . . . .   Red
    r = classify("3k5/9/9/p8/9/9/9/9/1R7/4K4 w", "b1a1")
    assert r.kind == rules.IDLE and r.notes == []


def test_a_crossed_pawn_is_a_piece_to_chase():
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  p . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . R . . . . . . .
    #  0  . . . . K . . . .   Red
    r = classify("3k5/9/9/9/9/p8/9/9/1R7/4K4 w", "b1a1")
    assert r.kind == rules.CHASE and r.threats[0].gain == (0, 1)


def test_values_a_chariot_is_two_horses_horse_equals_cannon_advisor_equals_elephant():
    assert rules.value("R", 0)[0] == 2 * rules.value("N", 0)[0] == 2 * rules.value("C", 0)[0]
    assert rules.value("A", 4) == rules.value("B", 2)
    assert rules.value("K", 4) == (0, 0) and rules.value("P", 27) == (0, 0) and rules.value("P", 45) == (0, 1)


def test_a_pawn_traded_for_pieces_or_a_piece_for_pawns_is_no_gain():
    assert rules._gains((2, 0)) and rules._gains((0, 1))
    assert not rules._gains((2, -1))   # 一兵换取数子
    assert not rules._gains((-2, 3))   # 一子换取数兵
    assert not rules._gains((0, 0))


# -- §27.1, 细则9: the king ---------------------------------------------------------

def test_the_kings_own_attack_is_idle():
    # The king steps to e1, next to the unprotected horse on e2.
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . n . . . .
    #  1  . . . . . . . . .
    #  0  . . . . K . . . .   Red
    r = classify("3k5/9/9/9/9/9/9/4n4/9/4K4 w", "e0e1")
    assert r.kind == rules.IDLE and [n.kind for n in r.notes] == ["king"]


def test_a_piece_attacking_with_the_kings_help_chases():
    # The horse on e2 is protected by the chariot on e8; the chariot on a2 and the king
    # on e1 attack it twice: chariot takes, chariot takes back, king takes: a horse up.
    #     a b c d e f g h i
    #  9  . . . . . k . . .   Black
    #  8  . . . . r . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  R . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . n . . . .
    #  1  . . . . K . . . .
    #  0  . . . . . . . . .   Red
    r = classify("5k3/4r4/9/9/R8/9/9/4n4/4K4/9 w", "a5a2")
    assert r.kind == rules.CHASE and r.threats[0].root == "short"


def test_without_the_king_next_to_it_the_same_attack_is_idle():
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . r . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  R . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . n . . . .
    #  1  . . . . . K . . .
    #  0  . . . . . . . . .   Red
    r = classify("3k5/4r4/9/9/R8/9/9/4n4/5K3/9 w", "a5a2")
    assert r.kind == rules.IDLE and r.notes[0].kind == "rooted"


# -- §27.2, 细则10-11: the pawn --------------------------------------------------------

def test_an_uncrossed_pawns_attack_is_idle():
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . n . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . P . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . . K . . . .   Red
    r = classify("3k5/9/9/9/4n4/9/4P4/9/9/4K4 w", "e3e4")
    assert r.kind == rules.IDLE and [n.kind for n in r.notes] == ["pawn"]


def test_a_crossed_pawns_attack_is_idle_too():
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . n . . . .
    #  6  . . . P . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . . K . . . .   Red
    r = classify("3k5/9/4n4/3P5/9/9/9/9/9/4K4 w", "d6e6")
    assert r.kind == rules.IDLE and [n.kind for n in r.notes] == ["pawn"]
    assert r.pawn_threats and r.pawn_threats[0].piece == "n"


PAWN_CYCLE = ["d6e6", "h5h4", "e6d6", "h4h5"]


def test_in_mutual_perpetual_attack_a_pawns_attacks_are_chases_and_it_is_a_draw():
    # Red's pawn steps d6-e6-d6 attacking the cannon on d7 and the horse on e7; Black's
    # chariot steps h5-h4-h5 attacking Red's horse on a5 and cannon on a4 (all unprotected).
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . c n . . . .
    #  6  . . . P . . . . .
    #  5  N . . . . . . r .   ~~ river ~~
    #  4  C . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . . K . . . .   Red
    rep = repetition("4k4/9/3cn4/3P5/N6r1/C8/9/9/9/4K4 w", PAWN_CYCLE)
    assert rep.mutual_pawns
    assert kinds(rep, RED) == ["chase", "chase"] and kinds(rep, BLACK) == ["chase", "chase"]
    assert rep.verdict == DRAW and rep.articles == ["24.2", "26.3", "细则8", "27.2", "细则11"]


def test_when_the_other_side_idles_the_pawns_attacks_stay_idle():
    # The same pawn moves; Black's chariot has nothing to attack.
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . c n . . . .
    #  6  . . . P . . . . .
    #  5  . . . . . . . r .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . . K . . . .   Red
    rep = repetition("4k4/9/3cn4/3P5/7r1/9/9/9/9/4K4 w", PAWN_CYCLE)
    assert not rep.mutual_pawns and kinds(rep, RED) == ["idle", "idle"]
    assert rep.verdict == DRAW and rep.articles == ["24.2", "26.2"]


# -- §29.4, 细则7: a capture answered by mate --------------------------------------------

def test_a_chase_whose_capture_is_answered_by_mate_is_idle():
    # On b1 the chariot attacks the chariot on b6, but if it takes, a5-d5 mates: the
    # d-file is open, and e0 faces the king on e7. On b1 it can still block on d1.
    #     a b c d e f g h i
    #  9  . . . . . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . k . . . .
    #  6  . r . . . . . . .
    #  5  r . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . R .
    #  0  . . . K . . . . .   Red
    r = classify("9/9/4k4/1r7/r8/9/9/9/7R1/3K5 w", "h1b1")
    assert r.kind == rules.IDLE and [n.kind for n in r.notes] == ["mate"]


# -- §27.4, 细则12: the heaviest effect -------------------------------------------------

def test_a_check_that_also_chases_is_a_check():
    # The chariot on e5 checks the king and attacks the cannon on i5.
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  R . . . . . . . c   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . . .   Red
    assert classify("4k4/9/9/9/R7c/9/9/9/9/3K5 w", "a5e5").kind == rules.CHECK


# -- no pending position --------------------------------------------------------------

def test_a_position_that_stood_twice_is_no_pending_position():
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  R . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . K . . . . .   Red
    assert rule("4k4/R8/9/9/9/9/9/9/9/3K5 w", ["a8a9", "e9e8", "a9a8", "e8e9"], rounds=1)["repetition"] is None


# -- §4.2.4, §23.3: the natural move limit ----------------------------------------------

#     a b c d e f g h i
#  9  . . . k . . . . .   Black
#  8  . . . . . . . . .
#  7  . . . . . . . . .
#  6  . . . . . . . . .
#  5  . . . . . . . . .   ~~ river ~~
#  4  . . . . . . . . .
#  3  . . . . . . . . .
#  2  . . . . . . . . .
#  1  . . . . . . . . .
#  0  R . . . K . . . .   Red
def shuffle(rounds, red_checks):
    """A record of `rounds` rounds without a capture in which Red checks `red_checks`
    times: Red's chariot goes a0-a9+ and back (one check in two rounds) or a0-b0 and
    back (none), the black king d9-d8 and back (the position drawn above)."""
    assert rounds % 2 == 0
    moves = []
    for k in range(rounds // 2):
        moves += ["a0a9", "d9d8", "a9a0", "d8d9"] if k < red_checks else ["a0b0", "d9d8", "b0a0", "d8d9"]
    return "fen 3k5/9/9/9/9/9/9/9/9/R3K4 w\n" + " ".join(moves)


@pytest.mark.parametrize("checks, red_counted, red_holds", [(9, 60, True), (10, 60, True), (11, 59, False),
                                                            (15, 55, False)])
def test_natural_limit_counts_at_most_ten_of_the_claimants_checks(checks, red_counted, red_holds):
    result = ruling.rule(record.read_text(shuffle(60, checks)))
    limit = result["limit"]
    assert limit.rounds == 60 and limit.checks[RED] == checks
    assert limit.counted[RED] == red_counted and limit.holds(RED) is red_holds
    assert limit.counted[BLACK] == 60 and limit.holds(BLACK)  # Red's checks all count for Black's claim


def test_natural_limit_with_fifteen_checks_holds_five_rounds_later():
    result = ruling.rule(record.read_text(shuffle(66, 15)))
    assert result["limit"].counted[RED] == 61 and result["limit"].holds(RED)


def test_natural_limit_is_settable_for_events_that_lower_it():
    result = ruling.rule(record.read_text(shuffle(40, 0)), limit=40)
    assert result["limit"].holds(RED) and result["limit"].limit == 40
    assert not ruling.rule(record.read_text(shuffle(38, 0)), limit=40)["limit"].holds(RED)


def test_a_capture_starts_the_count_again():
    # Red's chariot takes the pawn on a5 first; the rounds count from that move.
    #     a b c d e f g h i
    #  9  . . . k . . . . .   Black
    #  8  . . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  p . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  R . . . K . . . .   Red
    text = "fen 3k5/9/9/9/p8/9/9/9/9/R3K4 w\n a0a5 d9d8 a5a0 d8d9 a0b0 d9d8"
    limit = ruling.rule(record.read_text(text))["limit"]
    assert limit.since_ply == 1 and limit.rounds == 2 and limit.counted == {RED: 2, BLACK: 2}


def test_the_text_says_what_a_false_claim_costs():
    out = report.text(*_ruled(shuffle(4, 0)), "en")
    assert "one foul" in out and "5 minutes" in out and "§23.3" in out
    assert "犯规一次" in report.text(*_ruled(shuffle(4, 0)), "zh")


def _ruled(text):
    rec = record.read_text(text)
    return rec, ruling.rule(rec)


# -- a set-up position -------------------------------------------------------------------

def test_a_set_up_position_with_black_to_move_numbers_moves_from_the_fen():
    # An endgame that starts at Black's 30th move.
    #     a b c d e f g h i
    #  9  . . . . k . . . .   Black
    #  8  R . . . . . . . .
    #  7  . . . . . . . . .
    #  6  . . . . . . . . .
    #  5  . . . . . . . . .   ~~ river ~~
    #  4  . . . . . . . . .
    #  3  . . . . . . . . .
    #  2  . . . . . . . . .
    #  1  . . . . . . . . .
    #  0  . . . . . K . . .   Red
    rec = record.read_text("fen 4k4/R8/9/9/9/9/9/9/9/5K3 b - - 0 30\ne9d9 a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9")
    assert (rec.moves[0].number, rec.moves[0].side, rec.moves[1].number) == (30, BLACK, 31)
    rep = ruling.rule(rec)["repetition"]
    assert rep is not None and rep.verdict == RED_LOSES


# -- output ------------------------------------------------------------------------------

def test_json_has_the_fields_the_issue_names():
    rec = record.read_text("fen 4k4/9/9/1r7/9/9/2N6/9/9/3K5 w\n" + " ".join(HORSE_CHASE * 2))
    out = report.as_json(rec, ruling.rule(rec))
    assert out["moves"] == 8 and out["legal"] is True
    assert set(out["natural_limit"]) >= {"rounds_without_capture", "counted_for", "limit", "claim_holds"}
    assert out["natural_limit"]["counted_for"] == {"red": 4, "black": 4}
    rep = out["repetition"]
    assert (rep["first_ply"], rep["occurrences"]) == (1, 3)
    assert rep["red"] == {"kind": "forbidden", "moves": ["chase", "chase"]}
    assert rep["black"] == {"kind": "allowed", "moves": ["idle", "idle"]}
    assert rep["verdict"] == "red-must-change" and rep["articles"] == ["24.3", "26.4"]
    json.dumps(out, ensure_ascii=False)


@pytest.mark.parametrize("fen, cycle, rounds, entered", [
    ("4k4/R8/9/9/9/9/9/9/9/3K5 w", ["a8a9", "e9e8", "a9a8", "e8e9"], 2, ("black", "perpetual-check")),
    ("4k4/9/9/1r7/9/9/2N6/9/9/3K5 w", HORSE_CHASE, 3, ("black", "perpetual-chase")),
    ("4k4/9/9/1r7/9/9/2N6/9/9/3K5 w", HORSE_CHASE, 2, None),  # Red may still change
    ("4k4/9/R8/9/9/9/9/9/9/3K5 w", ["a7a9", "e9e8", "a9a7", "e8e9"], 2, ("draw", "repetition")),
])
def test_the_ruling_says_which_result_to_enter_on_the_clock(fen, cycle, rounds, entered):
    # The positions are drawn above: perpetual check, the horse's chase (a third
    # time round: Red did not change), the same chase twice, a check and an idle move.
    rec = record.read_text(f"fen {fen}\n" + " ".join(cycle * rounds))
    result = ruling.rule(rec)
    assert verdict.clock_result(result["repetition"]) == entered
    got = report.as_json(rec, result)["repetition"]["clock_result"]
    assert got == (dict(zip(("winner", "reason"), entered)) if entered else None)
    if entered:
        from device import lang
        from clock.names import REASONS
        assert lang.words(lang.EN).REASONS[REASONS.index(entered[1])] in report.text(rec, result, "en")


def test_a_claim_that_holds_says_to_enter_the_move_limit():
    out = report.text(*_ruled(shuffle(60, 0)), "en")
    assert "On the clock: RESULT, DRAW, MOVE LIMIT." in out


def test_text_in_both_languages_names_the_piece_its_value_and_why(tmp_path):
    rec, result = _ruled("fen 4k4/9/9/1r7/9/9/2N6/9/9/3K5 w\n" + " ".join(HORSE_CHASE * 2))
    en = report.text(rec, result, "en")
    assert "black chariot on b6 (value 4)" in en and "no piece protects it" in en
    assert "Red must change" in en and "§24.3" in en
    zh = report.text(rec, result, "zh")
    assert "马七进九" in zh and "长捉" in zh and "红方必须变着" in zh and "无根" in zh


def test_the_cli_writes_a_png_and_an_svg(tmp_path, capsys):
    game = tmp_path / "许银川-𠮷川.txt"
    game.write_text("fen 4k4/9/9/1r7/9/9/2N6/9/9/3K5 w\n" + " ".join(HORSE_CHASE * 2), encoding="utf-8")
    png, svg = tmp_path / "out" / "r.png", tmp_path / "r.svg"
    assert cli.main(["ruling", str(game), "--png", str(png), "--svg", str(svg), "--language", "zh"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = svg.read_text(encoding="utf-8")
    assert text.count("<circle") >= 3 and "马" in text and "车" in text and "head-chase" in text
    assert "红方必须变着" in capsys.readouterr().out


def test_the_picture_draws_every_character_from_the_committed_glyphs():
    from host_tools.ruling import glyphs, picture
    assert set(picture.CHARS) <= set(glyphs.CHARS)
    for side in (RED, BLACK):
        for kind in "KABNRCP":
            assert notation.WRITE_ZH[side][kind] in glyphs.CHARS


def test_ruling_reads_standard_input():
    text = "fen 4k4/R8/9/9/9/9/9/9/9/3K5 w\n" + " ".join(["a8a9", "e9e8", "a9a8", "e8e9"] * 2)
    proc = subprocess.run([sys.executable, "-m", "host_tools.cli", "ruling", "-", "--json"], input=text,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["repetition"]["verdict"] == RED_LOSES


def test_at_rules_as_after_an_earlier_move(capsys):
    rec = record.read_text(shuffle(8, 0))
    assert ruling._upto(rec, "2") == 4 and ruling._upto(rec, "2r") == 3
    assert ruling.rule(rec, ruling._upto(rec, "2"))["limit"].rounds == 2


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_legend_entries_sit_side_by_side_inside_the_picture(lang):
    from host_tools.ruling import picture
    entries = picture._legend([(k, report.KIND[lang][k])
                               for k in (rules.CHECK, rules.MATE_THREAT, rules.CHASE, rules.IDLE)])
    ends = [(x, x + 20 + width) for x, _, _, width in entries]  # swatch, gap, label
    assert ends[0][0] >= 0 and ends[-1][1] <= picture.W
    assert all(end < start for (_, end), (start, _) in zip(ends, ends[1:]))
