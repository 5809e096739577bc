"""Sid Meier's Civilization in words: each legal action as a player reads it on a button, and the groups
the action bar shows them in. Names come from the game's rules data, never from code.

Everything here reads the public model (`core`) and the rules data the game is played with
(`game.rules`); nothing changes the game.
"""

from __future__ import annotations

from dataclasses import fields

from civgame.games.sidmeier.content.describe import unit_card_name
from civgame.games.sidmeier.core import actions as act
from civgame.games.sidmeier.core.decisions import FreeBuildings, GreatPersonDraw
from civgame.games.sidmeier.core.model import Game

# action kind -> the group's label on the action bar, in the order the bar shows the groups
GROUPS: dict[str, str] = {
    "place_capital": "Place your capital",
    "place_figure": "Place a starting figure",
    "place_wonder": "Place your starting wonder",
    "found_city": "Found a city",
    "change_government": "Change government",
    "place_reserve": "Place a great person",
    "assign_scout": "Send a scout to gather",
    "free_figure": "Free figure",
    "free_walls": "Free city walls",
    "free_building": "Free building",
    "learn_from": "Learn a tech",
    "draw_culture_cards": "Draw culture cards",
    "invest": "Invest a coin",
    "buy_tech": "Buy a tech",
    "buy_culture_card": "Buy a culture card",
    "adopt_policy": "Adopt a social policy",
    "return_policy": "Return a social policy",
    "keep_great_person": "Keep a great person",
    "reveal_marker": "Reveal a marker",
    "take_free_tech": "Learn the relic's tech",
    "place_free_investment": "Place a free investment",
    "offer": "Offer a deal",
    "accept_offer": "Accept the deal",
    "decline_offer": "Decline the deal",
    "build_figure": "Build a figure",
    "build_unit": "Build a unit",
    "build_building": "Build a building",
    "build_wonder": "Build a wonder",
    "build_walls": "Build city walls",
    "devote": "Devote to the arts",
    "harvest": "Harvest a resource",
    "use_caravan": "Use a caravan",
    "start_program": "Start a building program",
    "advance_culture": "Advance on the culture track",
    "use_ability": "Use a resource ability",
    "play_card": "Play a culture event card",
    "begin_move": "Move figures",
    "step": "Step",
    "explore": "Explore",
    "infiltrate": "Infiltrate",
    "disband": "Disband",
    "stop_move": "Stop moving",
    "research": "Research a tech",
    "skip_research": "Research nothing",
    "no_battle_cards": "Play no battle cards",
    "play_unit": "Play a unit",
    "wound_unit": "Wound an enemy unit",
    "take_loot": "Take the loot",
    "save_unit": "Save a unit",
    "discard": "Discard a culture card",
    "place_great_person_at": "Place the great person",
    "take_resource": "Take a resource",
    "obsolete_wonder": "Make a wonder obsolete",
    "cancel": "Cancel it",
    "allow": "Let it happen",
    "give_coin": "Give the coin",
    "second_tech": "Research a second tech",
    "exchange_tech": "Learn their tech",
    "use_deck": "Use a deck",
    "move_off": "Move a figure off",
    "grow_metropolis": "Grow the metropolis",
    "reveal_person_card": "Turn a great person card face up",
    "use_person_card": "Use a great person card",
    "gift_coin_for_culture": "Give a coin for culture",
    "drop_culture_card": "Discard a culture card",
    "refill_hand": "Draw up to your hand size",
    "pass_battle_turn": "Pass this turn",
    "build_free": "Build a free building",
    "choose_unit": "Choose a unit",
    "choose_deck": "Choose a deck",
    "take_reward": "Take the reward",
    "end_start_of_turn": "End Start of Turn",
    "end_trade": "End Trade",
    "end_city_management": "End City Management",
    "end_movement": "End Movement",
}
SQUARE_FIELDS = ("pos", "dest")  # action fields naming a square of the map


def group_label(kind: str) -> str:
    return GROUPS.get(kind, kind.replace("_", " ").capitalize())


def grouped(actions: list[act.Action]) -> dict[str, list[act.Action]]:
    """The actions by kind, in the bar's order of groups."""
    order = list(GROUPS)
    out: dict[str, list[act.Action]] = {}
    for action in sorted(actions, key=lambda a: order.index(a.KIND) if a.KIND in order else len(order)):
        out.setdefault(action.KIND, []).append(action)
    return out


