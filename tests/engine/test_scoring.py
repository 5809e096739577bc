"""Victory points by source and the tie-break order (components.md d.8)."""

from civgame.games.clash.rules.base.scoring import score_sheet, winners
from tests.scenario import Scenario


def test_every_vp_source_is_counted():
    s = Scenario(players=2)
    s.city(0, "D2", buildings={"temple": 0, "academy": 1})
    s.city(1, "D7", buildings={"port": 0}, wonders=["great_wall"])
    s.player(1).wonders_built.append("great_wall")
    s.player(0).completed_objectives.extend([3, 4])
    s.player(0).event_vp = 1.0
    s.player(1).captured_leaders.append("Sulla")
    sheet0, sheet1 = score_sheet(s.game, 0), score_sheet(s.game, 1)
    assert sheet0 == {
        "city_pieces": 3,
        "advances": 1.0,
        "objectives": 4,
        "wonders": 0,
        "events": 1.0,
        "leaders": 0,
        "total": 9.0,
    }
    assert sheet1 == {
        "city_pieces": 2,
        "advances": 1.0,
        "objectives": 0,
        "wonders": 4,
        "events": 0,
        "leaders": 2,
        "total": 9.0,
    }
    assert winners(s.game) == [0]  # tie on 9 VP; more city-piece VP wins


def test_pyramids_score_only_for_the_builder():
    s = Scenario(players=2)
    s.city(1, "D7", wonders=["pyramids"])
    s.player(0).wonders_built.append("pyramids")
    assert score_sheet(s.game, 0)["wonders"] == 5.1
    assert score_sheet(s.game, 1)["wonders"] == 0


def test_full_tie_is_shared():
    s = Scenario(players=3)
    s.city(0, "D2")
    s.city(1, "D7")
    s.city(2, "F2")
    assert winners(s.game) == [0, 1, 2]
