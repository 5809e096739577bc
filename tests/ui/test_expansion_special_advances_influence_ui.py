"""The window and the special advances of faith (Druidic Influence, Proselytism, Zoroastrianism): each new
target offered by mouse, greyed with the rules' reason when no attempt reaches it; the culture tokens under
barbarian settlements on the map, in the tooltip and on the score sheet."""

from civgame.games.clash.core.actions import InfluenceCulture
from civgame.ui.score_scene import scored_items
from civgame.ui.tooltips import city_lines
from tests.classic import die
from tests.engine.test_expansion_special_advances_influence import druids, levels, magi, missionaries
from tests.scenario import LoadedDice
from tests.ui.test_expansion_civilizations_ui import expansion_screen
from tests.ui.test_flows import choose, click_space, open_in_window


def assert_greyed(app, scene, space: str, label: str, reason: str) -> None:
    """Clicking on `space` lists `label` greyed, with the rules' `reason` as its label's end and its tooltip."""
    click_space(app, scene, space)
    button = scene.dialog.button_for(f"{label}: {reason}")
    assert not button.is_enabled and button.tool_tip_text == f"Not now: {reason}"


def test_a_barbarian_settlement_is_influenced_by_mouse_and_its_token_shows_and_scores(app):
    s, _city, settlement = druids()
    levels(s, 0)
    s.resources(0, culture=1)
    s.game.rng = LoadedDice(s.game.rng.state, [die(5)])
    scene = open_in_window(app, s.game)
    click_space(app, scene, "F2")
    offered = "Influence the settlement in the barbarians' city at F2 from D2: a culture token under it"
    assert scene.dialog.labels() == [f"{offered} (+1 culture for range)"]
    choose(app, scene, "Influence the settlement in")
    token = scene.game.city(settlement.id)
    assert token.tokens_under == [0]
    assert any("a culture token of Player 1" in line for line in city_lines(scene.game, token))
    assert [item.text for item in scored_items(scene.game, 0)] == ["Culture tokens under settlements: 1"]


def test_a_settlement_out_of_reach_is_greyed_with_the_rules_reason(app):
    s, _city, _settlement = druids()
    levels(s, 0)
    assert s.legal_of(InfluenceCulture) == []  # no culture token for the range
    scene = open_in_window(app, s.game)
    assert_greyed(
        app, scene, "F2", "Influence this city", "the target is 2 spaces away, beyond range 1 + 0 culture token(s)"
    )


def test_settlers_influence_by_mouse_where_they_stand_and_on_the_target(app):
    s, _settlers, _target = missionaries(3)
    s.city(0, "B7")
    scene = open_in_window(app, s.game)
    offered = "Influence the Temple in Player 2's city at E6 from the settlers at D2"
    for space in ("D2", "E6"):
        click_space(app, scene, space)
        assert offered in scene.dialog.labels()
        scene.close_dialog()


def test_settlers_out_of_range_are_greyed_with_the_rules_reason(app):
    s, _settlers, _target = missionaries(2)
    s.city(0, "B7")
    scene = open_in_window(app, s.game)
    reason = "the target is 4 spaces away, beyond range 3 + 0 culture token(s)"
    assert_greyed(app, scene, "D2", "Influence culture from the settlers here", reason)


def test_an_army_unit_is_influenced_by_mouse_or_greyed_with_the_rules_reason(app):
    s, _city = magi()
    s.unit(1, "infantry", "E4")
    s.unit(1, "infantry", "D6")  # 4 spaces away, beyond range 2
    scene = open_in_window(app, s.game)
    click_space(app, scene, "E4")
    assert scene.dialog.labels() == ["Influence Player 2's army unit at E4 from D2: it becomes yours"]
    scene.close_dialog()
    reason = "the target is 4 spaces away, beyond range 2 + 0 culture token(s)"
    assert_greyed(app, scene, "D6", "Influence an army unit here", reason)


def test_the_new_game_screen_says_only_what_no_source_gives_for_the_civilizations_of_faith(app):
    scene = expansion_screen(app)
    _names, why = scene._left_out()
    reasons = dict(part.split(": ", 1) for part in why.rstrip(".").split(". "))
    keeping_out = {civ: reason for group, reason in reasons.items() for civ in group.split(", ")}
    for civ in ("Egypt", "Celts", "India", "Persia"):
        assert keeping_out[civ].startswith("no source gives") and "not built" not in keeping_out[civ]
