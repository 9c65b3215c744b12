"""Standings an arbiter can sign (issue 25.3, 25.4): the pairing program's TRF
read by FIDE's columns and written back, CSV pairings, players by start number
(a spelling changed in a later round is the same player), byes, forfeits,
corrected results, a game given twice counted once, tie-breaks in the CXA
rules' order, the tables in Chinese aligned by display width, CSVs for Excel,
and outputs that never overwrite another round's."""
import csv
import io
import json
from pathlib import Path

import pytest

from host_tools import cli
from host_tools.pairings import PairingsError, read
from host_tools.wording import width
from clock import events as ev
from clock import tablestart
from device import settings as cfg

JI = "\U00020bb7川"  # outside the BMP
NAMES = {1: "王天一", 2: "郑惟桐", 3: "许银川", 4: "洪智", 5: JI, 6: "赵鑫鑫", 7: "吕钦"}


def put(line, column, text):
    """text at a 1-based column of line, as the TRF specification places fields."""
    line = line.ljust(column - 1 + len(text))
    return line[:column - 1] + text + line[column - 1 + len(text):]


def trf_player(start, name, rating, rounds):
    """An 001 line by the spec's columns: 5-8 number, 10 sex, 15-47 name, 49-52 rating, 54-56 federation,
    81-84 points, 86-89 rank, then each round at 92 + 10k: opponent (4), colour at +5, result at +7."""
    line = put(put(put(put(put("001", 5, "%4d" % start), 10, "m"), 15, name), 49, "%4d" % rating), 54, "CHN")
    line = put(put(line, 81, " 0.0"), 86, "%4d" % start)
    for k, (opponent, colour, result) in enumerate(rounds):
        at = 92 + 10 * k
        line = put(put(put(line, at, "%4d" % opponent), at + 5, colour), at + 7, result)
    return line


# round 1 played (1 beat 2, 4 and 3 drew, 5 won by forfeit against 6, 7 a pairing-allocated bye);
# round 2 paired, its results blank: the round to play
ROUNDS = {1: [(2, "w", "1"), (3, "w", " ")], 2: [(1, "b", "0"), (4, "b", " ")], 3: [(4, "b", "="), (1, "b", " ")],
          4: [(3, "w", "="), (2, "w", " ")], 5: [(6, "w", "+"), (0, "-", "U")], 6: [(5, "b", "-"), (7, "b", " ")],
          7: [(0, "-", "U"), (6, "w", " ")]}


@pytest.fixture
def event_trf(tmp_path):
    lines = ["012 第一届象棋公开赛", "022 北京", "102 张裁判"] + \
        [trf_player(s, NAMES[s], 2500 - s, ROUNDS[s]) for s in NAMES] + ["XXR 2"]
    path = tmp_path / "open.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def game(folder, board, red, black, outcome, fouls=(0, 0), warnings=(0, 0)):
    """A finished game's journal as the clock writes it, in folder/board-NN/game.xqj."""
    d = Path(folder) / ("board-%02d" % board)
    d.mkdir(parents=True, exist_ok=True)
    values = cfg.check({"clock": "10m", "board": board, "red_name": red, "black_name": black})
    t = tablestart.new(cfg.game_settings(values), str(d / "game.xqj"))
    t.event(0, ev.START, 0, 0)
    for side in (0, 1):
        for _ in range(fouls[side]):
            t.event(1000, ev.FOUL, side, 0)
        for _ in range(warnings[side]):
            t.event(1000, ev.WARN, side, 0)
    t.event(5000, ev.PRESS, 0, 0)
    t.event(9000, ev.PRESS, 1, 0)
    if outcome != "pending":
        t.event(12000, ev.RESULT, {"red": 0, "black": 1, "draw": 2}[outcome], 11 if outcome == "draw" else 6)
    t.close()
    return d / "game.xqj"


