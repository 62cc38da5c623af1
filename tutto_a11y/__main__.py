"""``python -m tutto_a11y`` runs the same program as ``tutto-tally``."""

from .cli import main

if __name__ == "__main__":
    main()