def square_of(action: act.Action) -> int | None:
    """The map square an action is about, when it names one (a building site, a city, a figure's square)."""
    for name in SQUARE_FIELDS:
        value = getattr(action, name, -1)
        if isinstance(value, int) and value >= 0:
            return value
    return None


class Words:
    """Names of pieces as the rules data spells them, for one game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules

    def name(self, key: str) -> str:
        rules = self.rules
        tables = (
            rules.techs,
            rules.wonders,
            rules.governments,
            rules.civilizations,
            rules.units,
            rules.investments,
            rules.policies,
            rules.person_cards,
        )
        for table in tables:
            if key in table:
                return str(table[key].name)
        if key in rules.faces:
            return rules.faces[key].face.name
        if key in rules.great_people:
            return rules.great_people[key].name
        if key == rules.city_walls.id:
            return rules.city_walls.name
        if key.startswith("card:") and key[5:].isdigit():
            return self.culture_card(int(key[5:]))
        if key.startswith("person:") and key[7:].isdigit():
            return self.person_card(int(key[7:]))
        if key.startswith("tech:") and key[5:] in rules.techs:  # (a cancel's source)
            return str(rules.techs[key[5:]].name)
        return key.replace("_", " ")

    def culture_card(self, card: int) -> str:
        return self.rules.culture_cards[self.rules.culture_card_ids[card]].name

    def unit_card(self, card: int) -> str:
        return unit_card_name(self.rules, card)

    def player(self, seat: int) -> str:
        return self.game.players[seat].name if 0 <= seat < len(self.game.players) else "nobody"

    def city(self, city_id: int) -> str:
        city = self.game.city(city_id)
        if city is None:
            return "a city"
        kind = "metropolis" if city.expansion >= 0 else "capital" if city.capital else "city"
        return f"the {kind} at {self.game.label(city.pos)}"

    def figure(self, figure_id: int) -> str:
        figure = self.game.figure(figure_id)
        return f"the {figure.kind} at {self.game.label(figure.pos)}" if figure is not None else "a figure"

    def payment(self, pay: tuple[str, ...]) -> str:
        if not pay:
            return ""
        parts = []
        for item in pay:
            kind, _, rest = item.partition(":")
            spent, _, counted_as = rest.partition(":")
            if kind == "token":
                parts.append(f"1 {spent}" + (f" as {counted_as}" if counted_as else ""))
            elif kind == "marker":
                parts.append("a hut or village marker" + (f" as {counted_as}" if counted_as else ""))
            elif kind == "card":
                parts.append(f"{self.culture_card(int(rest.split(':')[0]))} ({rest.split(':')[-1]})")
            elif kind == "person":  # (a great person card discarded to stand in for a resource)
                parts.append(self.person_card(int(rest)))
            else:
                parts.append(item)
        return f", paying {', '.join(parts)}"

    def label(self, action: act.Action) -> str:
        """What the action does, as a button says it."""
        method = getattr(self, f"_{action.KIND}", None)
        if method is not None:
            return str(method(action))
        return self._generic(action)

    def _generic(self, action: act.Action, head: str = "") -> str:
        parts = [head or group_label(action.KIND)]
        for field in fields(action):
            if field.name == "player":
                continue
            value = getattr(action, field.name)
            if field.name in SQUARE_FIELDS and isinstance(value, int):
                parts.append(f"at {self.game.label(value)}" if value >= 0 else "")
            elif field.name == "city" and isinstance(value, int) and value >= 0:
                parts.append(f"in {self.city(value)}")
            elif field.name in ("figure", "scout") and isinstance(value, int):
                parts.append(f"with {self.figure(value)}")
            elif field.name == "pay" and isinstance(value, tuple):
                parts.append(self.payment(value).lstrip(", "))
            elif field.name in ("to", "target") and isinstance(value, int) and value >= 0:
                parts.append(f"({self.player(value)})")
            elif isinstance(value, str) and value:
                parts.append(self.name(value))
        return " ".join(p for p in parts if p)

    def _place_capital(self, a: act.PlaceCapital) -> str:
        return f"Place your capital at {self.game.label(a.pos)}"

    def _place_figure(self, a: act.PlaceFigure) -> str:
        return f"Place it at {self.game.label(a.pos)}"

    def _found_city(self, a: act.FoundCity) -> str:
        return f"Found a city with {self.figure(a.scout)}"

    def _change_government(self, a: act.ChangeGovernment) -> str:
        return f"Change government to {self.name(a.government)}"

    def _assign_scout(self, a: act.AssignScout) -> str:
        return f"{self.figure(a.scout).capitalize()} gathers for {self.city(a.city)}"

    def _offer(self, a: act.Offer) -> str:
        return f"Offer {self.player(a.to)} {a.give.describe()} for {a.get.describe()}"

    def _build_figure(self, a: act.BuildFigure) -> str:
        return f"Build an {a.figure} at {self.game.label(a.pos)} ({self.city(a.city)})"

    def _build_unit(self, a: act.BuildUnit) -> str:
        return f"Build a unit ({self.name(a.unit)}) in {self.city(a.city)}"

    def _build_building(self, a: act.BuildBuilding) -> str:
        return f"Build a {self.name(a.building)} at {self.game.label(a.pos)} ({self.city(a.city)})"

    def _build_wonder(self, a: act.BuildWonder) -> str:
        return f"Build {self.name(a.wonder)} at {self.game.label(a.pos)} ({self.city(a.city)})"

    def _build_walls(self, a: act.BuildWalls) -> str:
        return f"Build city walls around {self.city(a.city)}"

    def _advance_culture(self, a: act.AdvanceCulture) -> str:
        if a.jump:
            return "Advance on the culture track, jumping over the spaces held by other players' markers"
        return "Advance on the culture track"

    def _devote(self, a: act.Devote) -> str:
        return f"Devote {self.city(a.city)} to the arts" + (", taking its culture as trade" if a.as_trade else "")

    def _harvest(self, a: act.Harvest) -> str:
        second = f" and 1 {a.second}" if a.second else ""
        return f"Harvest 1 {a.resource}{second} with {self.city(a.city)}"

    def _begin_move(self, a: act.BeginMove) -> str:
        return "Move " + " and ".join(self.figure(f) for f in a.figures)

    def _step(self, a: act.Step) -> str:
        return f"Step {a.direction}"

    def _explore(self, a: act.Explore) -> str:
        return f"Explore the tile to the {a.direction}"

    def _research(self, a: act.Research) -> str:
        return f"Research {self.name(a.tech)}"

    def _play_unit(self, a: act.PlayUnit) -> str:
        where = "on a new front" if a.front < 0 else f"against front {a.front + 1}"
        boost = f" (with {self.name(a.boost)}{self.payment(a.pay)})" if a.boost else ""
        return f"Play {self.unit_card(a.card)} {where}{boost}"

    def _wound_unit(self, a: act.WoundUnit) -> str:
        if a.card < 0:
            return "Lose the wound: no enemy unit stands on a front"
        battle = self.game.battle
        fronts = battle.fronts if battle is not None else []
        front = next((i for i, f in enumerate(fronts) if a.card in (f.attacker, f.defender)), -1)
        return f"Wound {self.unit_card(a.card)} on front {front + 1}"

    def _take_loot(self, a: act.TakeLoot) -> str:
        if a.kind == "nothing":
            return "Take no loot"
        if a.kind == "tech":
            return f"Take the tech {self.name(a.item)}"
        if a.kind == "card":
            return "Take a culture event card"
        if a.kind == "discard_coin":
            return f"Make them discard the coin token on {self.coin_place(a.item)}"
        if a.kind == "steal_coin":
            return f"Steal the coin token on {self.coin_place(a.item)}"
        return f"Take {a.kind}{' ' + a.item if a.item else ''}"

    def _discard(self, a: act.Discard) -> str:
        return f"Discard {self.culture_card(a.card)}"

    def _play_card(self, a: act.PlayCard) -> str:
        head = f"Play {self.culture_card(a.card)}"
        choices = a.choice.split(",") if a.choice else []
        if choices and all(":" in c for c in choices):  # (players who discard a coin token, and where it lies)
            losses = [
                f"{self.player(int(seat))} discards the coin token on {self.coin_place(place)}"
                for seat, _, place in (c.partition(":") for c in choices)
            ]
            return f"{head}: {'; '.join(losses)}"
        if choices and all(c in self.rules.policies for c in choices):
            return f"{head}: switch {', '.join(self.rules.policies[c].name for c in choices)} to the other side"
        if a.choice in ("army", "scout"):  # (chosen on the map at the figure's square: short, to fit beside it)
            return f"{head}: {a.choice} to {self.game.label(a.dest)}"
        return self._generic(a, head=head)

    def _place_great_person_at(self, a: act.PlaceGreatPersonAt) -> str:
        return (
            f"Place the great person at {self.game.label(a.pos)}" if a.pos >= 0 else "Keep the great person in reserve"
        )

    def _save_unit(self, a: act.SaveUnit) -> str:
        return f"Save {self.unit_card(a.card)}" if a.card >= 0 else "Save no unit"

    def _obsolete_wonder(self, a: act.ObsoleteWonder) -> str:
        return f"Make {self.name(a.wonder)} obsolete" if a.wonder else "Make no wonder obsolete"

    def _take_resource(self, a: act.TakeResource) -> str:
        return f"Take 1 {a.resource}" if a.resource else "Take nothing (the market is empty)"

    def _exchange_tech(self, a: act.ExchangeTech) -> str:
        return f"Learn {self.name(a.tech)}" if a.tech else "Learn no tech"

    def _use_ability(self, a: act.UseAbility) -> str:
        where = f" in {self.city(a.city)}" if a.city >= 0 else ""
        return f"Use the ability of {self.name(a.source)}{where}{self.payment(a.pay)}"

    def _cancel(self, a: act.Cancel) -> str:
        return f"Cancel it with {self.name(a.source)}{self.payment(a.pay)}"

    def _learn_from(self, a: act.LearnFrom) -> str:
        return f"Learn {self.name(a.tech)} ({self.name(a.source)})"

    def _free_figure(self, a: act.FreeFigure) -> str:
        return f"Build an {a.figure} free ({self.name(a.source)})"

    def _free_walls(self, a: act.FreeWalls) -> str:
        return f"Build city walls free around {self.city(a.city)} ({self.name(a.source)})"

    def _free_building(self, a: act.FreeBuilding) -> str:
        where = self.game.label(a.pos)
        return f"Build a {self.name(a.building)} free at {where} ({self.city(a.city)}; {self.name(a.source)})"

    def _draw_culture_cards(self, a: act.DrawCultureCards) -> str:
        return f"Draw culture event cards ({self.name(a.source)})"

    def _disband(self, a: act.Disband) -> str:
        what = {"fortification": " and fortify the city", "caravan": " and send a caravan there"}.get(a.marker, "")
        return f"Disband into your city to the {a.direction}{what}"

    def _use_caravan(self, a: act.UseCaravan) -> str:
        return f"Discard the caravan of {self.city(a.city)} for production"

    def _reveal_marker(self, a: act.RevealMarker) -> str:
        special = self.rules.hut_markers[a.marker].special
        name = special.name if special is not None else "the marker"
        if a.tech:
            return f"Reveal {name}: learn {self.name(a.tech)} free"
        return f"Reveal {name}: more production in {self.city(a.city)}"

    def _take_reward(self, a: act.TakeReward) -> str:
        if a.unit:
            return f"Build a free {self.name(a.unit)} unit"
        return f"Build a free {a.figure} where the marker was" if a.figure else "Nothing can be built: take nothing"

    def _buy_tech(self, a: act.BuyTech) -> str:
        return f"Learn {self.name(a.tech)} for trade (a social policy)"

    def _buy_culture_card(self, a: act.BuyCultureCard) -> str:
        return "Pay culture for a culture event card (a social policy)"

    def _adopt_policy(self, a: act.AdoptPolicy) -> str:
        policy = self.rules.policies[a.policy]
        return f"Adopt {policy.name}: {policy.text}"

    def _return_policy(self, a: act.ReturnPolicy) -> str:
        return f"Return {self.rules.policies[a.policy].name}"

    def _keep_great_person(self, a: act.KeepGreatPerson) -> str:
        kind = self.rules.great_people[self.rules.great_person_ids[a.marker]].name
        pending = self.game.pending[-1] if self.game.pending else None
        if isinstance(pending, GreatPersonDraw) and pending.cards and a.marker in pending.markers:
            card = pending.cards[pending.markers.index(a.marker)]
            return f"Keep {self.person_card(card)} ({kind})"
        return f"Keep {kind}"

    def person_card(self, card: int) -> str:
        return self.rules.person_cards[self.rules.person_card_ids[card]].name

    def _reveal_person_card(self, a: act.RevealPersonCard) -> str:
        person = self.rules.person_cards[self.rules.person_card_ids[a.card]]
        return f"Turn {person.name} face up: {person.text}"

    def _build_free(self, a: act.BuildFree) -> str:
        pending = self.game.pending[-1] if self.game.pending else None
        building = self.name(pending.building) if isinstance(pending, FreeBuildings) and pending.building else ""
        building = building or (self.name(a.building) if a.building else "the building")
        if a.city < 0:
            return "Build no more free buildings"
        return f"Build {building} free at {self.game.label(a.pos)} ({self.city(a.city)})"

    def _drop_culture_card(self, a: act.DropCultureCard) -> str:
        return f"Discard {self.culture_card(a.card)}"

    def _gift_coin_for_culture(self, a: act.GiftCoinForCulture) -> str:
        where = "on your civilization sheet" if a.place == "sheet" else f"on {self.name(a.place)}"
        return f"Give {self.player(a.to)} the coin token {where}, advancing 1 culture space ({self.name(a.source)})"

    def _use_person_card(self, a: act.UsePersonCard) -> str:
        person = self.rules.person_cards[self.rules.person_card_ids[a.card]]
        how = [self.name(a.tech)] if a.tech else []
        if a.amount and any(e.name == "person_blank_tech" for e in person.effects):
            how.append(f"as a blank level {a.amount} tech")
        elif a.amount:
            how.append(f"{abs(a.amount)} {'trade into culture' if a.amount > 0 else 'culture into trade'}")
        if a.pos >= 0:
            how.append(f"from {self.game.label(a.pos)} to {self.game.label(a.dest)}")
        if a.city >= 0:
            how.append(self.city(a.city))
        return f"Use {person.name}" + (f" ({', '.join(how)})" if how else "") + f": {person.text}"

    def _take_free_tech(self, a: act.TakeFreeTech) -> str:
        return f"Learn {self.name(a.tech)} free (a relic)" if a.tech else "No tech has a place in your pyramid"

    def _place_free_investment(self, a: act.PlaceFreeInvestment) -> str:
        held = self.game.players[self.game.actor()].investments.get(a.card, 0)
        return f"Put a free investment marker on {self.name(a.card)} (it holds {held})"

    def _start_program(self, a: act.StartProgram) -> str:
        return f"Start a building program in {self.city(a.city)}"

    def _invest(self, a: act.Invest) -> str:
        held = self.game.players[self.game.actor()].investments.get(a.card, 0)
        return f"Invest the coin token on {self.coin_place(a.token)} in {self.name(a.card)} (it holds {held})"

    def coin_place(self, token: str) -> str:
        """Where a coin token lies: on a tech or wonder card, else on the civilization sheet."""
        rules = self.rules
        return self.name(token) if token in rules.techs or token in rules.wonders else "the civilization sheet"

    def _place_reserve(self, a: act.PlaceReserve) -> str:
        person = self.rules.great_people[self.rules.great_person_ids[a.marker]].name
        return f"Place {person} from the reserve at {self.game.label(a.pos)}"

    def _grow_metropolis(self, a: act.GrowMetropolis) -> str:
        return f"Grow your capital into a metropolis over {self.game.label(a.pos)}"

    def _move_off(self, a: act.MoveOff) -> str:
        return f"Move {self.figure(a.figure)} to {self.game.label(a.pos)}"

    def _choose_unit(self, a: act.ChooseUnit) -> str:
        return f"Take a {self.name(a.unit)} unit" if a.unit else "No more units"

    def _use_deck(self, a: act.UseDeck) -> str:
        return f"Draw from the {self.name(a.unit)} deck"

    def _choose_deck(self, a: act.ChooseDeck) -> str:
        return f"Draw from the {a.deck} deck"

    def _second_tech(self, a: act.SecondTech) -> str:
        return f"Research {self.name(a.tech)} too" if a.tech else "Research no second tech"

    def _give_coin(self, a: act.GiveCoin) -> str:
        return f"Give the coin to {self.player(a.to)}"
