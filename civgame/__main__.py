"""`python -m civgame` runs the command line (see civgame/cli.py)."""

import sys

from civgame.cli import main

sys.exit(main())
