"""The live view: every player follows the game on their own phone, in their own language.

``play --share`` starts a small web server beside the table loop (read-only unless
``--seats``). The loop publishes
each accepted entry and undo as a :class:`~tutto_a11y.core.contract.Notice` to a
:class:`feed.Feed` (a listener that only appends, so the table never waits on a viewer); each
viewer's request words those notices itself in the viewer's language through the game's
interface.

``address`` reads ``--share`` and makes the access code, ``wording`` asks the game for its
sentences and score table, ``page`` writes the HTML, ``server`` answers each request (the
page, the code form and the Server-Sent Events stream), and ``static/`` holds the page's own
script and style sheet.

Facing the network: ``serving`` is the server and what its requests share, ``incoming`` reads
every request within a size and by a time, ``connections`` and ``room`` cap the connections
and say which gives way when room is needed, ``guessing`` is the budget of code checks for the
whole server, and ``streams`` the event streams, their room and their run's ids.

With ``--seats`` each player also enters their own turns from their device: ``seats`` keeps
their codes and their devices' sessions, ``posting`` decides whether a post may write at all,
``entering`` judges a seat's line on the game as last published, and the table's inbox
(``table/inbox.py``) hands it to the table's loop, which judges it again and enters it as a
typed line.
"""
