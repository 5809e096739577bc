"""The game log reads as a rulebook would: every kind of line, said of a player, the barbarians or the
pirates, agrees with its subject; numbers of things and articles are written out; nothing is said of a
gain of nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from civgame.framework.wording import Party, agree, counted, listed, plural_of, render, template_fields, with_article
from civgame.games.clash.core.actions import Construct
from civgame.games.clash.core.model import BARBARIAN, PIRATE
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.combat import enter_space
from tests.combat_helpers import LEADER, attack, dice, sea_pair
from tests.scenario import Scenario

ENGINE = Path(__file__).resolve().parents[2] / "civgame" / "games" / "clash"
PLAYER = Party("Player 1")
SUBJECTS = (PLAYER, log.BARBARIANS, log.PIRATES)
# What may follow a line's subject other than its verb: a modal verb, a second subject, a pause.
AFTER_SUBJECT = re.compile(r"\{who\}( \([^)]*\))?(\s*\[| may | will | and | attacking |:|,|\)|$)")


def _filled(template: str, other: Party) -> dict[str, object]:
    """Every field of the template: a party where the line may speak of one (its possessive, the subject
    of a verb), a word elsewhere."""
    parties = {name for name in template_fields(template) if re.search(rf"\{{{name}'s\}}|:{name}\]", template)}
    return {name: other if name in parties else "things" for name in template_fields(template) - {"who"}}


@pytest.mark.parametrize("kind", sorted(log.LINES))
def test_every_kind_of_line_reads_right_of_a_player_the_barbarians_and_the_pirates(kind):
    template = log.LINES[kind]
    assert "(s)" not in template and not re.search(r"\b(a|an) \{", template), "counted or with_article, please"
    assert "}'s" not in template, "a possessive is written {name's}, so that a group's reads right"
    if "{who}" in template:
        assert AFTER_SUBJECT.search(template), f"{kind}: the subject's verb is not marked to agree with it"
    for who in SUBJECTS:
        for other in SUBJECTS:
            text = render(template, who, _filled(template, other))
            assert text[0].isupper() or text[0].isdigit(), text
            assert not re.search(r"(barbarians|pirates)'s", text), text
            assert not re.search(r"\b(the )?(barbarians|pirates) (is|has|was|does|[a-z]+[^s]s)\b", text.lower()), text
            if who is not PLAYER and re.search(r"\[\w+\]", template):
                assert text != render(template, PLAYER, _filled(template, other)).replace("Player 1", who.name), text


def test_every_kind_of_line_is_said_by_some_rule():
    source = "\n".join(p.read_text() for p in ENGINE.rglob("*.py"))
    unused = [kind for kind in log.LINES if not re.search(rf'"{re.escape(kind)}"(?!:)', source)]
    assert unused == []


def test_the_words_of_a_line():
    assert agree("rolls", True) == "roll" and agree("has", True) == "have" and agree("carries", True) == "carry"
    assert agree("passes", True) == "pass" and agree("razes", True) == "raze" and agree("rolls", False) == "rolls"
    assert counted(1, "hit") == "1 hit" and counted(2, "hit") == "2 hits" and counted(0, "hit") == "no hits"
    assert plural_of("army") == "armies" and plural_of("box") == "boxes"
    assert with_article("Academy") == "an Academy" and with_article("Temple") == "a Temple"
    assert with_article("unit") == "a unit" and with_article("elephant") == "an elephant"
    assert listed(["a"]) == "a" and listed(["a", "b", "c"]) == "a, b and c"
    assert log.BARBARIANS.possessive == "the barbarians'" and PLAYER.possessive == "Player 1's"
    assert render("{who} [loses] {units}", log.PIRATES, {"units": "2 ships"}) == "The pirates lose 2 ships"


def test_units_and_things_are_counted_by_their_names():
    game = Scenario().game
    assert log.units(game, ["ship", "ship", "infantry", "infantry"]) == "2 ships and 2 infantry"
    assert log.units(game, ["cavalry", "elephant", "elephant"]) == "1 cavalry and 2 elephants"
    assert log.things({"ideas": 1, "gold": 0, "mood": 2}) == "1 idea and 2 mood tokens"


def test_the_barbarians_and_the_pirates_are_spoken_of_as_groups():
    """The lines the last round showed: "Pirates rolls", "Pirates loses 2 ship", "Barbarians's city"."""
    s = Scenario().reveal_all()
    space, origin = sea_pair(s)
    ships = s.units(0, "ship", space, 2)
    s.units(PIRATE, "ship", space, 2)
    dice(s, (6, "infantry"), (6, "infantry"), LEADER, LEADER)
    attack(s, 0, ships, space, origin)
    assert "The pirates roll 1 (leader), 1 (leader): combat value 2, no hits" in s.game.log
    assert "The pirates lose 2 ships" in s.game.log
    assert "The battle is won by Player 1" in s.game.log
    s = Scenario().reveal_all()
    s.city(BARBARIAN, "C2")
    attackers = s.units(0, "infantry", "C2", 1)
    enter_space(s.game, 0, [u.id for u in attackers], s.hex("C2"), {attackers[0].id: s.hex("D2")})
    assert "Player 1 captures the barbarians' city at C2; it becomes angry" in s.game.log


def test_an_academy_is_built_with_its_article_and_no_gain_of_nothing_is_said():
    s = Scenario().reveal_all()
    city = s.city(0, "D2")
    s.city(0, "B3")
    s.advances(0, "Writing").resources(0, food=1, wood=1, ore=1, ideas=7, gold=0)  # the ideas at their limit
    s.apply(Construct(city.id, "academy"))
    assert "Player 1 builds an Academy at D2" in s.game.log
    assert not [line for line in s.game.log if "gains" in line and "ideas" in line]
