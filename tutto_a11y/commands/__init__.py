"""The command layer: what each command of ``tutto-tally`` prints, and its exit status.

``cli/`` reads the options and builds one ``Settings``; the module of the command here asks
the rooms below for what they compute (the reports for saved games, sheets, statistics
and reviews; speech for its voices; a game's coach, through the registry, for its answer) and
prints it: lines wrapped at ``--width`` (``printing.py``), exports and JSON as they are.
Nothing below this layer prints for a command, so the store, speech and the games stay usable
by the live view, the tests and the benchmarks without click. One module per command.
"""
