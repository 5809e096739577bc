"""Command line: `civgame` opens the window, where people play alone against computer players or with
friends, at one computer or over the network; `civgame --headless` lets computer players play a whole
game, reporting its progress on stderr (`--quiet` silences it), and prints why it ended and the final
score table.

    civgame --headless --players 4 --seed 7 --agents normal,hard,easy,random [--save PATH] [--quiet]
    civgame --headless --civilizations rome,random --deal-also maya [--what-if]   # civilizations per seat
    civgame --headless --load PATH [--save PATH]     # finish a saved game with its computer players
    civgame --rules MOD_DIR [--rules MOD_DIR2] ...    # play with mods, stacked in order
    civgame validate-rules [--show] [--OPTION] DIR [DIR2 ...]  # check a ruleset, or mods stacked in order,
                                                    # with an option of the ruleset (--civilizations-expansion)
    civgame --game sid-meier --headless --players 4 --seed 1 --agents normal,easy,random,random [--save PATH]
    civgame --game sid-meier --expansions fame-and-fortune,wisdom-and-warfare   # with the expansions
    civgame --game sid-meier  # the window, on the new-game screen of Sid Meier's Civilization
    civgame tournament [--games N] [--lineup hard,normal]  # the computer levels' strength (see --help)
    civgame serve --port N [--database URL] [--certfile C --keyfile K]  # hold games for network play
    civgame --screenshot OUT.png [--state SAVE.yaml | --players N --seed S]  # picture of a game
    civgame --smoke-test                              # start the window offscreen, play, save, load

The same seed always plays the same game. Errors are reported in one line on stderr; invalid
rules data in one line per problem, `file:line: problem`. Text that comes from a save or a mod
(names, problems quoting values) is printed with its control characters escaped, so that a file
cannot move the cursor, clear the terminal or run text backwards.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, NoReturn, TextIO

from civgame import games
from civgame.ai import GameRunError, play_out
from civgame.ai.levels import LEVELS, levels_for_seats, make_agent, parse_levels
from civgame.ai.loops import LONG_GAME_ACTIONS, study_folder
from civgame.framework.datafiles import RulesDataError
from civgame.framework.errors import RuleError
from civgame.framework.saves import SaveError
from civgame.framework.text import printable
from civgame.games.clash.content.ruleset import DEFAULT_RULESET, Ruleset, named_ruleset, ruleset_name
from civgame.games.clash.core.model import Game, GameVariant, Seat
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.endings import describe_end
from civgame.games.clash.rules.base.scoring import CATEGORIES, score_sheet
from civgame.games.clash.rules.flow.setup import (
    DEAL,
    RANDOM,
    Civilizations,
    default_civilizations,
    new_game,
    offered_variants,
    variant_note,
)
from civgame.games.clash.storage.mods import (
    Change,
    check_rules,
    load_rules,
    load_saved_game,
    offered_rulesets,
    summary,
    user_data_dir,
)
from civgame.games.clash.storage.save import save_game

EXIT_ERROR = 1
EXIT_USAGE = 2
MAX_HEADLESS_STEPS = 200_000  # a game of another game than Clash, played by computer players, ends long before


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line instead of usage + message
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="civgame",
        description="Clash of Cultures (the Monumental Edition or the 2012 edition) for 2-4 players: play alone "
        "against computer players, or with friends taking turns at one computer or over the network. "
        "Without options it opens the window.",
    )
    parser.add_argument(
        "--game",
        choices=sorted(games.PACKAGES),
        default=games.DEFAULT_GAME,
        help=f"the game to play (default {games.DEFAULT_GAME}); without --headless the window opens on its new-game "
        "screen",
    )
    parser.add_argument(
        "--option",
        metavar="NAME",
        action="append",
        default=[],
        help="with --game: switch on one of the game's options (sid-meier: tie_breaker, great_person_deck); repeat "
        "for several",
    )
    parser.add_argument(
        "--expansions",
        metavar="NAMES",
        type=_expansions_argument,
        default=[],
        help=f"with --game sid-meier: the expansions to play with, comma-separated ({_expansions_help()}); "
        "headless, or switched on in the window's new-game screen",
    )
    parser.add_argument(
        "--great-person-deck",
        action="store_true",
        help="with --game sid-meier --expansions fame-and-fortune: play with the optional great person deck (each "
        "great person comes with a card whose ability its holder may use; the abilities not built yet are named in "
        "the expansion's missing parts)",
    )
    parser.add_argument(
        "--headless",
        action="store_true",
        help="play a whole game without a window, every seat a computer player; progress goes to stderr",
    )
    parser.add_argument("--quiet", action="store_true", help="with --headless: report no progress on stderr")
    parser.add_argument(
        "--players",
        type=int,
        default=4,
        help="number of players, 2-4 (default 4; Sid Meier's game: 5 with --expansions fame-and-fortune)",
    )
    parser.add_argument("--seed", type=int, default=1, help="game seed; the same seed plays the same game (default 1)")
    parser.add_argument(
        "--agents",
        metavar="LEVELS",
        type=_levels_argument,
        help=f"with --headless: the computer player of each seat, comma-separated, or one for all: "
        f"{', '.join(LEVELS)} (default random; with --load, the levels the save records)",
    )
    parser.add_argument(
        "--civilizations",
        metavar="SETUP",
        help="random: each player is dealt a civilization; choose: each picks one in turn order; none: the base "
        "game; or one per seat, comma-separated, each a civilization or random; with the Civilizations expansion, "
        "deal: each player is dealt two and chooses one (default: random, or deal, when the rules have enough "
        "civilizations to deal, else none)",
    )
    parser.add_argument(
        "--deal-also",
        metavar="CIVS",
        default="",
        help="comma-separated civilizations that Random deals although their rules keep them out (e.g. maya)",
    )
    parser.add_argument(
        "--what-if",
        action="store_true",
        help="variant What if?: each player's leaders are dealt from one deck of every civilization's leaders",
    )
    parser.add_argument(
        "--ruleset",
        choices=tuple(offered_rulesets()),
        default=DEFAULT_RULESET,
        help="the rules of a new game: "
        + "; ".join(f"{word}, {rules}" for word, rules in _ruleset_names().items())
        + " (default monumental; a save keeps its own)",
    )
    _add_variant_options(parser)
    _add_ruleset_options(parser)
    parser.add_argument("--load", metavar="PATH", help="continue a saved game instead of starting a new one")
    parser.add_argument("--save", metavar="PATH", help="save the finished game to PATH")
    parser.add_argument(
        "--study-folder",
        metavar="DIR",
        type=Path,
        help=f"with --headless: where a game past {LONG_GAME_ACTIONS:,} actions (Clash; each game its own "
        "number) is saved for study (default: 'long games' in the user's data folder)",
    )
    parser.add_argument(
        "--events",
        choices=("standard", "no_events", "optional_events"),
        default="standard",
        help="event variant: no_events, only the card icons act; optional_events, the player who draws a "
        "card may decline its text (default standard)",
    )
    parser.add_argument(
        "--rules",
        metavar="DIR",
        action="append",
        default=[],
        help="a mod folder laid over the chosen rules; repeat to stack mods in order "
        "(Clash with --load: instead of the mods the save names)",
    )
    parser.add_argument("--screenshot", metavar="PNG", help="render a game to a PNG without opening a window")
    parser.add_argument(
        "--state",
        metavar="PATH",
        help="with --screenshot: the saved game to render (default: a new game from --players and --seed)",
    )
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="start the interface offscreen, play a few actions, save, load and exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    validate = commands.add_parser(
        "validate-rules",
        help="check a ruleset or mods and list every problem",
        description="Check a complete ruleset folder, or mod folders stacked in "
        "order; print each problem as file:line: problem.",
    )
    validate.add_argument("folders", metavar="DIR", nargs="+", type=Path)
    _add_ruleset_options(validate)  # a mod checked with an option of its base ruleset on
    validate.add_argument(
        "--show",
        action="store_true",
        help="also print each value the mods change, as the game will use it, with the value it had before "
        "(sid-meier: every provisional value of the rules)",
    )
    # Listed here for --help; its options are its own (civgame/ai/tournament.py), handed on by _main.
    commands.add_parser(
        "tournament", help="play seeded games between the computer levels; print win rates, Elo and thinking times"
    )
    # Listed here for --help; its options are its own (civgame/net/serve.py), handed on by _main.
    commands.add_parser("serve", help="hold games for players who join over the network (see serve --help)")
    return parser


# The variants of a game's length and end, by the option that chooses each, and its help.
VARIANT_OPTIONS: dict[GameVariant, tuple[str, str]] = {
    "four_rounds": (
        "--four-rounds",
        "variant (2012 edition): a game of 4 rounds, each player starting with two settlers and a happy city "
        "and taking two free advances in each status phase",
    ),
    "roll_to_end": (
        "--roll-to-end",
        "variant (2012 edition): up to 7 rounds; a die roll at the start of each of the last turns may end the game",
    ),
    "wonderful_ending": (
        "--wonderful-ending",
        "variant (2012 edition): up to 7 rounds; a wonder built in one of the last 5 turns ends the game after that "
        "turn",
    ),
    "lead_us": (
        "--lead-us",
        "variant (Civilizations expansion, --ruleset 2012 --civilizations-expansion): each player chooses their "
        "leader at setup and when taking a new one in the status phase, instead of drawing it",
    ),
}


def _offered_variants() -> list[GameVariant]:
    """The variants some offered ruleset, alone or with one of its options, has whole (Roll to End needs the die
    ranges of its track)."""
    found = {
        variant
        for folder in offered_rulesets().values()
        for options in ((), *((option,) for option in named_ruleset(folder).game.options))
        for variant in offered_variants(named_ruleset(ruleset_name(folder, options)))
    }
    return [variant for variant in VARIANT_OPTIONS if variant in found]


def _add_variant_options(parser: argparse.ArgumentParser) -> None:
    for variant in _offered_variants():
        option, text = VARIANT_OPTIONS[variant]
        notes = [variant_note(named_ruleset(folder), variant) for folder in offered_rulesets().values()]
        parser.add_argument(option, dest=variant, action="store_true", help="; ".join([text, *filter(None, notes)]))


def _ruleset_options() -> dict[str, tuple[str, str]]:
    """Every option of an offered ruleset: its id, to the word of the ruleset and the option's help."""
    return {
        option: (word, f"option of --ruleset {word}: {spec.name}: {spec.text}")
        for word, folder in offered_rulesets().items()
        for option, spec in named_ruleset(folder).game.options.items()
    }


