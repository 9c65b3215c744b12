# One definition of white space for every parser, the same on both VMs.
# CPython's str.split() and strip() treat all of Unicode's white space as
# space; MicroPython's only the ASCII six. So a no-break space, or the
# full-width space (U+3000) a Chinese keyboard types, meant "space" on one VM
# and "bad character" on the other. Parsers call normalize() first: each of
# CPython's white-space characters (a tab too) becomes an ASCII space.

WHITE = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
         "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


def normalize(text):
    """text with every white-space character turned into ' '."""
    for c in WHITE:
        if c in text:
            text = text.replace(c, " ")
    return text
