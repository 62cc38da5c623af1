"""Reports on saved games: what ``games``, ``show``, ``export``, ``stats`` and ``review`` say.

Why a folder apart from ``store/``: the store keeps games and reads them back as rows and
journals, and words nothing; a report replays games through their rules, words sentences in
the chosen language and refuses a command's options in one sentence (a ``UsageProblem``).
Nothing here prints: the modules of ``commands/`` print what these return.

- :mod:`.sheets`: the list of games, a game's score sheet and its exports;
- :mod:`.stats`: statistics across finished games, with each game's figures kept in the
  games file (the store's figures cache) so the next run need not replay it;
- :mod:`.review`: a saved game handed to its game's coach for a review.
"""
