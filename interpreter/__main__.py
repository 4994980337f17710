"""`python -m interpreter ...` runs the `rules` command."""

import sys

from interpreter.cli import main

if __name__ == "__main__":
    sys.exit(main())
