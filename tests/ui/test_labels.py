"""describe_action: a readable line for every action class, with spaces named like "D2"."""

from civgame.games.clash.content.effects.sources import holdings_changed
from civgame.games.clash.core import actions as A
from civgame.games.clash.core import decisions as D
from civgame.games.clash.core.hexgrid import label_to_hex
from civgame.games.clash.core.model import City, Unit
from civgame.games.clash.rules.flow.setup import new_game
from civgame.ui.labels import LABELS, ability_price, decision_title, describe_action, score_details, tactics_requirement


def sample_game():
    game = new_game(["Anna", "Ben"], 4)
    game.cities.clear()
    game.units.clear()
    game.cities.append(City(100, 0, label_to_hex("D2"), "neutral", buildings={"temple": 0}))
    game.cities.append(City(101, 1, label_to_hex("D7"), "happy", buildings={"academy": 1}))
    game.units.append(Unit(200, 0, "infantry", label_to_hex("D3")))
    game.units.append(Unit(201, 0, "infantry", label_to_hex("D3")))
    game.units.append(Unit(202, 0, "settler", label_to_hex("C3")))
    game.units.append(Unit(203, 0, "ship", label_to_hex("B3")))
    return game


def samples():
    h = label_to_hex
    return {
        A.Advance("Bartering"): "Advance: Bartering",
        A.Advance("Bartering", payment={"food": 1, "gold": 1}): "Advance: Bartering, paying 1 food, 1 gold",
        A.FoundCity(202): "Found a city at C3",
        A.Collect(100, ((h("D2"), "food"), (h("C2"), "wood"))): "Collect food from D2, wood from C2",
        A.Construct(100, "port", h("E2")): "Construct Port at D2 facing E2",
        A.Recruit(100, ("infantry", "infantry", "settler")): "Recruit 2 Infantry, 1 Settler at D2",
        A.StartMove(): "Move units",
        A.StartHappiness(): "Increase happiness",
        A.InfluenceCulture(
            100, 101, "academy", 2
        ): "Influence the Academy in Ben's city at D7 from D2 (+2 culture for range)",
        A.EndTurn(): "End turn",
        A.StartTrade(1): "Offer a trade to Ben",
        A.AddTradeItem("give", "food"): "Give 1 food",
        A.AddTradeItem("take", "objective"): "Ask for 1 objective card",
        A.AddTradeItem("give", "action:3", face_down=True): "Give 1 action card (face down)",
        A.SendTrade(): "Send the trade offer",
        A.CancelTrade(): "Cancel the trade offer",
        A.AcceptTrade(()): "Accept the trade",
        A.DeclineTrade(): "Decline the trade",
        A.UseAbility("Taxes", "taxes", ("food", "ore")): "Taxes: take 1 food, 1 ore",
        A.Pay({"food": 2}): "Pay 2 food",
        A.CancelPayment(): "Cancel: do not pay (the action is not taken)",
        A.MoveUnits((200, 201), h("D4")): "Move 2 Infantry from D3 to D4",
        A.MoveCity(100, h("D1")): "Move the city at D2 to D1",
        A.UseAbility("Hegemony", "ship_founds_city", ("E3", "D2")): (
            "Hegemony: the ship at E3 founds a city at D2 (a main action)"
        ),
        A.MoveCity(100, h("D3"), (200, 201)): "Move the city at D2 with 2 Infantry to D3",
        A.Recruit(100, ("infantry",), card_instead=True): (
            "Recruit 1 Infantry at D2, drawing an action card instead of the one Draft pays for"
        ),
        A.BoardShips((203,)): "Board ship 203 (can still sail)",
        A.EndMove(): "End move",
        A.RaiseMood(100): "Raise the city at D2 from neutral to happy (2 mood tokens)",
        A.EndHappiness(): "Stop increasing happiness",
        A.ChooseOrientation(3): "Place the explored region this way",
        A.ChooseCasualties((200,)): "Lose 1 Infantry",
        A.Retreat(True): "Retreat",
        A.Retreat(False): "Fight on",
        A.PlaceRefugee(100): "Place the refugee settler in Anna's city at D2",
        A.PlaceRefugee(None): "Do not place the refugee settler",
        A.ChooseToken("culture"): "Take a culture token",
        A.ReuseUnit(202): "Take the Settler from C3",
        A.BoostInfluence(False): "Accept the failed influence attempt",
        A.TakeFreeAdvance("Myths"): "Take Myths for free",
        A.Raze(None): "Raze nothing",
        A.Raze(100): "Raze Anna's city at D2 for 1 gold",
        A.ChangeGovernment(()): "Keep the current government",
        A.ChooseFirstPlayer(1): "Ben goes first",
        A.ChooseOption("gold"): "Gold",
        A.CancelFortress(()): "Do not pay: the fortress defends in full",
        A.CancelFortress(("extra_die",), {"ore": 2}): "Pay to cancel the fortress's extra die, paying 2 ore",
        A.PayCombatBonus(False): "Do not pay for a combat bonus",
        A.PlaceReinforcement(100): "Place the free unit in Anna's city at D2",
        A.PlayActionCard(25): "Play Leadership",
        A.PlayActionCard(37, ("100",)): "Play Militia: Anna's city at D2",
        A.PlayActionCard(5, ("100", "100")): "Play Hero General: Anna's city at D2, then Anna's city at D2",
        A.PlayActionCard(27, ("1",)): "Play Assassination: Ben",
        A.PlayActionCard(23, ("1",)): "Play Negotiations: a truce with Ben",
        A.PlayActionCard(7, ("1",)): "Play Spy: look at Ben's cards",
        A.PlayActionCard(21, ("-", "100")): "Play Explorer: a settler in Anna's city at D2",
        A.PlayActionCard(21, ("-", "-")): "Play Explorer: reveal nothing and place no settler",
        A.PlayActionCard(1, ("Myths",)): "Play Quick Advance: Myths",
        A.PlayActionCard(39, ("Myths", "1")): "Play Technology Trade: Myths, then trading with Ben",
        A.PlayTactics(None): "Play no tactics card",
        A.PlayTactics(6): "Play High Morale face down: +2 combat value.",
        A.PlayGreatPerson(21, ("Writing",)): "Play Great Philosopher: Writing",
        A.PlayGreatPerson(21): "Play Great Philosopher: no advance",
        A.PlayGreatPerson(57): "Play Great Diplomat",
        A.BuildWonder(100, "pyramids", {"ore": 7, "wood": 3, "food": 2, "culture": 5}): (
            "Build the Pyramids at D2, paying 7 ore, 3 wood, 2 food, 5 culture"
        ),
        A.CompleteObjective(7, "eureka"): "Complete Eureka! with the card Eureka!/Defiance, paying 2 ideas",
        A.EndObjectives(): "Complete no more objectives now",
        A.ChooseCivilization("vikings"): "Play Vikings",
        A.ChooseLeader("Sulla"): "Recruit Sulla",
        A.TakeNewLeader(): "No new leader",
        A.TakeNewLeader(100): "Draw a new leader into Anna's city at D2",
        A.TakeNewLeader(100, "Sulla"): "Lead with Sulla from Anna's city at D2",
    }


