"""The ground every other folder stands on: the record and the game contract.

Here rather than in ``games/`` because the whole program uses them, not the games alone: the
table's loop, the store, the live view, the settings and the sentences of ``text/`` hold
records and catch the contract's refusals, and they sit below the games' messages and interfaces in
the layers. Kept apart, the folders show the layers: ``core/`` at the bottom importing nothing
else of the project, each game's pure rules on it, the rooms above.

- :mod:`.record`: :class:`~tutto_a11y.core.record.Record`, the one kind of frozen plain-data
  class of the package (entries, events, rules, states, rows, the coach's answers);
- :mod:`.problem`: :class:`~tutto_a11y.core.problem.Problem`, the base of every problem told to
  a person (a reason and its data, worded by the room that reports it);
- :mod:`.contract`: what every game offers the rest of the program, and the refusals, words and
  values every game shares.
"""
