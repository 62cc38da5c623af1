"""The strategy coach for Tutto: exact advice on banking, rolling and what to set aside.

``rolls`` lists, for every number of dice, what a roll can offer (from the rules' own scoring);
``solver`` computes the expected points banked at the end of the turn under best play (numpy,
imported only when the coach is used, so a game without the coach starts as fast as before);
``position`` is a moment of a turn, read from the game state or from the command line;
``choices`` lists every legal choice of a position with its value, best first, which both the
``coach`` command's JSON and the ``advice`` sentence are made from, so they cannot disagree.
``winning`` is the coach that plays to win in the final round (its later players' chances ship
in ``last_turn.npz``); ``duel`` solves the two-player game's chances to win; ``cache`` keeps that
solve in the user cache folder (``duel_command`` is ``coach --duel``); ``duelcoach`` reads it at
the table, for each player's chance and advice that plays to win. ``advised`` says what the
advice plays for at a moment (points, a chance to win, the chance of a Tutto) and its choices:
``advice`` words them and ``review`` (the game looked back on) holds every decision to them.
The rules stay pure and know nothing of the coach.
"""
