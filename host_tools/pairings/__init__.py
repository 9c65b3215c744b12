"""The pairing program's side of an event: players by start number, and each
round's boards and byes, read from what pairing programs export (FIDE's
Tournament Report File, TRF: trf.py; or a plain CSV: table.py), and the
results written back (TRF, and a CSV keyed by start number).

    event = read("open-2026.trf")            # or read("round-3.csv", round=3)
    event.players[12].name                    # start number 12
    event.rounds[2].games[0]                  # Game(board=1, red=12, black=7, result=None)

A start number is a player's identity for the whole event: a name spelt
otherwise in a later round is the same player. Red moves first, so Red is
TRF's White (w) and Black its Black (b).
"""
from host_tools.pairings.model import (BYES, RESULTS, RESULT_SPELLINGS, Event, Game, PairingsError,  # noqa: F401
                                       Player, Round, result_code)
from host_tools.pairings import table, trf


def read(path, round_number=None):
    """An Event from a TRF file or a CSV (told apart by their content). A CSV is
    one round's pairings (round_number, default 1) or a list of players."""
    from host_tools.inputs import read_text
    text = read_text(path, "--pairings")
    if trf.looks_like(text):
        return trf.read(text, str(path))
    return table.read(text, str(path), round_number or 1)


def for_rounds(paths, rounds, players=None):
    """The pairings of an event's `rounds` (report --event): one TRF for every
    round, or a file per round in order; `players` (a players CSV or a TRF) names
    the start numbers, over what the pairings say. (Event, [round number of each
    folder or None]); a round's names are its file's, so a spelling corrected in a
    later round is the one shown."""
    events = [read(p, i + 1) for i, p in enumerate(paths)]
    if len(events) == 1 and len(rounds) > 1 and len(events[0].rounds) < len(rounds):
        raise PairingsError(f"--pairings {paths[0]}: it has {len(events[0].rounds)} round(s) for the "
                            f"{len(rounds)} given: give one TRF with every round, or a pairings file per round")
    if len(events) > 1 and len(events) != len(rounds):
        raise PairingsError(f"--pairings: {len(events)} files for {len(rounds)} rounds: give one per round "
                            "(in round order), or one TRF")
    if len(events) == 1:
        event = events[0]
        numbers = [i + 1 for i in range(len(rounds))]
    else:
        event = Event(name=next((e.name for e in events if e.name), ""), source=", ".join(map(str, paths)))
        event.rounds = []
        for i, e in enumerate(events):
            rnd = e.rounds[i] if len(e.rounds) > i else e.round(e.latest())
            rnd.number = i + 1
            event.rounds.append(rnd)
            event.players.update(e.players)
        numbers = [i + 1 for i in range(len(rounds))]
    keys = {type(k) for r in event.rounds for g in r.games for k in (g.red, g.black)}
    if len(keys) > 1:
        raise PairingsError("--pairings: some rounds name players by start number, others by name only: "
                            "give start numbers in every round")
    if players is not None:
        listed = read(players)
        if not listed.players:
            raise PairingsError(f"--players {players}: no players in it")
        for start, p in listed.players.items():
            event.players[start] = p
    return event, numbers
