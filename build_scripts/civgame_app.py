"""Entry point of the built executable (see civgame.spec): the same command line as the installed `civgame`."""

import multiprocessing
import sys

from civgame.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the computer players' process of the built app starts here
    sys.exit(main())