def test_every_action_class_has_a_label():
    missing = {cls.__name__ for cls in A.Action.REGISTRY.values()} - {cls.__name__ for cls in LABELS}
    assert not missing, f"add a label for {sorted(missing)} to LABELS in civgame/ui/labels.py"
    assert {type(a) for a in samples()} == set(A.Action.REGISTRY.values())  # the samples below cover them all


def test_labels_read_as_expected():
    game = sample_game()
    for action, expected in samples().items():
        assert describe_action(game, action) == expected


def test_option_and_combat_bonus_labels_say_what_they_cost_and_give():
    game = sample_game()
    game.pending.append(
        D.EffectChoiceDecision(
            player=0,
            source="Taxes",
            effect="collect",
            options=["gold", "ore"],
            amounts=[{"gold": 1, "mood": -1}, {"ore": 1}],
        )
    )
    assert describe_action(game, A.ChooseOption("gold")) == "Taxes: gold (gain 1 gold, pay 1 mood)"
    game.pending[-1] = D.CombatBonusDecision(player=0, source="Steel Weapons", bonus=2, cost={"ore": 1})
    assert describe_action(game, A.PayCombatBonus(True)) == "Pay 1 ore for Steel Weapons: +2 combat value every round"


def test_boarding_choices_name_each_ship_and_who_boards_it():
    game = sample_game()
    game.units.append(Unit(204, 0, "ship", label_to_hex("B3"), moved_this_action=True))
    game.units.append(Unit(205, 0, "infantry", label_to_hex("B3"), carrier=204))
    game.pending.append(D.BoardingDecision(player=0, units=[200, 201], sea=label_to_hex("B3"), options=[]))
    assert (
        describe_action(game, A.BoardShips((203, 204)))
        == "Ship 203 (can still sail) takes 1 Infantry; ship 204 (has sailed, carries 1 Infantry) takes 1 Infantry"
    )
    assert decision_title(game, game.pending[-1]) == "Anna: choose which ships the units board at B3"


