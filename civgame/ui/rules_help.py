"""The rules help screen: each action, the status phase and scoring, told briefly in our own words.

The texts follow the printed rules of each edition (the Monumental Edition's by default, the 2012
edition's for its ruleset); the numbers in them are the printed ones.
"""

from __future__ import annotations

from civgame.games.clash.content.ruleset import split_ruleset_name
from civgame.games.clash.core.model import Game

RULES_TOPICS: dict[str, str] = {
    "A game round": (
        "The game lasts 6 ages. Each age has 3 rounds and ends with a status phase.\n"
        "In a round every player, clockwise from the first player, takes a turn of 3 main actions, "
        "in any order and as often as you like. Free actions, such as trading with another player, "
        "may come before or after any main action.\n"
        "Gold may always stand in for any other resource."
    ),
    "Advance": (
        "Pay 2 food (ideas or gold may stand in for it) to take an advance whose requirement you meet.\n"
        "Advances unlock buildings, units and abilities. You may hold at most 2 food until you have "
        "Storage. Some advances bring an event when you take them; it is resolved at once."
    ),
    "Found a city": (
        "Replace one of your settlers with a settlement. The space must be land that is not barren, "
        "with no city, no enemy units and no exhausted land on it, and you must have a settlement "
        "piece left."
    ),
    "Activate a city": (
        "Choose one of your cities to collect, construct or recruit there.\n"
        "Each further activation of the same city in a turn makes it one step less happy. An angry "
        "city can be activated only once a turn (a city that just became angry may still be "
        "activated that once).\n"
        "Collect: take as many resources as the city's size (one more if happy, only one if angry), "
        "at most one from each space: the city's own space and those next to it. Grassland gives "
        "food, forest wood, mountains ore; advances let you collect from barren and sea spaces. "
        "Spaces with enemy units, another city or exhausted land give nothing. Whatever goes over a "
        "resource limit is lost: the collect panel says so before you confirm.\n"
        "Construct: pay 1 food, 1 wood and 1 ore to add a building you have the advance for. Not in "
        "an angry city, and no city may grow larger than the number of cities you have.\n"
        "Recruit: as many units as the city's size (one more if happy, only one if angry), each at "
        "its own price. Ships need a Port; cavalry and elephants need a Market."
    ),
    "Move units": (
        "Move up to 3 units or groups; a group leaves one space for one destination together.\n"
        "A land unit moves 1 space per move action. Army units move only with Tactics. No more "
        "than 4 army units may share a land space. Units that enter mountains stop for the turn; "
        "units that enter a forest may not move into a battle this turn. Units that fought may not "
        "move again this turn.\n"
        "Ships sail any distance through connected sea and may carry 2 land units, which board "
        "from and land on spaces next to the ship.\n"
        "Entering a hidden region explores it: when it could lie two ways, it is shown turned over on "
        "the map; click it to turn it the other way, then Place. Entering a space with enemy units or an "
        "enemy city starts a battle at once."
    ),
    "Increase happiness": (
        "Pay mood tokens to make one or more of your cities happier: for each step (angry to "
        "neutral, neutral to happy) pay as many tokens as the city's size."
    ),
    "Influence culture": (
        "One of your cities tries to put your colour on a building of a city within its range "
        "(its size) that has at least one building. Roll a die: 5 or 6 succeeds and the building "
        "takes your colour, so you score it at the end.\n"
        "Culture tokens may each add 1 space of range or 1 to the roll. Only one attempt a turn may "
        "succeed. A city carrying another player's colour may only target itself and may not add "
        "to the roll."
    ),
    "Combat": (
        "Each side rolls one die per army unit; every 5 points of the total is a hit, and each hit "
        "removes one enemy army unit. Rounds go on until one side has no army units left. The "
        "attacker may retreat between rounds."
    ),
    "Status phase": (
        "At the end of each age every player, in turn order, finishes each step before the next:\n"
        "1. Complete objectives. After the 6th age, or if a player has no cities, the game ends here.\n"
        "2. Take one free advance.\n"
        "3. Draw 1 action card and 1 objective card.\n"
        "4. You may raze one of your size-1 cities for 1 gold.\n"
        "5. You may pay 1 mood and 1 culture token to move all your government advances to another "
        "government whose requirement you meet (its top advance is always taken).\n"
        "6. The player with the most mood and culture tokens together chooses the first player of "
        "the next age."
    ),
    "Civilizations and leaders": (
        "Each player may play a civilization with 4 special advances and 3 leaders (B opens every "
        "player's civilization board).\n"
        "A special advance comes free with the advance it names (no event cube) and goes with it; one "
        "named for any government comes with the top advance of every government. Each is worth half a "
        "point.\n"
        "A leader is recruited with Recruit for 1 mood and 1 culture token, as one of the city's units. "
        "It is an army unit with two abilities while it is on the board; a new leader replaces the old "
        "one for good, and a leader never returns. A player who kills an enemy leader in battle "
        "captures it for 2 points."
    ),
    "Scoring": (
        "At the end of the game each player scores:\n"
        "1 point for each settlement and building in their colour,\n"
        "half a point for each advance,\n"
        "2 points for each completed objective,\n"
        "4 points for each wonder (2 if it was conquered),\n"
        "2 points for each enemy leader defeated,\n"
        "and points from some events.\n"
        "Most points wins; a tie goes to the earliest line of this list that differs, and after that "
        "the tied players share the win."
    ),
}

