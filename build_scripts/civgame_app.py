"""Entry point of the built executable (see civgame.spec): the same command line as the installed `civgame`."""

import sys

from civgame.cli import main

if __name__ == "__main__":
    sys.exit(main())