def test_boost_names_the_tokens_needed_and_government_names_the_category():
    game = sample_game()
    game.pending.append(D.InfluenceBoostDecision(player=0, target=101, building="academy", tokens_needed=2))
    assert describe_action(game, A.BoostInfluence(True)) == "Pay 2 culture tokens to succeed"
    category = next(c for c in game.rules.categories if c.government)
    names = tuple(a.name for a in category.advances[:2])
    expected = f"Change government to {category.name}: {', '.join(names)}"
    assert describe_action(game, A.ChangeGovernment(names)) == expected


def test_every_decision_has_a_title_naming_the_player():
    game = sample_game()
    for cls in D.Decision.REGISTRY.values():
        decision = cls(player=1)
        if isinstance(decision, D.PayDecision):
            decision.action, decision.cost = A.Advance("Myths"), {"any:food,ideas,gold": 2}
        if isinstance(decision, D.ReuseUnitDecision):
            decision.kind_needed = "infantry"
        title = decision_title(game, decision)
        assert title.startswith("Ben: ") and len(title) > len("Ben: ") + 5
    pay = D.PayDecision(player=0, action=A.Advance("Myths"), cost={"any:food,ideas,gold": 2})
    assert decision_title(game, pay) == 'Anna: pay 2 any of food/ideas/gold for "Advance: Myths"'
    cancel = D.CardCancelDecision(player=1, source="Subterfuge", played_by=0, card=game.rules.action_cards[0].id)
    assert decision_title(game, cancel) == (
        f"Ben: Subterfuge: Anna plays {game.rules.action_cards[0].action} - let it be played, or discard a card to "
        "cancel it?"
    )
    overload = D.CasualtyDecision(player=0, count=1, candidates=[1, 2, 3], reason="overload")
    assert decision_title(game, overload) == "Anna: your ships can no longer carry all their units - remove 1"


def test_ability_labels_say_what_the_player_gets():
    game = sample_game()
    game.player(0).action_cards = [game.rules.action_cards[0].id]
    card = game.rules.action_cards[0]
    game.player(0).advances += ["Taxes", "Sports", "Bartering", "Arts", "Voting", "Free Economy", "Forced Labor"]
    holdings_changed(game)  # advances given by hand: the effects they grant are looked up again
    game.current = 0
    expected = {
        A.UseAbility("Taxes", "taxes", ("food", "food", "ore")): "Taxes: take 2 food, 1 ore",
        A.UseAbility(
            "Bartering", "exchange", ("1 action card for 1 gold", str(card.id))
        ): f"Bartering: trade 1 action card for 1 gold (discard {card.name})",
        A.UseAbility("Theaters", "exchange", ("1 culture for 1 mood",)): "Theaters: trade 1 culture for 1 mood",
        A.UseAbility("Civil Liberties", "exchange", ("3 mood",)): "Civil Liberties: gain 3 mood",
        A.UseAbility("Sports", "mood_steps", ("D2", "1")): "Sports: raise the city at D2 from neutral to happy",
        A.UseAbility(
            "Arts", "free_action", ("D2", "D7", "academy", "1")
        ): "Arts: influence the Academy in Ben's city at D7 from D2 (+1 culture for range), free",
        A.UseAbility("Voting", "free_action", ()): "Voting: increase happiness as a free action",
        A.UseAbility(
            "Free Economy", "free_collect", ("D2", "D2:food", "C2:wood")
        ): "Free Economy: collect food from D2, wood from C2 (city at D2), free",
        A.UseAbility(
            "Forced Labor", "angry_as_neutral", ()
        ): "Forced Labor: your angry cities count as neutral this turn",
        A.UseAbility(
            "Great Library", "borrow_advance", ("Writing",)
        ): "Great Library: use Writing until the end of your turn",
        A.UseAbility(
            "Alexander the Great", "play_card_without_action", (str(card.id),)
        ): f"Alexander the Great: play {card.action} (without spending an action)",
        A.UseAbility(
            "Alexander the Great", "play_card_without_action", ("great person:21", "Writing")
        ): "Alexander the Great: play Great Philosopher: Writing (without spending an action)",
    }
    for action, label in expected.items():
        assert describe_action(game, action) == label
    assert ability_price(game, A.UseAbility("Taxes", "taxes", ("food", "ore"))) == "1 mood"
    assert ability_price(game, A.UseAbility("Sports", "mood_steps", ("D2", "2"))) == "2 culture"
    assert ability_price(game, A.UseAbility("Bartering", "exchange", ("1 action card for 1 gold", "1"))) is None


