"""What a pairing program writes, for the tests: a TRF by the columns of FIDE's
specification (Handbook C.04 Annex 2), placed field by field here rather than
with host_tools/pairings/trf.py, so the reader is checked against the spec."""


def put(line, column, text):
    """text at a 1-based column of line."""
    line = line.ljust(column - 1 + len(text))
    return line[:column - 1] + text + line[column - 1 + len(text):]


def player_line(start, name, rating, rounds, points=0.0, rank=0):
    """An 001 line: 5-8 number, 10 sex, 15-47 name, 49-52 rating, 54-56 federation, 81-84 points,
    86-89 rank, then each round at 92 + 10k: opponent (4 digits), colour at +5, result at +7."""
    line = put(put(put(put(put("001", 5, "%4d" % start), 10, "m"), 15, name), 49, "%4d" % rating), 54, "CHN")
    line = put(put(line, 81, "%4.1f" % points), 86, "%4d" % (rank or start))
    for k, (opponent, colour, result) in enumerate(rounds):
        at = 92 + 10 * k
        line = put(put(put(line, at, "%4d" % opponent), at + 5, colour), at + 7, result)
    return line


CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "+/-": ("+", "-"), "-/+": ("-", "+")}


def trf(name, players, rounds, total_rounds):
    """A TRF's text. players: {start: name}; rounds: a list per round of (red, black, result or None)
    games and ("bye", start) entries."""
    cells = {s: [] for s in players}
    for games in rounds:
        for s in players:
            cells[s].append((0, "-", "Z"))
        for game in games:
            if game[0] == "bye":
                cells[game[1]][-1] = (0, "-", "U")
                continue
            red, black, result = game
            codes = CODES[result] if result else (" ", " ")
            cells[red][-1] = (black, "w", codes[0])
            cells[black][-1] = (red, "b", codes[1])
    lines = ["012 " + name, "022 北京", "102 张裁判"]
    lines += [player_line(s, players[s], 2600 - 10 * s, cells[s]) for s in sorted(players)]
    return "\n".join(lines + ["XXR %d" % total_rounds]) + "\n"
