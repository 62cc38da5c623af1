"""``python -m tutto_a11y`` runs the same program as ``tutto-tally``."""

from tutto_a11y.cli import main

if __name__ == "__main__":
    main()
