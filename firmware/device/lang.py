# The words on the clock's screens, in English (device/lang_en.py) and
# simplified Chinese (device/lang_zh.py): the same names in each, a word a str,
# a series of words a list. A board holds the words of the language it shows
# only (words(): the other's are neither imported nor interned); the menus and
# the host's tools take both at once, as pairs [English, Chinese] (pair()).

EN = 0
ZH = 1
_WORDS = [None, None]  # each language's module, once shown


def words(language):
    """The module of one language's words, imported the first time it is shown."""
    w = _WORDS[language]
    if w is None:
        if language == ZH:
            from device import lang_zh as w
        else:
            from device import lang_en as w
        _WORDS[language] = w
    return w


def pair(name):
    """A word as [English, Chinese]; a series of words as a list of them."""
    en, zh = getattr(words(EN), name), getattr(words(ZH), name)
    if isinstance(en, list):
        return [[e, z] for e, z in zip(en, zh)]
    return [en, zh]
