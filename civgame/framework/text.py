"""Text from files that anybody may have edited: shown only once every character can be shown."""

from __future__ import annotations


def printable(text: str) -> str:
    """`text` with every character a terminal or a font would not simply show (controls such as NUL
    and ESC, line breaks, direction overrides, lone surrogates) written as its Python escape, e.g. `\\x1b`."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def unprintable(text: str) -> str | None:
    """The first character of `text` that `printable` would escape, as its escape; None if there is none."""
    if text.isprintable():
        return None
    return next(c.encode("unicode_escape").decode("ascii") for c in text if not c.isprintable())