def test_effect_choices_name_their_advance():
    game = sample_game()
    game.pending.append(
        D.EffectChoiceDecision(player=0, source="Dogma", effect="advance_on_build", options=["Myths", "decline"])
    )
    assert describe_action(game, A.ChooseOption("Myths")) == "Dogma: take Myths for free"
    assert describe_action(game, A.ChooseOption("decline")) == "Dogma: decline"
    game.pending[-1] = D.EffectChoiceDecision(
        player=0,
        source="Metallurgy",
        effect="collect_exchange",
        options=["exchange", "decline"],
        amounts=[{"ore": -1, "gold": 1}, {}],
    )
    assert describe_action(game, A.ChooseOption("exchange")) == "Metallurgy: exchange (gain 1 gold, pay 1 ore)"


def test_the_score_details_name_each_wonder_and_how_it_scores():
    game = sample_game()
    game.cities[0].wonders = ["great_gardens"]
    game.players[0].wonders_built = ["great_gardens", "pyramids"]
    game.players[0].destroyed_wonders_kept = ["pyramids"]  # Vulcan took them; their effect is kept
    assert score_details(game, 0) == (
        "Objectives: none · Wonders: Great Gardens (built), Pyramids (built, destroyed, effect kept)"
    )


def test_a_tactics_half_names_the_units_it_needs():
    game = sample_game()
    assert tactics_requirement(game, "Peltasts") == "land battles, with army units"
    assert tactics_requirement(game, "Martyr").endswith("with army units or ships")
    assert tactics_requirement(game, "High Ground") == "land battles, attacker only away from cities"


def test_city_planning_is_labelled_with_its_building_city_and_payment():
    from civgame.games.clash.content.ruleset import named_ruleset

    game = new_game(2, 1, named_ruleset("monumental+balance_patch"))
    use = A.UseAbility("City Planning", "free_construct", ("D2", "temple", "", "food:1", "ideas:1", "wood:2"))
    assert describe_action(game, use) == (
        "City Planning: construct a Temple in the city at D2 for 1 food, 1 idea, 2 wood, without an action"
    )


def test_decision_titles_count_in_words_never_with_a_plural_in_brackets():
    game = new_game(["Anna", "Ben"], 1)
    assert decision_title(game, D.MoveDecision(0, groups_left=1)) == "Anna: move units (1 group left)"
    assert decision_title(game, D.MoveDecision(0, groups_left=3)) == "Anna: move units (3 groups left)"
    assert decision_title(game, D.CasualtyDecision(0, count=1)) == "Anna: remove 1 unit (combat)"
    assert decision_title(game, D.TokenChoiceDecision(0, amount=2)) == "Anna: choose 2 tokens"
    assert decision_title(game, D.FreeAdvanceDecision(0)) == "Anna: status phase - take a free advance"


def test_raising_a_size_1_city_costs_1_mood_token_in_the_singular():
    game = new_game(["Anna", "Ben"], 1)
    city = game.cities_of(0)[0]
    assert city.size == 1
    assert describe_action(game, A.RaiseMood(city.id)).endswith("(1 mood token)")