# The 2012 edition (rules_data/classic-2012), told in its own words (a Round is civgame's age, a Turn its round).
CLASSIC_2012_TOPICS: dict[str, str] = {
    "A game round": (
        "The game lasts 6 Rounds (ages here). Each has 3 Turns (rounds here) and ends with a Status Phase.\n"
        "In a Turn every player, clockwise from the first player, takes 3 actions, in any order and as often "
        "as you like. Gold may always stand in for any other resource."
    ),
    "The Scale": (
        "No resource goes above 8 (food above 2 until you have Storage). Your Culture Level and Happiness Level "
        "start at 0: an advance with a blue border raises your Culture Level by 1 and gives a culture token, a "
        "yellow one your Happiness Level and a mood token (at 8 the level stays, the token still comes).\n"
        "You may hold as many culture tokens as your Culture Level and as many mood tokens as your Happiness "
        "Level; a token beyond is lost. When a level reaches 3, 5 or 7 you draw an event card at once."
    ),
    "Advance": (
        "Pay 2 food (ideas or gold may stand in) to take an advance: the top one of a category first. Roads "
        "needs Engineering, Navigation needs Cartography; Steel Weapons costs 2 ore more however you gain it "
        "(nothing with Metallurgy).\n"
        "You follow one government: taking the top advance of another moves your government advances there, "
        "one for one."
    ),
    "Found a city": (
        "Replace one of your settlers with a settlement, on land that is not barren or exhausted, with no "
        "city and no enemy units."
    ),
    "Activate a city": (
        "Choose one of your cities to Collect, Build units or Increase its Size there (or build a wonder). Each "
        "further activation in a turn makes it one step less happy; an angry city is activated only once.\n"
        "Collect and Build: as many as its size (one more if happy, only one if angry). Increase City Size: "
        "1 food, 1 wood and 1 ore for a Temple, Fortress, Academy or Port you have the advance for; not in an "
        "angry city, and never larger than the number of cities you have. No piece beyond the box: 7 of each "
        "city-piece, 16 army units, 4 settlers, 4 ships."
    ),
    "Move units": (
        "Move up to 3 units or groups, land units 1 space each (army units only with Tactics; at most 4 army "
        "units on a space). A Mountain stops units for the turn; after a Forest they may not move into a "
        "battle. Ships sail through connected sea and carry 2 land units. Roads: to or from your city, 1 food "
        "for 2 spaces, 1 ore to ignore the terrain."
    ),
    "Civic improvement": (
        "Pay as many mood tokens as a city's size for each step of mood (angry, neutral, happy), in as many "
        "cities as you like."
    ),
    "Cultural influence": (
        "One of your cities, carrying no other player's colour, tries a city of at least size 2 within its "
        "size in spaces: a die of 5 or 6 puts your colour on one of its pieces. Each culture token adds 1 "
        "space of range or 1 to the roll. One success a turn."
    ),
    "Combat": (
        "Each side rolls a die per army unit (a Fortress adds a die and cancels a hit in the first round); "
        "every 5 points is a hit. The attacker may stop after each round. Ships sunk take their cargo with "
        "them.\n"
        "A city taken becomes angry; from a happy or neutral city its taker gains its size in gold and its "
        "owner a settler."
    ),
    "Barbarians": (
        "They settle within 2 spaces of a city, and appear in explored regions with 2 or more Fertile spaces. "
        "When they attack a city they fight one round: hits beyond its units take its pieces (it becomes "
        "angry), and they go home. Taking their settlement pays a gold per barbarian defeated; keep it, or "
        "raze it for 1 gold."
    ),
    "Wonders": (
        "Engineering and Monuments turn wonder cards face up; anyone with Engineering and a wonder's advance "
        "may build it in a city that is not angry and holds no wonder. Monuments also claims one: only you "
        "build it, without an action. A wonder is worth 5 points to whoever owns its city and adds no size."
    ),
    "Status phase": (
        "Every player, in turn order, finishes each step before the next:\n"
        "1. Complete objectives. After the last Round, or if a player has no cities, the game ends here.\n"
        "2. Take one free advance (its event comes at once).\n"
        "3. Draw 1 action card and 1 objective card.\n"
        "4. You may raze one of your size-1 cities for 1 gold.\n"
        "5. The highest Culture + Happiness Levels choose the next first player, unless nobody beats the "
        "first player."
    ),
    "Scoring": (
        "1 point for each city-piece in your colour, half a point for each advance, 5 for each wonder you "
        "own, 2 for each objective, and points from some events. The owner of the Great Pyramids wins a tie; "
        "then city-pieces, advances, wonders and objectives decide."
    ),
}
# Where civilizations are dealt and leaders drawn (the Civilizations expansion of the 2012 edition).
DEALT_CIVILIZATIONS_TOPIC = (
    "Civilizations and leaders",
    "Each player is dealt two civilizations and chooses one in secret; the choices are revealed together. A "
    "civilization's 4 special advances come with the advances printed beside them, however you gain those, and "
    "go with them; each is worth half a point.\n"
    "Each player then draws one of their civilization's 3 leaders and puts it in their starting city (Lead us: "
    "chooses it). A leader is no unit: it moves like a settler, takes no room aboard ships and never fights; it "
    "dies in battle as a settler does, and an enemy who kills it keeps it for 2 points. As the last step of each "
    "Status Phase you may give up your leader, alive or dead, for a new one drawn (Lead us: chosen) and put in "
    "any of your cities. A leader never returns.",
)
# The help of the rulesets that have their own, by ruleset id without its options (a mod keeps its base's).
EDITION_TOPICS = {"classic-2012": CLASSIC_2012_TOPICS}
PROVISIONAL_TOPIC = "Provisional rules"


def topics(game: Game) -> dict[str, str]:
    """The help topics of the game's rules, with the stand-ins its rules data names for what no source gives."""
    found = dict(EDITION_TOPICS.get(split_ruleset_name(game.rules.game.id)[0], RULES_TOPICS))
    if game.rules.game.civilizations.dealt is not None:
        title, text = DEALT_CIVILIZATIONS_TOPIC
        found[title] = text
    if game.rules.game.provisional:
        found[PROVISIONAL_TOPIC] = "\n".join(game.rules.game.provisional)
    return found


HINT = "F1: rules"
