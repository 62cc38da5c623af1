"""tutto-tally: an accessible scorekeeper for the dice-and-card game Tutto (Volle Lotte).

The package is split so that a game's rules (``tutto_a11y/games/<name>/rules``) know nothing
about the command line, speech, storage or translations, only the game contract
(:mod:`tutto_a11y.core.contract`); every room depends on the games, never the reverse. The
layers are listed in docs/architecture.md and enforced by ``tests/test_layers.py``.
"""

__version__ = "0.1.0"
