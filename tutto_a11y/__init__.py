"""tutto-tally: an accessible scorekeeper for the dice-and-card game Tutto (Volle Lotte).

The package is split so that the game rules (:mod:`tutto_a11y.rules`) know nothing about the
command line, speech, storage or translations; every edge depends on the rules, never the reverse.
"""

__version__ = "0.1.0"