def _add_ruleset_options(parser: argparse.ArgumentParser) -> None:
    for option, (_word, text) in _ruleset_options().items():
        parser.add_argument(f"--{option.replace('_', '-')}", dest=f"option_{option}", action="store_true", help=text)


def _chosen_options(args: argparse.Namespace) -> list[str]:
    """The ruleset options named on the command line."""
    return [option for option in _ruleset_options() if getattr(args, f"option_{option}", False)]


def chosen_ruleset(args: argparse.Namespace) -> str:
    """The ruleset chosen, named with its options. An option of another ruleset raises RuleError."""
    chosen = _chosen_options(args)
    for option in chosen:
        word = _ruleset_options()[option][0]
        if word != args.ruleset:
            raise RuleError(f"--{option.replace('_', '-')} is an option of --ruleset {word}, not of {args.ruleset}")
    return ruleset_name(offered_rulesets()[args.ruleset], chosen)


def chosen_variants(args: argparse.Namespace) -> list[GameVariant]:
    return [variant for variant in _offered_variants() if getattr(args, variant, False)]


def _ruleset_names() -> dict[str, str]:
    """The name of each offered ruleset, by the word --ruleset knows it by."""
    return {word: named_ruleset(folder).game.name for word, folder in offered_rulesets().items()}


