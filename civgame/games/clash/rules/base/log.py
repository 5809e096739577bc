"""The game log: every line a rule writes, worded once here as a rulebook would word it.

A rule says a line by its kind: `say(game, "combat.roll", who=side.owner, dice=..., ...)`. The subject
`who` is a player, the barbarians or the pirates (`party`), and the line's verbs agree with it ("Player 1
rolls", "the pirates roll"); a field holding a `Party` is named by it, `{loser's}` in its possessive
("the barbarians' city"). See `civgame.framework.wording` for the templates' few signs. Numbers of things
are written with `counted` ("1 hit", "2 hits") or `units` ("1 ship and 2 infantry"); a gain of nothing is
not said at all (`gained`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from civgame.framework.wording import Party, counted, listed, render
from civgame.games.clash.core.model import BARBARIAN, PIRATE, Game, Player

BARBARIANS = Party("the barbarians", plural=True)
PIRATES = Party("the pirates", plural=True)
# Things counted other than by their key: "1 idea", "2 mood tokens" ("2 food", "1 gold" as they are).
WORDS = {
    "ideas": ("idea", "ideas"),
    "mood": ("mood token", "mood tokens"),
    "culture": ("culture token", "culture tokens"),
}

LINES: dict[str, str] = {
    # ---------------------------------------------------------------- battles
    "combat.begins": "{battle} at {space}: {who} ({attackers}) [attacks] {defender} ({defence})",
    "combat.attack_bonus": "{who} [attacks] with {bonus} combat value every round",
    "combat.repelled": "{who} attacking {owner's} city [loses] at once ({source})",
    "combat.overrun": "{who} [eliminates] {defender's} {units} at {space}",
    "combat.paid_bonus": "{who} [fights] with {source}: {bonus} combat value every round",
    "combat.value_from": "{who} [gets] {value} combat value from {source}",
    "combat.hits_cancelled": "{source} cancels {hits} against {against}",
    "combat.siege": "The attacker's siege cancels the fortress's {parts}",
    "combat.fortress": "The fortress cancels {hits} in the first round",
    "combat.free_siege": "{who} [cancels] the fortress's {parts} at no cost ({source})",
    "combat.extra_hits": "{who} [scores] {hits} more ({source})",
    "combat.hits": "{who} [takes] {hits}, {defender} [takes:defender] {defender_hits}",
    "combat.no_tactics": "Round {round}: no tactics cards are played",
    "combat.tactics_face_down": "{who} [plays] a tactics card face down",
    "combat.no_tactics_card": "{who} [plays] no tactics card",
    "combat.reveals": "Round {round}: {who} [reveals] {tactics} ({card})",
    "combat.tactics_taken": "{tactics} is cancelled: {who} [takes] the card into their hand",
    "combat.tactics_cancelled": "{tactics} is cancelled",
    "combat.abilities_off": "{source}: {who's} unit abilities do not work this round",
    "combat.withdraws": "{who} [withdraws] {units} to {space} ({source})",
    "combat.ransom_declined": "{who} [does] not pay to keep their unit abilities ({source})",
    "combat.ransom_paid": "{who} [pays] {payment} to keep their unit abilities ({source})",
    "combat.card_roll": "{source}: {who} [rolls] {dice}: {outcome}",
    "combat.hit_ignored": "1 hit ignored",
    "combat.one_more_hit": "1 more hit",
    "combat.no_effect": "no effect",
    "combat.removes_unit": "{who} [removes] 1 unit",
    "combat.card_removes_unit": "{source}: {who} [removes] 1 unit",
    "combat.value_per_unit": "{source}: {who} [gets] {value} combat value",
    "combat.draws": "{source}: {who} [draws] {cards}",
    "combat.roll": "{who} [rolls] {dice}{notes}: combat value {value}, {hits}{cancels}",
    "combat.rerolled": "{who} [pays] {payment} and [rolls] the {shown} again: {rolled}; combat value {value}, {hits} "
    "({source})",
    "combat.dice_as_value": "{who} [counts] {dice} as combat value instead of cancelling hits ({source})",
    "combat.loses": "{who} [loses] {units}",
    "combat.loses_cargo": "{who} [loses] {units} that their ships can no longer carry",
    "combat.loses_settlers": "{who} [loses] {units} left without an army",
    "combat.short": "The battle lasts only {rounds}: {who} [goes] back to where the attack came from",
    "combat.retreats": "{who} [retreats] to where the attack came from",
    "combat.no_winner": "The battle ends with no winner",
    "combat.won": "The battle is won by {winner}",
    "combat.barbarian_gold": "{who} [gains] {gold} for defeating the barbarians",
    "combat.winner_vp": "{who} [gains] {vp} for the battle",
    "combat.pirate_gold": "{who} [gains] {gold} for {ships} sunk",
    "combat.no_reinforcement": "{who} [gets] no free {unit} from {source}: none in supply or no city with room",
    "combat.reinforcement": "{who} [places] a free {unit} in the city at {space} ({source})",
    "combat.razed": "{who} [razes] {loser's} city at {space}: the barbarians have no settlement piece left",
    "combat.barbarians_go_home": "{who} [goes] back to their settlement",
    "combat.barbarians_destroy": "{who} [destroys] {owner's} city at {space}",
    "combat.city_loses_pieces": "{who's} city at {space} loses its {pieces} and becomes angry",
    "combat.settlement_razed": "{who} [razes] the barbarian city at {space}",
    "combat.barbarians_capture": "{who} [captures] {loser's} city at {space}",
    "combat.no_settlement_piece": "{who} [has] no settlement piece left: the city at {space} is removed",
    "combat.captures": "{who} [captures] {loser's} city at {space}; it becomes {mood}",
    "combat.capture_gold": "{who} [gains] {gold} for the capture",
    "combat.no_building_piece": "{who} [has] no {building} piece left: it is removed from the city",
    "combat.no_refugee": "{who} [places] no refugee settler",
    "combat.refugee": "{who} [places] a refugee settler in the city at {space}",
    "combat.siege_paid": "{who} [pays] {payment} to cancel the fortress's {parts}",
    "combat.bonus_paid": "{who} [pays] {payment} for {source}: {gains}",
    "combat.hit_cancel_paid": "{who} [pays] {payment} for {source}: 1 hit fewer this round",
    # ---------------------------------------------------------------- gains said by many rules
    "gains": "{who} [gains] {what}",
    "gains_from": "{who} [gains] {what} ({source})",
    "gains_vp": "{who} [gains] {vp}",
    # ---------------------------------------------------------------- events
    "event.draws": "{who} [draws] the event card {card}",
    "event.waits": "The event card {card} resolves once the event under way is over",
    "event.mood": "{owner's} city at {space} becomes {mood} ({reason})",
    "event.no_barbarian_infantry": "The barbarians have no infantry left: no new settlement",
    "event.all_settlements_out": "Every barbarian settlement is on the board: no new settlement",
    "event.no_settlement_space": "There is no space for a new barbarian settlement",
    "event.settlement": "A barbarian settlement with an infantry appears at {space}",
    "event.no_barbarian_attack": "No barbarian settlement near enough attacks",
    "event.barbarian_attack": "The barbarians of {origin} attack {owner's} city at {space}",
    "event.barbarians_bought_off": "{who} [pays] {payment} to the barbarians",
    "event.march_bought_off": "The barbarian army at {space} stays where it is",
    "event.reinforced": "The barbarian city at {space} gains {unit}",
    "event.spawn_instead": "No barbarian army can move: the barbarians spawn instead",
    "event.army_held": "{who} [holds] the barbarian army at {space} where it stands",
    "event.army_moves": "A barbarian army moves from {origin} to {space}",
    "event.pirate_removed": "A pirate ship is taken from {space}",
    "event.pirate_placed": "A pirate ship appears at {space}",
    "event.raid": "{who} [raids] {victim}, who [loses:victim] {what}",
    "event.exhausted": "The land at {space} is exhausted",
    "event.gold_mine": "{who} [finds] a gold mine and [gains] {gold}",
    "event.gold_mine_full": "{who} [finds] a gold mine but [has] no room for more gold",
    "event.great_person": "{who} [takes] the great person {card} for {price}",
    "event.diplomacy": "{who} and {partner} enter diplomatic relations",
    "event.declined": "{who} [declines] the card",
    "event.protected": "{who} [is] protected from {card} by {source}",
    "event.nobody_takes": "Nobody else can take more {resource}",
    "event.gives": "{who} [gives] {what} to {taker}",
    "event.spares": "{who} [pays] {payment} to spare a city ({source})",
    "event.made_angry": "{who's} city at {space} becomes angry ({card})",
    "event.famine": "{who} [loses] {food} to famine",
    "event.loses_unit": "{who} [loses] {unit}",
    "event.loses_unit_for_vp": "{who} [loses] {unit} ({vp})",
    "event.settler": "{who} [gains] a settler at {space}",
    "event.tokens_for_vp": "{who} [pays] {tokens} for {vp}",
    "event.civil_war": "{who} [loses] an infantry at {space} (civil war)",
    "event.no_city_on": "{who} [has] no city on {terrain} and [loses] {what}",
    "event.fire": "Fire spreads through the {terrain} from {space}",
    "event.gives_up": "{who} [gives] up {what}",
    "event.anarchy": "{who} [falls] into anarchy and [loses] {advances} ({vp})",
    "event.card_passed": "{who} [passes] the card to {holder}",
    "event.building_taken": "The {building} at {space} turns to {taker's} colour",
    "event.short_battle": "The next land battle lasts one round; its winner gains {vp}",
    "event.draws_cards": "{who} [draws] {cards}",
    "event.made_happy": "{who's} city at {space} becomes happy",
    "event.converts": "{who} [turns] {given} into {taken}",
    "event.foresees": "{who} [looks] at {cards} and [assigns] them",
    "event.sets_aside": "{who} [sets] an objective card aside for {other}",
    "event.construct_ban": "{card}: from now on nobody without protection from it may build",
    "event.city_gone": "{who's} city at {space} is gone for good ({vp})",
    "event.wonder_gone": "The {wonder} at {space} is gone for good ({vp} to {owner})",
    "event.piece_gone": "{who's} {piece} at {space} is gone for good ({vp})",
    "event.wonder_kept": "The effect of the {wonder} is kept: {builder}, its builder, still scores {vp}",
    "event.gift": "{who} [picks] {taker}, who [gains:taker] {what}",
    "event.public_wonder": "The {wonder} is turned face up beside the wonder deck",
    "event.no_leaders": "{who} may recruit no more leaders",
    "event.diplomacy_ends": "{who} [ends] the diplomatic relations with {partner}",
    "event.city_attack_offer": "The next player to attack a city may pay {payment} for {vp}",
    # ---------------------------------------------------------------- cards, civilizations, turns
    "cards.reshuffled": "The {deck} deck is reshuffled",
    "cards.wonder_taken": "{who} [takes] the {wonder} card from {holder} ({source})",
    "cards.wonder_from_deck": "{who} [takes] the {wonder} card from the wonder deck ({source})",
    "cards.wonder_face_up": "{who} [takes] the face-up {wonder} card ({source})",
    "cards.wonders_owed": "{who} [draws] {cards} for those taken away",
    "cards.no_wonder_to_reveal": "No wonder card is left to turn face up ({source})",
    "cards.wonder_revealed": "The {wonder} is turned face up ({source})",
    "cards.wonder_claimed": "{who} [claims] the {wonder}: only they may build it, at no action cost ({source})",
    "civ.plays": "{who} [plays] {civilization}",
    "civ.special_gained": "{who} [gains] the special advance {advance} with {linked}",
    "civ.special_lost": "{who} [loses] the special advance {advance}",
    "civ.what_if": "What if? Each player's leaders are dealt from one shared deck",
    "civ.leader_leaves": "{leader} leaves {who's} service for good",
    "civ.leader_recruited": "{who} [recruits] the leader {leader} at {space}",
    "civ.leader_drawn": "{who} [draws] the leader {leader}, who stands at {space}",
    "civ.leader_chosen": "{who} [chooses] the leader {leader}, who stands at {space}",
    "civ.dealt": "Each player is dealt {count} civilizations and chooses one in secret",
    "civ.chosen": "{who} [has] chosen a civilization",
    "civ.leader_captured": "{who} [captures] {owner's} leader {leader}",
    "civ.leader_dies": "{who's} leader {leader} dies",
    "turn.fewer_actions": "{who} [has] {actions} fewer this turn",
    "turn.revolution": "{who} [loses] an action to the revolution",
    "turn.begins": "Age {age}, round {round}: {who's} turn",
    "diplomacy.ended_by_attack": "The attack ends the diplomatic relations of {who} and {partner}",
    "revolution.sacrifice": "{who} [kills] {unit} to stay clear of the revolution",
    "revolution.next_turn": "{who} will lose an action at the start of their next turn",
    "status.begins": "Status phase of age {age}",
    "status.game_ends": "The game ends: {reason}. {winners} [wins:winners]",
    "status.razes": "{who} [razes] their city at {space}",
    "status.government": "{who} [changes] government from {old} to {new}",
    "status.first_player": "{who} will be first player",
    "status.turn_order_stays": "Nobody's levels are higher than {who's}: the turn order stays",
    "status.roll_to_end": "{who} [rolls] {roll} to end the game (it ends on {faces}): the game {outcome}",
    "setup.new_game": "New game for {players} (seed {seed}); {who} [starts]",
    "payments.over_limit": "{who} [loses] {what} over the new limit of {limit}",
    # ---------------------------------------------------------------- advances and cities
    "advance.free": "{advance} costs nothing ({source})",
    "city.size_bonus": (
        "{who} [pays] {payment}: the city at {space} counts {by} size larger for its next Collect or Build ({source})"
    ),
    "advance.cheaper": "{advance} costs {less} less ({source})",
    "advance.regained": "{who} [regains] a government advance after anarchy: no event cube, {vp} lost",
    "advance.surcharge": "{who} [pays] {payment} more for {advance}",
    "advance.government_moved": "{who} [changes] government from {old} to {new}: {advances}",
    "advance.gained": "{who} [gains] {advance}",
    "advance.gained_with_token": "{who} [gains] {advance} and {token}",
    "advance.gained_no_token": "{who} [gains] {advance} but no {token}: they hold as many as their level allows",
    "advance.level_raised": "{who's} {level} rises to {reached}",
    "draws_from": "{who} [draws] {cards} ({source})",
    "advance.taken_free": "{who} [takes] {advance} for free ({source})",
    "advance.bought": "{who} [pays] {payment} for {advance} as a free action ({source})",
    "city.activated_again": "The city at {space} was activated again this turn and becomes {mood}",
    "city.redirected": "{who} [activates] the city at {space} instead ({source})",
    "city.founded": "{who} [founds] a city at {space}",
    "city.collects": "{who} [collects] {what} at {space}",
    "city.collects_over_limit": "{who} [collects] {what} at {space} ({lost} lost over the limit)",
    "city.building_discount": "{who} [pays] no {waived} for it ({source})",
    "city.builds": "{who} [builds] {building} at {space}",
    "draws": "{who} [draws] {cards}",
    "city.recruits": "{who} [recruits] {units} at {space} for {payment}",
    "city.card_instead": "{who} [draws] an action card instead of {unit} ({source})",
    "city.refund": "{who} [gets] back {what} ({source})",
    "city.settler_bought": "{who} [pays] {payment} for a settler at {space} ({source})",
    "city.collect_no_action": "{who's} first Collect this turn costs no action ({source})",
    "city.collect_paid": "{who} [pays] {payment} for a further Collect this turn",
    "city.collect_far_paid": "{who} [pays] {payment} to collect further away ({source})",
    "city.reuses": "{who} [reuses] the {unit} from {space}",
    # ---------------------------------------------------------------- abilities, exploring, happiness
    "ability.mood_steps": "{who} [pays] {payment} ({source}): the city at {space} is now {mood}",
    "ability.exchange": "{who} [uses] {source}: {exchange}",
    "ability.exchange_kept": "{who} [uses] {source}: {exchange} (and [keeps] {kept})",
    "ability.taxes": "{who} [levies] taxes ({source}) for {payment} and [gains] {what}",
    "ability.resources_chosen": "{who} [pays] {payment} ({source}) and [gains] {what}",
    "ability.free_construct": "{who} [pays] {payment} to construct without spending an action ({source})",
    "ability.draw_and_discard": "{who} [pays] {payment} to draw and discard cards ({source})",
    "ability.discards": "{who} [discards] {card} ({source})",
    "ability.angry_as_neutral": "{who} [pays] {payment} ({source}): angry cities count as neutral this turn",
    "ability.free_collect": "{who} [pays] {payment} to collect as a free action ({source})",
    "ability.takes_card": "{who} [takes] {card} from {place} ({source})",
    "ability.chooses": "{who} [chooses] {option} ({source}) and [gains] {what}",
    "ability.chooses_paying": "{who} [chooses] {option} ({source}): [pays] {payment} and [gains] {what}",
    "ability.trade_routes": "{who} [has] {routes} ({source})",
    "ability.trade_routes_gain": "{who} [gains] {what} from trade routes",
    "ability.ship_regions": "{who} [gains] {what} for {regions} with their ships ({source})",
    "ability.raid": "{who} [raids] {victim}, who [gives:victim] up a resource next turn ({source})",
    "ability.raid_now": "{who} [raids] {victim}, who [gives:victim] up a resource ({source})",
    "ability.routes_skipped": "{who} [leaves] out the trade routes to {whose} {building} cities",
    "ability.partner_bonus": "{who} [gains] {what} from {partner's} trade route to their {building}",
    "explore.orientation": "{who} [chooses] which way {region} lies",
    "explore.ship_stays": "The ship cannot reach the sea of {region} and stays where it was",
    "explore.revealed": "{region} is revealed",
    "explore.turns": "{who} [turns] {region} so its sea lies at {spaces}",
    "explore.places": "{who} [places] {region} with {terrain} at {space}",
    "happiness.action": "{who} [increases] happiness",
    "happiness.free": "{who} [increases] happiness as a free action ({source})",
    "happiness.free_paid": "{who} [increases] happiness as a free action ({source}, {payment} extra)",
    "happiness.raised": "{who} [pays] {payment}: the city at {space} is now {mood}",
    # ---------------------------------------------------------------- influence, moves, objectives, rewards
    "influence.takes_over": "{who's} culture takes over the {building} in the city at {space}",
    "influence.takes_over_settlement": (
        "{who's} culture takes over the barbarian city at {space}, and {units} [leaves:leaving]"
    ),
    "influence.places": "{who} [places] {unit} in the city at {space}",
    "influence.token_under": "{who} [puts] a culture token under the barbarian settlement at {space}",
    "influence.wins_over": "{who's} culture wins over {unit} at {space}: it is now in {who's} colour",
    "influence.tries": (
        "{who} [tries] to influence the {building} at {space} from {source}: [rolls] {roll}{bonuses} (needs {needed})"
    ),
    "influence.fails": "{who's} influence attempt fails",
    "influence.free": "{who} [makes] a free Influence Culture attempt for {payment}",
    "influence.no_action": "{who} [makes] an Influence Culture attempt at no action cost",
    "influence.accepts": "{who} [accepts] the failed influence attempt",
    "influence.boost": "{who} [boosts] the roll with {payment}",
    "leader.advance": "{who} [pays] {payment} ({source}) for a free advance",
    "move.moves": "{who} [moves] {units} from {origin} to {space}{route}",
    "unit.ship_founds": "{who's} ship at {sea} founds a city at {space} and leaves the board ({source})",
    "move.city_moves": "{who} [moves] the city at {origin} to {space}{gains} ({source})",
    "move.paid": "{who} [pays] {payment} for the move",
    "cards.looks_at_top": "{who} [looks] at the top event card without showing it ({source})",
    "cards.buries_top": "{who} [pays] {payment} to put the top event card at the bottom of the deck ({source})",
    "pirates.join": "The pirate ship at {space} sails with {who} ({source})",
    "pirates.leave": "The pirate ship at {space} is the pirates' again",
    "move.city_road": "{who} [uses] {source}: one group moves by road between two of their cities, free",
    "move.reward": "{who} [gains] {what} from {source}",
    "move.boards": "{who's} units board {ships}",
    "move.terrain_ignored": "The units at {space} ignore the terrain {why}",
    "move.terrain_paid": "{who} [pays] {payment} to ignore the terrain ({source})",
    "objective.completed": "{who} [completes] the objective {objective}",
    "objective.completed_paying": "{who} [completes] the objective {objective}, paying {payment}",
    "reward.city_mood": "The city at {space} becomes {mood} ({source})",
    "reward.better_mood": "{who} [pays] for the city at {space} to become {mood} ({source})",
    "reward.unit": "{who} [places] {unit} at {space} ({source})",
    "reward.revived": "{who} [brings] back {unit} lost in the battle to the city at {space} ({source})",
    "reward.piece_for_vp": "{who} [gives] up {piece} piece for {vp} ({source})",
    "ships.launch": "{who's} {units} put to sea as ships at {space}",
    "ships.land": "{who's} ships land at {space} as {units}",
    "ships.become": "{who's} landed ships become {units}",
    # ---------------------------------------------------------------- trades, unit abilities, wonders, cards
    "trade.offer": "{who} [offers] {partner} a trade: {give} for {take}",
    "trade.accepted": "{partner} [accepts:partner]: {who} [trades] {give} to {partner} for {take}",
    "trade.over_limit": "{who} [loses] {what} over the limit",
    "trade.declined": "{who} [declines] {proposer's} trade offer",
    "unit.converts": "{who} [turns] {old} into {new} at {space} ({source})",
    "unit.free_move": "{who} may move {units} from their cities for free ({source})",
    "unit.single_free_move": "{who} may move one {unit} at no action cost ({source})",
    "unit.explorer_token": "{who} [places] an explorer token in region {region} for {payment} ({source})",
    "unit.lands": "{who} [lands] {units} at {space} ({source})",
    "wonder.no_action": "Building a wonder at {space} costs {builder} no action",
    "wonder.builds": "{who} [builds] the {wonder} at {space}",
    "wonder.ending": "The {wonder} is built in one of the last rounds: the game ends once this round is over",
    "wonder.units": "{who} [gains] {units} at {space} ({source})",
    "wonder.neighbour_reward": "{who} [gains] {what} from {other's} new advance ({source})",
    "wonder.ship": "{who} [places] a ship at {space} ({source})",
    "wonder.borrows": "{who} [uses] {advance} until the end of the turn ({source})",
    "mercenaries.paid": "{who} [pays] {payment} to move {armies} ({source})",
    "mercenaries.stay": "The remaining barbarian armies have no space to move to and stay ({source})",
    "great_person.no_move": "None of {who's} units can move: the {card} makes no move",
    "card.plays": "{who} [plays] the {hand} {card}",
    "card.announced": "{who} [announces] the action card {card}",
    "card.cancelled": "{who} [discards] {spent} to cancel {card}, discarded as if unplayed ({source})",
    "card.plays_paying": "{who} [plays] the {hand} {card}, paying {payment}",
    "card.without_action": "{who} [plays] a card without spending an action ({source})",
    "card.next_action": "{who's} next action must be {action} ({source})",
    "card.more_actions": "{who} [gains] {actions} this turn ({source})",
    "card.city_mood": "{who's} city at {space} becomes {mood} ({source})",
    "card.places_unit": "{who} [places] {unit} in the city at {space} ({source})",
    "card.marks": "{who} [marks] {target}: {actions} fewer next turn ({source})",
    "card.truce": "{who} and {partner} may not attack each other until {who's} next turn",
    "card.spies": "{who} [looks] at {other's} hidden cards ({source})",
    "card.swaps": "{who} [swaps] {card} with {other} ({source})",
    "card.shuffles_back": "{who} [shuffles] {cards} back into the deck ({source})",
    "card.not_played": "{who} [does] not play {card}",
}


def party(game: Game, owner: int) -> Party:
    """Who owns pieces of `owner`: a player, the barbarians or the pirates."""
    if owner == BARBARIAN:
        return BARBARIANS
    if owner == PIRATE:
        return PIRATES
    return Party(game.player(owner).name)


def line(game: Game, kind: str, who: int | Party | None = None, **fields: object) -> str:
    """The line of `kind` about `who` (a player's or neutral owner's index, or a `Party`)."""
    return render(LINES[kind], _subject(game, who), fields)


def clause(game: Game, kind: str, who: int | Party | None = None, **fields: object) -> str:
    """`line`, as a part of another line (its first letter as written)."""
    return render(LINES[kind], _subject(game, who), fields, sentence=False)


def _subject(game: Game, who: int | Party | None) -> Party | None:
    return party(game, who) if isinstance(who, int) else who


def say(game: Game, kind: str, who: int | Party | None = None, **fields: object) -> str:
    """Write the line of `kind` to the game log (and return it; "" from a game that keeps no log)."""
    if not game.recorded:  # a look-ahead copy: the line is not even written
        return ""
    text = line(game, kind, who, **fields)
    game.say(text)
    return text


def vp(points: float) -> str:
    """ "2 VP", "1.5 VP"."""
    return f"{points:g} VP"


def units(game: Game, kinds: Iterable[str]) -> str:
    """ "1 ship and 2 infantry" (each kind in the order it first comes, by its name in the rules)."""
    return listed(unit_count(game, kind, n) for kind, n in Counter(kinds).items())


def unit_count(game: Game, kind: str, count: int) -> str:
    spec = game.rules.units[kind]
    return counted(count, spec.name.lower(), (spec.plural or "").lower() or None)


def unit_name(game: Game, kind: str) -> str:
    """ "elephant": a unit kind as a line names it."""
    return game.rules.units[kind].name.lower()


def things(amounts: Mapping[str, int]) -> str:
    """ "1 food, 2 gold and 1 mood token": what is paid or gained, leaving out what is none."""
    return listed(counted(n, *WORDS.get(kind, (kind, kind))) for kind, n in amounts.items() if n)


def gained(game: Game, player: Player, kept: Mapping[str, int], source: str | None = None) -> None:
    """Say what the player gained (from `source`); nothing when nothing was kept (all over the limits)."""
    if any(kept.values()):
        if source is None:
            say(game, "gains", player.index, what=things(kept))
        else:
            say(game, "gains_from", player.index, what=things(kept), source=source)
