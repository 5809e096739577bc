"""Packaging beyond pyproject.toml: the rules data and the assets travel inside the package.

They live at the repository root (where PyInstaller and a checkout find them); installed, they
become `civgame/rules_data/` and `civgame/assets/`, which `civgame.paths.resource_root()` finds.
"""

from setuptools import find_packages, setup

DATA_FOLDERS = {"civgame.rules_data": "rules_data", "civgame.assets": "assets"}

setup(
    packages=[*find_packages(include=["civgame", "civgame.*"]), *DATA_FOLDERS],
    package_dir=DATA_FOLDERS,
    package_data={
        "civgame.rules_data": ["**/*.yaml"],
        "civgame.assets": ["**/*.ttf", "**/*.txt", "**/*.md", "**/*.svg", "**/*.wav"],
    },
)