def _expansions_help() -> str:
    """Each expansion of Sid Meier's Civilization with what of it is built (from its rules data)."""
    from civgame.games.sidmeier.content.ruleset import offered_expansions

    return "; ".join(f"{e.id}: {e.name}, {e.built}" for e in offered_expansions())


def _expansions_argument(text: str) -> list[str]:
    from civgame.games.sidmeier.content.ruleset import offered_expansions

    chosen = [word.strip().lower() for word in text.split(",") if word.strip()]
    offered = [e.id for e in offered_expansions()]
    unknown = [word for word in chosen if word not in offered]
    if unknown:
        raise argparse.ArgumentTypeError(f"{', '.join(unknown)}: not an expansion (offered: {', '.join(offered)})")
    return chosen


def _levels_argument(text: str) -> list[Seat]:
    try:
        return parse_levels(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; an unexpected error is one line here and its traceback goes to the log."""
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader of the output went away (`civgame tournament --report r.jsonl | head`): nothing
        # went wrong here. Output still buffered goes nowhere, so that leaving does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_ERROR
    except Exception as exc:
        log = _log_traceback()
        return _fail(f"unexpected error: {exc!r}; details in {log}")


def _log_traceback() -> Path:
    log = user_data_dir() / "civgame.log"
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as fh:
            fh.write(f"--- {datetime.now().isoformat(timespec='seconds')} civgame {' '.join(sys.argv[1:])}\n")
            fh.write(traceback.format_exc())
    except OSError:
        traceback.print_exc()
    return log


def _main(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["tournament"]:
        from civgame.ai.tournament import main as tournament_main

        return tournament_main(words[1:])
    if words[:1] == ["serve"]:
        from civgame.net.serve import main as serve_main

        return serve_main(words[1:])
    args = build_parser().parse_args(words)
    if args.command == "validate-rules":
        other = other_game_of(args)
        if other is not None:
            if _chosen_options(args):
                return _fail(f"validate-rules: the ruleset options are Clash's, not {other}'s")
            return validate_other_rules(other, args.folders, args.show)
        return validate_rules(args.folders, args.show, _chosen_options(args))
    if args.expansions and args.game != "sid-meier":
        return _fail("--expansions: only sid-meier has expansions (add --game sid-meier)")
    if args.great_person_deck and args.game != "sid-meier":
        return _fail("--great-person-deck: an option of sid-meier's Fame and Fortune (add --game sid-meier)")
    if args.game != games.DEFAULT_GAME:
        if args.screenshot:
            return _screenshot_other_game(args)
        if not args.headless:
            return _start_window(args)
        return play_other_game(args)
    if args.smoke_test:
        from civgame.ui.smoke import main as smoke_main

        return smoke_main(args)
    if args.screenshot:
        return _screenshot(args)
    if not args.headless:
        return _start_window(args)
    try:
        game = _play_headless(args)
        if args.save:
            save_game(game, args.save)
    except GameRunError as exc:
        return _fail(f"the game could not be finished: {exc}")
    except RulesDataError as exc:
        return _fail_rules(exc)
    except (SaveError, RuleError) as exc:
        return _fail(str(exc).splitlines()[0])
    except KeyboardInterrupt:
        return _fail("interrupted")
    print(score_table(game))
    if args.save:
        print(f"Saved to {args.save}")
    return 0


# ------------------------------------------------------------------ other games, through their GameDefinition


def other_game_of(args: argparse.Namespace) -> str | None:
    """The game whose rules `validate-rules` checks, when it is not Clash: named by --game, or recognised by
    the first folder holding that game's complete data."""
    if args.game != games.DEFAULT_GAME:
        return str(args.game)
    if args.folders:
        from civgame.games.sidmeier.content.ruleset import is_ruleset_folder

        if is_ruleset_folder(Path(args.folders[0])):
            return "sid-meier"
    return None


def validate_other_rules(game_id: str, folders: Sequence[Path], show: bool = False) -> int:
    from civgame.framework.datafiles import RulesDataError as DataError
    from civgame.games.sidmeier.content.describe import provisional_values, summary
    from civgame.games.sidmeier.content.ruleset import check_rules

    try:
        rules = check_rules(folders)
    except DataError as exc:
        print("\n".join(map(printable, exc.all_problems)))
        return EXIT_ERROR
    if show:
        for value in provisional_values(rules):
            print(f"  {printable(value)}")
    print(printable(summary(rules)))
    return 0


def provisional_note(game: Any) -> str:
    """The closing line of a headless game of Sid Meier's Civilization: how many of its rules' values are
    provisional, and where they are listed."""
    from civgame.games.sidmeier.content.describe import NOTE, provisional_values

    count = len(provisional_values(game.rules))
    listed = "civgame --game sid-meier validate-rules --show lists them"
    return f"Provisional: {count} values of these rules {NOTE}; {listed}"


def other_rules(game_id: str, mods: Sequence[Path], expansions: Sequence[str] = ()) -> Any:
    """The game's own rules with its `expansions`, then `mods` laid over them in order (RulesDataError
    names each problem)."""
    from civgame.games.sidmeier.content.ruleset import load_rules as load_sid_meier_rules

    return load_sid_meier_rules(mods=mods, expansions=expansions)


def play_other_game(args: argparse.Namespace) -> int:
    """`civgame --game GAME --headless ...`: computer players finish a game; prints the winner and why."""
    from civgame.ai.sidmeier import LEVELS as SID_MEIER_LEVELS
    from civgame.framework.datafiles import RulesDataError as DataError
    from civgame.framework.play import GameRunError as PlayError
    from civgame.framework.play import play_out
    from civgame.framework.saves import SaveError as FrameworkSaveError
    from civgame.framework.saves import read_text, write_atomically
    from civgame.headless import KindRandomAgent

    if args.rules and args.load:
        return _fail(f"--rules: a saved game of {args.game} is played with the mods its save names")
    definition = games.definition(args.game)
    try:
        if args.load:
            game = definition.loads(read_text(Path(args.load)), args.load)
        else:
            options: dict[str, Any] = {}
            if args.expansions:
                options["expansions"] = args.expansions
            if args.rules:
                options["rules"] = other_rules(args.game, [Path(folder) for folder in args.rules], args.expansions)
            if args.great_person_deck:
                options["great_person_deck"] = True
            for name in args.option:
                if name not in definition.options or name in ("civilizations", "expansions"):
                    return _fail(
                        f"--option: {name!r} is not an option of {args.game} ({', '.join(definition.options)})"
                    )
                options[name] = True
            if args.civilizations and args.civilizations.strip().lower() not in ("random", ""):
                options["civilizations"] = [c.strip().lower() for c in args.civilizations.split(",")]
            game = definition.new_game(args.players, args.seed, **options)
        seats = len(definition.player_names(game))
        levels = args.agents or ["random"] * seats
        if len(levels) == 1:
            levels = levels * seats
        known = SID_MEIER_LEVELS if args.game == "sid-meier" else {}
        if len(levels) != seats or any(level != "random" and level not in known for level in levels):
            named = ", ".join(["random", *known])
            return _fail(f"--agents: {args.game}'s computer players are {named} (one for all, or one per seat)")
        seed = args.seed if not args.load else 0
        agents = [
            KindRandomAgent(f"{seed}:{seat}") if level == "random" else known[level](f"{seed}:{seat}")
            for seat, level in enumerate(levels)
        ]
        play_out(definition, game, agents, max_steps=MAX_HEADLESS_STEPS, study=args.study_folder or study_folder())
        if args.save:
            write_atomically(args.save, definition.dumps(game).encode("utf-8"))
    except (FrameworkSaveError, RuleError, PlayError) as exc:
        return _fail(str(exc).splitlines()[0])
    except DataError as exc:
        for problem in exc.problems:
            print(f"civgame: {printable(problem)}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return _fail("interrupted")
    outcome = definition.outcome(game)
    names = definition.player_names(game)
    print(f"{definition.title}: game over (seed {args.seed if not args.load else args.load})")
    for seat, name in enumerate(names):
        score = f"{outcome.scores[seat]:g}" if outcome.scores else ""
        print(f"  {printable(name)}  victory score {score}")
    winners = " and ".join(printable(names[s]) for s in outcome.winners) or "none"
    print(f"Winner: {winners}")
    print(f"Reason: {printable(outcome.reason)}")
    if args.game == "sid-meier":
        print(provisional_note(game))
    if args.save:
        print(f"Saved to {args.save}")
    return 0


def _screenshot_other_game(args: argparse.Namespace) -> int:
    """`civgame --game sid-meier --screenshot PNG [--state SAVE | --players N --seed S]`: a picture of the game."""
    from civgame.ui.screenshot import render_sid_meier_to_png

    definition = games.definition(args.game)
    try:
        if args.state:
            from civgame.ui.sidmeier.saves import load

            game = load(args.state)[0]
        else:
            deck = {"great_person_deck": True} if args.great_person_deck else {}
            game = definition.new_game(args.players, args.seed, expansions=args.expansions, **deck)
        print(f"Screenshot written to {render_sid_meier_to_png(game, args.screenshot)}")
    except SaveError as exc:
        return _fail(str(exc).splitlines()[0])
    except (RuleError, OSError) as exc:
        return _fail(str(exc).splitlines()[0])
    return 0


def _start_window(args: argparse.Namespace) -> int:
    # Imported here so that the engine and the headless mode never need pygame.
    try:
        from civgame.ui.screenshot import main_window
    except ImportError as exc:
        return _fail(f"the window needs pygame-ce and pygame_gui ({exc}); reinstall civgame, or use --headless")
    if args.rules:
        return _fail("mods in the window are chosen on the new-game screen; --rules applies to --headless play")
    if _no_display():
        return _fail(
            "there is no display to open a window on (DISPLAY is not set); "
            "run civgame on your desktop, or use --headless"
        )
    import pygame

    try:
        return main_window(args)
    except pygame.error as exc:
        return _fail(f"cannot open a window ({exc}); on a machine without a display use --headless")


def _no_display() -> bool:
    """On Linux and BSD a window needs an X11 or Wayland display, unless SDL is told otherwise."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd")):
        return False
    return not any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def _screenshot(args: argparse.Namespace) -> int:
    from civgame.ui.screenshot import main_screenshot, render_to_png

    if args.state:
        return main_screenshot(args.state, args.screenshot)
    try:
        rules = load_rules([Path(d) for d in args.rules], chosen_ruleset(args))
        game = new_game(args.players, args.seed, rules=rules, **civilization_options(args, rules))
        print(f"Screenshot written to {render_to_png(game, args.screenshot)}")
    except RulesDataError as exc:
        return _fail_rules(exc)
    except (RuleError, OSError) as exc:
        return _fail(str(exc).splitlines()[0])
    return 0


def validate_rules(folders: Sequence[Path], show: bool = False, options: Sequence[str] = ()) -> int:
    """`civgame validate-rules`: every problem on its own line, or a warning for each change of a mod that has
    no effect (with `show`, each value the mods change, as the rules use it) and one OK line. The rules are
    played with the ruleset `options` named."""
    changes: list[Change] = []
    try:
        rules = check_rules(folders, changes, options)
    except RulesDataError as exc:
        print("\n".join(map(printable, exc.all_problems)))
        return EXIT_ERROR
    for change in changes:
        problem = change.problem()
        if problem is not None:
            print(printable(change.where.problem(f"warning: {change.label()} {problem}")))
        elif show:
            print(printable(change.describe()))
    print(printable(summary(rules)))
    return 0


def _play_headless(args: argparse.Namespace) -> Game:
    mods = [Path(folder) for folder in args.rules]
    if args.load:
        game, warning = load_saved_game(args.load, mods or None)
        if warning:
            print(f"civgame: warning: {printable(warning)}", file=sys.stderr)
    else:
        rules = load_rules(mods, chosen_ruleset(args))
        game = new_game(
            args.players,
            args.seed,
            rules=rules,
            events=args.events,
            variants=chosen_variants(args),
            **civilization_options(args, rules),
        )
    for player, level in zip(game.players, _headless_levels(args, game), strict=True):
        player.seat = level
    agents = [make_agent(p.seat, f"{game.seed}:{p.index}") for p in game.players]
    if args.quiet:
        return play_out(game, agents, study=args.study_folder)
    progress = Progress(sys.stderr)
    try:
        return play_out(game, agents, study=args.study_folder, observer=progress)
    finally:
        progress.done(game)


class Progress:
    """A headless game's progress on `stream`: a line at each new round and status phase with the actions
    played and the time taken so far (on a terminal, one line rewritten in place)."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream, self.clock = stream, clock
        self.started = clock()
        self.stage: tuple[str, int, int] | None = None
        self.in_place = stream.isatty()

    def __call__(self, game: Game, _action: object) -> None:
        stage = (game.phase, game.age, game.round)
        if stage != self.stage and game.phase != "over":
            self.stage = stage
            self._show(game, "")

    def done(self, game: Game) -> None:
        """The last line, once the game is over or stopped: it stays on the terminal."""
        self._show(game, "game over: " if game.phase == "over" else "stopped: ", last=True)

    def _show(self, game: Game, prefix: str, last: bool = False) -> None:
        where = {"status": ", status phase", "over": ""}.get(game.phase, f", round {game.round}")
        seconds = round(self.clock() - self.started)
        text = (
            f"civgame: {prefix}age {game.age}{where}, {len(game.history)} actions, "
            f"{seconds // 60}:{seconds % 60:02d} elapsed"
        )
        if self.in_place:  # over the line before, then clear what is left of it
            text = f"\r{text}\x1b[K"
        print(text, end="\n" if last or not self.in_place else "", file=self.stream)
        self.stream.flush()


def civilization_options(args: argparse.Namespace, rules: Ruleset) -> dict[str, Any]:
    """`new_game`'s civilization arguments from --civilizations and --deal-also."""
    also = [key.strip() for key in args.deal_also.split(",") if key.strip()]
    for key in also:
        if key not in civilizations.playable(rules):
            raise RuleError(f"--deal-also: {key!r} is not a civilization these rules let players take")
    setup: Civilizations
    text = (args.civilizations or "").strip().lower()
    if not text:
        setup = default_civilizations(rules, args.players, also)
    elif text in ("random", "choose", DEAL):
        setup = "random" if text == "random" else "choose" if text == "choose" else DEAL
    elif text == "none":
        setup = None
    else:
        setup = [key.strip() for key in text.split(",")]
        for key in setup:
            if key != RANDOM and key not in civilizations.playable(rules):
                offered = ", ".join(civilizations.playable(rules)) or "none"
                raise RuleError(f"--civilizations: {key!r} cannot be played with these rules (they offer: {offered})")
    return {"civilizations": setup, "also_random": also, "what_if": args.what_if}


def _headless_levels(args: argparse.Namespace, game: Game) -> list[Seat]:
    """Each seat's computer level: from --agents, else the save's (a person's seat plays at random)."""
    if args.agents:
        try:
            return levels_for_seats(args.agents, len(game.players))
        except ValueError as exc:
            raise RuleError(str(exc)) from None
    return [p.seat if p.seat != "human" else "random" for p in game.players]


def score_table(game: Game) -> str:
    """Every player's points by category, the totals and the winner(s)."""
    headers = ["Player", *(c.replace("_", " ") for c in CATEGORIES), "total"]
    rows = []
    for player in game.players:
        sheet = score_sheet(game, player.index)
        rows.append([printable(player.name), *(f"{sheet[c]:g}" for c in (*CATEGORIES, "total"))])
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=False)]
    lines = [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=False))
        )
        for row in (headers, *rows)
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    winners = " and ".join(printable(game.player(i).name) for i in game.winner) or "none"
    header = f"Game over after age {game.age}, {len(game.history)} actions (seed {game.seed})"
    return "\n".join([header, printable(describe_end(game)), *lines, f"Winner: {winners}"])


def _fail_rules(exc: RulesDataError) -> int:
    for problem in exc.problems:
        print(f"civgame: {printable(problem)}", file=sys.stderr)
    return EXIT_ERROR


def _fail(message: str) -> int:
    print(f"civgame: {printable(message)}", file=sys.stderr)
    return EXIT_ERROR
