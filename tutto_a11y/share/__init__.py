"""The live view: every player follows the game on their own phone, in their own language.

``play --share`` starts a small web server beside the table loop (read-only unless
``--seats``). The loop publishes
each accepted entry and undo as a :class:`~tutto_a11y.core.contract.Notice` to a
:class:`feed.Feed` (a listener that only appends, so the table never waits on a viewer); each
viewer's request words those notices itself in the viewer's language through the game's side.

``address`` reads ``--share`` and makes the access code, ``wording`` asks the game for its
sentences and score table, ``page`` writes the HTML, ``server`` serves the page and the
Server-Sent Events stream, and ``static/`` holds the page's own script and style sheet.

With ``--seats`` each player also enters their own turns from their device: ``seats`` keeps
their codes and their devices' sessions, ``posting`` decides whether a post may write at all,
``entering`` checks a seat's line on the game as last published, and ``desk`` hands it to the
table's loop (``table/seats.py``), which enters it as a typed line.
"""
