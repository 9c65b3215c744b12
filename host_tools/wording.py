"""Counts in words for people: "1 move", "2 moves"."""


def plural(n, one, many=None):
    """'1 file', '3 files'; irregular words give their plural: plural(n, 'match', 'matches')."""
    return "%s %s" % (n, one if n == 1 else (many or one + "s"))