def run(capsys, *args):
    code = cli.main(["report", *map(str, args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def test_a_trf_is_read_by_the_specification_s_columns(event_trf):
    event = read(event_trf)
    assert (event.name, event.city, event.arbiter, event.total_rounds) == ("第一届象棋公开赛", "北京", "张裁判", 2)
    assert {s: p.name for s, p in event.players.items()} == NAMES and event.players[5].rating == 2495
    r1, r2 = event.rounds
    assert [(g.board, g.red, g.black, g.result) for g in r1.games] == \
        [(1, 1, 2, "1-0"), (2, 4, 3, "1/2-1/2"), (3, 5, 6, "+/-")]
    assert r1.byes == {7: "U"} and r2.byes == {5: "U"}
    # round 2 to play: boards by the higher score before it, then the sum, then the lower number
    assert [(g.board, g.red, g.black, g.result) for g in r2.games] == \
        [(1, 1, 3, None), (2, 7, 6, None), (3, 4, 2, None)]
    assert event.latest() == 2 and event.board_names(2)[1] == ("王天一", "许银川")


def test_a_trf_that_contradicts_itself_is_one_line_naming_it(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(trf_player(1, "A", 2000, [(2, "w", "1")]) + "\n" + trf_player(2, "B", 2000, [(3, "b", "0")])
                   + "\n", encoding="utf-8")
    with pytest.raises(PairingsError, match="line 1: round 1: player 1 meets 2, whose line .line 2. does not say so"):
        read(bad)
    bad.write_text(trf_player(1, "A", 2000, [(9, "w", "1")]) + "\n", encoding="utf-8")
    with pytest.raises(PairingsError, match="line 1: round 1's opponent 9 is not in the file"):
        read(bad)
    bad.write_text(trf_player(1, "A", 2000, [(2, "x", "1")]) + "\n", encoding="utf-8")
    with pytest.raises(PairingsError, match="line 1: round 1's colour 'x'"):
        read(bad)


def test_csv_pairings_with_start_numbers_in_chinese_headers_and_a_bye(tmp_path):
    path = tmp_path / "round-2.csv"
    path.write_bytes("台次,红方编号,红方,黑方编号,黑方\r\n1,3,许银川,1,王天一\r\n,5,𠮷川,,轮空\r\n".encode("utf-8-sig"))
    event = read(path, 2)
    assert event.round(2).games[0].red == 3 and event.round(2).byes == {5: "U"}
    assert event.board_names(2) == {1: ("许银川", "王天一")}
    names_only = tmp_path / "names.csv"
    names_only.write_text("1,许银川,王天一\n2,洪智,\U00020bb7川\n", encoding="utf-8")
    assert read(names_only).board_names(1) == {1: ("许银川", "王天一"), 2: ("洪智", JI)}
    names_only.write_text("1,许银川,王天一\n1,洪智,吕钦\n", encoding="utf-8")
    with pytest.raises(PairingsError, match="line 2: board 1 is paired twice"):
        read(names_only)


def play_event(tmp_path):
    """Round 1 as the TRF has it; round 2 on the clocks, board 1's Red misspelt on its clock."""
    game(tmp_path / "round-1", 1, "王天一", "郑惟桐", "red")
    game(tmp_path / "round-1", 2, "洪智", "许银川", "draw")
    game(tmp_path / "round-2", 1, "王天", "许银川", "black")  # the misspelt clock: 王天 is 王天一, start 1
    game(tmp_path / "round-2", 2, "吕钦", "赵鑫鑫", "red", warnings=(1, 0))
    game(tmp_path / "round-2", 3, "洪智", "郑惟桐", "draw", fouls=(2, 0))
    return tmp_path / "round-1", tmp_path / "round-2"


def test_the_event_s_standings_by_start_number_with_a_bye_a_forfeit_and_a_correction(tmp_path, event_trf, capsys):
    r1, r2 = play_event(tmp_path)
    code, out, err = run(capsys, "--event", r1, r2, r1, "--pairings", event_trf, "--format", "json",
                         "--correct", "3:2=0-1")
    assert code == 2 and "3 given" in err  # the TRF has two rounds: one for each folder
    code, out, err = run(capsys, "--event", r1, r2, "--pairings", event_trf, "--format", "json",
                         "--correct", "3:2=0-1")
    assert code == 0, err
    assert "round 2 board 1: the clock had 王天 v 许银川, the pairings 王天一 v 许银川" in err
    table = json.loads(out)
    got = {p["start"]: (p["rank"], p["points"]) for p in table["players"]}
    # 1: win, loss 1; 2: loss, then the corrected win (0-1 on board 3) 1; 3: draw, win 1.5; 4: draw, loss 0.5;
    # 5: forfeit win, bye 2; 6: forfeit loss, loss 0; 7: bye, win 2
    assert {s: pts for s, (rank, pts) in got.items()} == {1: 1, 2: 1, 3: 1.5, 4: 0.5, 5: 2, 6: 0, 7: 2}
    by = {p["start"]: p for p in table["players"]}
    assert by[7]["tiebreaks"]["warnings"] == 1 and by[4]["tiebreaks"]["fouls"] == 2
    # 5 and 7 are level on 2: 7 was warned (§18.4): 5 first
    assert (got[5][0], got[7][0]) == (1, 2)
    # 1 and 2 are level on 1: opponents' score (§15.2) of 1: 2's 1 + 3's 1.5; of 2: 1's 1 + 4's 0.5
    assert by[1]["tiebreaks"]["opp"] == 2.5 and by[2]["tiebreaks"]["opp"] == 1.5 and got[1][0] < got[2][0]
    r2_of_2 = by[2]["rounds"][1]
    assert (r2_of_2["opponent"], r2_of_2["colour"], r2_of_2["result"], r2_of_2["corrected"]) == (4, "black", "0-1",
                                                                                                  True)
    assert by[5]["rounds"][1]["kind"] == "bye" and by[5]["rounds"][0]["result"] == "+/-"
    assert table["tiebreaks"] == ["warnings", "opp", "wins", "fouls", "prog"] and table["system"] == "swiss"


def test_a_round_given_twice_counts_each_game_once_with_a_warning(tmp_path, capsys):
    r1, r2 = play_event(tmp_path)
    code, out, err = run(capsys, "--event", r2, r2, "--format", "json")
    assert code == 0 and "counted once" in err
    table = json.loads(out)
    assert {p["name"]: p["points"] for p in table["players"]}["许银川"] == 1  # not 2


def test_the_chinese_cross_table_lines_up_by_display_width_and_is_written_per_round(tmp_path, event_trf, capsys):
    r1, r2 = play_event(tmp_path)
    out_dir = tmp_path / "results"
    code, out, err = run(capsys, "--event", r1, r2, "--pairings", event_trf, "--language", "zh", "--out", out_dir,
                         "--correct", "3:2=0-1")
    assert code == 0, err
    assert out.startswith("成绩交叉表 — 第一届象棋公开赛") and "裁判长" in out and "对手分" in out
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("名次"))
    rows = [lines[head]] + lines[head + 2:head + 9]

    def cells(line):  # (start, end) display columns of each cell (cells are two spaces or more apart)
        import re
        return [(width(line[:m.start()]), width(line[:m.end()])) for m in re.finditer(r"\S+(?: \S+)*", line)]
    starts = {tuple(start for start, _ in cells(line)[2:5]) for line in rows}  # names and rounds: left
    ends = {tuple(end for _, end in cells(line)[5:]) for line in rows}  # points and tie-breaks: right
    assert len(starts) == 1 and len(ends) == 1, rows
    assert "4黑1*" in out and "2红0*" in out  # the corrected result is marked
    written = sorted(p.name for p in out_dir.iterdir())
    assert written == ["event-after-round-2.csv", "event-after-round-2.trf", "event-after-round-2.txt"]
    data = (out_dir / "event-after-round-2.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # Excel reads it as UTF-8
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0]["no"] == "5" and rows[0]["name"] == JI and rows[0]["r2_result"] == "bye"
    # the TRF goes back to the pairing program: read again, the same players and results
    back = read(out_dir / "event-after-round-2.trf")
    assert {s: p.name for s, p in back.players.items()} == NAMES
    assert [(g.red, g.black, g.result) for g in back.rounds[1].games] == \
        [(1, 3, "0-1"), (7, 6, "1-0"), (4, 2, "0-1")]
    assert back.rounds[1].byes == {5: "U"}
    # round tables written to the same folder keep their own names
    assert run(capsys, "--round", r1, "--out", out_dir)[0] == 0
    assert run(capsys, "--round", r2, "--out", out_dir, "--language", "zh")[0] == 0
    assert {"round-1.txt", "round-2.txt", "round-1.csv", "round-2.csv"} <= {p.name for p in out_dir.iterdir()}
    assert "本轮成绩" in (out_dir / "round-2.txt").read_text(encoding="utf-8")


def test_gbk_csvs_name_what_gbk_cannot_hold(tmp_path, capsys):
    r1, r2 = play_event(tmp_path)
    game(tmp_path / "round-3", 1, JI, "许银川", "red")
    code, out, err = run(capsys, "--round", tmp_path / "round-3", "--out", tmp_path / "o", "--csv-encoding", "gbk")
    assert code == 2 and err.count("\n") == 1 and "𠮷 is not in GBK" in err
    code, out, err = run(capsys, "--round", r2, "--out", tmp_path / "o", "--csv-encoding", "gbk")
    assert code == 0 and "许银川".encode("gbk") in (tmp_path / "o" / "round-2.csv").read_bytes()


def test_a_round_robin_ranks_by_sonneborn_berger_then_wins_then_direct_encounter(tmp_path, capsys):
    # four players, three rounds, everyone meets everyone: A beats B, draws C, loses to D;
    # B beats C and D; C beats D... points A 1.5, B 2, C 1.5, D 1
    games = [(1, "A", "B", "red"), (2, "C", "D", "red"),
             (1, "A", "C", "draw"), (2, "B", "D", "red"),
             (1, "D", "A", "red"), (2, "B", "C", "red")]
    folders = []
    for r in range(3):
        for board, red, black, outcome in games[2 * r:2 * r + 2]:
            game(tmp_path / f"round-{r + 1}", board, red, black, outcome)
        folders.append(tmp_path / f"round-{r + 1}")
    code, out, err = run(capsys, "--event", *folders, "--format", "json")
    assert code == 0, err
    table = json.loads(out)
    assert table["system"] == "round robin" and table["tiebreaks"] == ["warnings", "sb", "wins", "direct", "fouls"]
    order = [(p["name"], p["points"], p["tiebreaks"]["sb"]) for p in table["players"]]
    # A: beat B (2) + half of C (1.5/2) = 2.75; C: beat D (1) + half of A (0.75) = 1.75
    assert order == [("B", 2, 2.5), ("A", 1.5, 2.75), ("C", 1.5, 1.75), ("D", 1, 1.5)]


@pytest.mark.parametrize("args,fragment", [
    (("--correct", "3-2=0-1"), "--correct 3-2=0-1: write BOARD:ROUND=RESULT"),
    (("--correct", "3:2=win"), "'win' is no result"),
    (("--correct", "9:2=1-0"), "round 2 has no board 9"),
    (("--tiebreaks", "opp,elo"), "--tiebreaks: 'elo' is no tie-break"),
])
def test_bad_corrections_and_tiebreaks_are_one_line(tmp_path, event_trf, capsys, args, fragment):
    r1, r2 = play_event(tmp_path)
    code, out, err = run(capsys, "--event", r1, r2, "--pairings", event_trf, *args)
    assert code == 2 and err.count("\n") == 1 and fragment in err, err


def test_every_result_reason_has_its_chinese_words():
    """A reason added to the clock (clock.names.REASONS) needs its words in the Chinese tables too."""
    from clock.names import REASONS
    from host_tools.report.record import REASON_TEXT, REASON_ZH
    assert set(REASONS) <= set(REASON_ZH) and set(REASONS) <= set(REASON_TEXT)
