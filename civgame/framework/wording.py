"""English for the games' logs and dialogs, so that a line reads as a rulebook would.

A line is written once as a template and rendered for whoever acts in it:

    render("{who} [loses] {units}", Party("the pirates", plural=True), {"units": "2 ships"})
    -> "The pirates lose 2 ships"

- `{who}` is the line's subject, a `Party`; `[loses]`, a verb written as for one player, agrees with it
  ("Player 1 loses", "the pirates lose"); `[loses:other]` agrees with the field `other` instead.
- `{name}` is a field; `{name's}` is its possessive ("Player 1's", "the barbarians'").
- A sentence starts with a capital letter, whatever its first field.

`counted` writes a number of things ("1 hit", "2 hits"), `with_article` a thing with its article ("an
Academy"), `listed` several things ("a, b and c").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

IRREGULAR_VERBS = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}
# Words whose first letter is a vowel but whose sound is not: "a unit", "a one-time", "a user".
CONSONANT_SOUNDS = ("uni", "use", "one", "eu")
_TOKEN = re.compile(r"\{(\w+)('s)?\}|\[(\w+)(?::(\w+))?\]")


@dataclass(frozen=True)
class Party:
    """Someone a line speaks of: a player, or a group that takes a plural verb ("the barbarians")."""

    name: str
    plural: bool = False

    def __str__(self) -> str:
        return self.name

    @property
    def possessive(self) -> str:
        """ "Player 1's"; "the barbarians'"."""
        return possessive(self.name, self.plural)


def possessive(name: str, plural: bool = False) -> str:
    return f"{name}'" if plural and name.endswith("s") else f"{name}'s"


def agree(verb: str, plural: bool) -> str:
    """`verb`, written as for one ("rolls", "has"), as it agrees with a subject that is `plural` or not."""
    if not plural:
        return verb
    if verb in IRREGULAR_VERBS:
        return IRREGULAR_VERBS[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes")):
        return verb[:-2]
    return verb.removesuffix("s")


def plural_of(noun: str) -> str:
    """The regular plural: "hit" -> "hits", "city" -> "cities", "box" -> "boxes"."""
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """ "1 hit", "2 hits", "no hits"; `plural` for a noun without the regular one ("2 infantry")."""
    if count == 1:
        return f"1 {noun}"
    return f"{count or 'no'} {plural or plural_of(noun)}"


def with_article(noun: str) -> str:
    """ "a Temple", "an Academy", "a unit"."""
    lower = noun.lower()
    vowel = lower[:1] in tuple("aeiou") and not lower.startswith(CONSONANT_SOUNDS)
    return f"{'an' if vowel else 'a'} {noun}"


def listed(items: Iterable[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    words = list(items)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def template_fields(template: str) -> set[str]:
    """The fields a template names (its subject `who` included, and those a verb agrees with)."""
    return {name for match in _TOKEN.finditer(template) for name in (match.group(1), match.group(4)) if name}


def render(template: str, who: Party | None, fields: Mapping[str, object], *, sentence: bool = True) -> str:
    """The template as a sentence about `who` (see the module's note); a part of a sentence if not `sentence`."""

    def word(match: re.Match[str]) -> str:
        name, owner, verb, subject = match.groups()
        if verb is not None:
            doer = who if subject is None else fields[subject]
            if not isinstance(doer, Party):
                raise ValueError(f"{template!r}: the verb {verb!r} has no subject")
            return agree(verb, doer.plural)
        value = who if name == "who" else fields[name]
        if owner is None:
            return str(value)
        if isinstance(value, Party):
            return value.possessive
        return possessive(str(value))

    text = _TOKEN.sub(word, template)
    return capitalised(text) if sentence else text


def capitalised(text: str) -> str:
    """The text with its first letter a capital ("The barbarians' city"), the rest as it is."""
    return text[:1].upper() + text[1:]
