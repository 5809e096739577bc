"""Mods with civilizations of their own, whose abilities are all in play, for tests that must not depend
on which civilizations of the default rules are complete."""

from pathlib import Path

from civgame.games.clash.content.ruleset import default_ruleset


def civilization(name: str, special: str, advance: str, leader: str, random_pool: bool = True) -> str:
    """A civilizations.yaml entry: one special advance and one leader, each with an effect."""
    return (
        f"{name.lower()}:\n"
        f"  name: {name}\n"
        f"  random_pool: {str(random_pool).lower()}\n"
        f"  text: A test people.\n"
        f"  special_advances:\n"
        f"    - {{name: {special}, advance: {advance}, text: Gain 1 idea with it., "
        f"effects: [{{on_gain: {{gain: {{ideas: 1}}}}}}]}}\n"
        f"  leaders:\n"
        f"    - name: {leader}\n"
        f"      abilities:\n"
        f"        - {{name: {leader} Rule, text: +1 in battle., "
        f"effects: [{{combat_bonus: {{value: 1}}, only: with_leader}}]}}\n"
    )


def without_base_civilizations() -> str:
    return "".join(f"{key}: {{remove: true}}\n" for key in default_ruleset().civilizations)


def write_mod(folder: Path, name: str, **files: str) -> Path:
    path = folder / name
    path.mkdir()
    for file_name, text in files.items():
        (path / f"{file_name}.yaml").write_text(text, encoding="utf-8")
    return path


def write_civilization_mods(folder: Path) -> dict[str, Path]:
    """`none`: no civilization at all; `three`: Atlantis and Lemuria, and Hyperborea kept out of Random."""
    peoples = (
        without_base_civilizations()
        + civilization("Atlantis", "Tides", "Fishing", "Poseidonis")
        + civilization("Lemuria", "Monsoons", "Irrigation", "Mu")
        + civilization("Hyperborea", "Aurora", "Mining", "Boreas", random_pool=False)
    )
    return {
        "none": write_mod(
            folder, "a_none", mod="name: No peoples\nversion: 1\n", civilizations=without_base_civilizations()
        ),
        "three": write_mod(folder, "b_three", mod="name: Three peoples\nversion: 1\n", civilizations=peoples),
    }
