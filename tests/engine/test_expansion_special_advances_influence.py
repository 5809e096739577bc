"""The Civilizations expansion's special advances of faith (rules_data/classic-2012/civilizations/civilizations.yaml):
Egypt's Man God, the Celts' Druidic Influence, India's Proselytism and Persia's Zoroastrianism (001 › EGYPT, CELTS,
INDIA, PERSIA; catalogue §9.3, 9.5, 9.8, 9.11)."""

from civgame.games.clash.content import effects
from civgame.games.clash.core.actions import Recruit, UseAbility
from civgame.games.clash.rules.base import civilizations
from tests.classic import expansion_rules
from tests.engine.test_expansion_special_advances import playing, special

THEOCRACY = ("Dogma", "Devotion", "Conversion", "Fanaticism")


def levels(s, player: int, level: int = 7) -> None:
    """The player's Culture and Happiness levels (the 2012 Scale), which cap their tokens."""
    s.player(player).culture_level = s.player(player).happiness_level = level


def sources_of(s, player: int, primitive: str) -> set[str]:
    return {e.source for e in effects.active(s.game, s.player(player), primitive)}


# ------------------------------------------------------------------ Egypt: Man God


def test_man_god_gives_each_theocracy_advance_the_power_of_the_autocracy_advance_beside_it():
    s = playing("egypt")
    city = s.city(0, "D2", mood="happy")
    s.advances(0, "State Religion", *THEOCRACY)
    levels(s, 0)
    s.resources(0, food=2, ore=2, mood=4)
    assert not sources_of(s, 0, "recruit_reward") and "Absolute Power" not in {a.source for a in s.legal_of(UseAbility)}
    special(s, 0, "Priesthood")
    assert "Man God" in s.player(0).special_advances
    assert "Totalitarianism" in sources_of(s, 0, "influence_protection")  # with Devotion
    assert "Absolute Power" in {a.source for a in s.legal_of(UseAbility)}  # with Conversion
    assert sources_of(s, 0, "angry_as_neutral") == {"Forced Labor"}  # with Fanaticism
    assert not s.player(0).has("Nationalism") and not s.player(0).has("Draft")  # powers only: no advance, no cube
    tokens = s.player(0).mood_tokens + s.player(0).culture_tokens
    s.apply(Recruit(city.id, ("infantry",)))  # Dogma gives Nationalism, without Draft
    while s.game.pending:
        s.apply(s.legal()[0])
    assert s.player(0).mood_tokens + s.player(0).culture_tokens == tokens + 1


def test_man_god_gives_only_the_powers_beside_the_theocracy_advances_held():
    s = playing("egypt")
    s.advances(0, "State Religion", "Dogma")
    special(s, 0, "Priesthood")
    assert sources_of(s, 0, "recruit_reward") == {"Nationalism"}
    assert "Totalitarianism" not in sources_of(s, 0, "influence_protection")
    s.lose_advances(0, "Dogma")
    assert not sources_of(s, 0, "recruit_reward")


def test_the_egyptian_reason_names_only_what_no_source_gives():
    egypt = expansion_rules().civilizations["egypt"]
    reason = "no source gives one of the four special advances or the three leaders"
    assert civilizations.why_not_offered(egypt) == reason
    man_god = next(a for a in egypt.special_advances if a.name == "Man God")
    assert "Provisional" in man_god.text and "Conversion Absolute" in man_god.text.replace("\n", " ")


def test_an_advance_powers_effect_naming_a_category_the_rules_lack_is_a_data_problem():
    rules = expansion_rules()
    egypt = rules.civilizations["egypt"]
    wrong = {"advance_powers": {"category": "Theocracy", "powers_of_category": "Autocrazy"}}
    specials = [a.model_copy(update={"effects": [wrong]}) if a.name == "Man God" else a for a in egypt.special_advances]
    civs = {**rules.civilizations, "egypt": egypt.model_copy(update={"special_advances": specials})}
    problems = rules.model_copy(update={"civilizations": civs}).reference_problems()
    message = "Man God.effects[0].powers_of_category: unknown powers_of_category 'Autocrazy'"
    assert [p.message for p in problems] == [message]
