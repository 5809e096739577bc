"""Effect primitives of action cards (declared here, applied in `rules/action_cards.py` and `rules/combat.py`).

An action half's effects run in order when the card is played: each one also says whether the card
can be played now (its precondition) and may ask the player a choice, answered by its own part of the
card's choice. A tactics half's effects last for the combat round it is played in (the combat
primitives of `military.py`, such as `combat_bonus` and `cancel_hits`, serve there too).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from civgame.framework.effects import NoParams, Params
from civgame.games.clash.content.effects.military import Cost
from civgame.games.clash.content.effects.registry import primitive
from civgame.games.clash.core.vocabulary import Payable

PLAYED = "playing an action card"
TACTICS = "combat: the round a tactics card is played in"


# ------------------------------------------------------------------ action halves


@primitive(
    "gain_actions",
    when=PLAYED,
    doc="Gain `actions` more main actions this turn.",
    example={"gain_actions": {"actions": 1}},
)
class GainActions(Params):
    actions: int = Field(default=1, ge=1)


@primitive(
    "gain_resources",
    when=PLAYED,
    doc="Gain `gain` (resource limits apply). With `needs_room`, the card can be played only while "
    "the player is below the limit of at least one of those resources.",
    example={"gain_resources": {"gain": {"ideas": 2}, "needs_room": True}},
)
class GainResources(Params):
    gain: Cost = Field(min_length=1)
    needs_room: bool = False


@primitive(
    "gain_per_building",
    when=PLAYED,
    doc="Gain `gain` for each of the player's cities holding `building`, whatever the colour of the "
    "piece (resource limits apply). The card can be played only with at least one such city.",
    example={"gain_per_building": {"building": "academy", "gain": {"ideas": 1}}},
)
class GainPerBuilding(Params):
    building: str
    gain: Cost = Field(min_length=1)


@primitive(
    "battle_won_this_turn",
    when=PLAYED,
    doc="The card can be played only if the player won a battle of a kind in `battles` during this "
    "turn that no card of the same name has claimed yet; playing it claims that battle. Taking an "
    "undefended city or overrunning settlers counts as a battle won, except with `real_battle`, "
    "which needs an enemy unit to have been there or the defender to have won.",
    example={"battle_won_this_turn": {"battles": ["land"], "real_battle": True}},
)
class BattleWonThisTurn(Params):
    battles: list[Literal["land", "naval"]] = ["land"]
    real_battle: bool = False


@primitive(
    "raise_city_moods",
    when=PLAYED,
    doc="Choose one of the player's cities that is not Happy: its mood improves one step. Then the "
    "player may pay `extra_step_cost` to improve a city that is still not Happy (the same or "
    "another) one more step. The card can be played only with a city that is not Happy.",
    example={"raise_city_moods": {"extra_step_cost": {"mood": 1}}},
)
class RaiseCityMoods(Params):
    extra_step_cost: Cost = {}


@primitive(
    "place_unit",
    when=PLAYED,
    doc="Place one `unit` from the player's supply in one of the player's cities whose space holds "
    "fewer army units of the player than the stacking limit. The card can be played only if "
    "one is in supply and such a city exists.",
    example={"place_unit": {"unit": "infantry"}},
)
class PlaceUnit(Params):
    unit: str = "infantry"


@primitive(
    "card_advance",
    when=PLAYED,
    doc="Gain an advance the player may take, without using an event cube (its border bonus is still "
    "gained). `price: free` costs nothing; `normal` costs the normal price of an advance (the "
    "usual substitutions apply). With `discounts`, that price is the one the Advance action would "
    "charge: its waivers (`free_advance_cost`) apply, a once-per-turn one to one advance only (it is "
    "then used for the turn), and an advance gained brings its waivers to the one gained after it. "
    "`from: neighbours` limits it to advances held by another player "
    "who has a unit or city within `range` spaces (plain distance) of one of the player's units or "
    "cities. `categories` limits it to advances of those categories (none listed: any). With `count: 2`, "
    "two advances of the same category, one after the other, each at that price. The card can be played "
    "only if such advances exist (and are affordable); with `optional` the player may take none, and the "
    "card can be played without one.",
    example={"card_advance": {"price": "free", "from": "neighbours", "range": 2}},
)
class CardAdvance(Params):
    count: Literal[1, 2] = 1
    price: Literal["free", "normal"] = "free"
    discounts: bool = False
    from_: Literal["any", "neighbours"] = Field(default="any", alias="from")
    range: int = Field(default=2, ge=0)
    categories: list[str] = []
    optional: bool = False


@primitive(
    "trade_advances",
    when=PLAYED,
    doc="Choose another player who has a unit or city within `range` spaces (plain distance) of one of "
    "the player's units or cities and holds an advance the player may take: the player gains one of "
    "them; then that partner chooses an advance the player holds that the partner may take and gains "
    "it. Both are free and use no event cube.",
    example={"trade_advances": {"range": 2}},
)
class TradeAdvances(Params):
    range: int = Field(default=2, ge=0)


@primitive(
    "lose_action_mark",
    when=PLAYED,
    doc="Choose another player who carries no such mark: at the start of their next turn they have "
    "`actions` fewer main actions, and the mark is removed.",
    example={"lose_action_mark": {"actions": 1}},
)
class LoseActionMark(Params):
    actions: int = Field(default=1, ge=1)


@primitive(
    "explore_and_settle",
    when=PLAYED,
    doc="The player may reveal a face-down region next to one of its cities (`next_to: city`: a space of "
    "the region is next to the city) or next to a region holding one (`next_to: city_region`); it lies "
    "as if entered from the first of its spaces next to them, so the usual exploration rules choose or "
    "offer its orientation. Then it may place one `unit` from its supply in one of its cities with room "
    "(no `unit`: none). With `city_cost`, once a region is revealed the player may found a city on one of "
    "its spaces where a city may stand, without a settler, paying `city_cost`. The card can be played "
    "only if such a face-down region exists.",
    example={"explore_and_settle": {"unit": "settler", "next_to": "city"}},
)
class ExploreAndSettle(Params):
    unit: str | None = "settler"
    next_to: Literal["city", "city_region"] = "city_region"
    city_cost: Cost = {}


@primitive(
    "truce",
    when=PLAYED,
    doc="Choose another player: until the start of the player's next turn, neither may move units into a "
    "space holding units or a city of the other. The card can be played only before any other action of "
    "the turn.",
    example={"truce": {}},
)
class Truce(NoParams):
    pass


@primitive(
    "redraw_objectives",
    when=PLAYED,
    doc="Draw `draw` objective cards (fewer if the deck runs out). Then keep everything as it was, or take "
    "one of the drawn cards and shuffle one objective card of the hand into the objective draw pile; the "
    "drawn cards not taken are shuffled back too. The card can be played only with an objective card in hand.",
    example={"redraw_objectives": {"draw": 2}},
)
class RedrawObjectives(Params):
    draw: int = Field(default=2, ge=1)


@primitive(
    "swap_hidden_card",
    when=PLAYED,
    doc="Choose another player holding action, objective or wonder cards: the player sees them and may "
    "swap one of its own cards for one of theirs of the same kind, or swap nothing.",
    example={"swap_hidden_card": {}},
)
class SwapHiddenCard(NoParams):
    pass


@primitive(
    "advance_from_loser",
    when="the end of a battle in which the holder of the card captured a city",
    doc="Offered to a player who captures another player's city while holding the card: discard one "
    "such card to gain, for free and without using an event cube, an advance the loser holds that "
    "the player may take (at most one card per battle).",
    example={"advance_from_loser": {}},
)
class AdvanceFromLoser(NoParams):
    pass


@primitive(
    "move_barbarian_armies",
    when=PLAYED,
    doc="Move barbarian armies (all the barbarian units of a space) standing within `range` spaces of the "
    "player's units or cities. The player chooses the armies, pays 1 of `pay_with` for each (a holder of "
    "`swap_tokens` may pay either token where one is listed), then moves each of them, in the order the player "
    "chooses, 1 space to an adjacent land space where the barbarians stay within the stacking limit. An army "
    "entering a space with a player's units or city (the card player's too) attacks at once, under the "
    "barbarian battle rules; a barbarian city it leaves gains an infantry. Armies another player's "
    "`hold_barbarians` shields from cards cannot be chosen. The card can be played only with an army that "
    "can be chosen and something to pay with.",
    example={"move_barbarian_armies": {"range": 2, "pay_with": ["food", "wood", "ore", "culture", "gold"]}},
)
class MoveBarbarianArmies(Params):
    range: int = Field(default=2, ge=0)
    pay_with: list[Payable] = Field(min_length=1)


# ------------------------------------------------------------------ follow-up actions

FOLLOWING = "passive: the holder's next action, which a `next_action` card forces"


@primitive(
    "next_action",
    when=PLAYED,
    doc="The player's next action must be `action` (a Construct, a Collect or an Influence Culture attempt): "
    "nothing else may be done "
    "before it, not even playing another card or ending the turn. The card's other effects apply to "
    "that action only and end with it. The card can be played only if that action could then be taken.",
    example={"next_action": {"action": "collect"}},
)
class NextAction(Params):
    action: Literal["construct", "collect", "influence_culture"]


@primitive(
    "collect_extra_spaces",
    when=FOLLOWING,
    doc="The Collect may use `spaces` more spaces than the city's mood-modified size (it still collects "
    "from as many as it can).",
    example={"collect_extra_spaces": {"spaces": 2}},
)
class CollectExtraSpaces(Params):
    spaces: int = Field(default=1, ge=1)


@primitive(
    "collect_same_space",
    when=FOLLOWING,
    doc="The Collect may take from one space several times; it still collects as many times as the "
    "city's mood-modified size.",
    example={"collect_same_space": {}},
)
class CollectSameSpace(NoParams):
    pass


@primitive(
    "influence_barbarian_settlement",
    when=FOLLOWING,
    doc="The Influence Culture attempt may target the settlement of a barbarian city of size 1 (the holder "
    "needs a settlement piece left). On success the city becomes the holder's, every barbarian unit in it "
    "is removed, and if any was, the holder places one unit of `units` (their choice, from their supply) "
    "there.",
    example={"influence_barbarian_settlement": {"units": ["settler", "infantry"]}},
)
class InfluenceBarbarianSettlement(Params):
    units: list[str] = Field(default_factory=lambda: ["settler", "infantry"], min_length=1)


# ------------------------------------------------------------------ tactics halves


@primitive(
    "play_tactics_cards",
    when="combat: the start of each combat round",
    doc="The holder may play the tactics half of an action card in each combat round (the attacker "
    "chooses first, then the defender, face down; both are revealed together).",
    example={"play_tactics_cards": {}},
)
class PlayTacticsCards(NoParams):
    pass


@primitive(
    "extra_combat_dice",
    when=TACTICS,
    doc="The holder rolls `dice` more dice in its combat roll; like any die they may activate an unused "
    "unit ability of the same side.",
    example={"extra_combat_dice": {"dice": 1}},
)
class ExtraCombatDice(Params):
    dice: int = Field(default=1, ge=1)


@primitive(
    "combat_value_per_enemy_unit",
    when=TACTICS,
    doc="For each fighting unit the opponent has when it resolves before the roll, `value` is added to "
    "the combat value of the holder (`applies_to: holder`) or of the opponent (`applies_to: opponent`); "
    "a combat value never drops below 0.",
    example={"combat_value_per_enemy_unit": {"value": -1, "applies_to": "opponent"}},
)
class CombatValuePerEnemyUnit(Params):
    value: int
    applies_to: Literal["holder", "opponent"] = "holder"


@primitive(
    "disable_enemy_abilities",
    when=TACTICS,
    doc="The opponent's unit abilities on the dice (infantry, cavalry, elephants, the leader's re-roll) "
    "do not work this round; other bonuses stay. With `unless_paid`, the opponent is asked before the "
    "roll whether to pay it (gold may stand in for resources) to keep its abilities.",
    example={"disable_enemy_abilities": {"unless_paid": {"food": 2}}},
)
class DisableEnemyAbilities(Params):
    unless_paid: Cost = {}


@primitive(
    "draw_on_hit",
    when=TACTICS + ", after the hits are known",
    doc="If the holder deals at least one hit this round (after ignored hits), it draws `cards` action cards.",
    example={"draw_on_hit": {"cards": 1}},
)
class DrawOnHit(Params):
    cards: int = Field(default=1, ge=1)


@primitive(
    "ignore_hit_on_roll",
    when=TACTICS + ", before the combat roll",
    doc="Roll dice one by one, at most one per fighting unit the holder has when it resolves; at the "
    "first die of at least `min_value` the holder ignores 1 hit this round.",
    example={"ignore_hit_on_roll": {"min_value": 5}},
)
class IgnoreHitOnRoll(Params):
    min_value: int = Field(default=5, ge=1)


@primitive(
    "extra_hit_on_roll",
    when=TACTICS + ", after the hits are known",
    doc="If the holder dealt at least as many hits as it took and the opponent keeps a fighting unit, "
    "roll 1 die: at `min_value` or more the holder deals 1 more hit, which cannot be ignored.",
    example={"extra_hit_on_roll": {"min_value": 5}},
)
class ExtraHitOnRoll(Params):
    min_value: int = Field(default=5, ge=1)


@primitive(
    "cancel_enemy_tactics",
    when="combat: when the tactics cards of a round are revealed",
    doc="The opponent's tactics card of this round, if any, is cancelled: it has no effect and goes to "
    "the discard pile, or with `take` into the holder's hand. Cards cancelling each other both have no "
    "effect (a card that takes still takes).",
    example={"cancel_enemy_tactics": {"take": True}},
)
class CancelEnemyTactics(Params):
    take: bool = False


@primitive(
    "sacrifice_units",
    when=TACTICS + ", before the combat roll",
    doc="Each side chooses one of its fighting units and removes it at once, before the combat roll, "
    "in its own pass of the tactics effects (the attacker's first); the units count as battle losses.",
    example={"sacrifice_units": {}},
)
class SacrificeUnits(NoParams):
    pass


@primitive(
    "withdraw_before_roll",
    when=TACTICS + ", before the combat roll",
    doc="The holder moves all its units in the battle space to an adjacent land space of its choice that "
    "holds no unit or city of another player (barbarians and pirates included); the battle ends without "
    "a roll and the opponent wins it. The card can be played only if such a space exists.",
    example={"withdraw_before_roll": {}},
)
class WithdrawBeforeRoll(NoParams):
    pass


@primitive(
    "kill_on_roll",
    when=TACTICS + ", before the combat roll",
    doc="Roll 1 die: at `min_value` or more the opponent chooses one of its fighting units and removes "
    "it at once, before the combat roll.",
    example={"kill_on_roll": {"min_value": 5}},
)
class KillOnRoll(Params):
    min_value: int = Field(default=5, ge=1)
