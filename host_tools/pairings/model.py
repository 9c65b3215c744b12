"""What the pairings say: players by start number, rounds of boards and byes
(host_tools/pairings/__init__.py reads them from a file)."""
from host_tools.inputs import UsageError

# result codes, as the clock and the round tables write them (report.record.POINTS)
RESULTS = ("1-0", "0-1", "1/2-1/2", "0-0", "+/-", "-/+", "-/-")
# the ways an organiser may write one (--correct, a corrections file, a CSV's result column)
RESULT_SPELLINGS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "0.5-0.5": "1/2-1/2",
                    "=": "1/2-1/2", "=-=": "1/2-1/2", "draw": "1/2-1/2", "+/-": "+/-", "+-": "+/-", "-/+": "-/+",
                    "-+": "-/+", "-/-": "-/-", "--": "-/-", "0-0": "0-0", "红胜": "1-0", "黑胜": "0-1",
                    "和": "1/2-1/2"}
# a bye: its kind and points (TRF codes; a bye in a CSV is the pairing program's: a full point)
BYES = {"U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}


class PairingsError(UsageError):
    """A pairings, players or corrections file that cannot be read: one line naming the line at fault."""


def result_code(text, what):
    """A result as an organiser writes it -> one of RESULTS; PairingsError naming `what` otherwise."""
    code = RESULT_SPELLINGS.get(str(text).strip().lower().replace(" ", ""))
    if code is None:
        raise PairingsError(f"{what}: {text!r} is no result (write 1-0, 0-1, 1/2-1/2, 0-0, +/-, -/+ or -/-)")
    return code


class Player:
    def __init__(self, start, name, rating=None, federation="", fide_id="", sex="", title="", birth=""):
        self.start = start
        self.name = name
        self.rating = rating
        self.federation = federation
        self.fide_id = fide_id
        self.sex = sex
        self.title = title
        self.birth = birth


class Game:
    """A board of a round: Red and Black by start number; `result` if the pairing
    program already has one (a forfeit known in advance, a round played before)."""

    def __init__(self, board, red, black, result=None):
        self.board = board
        self.red = red
        self.black = black
        self.result = result

    def __repr__(self):
        return f"Game(board={self.board}, red={self.red}, black={self.black}, result={self.result})"


class Round:
    def __init__(self, number):
        self.number = number
        self.games = []  # [Game], by board
        self.byes = {}  # start number -> a BYES code

    def board(self, n):
        return next((g for g in self.games if g.board == n), None)


class Event:
    """Players by start number and the rounds the file holds (rounds[0] is round 1)."""

    def __init__(self, name="", players=None, rounds=None, source=""):
        self.name = name
        self.players = players or {}  # start number -> Player
        self.rounds = rounds or []
        self.source = source  # the file it came from
        self.arbiter = ""
        self.city = ""
        self.federation = ""
        self.dates = ("", "")
        self.total_rounds = None  # TRF's XXR, when the file says

    def name_of(self, key):
        """A player's name: by start number, or the key itself where players are their names."""
        if isinstance(key, str):
            return key
        p = self.players.get(key)
        return p.name if p and p.name else f"#{key}"

    def round(self, number):
        """Round `number` (1-based); PairingsError if the file has none."""
        if not 1 <= number <= len(self.rounds) or not (self.rounds[number - 1].games or
                                                       self.rounds[number - 1].byes):
            raise PairingsError(f"{self.source}: no pairings for round {number} in it"
                                + (f" (it has rounds 1 to {len(self.rounds)})" if self.rounds else ""))
        return self.rounds[number - 1]

    def latest(self):
        """The round to play: the first one with games still without a result, else the last one."""
        for r in self.rounds:
            if r.games and any(g.result is None for g in r.games):
                return r.number
        if not self.rounds:
            raise PairingsError(f"{self.source}: no pairings in it")
        return self.rounds[-1].number

    def board_names(self, number):
        """{board: (Red's name, Black's name)} of a round, as `config push --pairings` gives the clocks."""
        return {g.board: (self.name_of(g.red), self.name_of(g.black)) for g in self.round(number).games}
