"""The page a viewer opens: plain semantic HTML, complete without JavaScript.

Everything the game gives (names, sentences, cells) is escaped here, in one place, so a player
called ``<script>`` is shown as text. The page is whole on its own: the score table with a
caption and header cells, the moment now, and the latest announcements in a ``role="log"``
region; the page's script (``static/live.js``) only appends what happens next. Nothing is
loaded from outside and nothing is written inline, so the strict Content-Security-Policy holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from urllib.parse import urlencode

from tutto_a11y.core.contract import MAX_LINE, Standing
from tutto_a11y.core.record import Record
from tutto_a11y.share.wording import Turn, Worded
from tutto_a11y.text.i18n import LANGS, Catalog

#: Announcements shown on a page that is (re)loaded; the script appends the later ones.
LATEST = 200
LANGUAGE_NAMES = {"de": "Deutsch", "en": "English", "fr": "Français"}



def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _head(c: Catalog, title: str) -> str:
    return ("<!DOCTYPE html>\n"
            f'<html lang="{_e(c.lang)}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_e(title)}</title>\n"
            '<link rel="stylesheet" href="/live.css">\n'
            '<script src="/live.js" defer></script>\n</head>\n')


def _languages(c: Catalog, code: str | None) -> str:
    """Links to the same page in the other languages, each named in its own language."""
    links = []
    for lang in LANGS:
        query = {"code": code, "lang": lang} if code else {"lang": lang}
        current = ' aria-current="page"' if lang == c.lang else ""
        links.append(f'<li><a href="/?{_e(urlencode(query))}" lang="{lang}" hreflang="{lang}"'
                     f"{current}>{_e(LANGUAGE_NAMES[lang])}</a></li>")
    label = c.gettext("Language")
    return f'<nav aria-label="{_e(label)}">\n<ul class="languages">\n' + "\n".join(links) + \
        "\n</ul>\n</nav>\n"


def score_table(standing: Standing) -> str:
    """The score table: a caption, column headers, and each player's name as a row header."""
    head = "".join(f'<th scope="col">{_e(cell)}</th>' for cell in standing.header)
    rows = []
    for row in standing.rows:
        first, *rest = row or ("",)
        cells = "".join(f"<td>{_e(cell)}</td>" for cell in rest)
        rows.append(f'<tr><th scope="row">{_e(first)}</th>{cells}</tr>')
    return (f'<table id="scores">\n<caption id="caption">{_e(standing.caption)}</caption>\n'
            f"<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) +
            "\n</tbody>\n</table>\n")


class SeatForm(Record):
    """The entry form of a seat's page: made for one state of the game (``state``, the number
    of the latest announcement) and who enters then (``turn``), with the answer to the device's
    last post (a page without JavaScript shows it once). The line is typed in the page's
    language (or English), which the table reads it in."""

    seat: str
    index: int  # the seat's place in the game, as the game's seat rule counts it
    token: str
    state: int
    turn: Turn
    answer: str = ""
    focus: bool = False  # back from a post: the focus is on the field, or on the answer


def entry_form(c: Catalog, form: SeatForm) -> str:
    """The seat's part of the page. When the seat may enter (its turn, or as the game's seat
    rule says), one labelled field and its button: the label is the table's question, the
    answer to the last entry is the field's description and a polite live region (the script
    puts a refusal there; an accepted entry is heard in the announcements). Otherwise one
    sentence says whose turn it is, and no field asks for what would only be refused; the seat
    whose entry is the latest standing one gets a button to undo it. Everything is in the page
    from the start and shown or hidden, so the script only switches it as the game moves on."""
    turn = form.turn
    mine = form.index in turn.entering
    can_undo = not mine and turn.latest_by == form.seat
    heading = c.gettext("Your entries, {name}", name=form.seat)
    send, undo = c.gettext("Send"), c.gettext("Undo your latest entry")
    field_focus = " autofocus" if form.focus and mine else ""
    answer_focus = ' tabindex="-1" autofocus' if form.focus and not mine else ""
    no_answer = c.gettext("No answer from the table. If it took the entry, the announcements "
                          "say so; if not, send it again.")
    lost = c.gettext("The connection to the table is lost; this page tries again by itself.")
    back = c.gettext("Connected to the table again; the announcements are up to date.")
    your_turn = c.gettext("Your turn, {name}: your entry field is ready.", name=form.seat)
    off = " hidden disabled"
    return (f'<h2 id="entry-heading">{_e(heading)}</h2>\n'
            '<form id="entry" method="post" action="/enter" aria-labelledby="entry-heading" '
            f'data-seat="{form.index}" data-name="{_e(form.seat)}" '
            f'data-your-turn="{_e(your_turn)}" '
            f'data-no-answer="{_e(no_answer)}" data-lost="{_e(lost)}" data-back="{_e(back)}">\n'
            f'<input type="hidden" name="token" value="{_e(form.token)}">\n'
            f'<input type="hidden" name="state" value="{form.state}">\n'
            f'<input type="hidden" name="lang" value="{_e(c.lang)}">\n'
            f'<p id="waiting" tabindex="-1"{"" if not mine else " hidden"}>'
            f"{_e(turn.waiting)}</p>\n"
            f'<div id="entry-field"{"" if mine else " hidden"}>\n'
            f'<label for="line" id="line-label">{_e(turn.prompt)}</label>\n'
            '<input id="line" name="line" type="text" autocomplete="off" autocapitalize="off" '
            f'spellcheck="false" maxlength="{MAX_LINE}" required '
            f'aria-describedby="answer"{field_focus}{"" if mine else " disabled"}>\n'
            f'<button id="send" type="submit"{"" if mine else " disabled"}>{_e(send)}</button>\n'
            "</div>\n"
            f'<p id="answer" role="status"{answer_focus}>{_e(form.answer)}</p>\n'
            f'<button id="undo" type="submit" name="line" value="undo"'
            f'{"" if can_undo else off}>{_e(undo)}</button>\n'
            "</form>\n")


def log_line(c: Catalog, worded: Worded, taken_back: bool) -> str:
    """One announcement of the log. One that a later undo took back is marked in the document,
    not by sight alone: the words "Taken back:" first, then the line as a deletion (``<del>``,
    struck through), so a screen reader reading the log after a reload hears it as taken back.
    The script marks a line the same way when its undo comes in."""
    if not taken_back:
        return f'<p id="e{worded.number}">{_e(worded.line)}</p>'
    return (f'<p id="e{worded.number}" class="taken-back"><span class="mark">'
            f'{_e(taken_back_mark(c))}</span> <del>{_e(worded.line)}</del></p>')


def taken_back_mark(c: Catalog) -> str:
    """The words before an announcement that an undo took back."""
    return c.gettext("Taken back:")


def game_page(c: Catalog, title: str, code: str, standing: Standing,
              latest: Iterable[Worded], last_number: int, form: SeatForm | None = None,
              run: str = "") -> str:
    """The live page of a game for a viewer who gave the right code, or for a seat's device
    (``form``: its entry form, and no code on the page: the seat's cookie opens it). ``run``
    and ``last_number`` make the id of the latest announcement on it, from which the script
    follows the event stream."""
    items = list(latest)[-LATEST:]
    taken = {w.takes_back for w in items if w.takes_back is not None}
    lines = [log_line(c, w, w.number in taken) for w in items]
    empty = ""
    if not items:  # said beside the log, not in it: the log holds announcements only
        nothing = c.gettext("No entry yet since the live view began.")
        empty = f'<p id="e0">{_e(nothing)}</p>\n'
    page_title = c.gettext("{game}: live view", game=title)
    now, scores = c.gettext("Now"), c.gettext("Scores")
    announcements = c.gettext("Announcements")
    reload = c.gettext("Reload the page to see the latest scores.")
    return (_head(c, page_title) +
            "<body>\n"
            f'<main id="live" data-code="{_e(code)}" data-lang="{_e(c.lang)}" '
            f'data-last="{last_number}" data-run="{_e(run)}">\n'
            f"<h1>{_e(page_title)}</h1>\n"
            f'<h2 id="now-heading">{_e(now)}</h2>\n'
            f'<p id="now">{_e(standing.now)}</p>\n' +
            (entry_form(c, form) if form is not None else "") +
            f'<h2 id="scores-heading">{_e(scores)}</h2>\n' +
            score_table(standing) +
            f'<h2 id="log-heading">{_e(announcements)}</h2>\n' + empty +
            '<div id="log" role="log" aria-live="polite" aria-labelledby="log-heading" '
            f'data-taken-back="{_e(taken_back_mark(c))}">\n' +
            "\n".join(lines) + "\n</div>\n"
            f'<p id="connection" class="connection">{_e(reload)}</p>\n'
            "</main>\n" + _languages(c, code or None) + "</body>\n</html>\n")


def code_page(c: Catalog, title: str, wrong: bool, too_soon: bool = False,
              problem_sentence: str = "", post: bool = False) -> str:
    """The page that asks for the access code (also after a wrong one, or a try that came
    too soon after a wrong one and was not checked, or a seat's device whose seat closed).

    With seats (``post``) the code goes in a form post, so a seat's code never stands in the
    address or the browser's history; the viewers' code comes back in the address of the page
    it opens, as it does without seats."""
    page_title = c.gettext("{game}: live view", game=title)
    problem = ""
    if wrong or too_soon or problem_sentence:
        sentence = problem_sentence or c.gettext("That access code is wrong. Type it again.")
        if too_soon:
            sentence = c.gettext("Too many tries from this device: wait a moment, then type "
                                 "the code again.")
        problem = f'<p id="problem" role="alert">{_e(sentence)}</p>\n'
    label, button = c.gettext("Access code"), c.gettext("Open the live view")
    ask = c.gettext("Type the access code that the scorekeeper's program printed and said.")
    return (_head(c, page_title) +
            "<body>\n<main>\n"
            f"<h1>{_e(page_title)}</h1>\n" + problem + f"<p>{_e(ask)}</p>\n"
            f'<form method="{"post" if post else "get"}" action="/">\n'
            f'<input type="hidden" name="lang" value="{_e(c.lang)}">\n'
            f'<label for="code">{_e(label)}</label>\n'
            '<input id="code" name="code" type="text" inputmode="numeric" autocomplete="off" '
            'autocapitalize="off" spellcheck="false" required>\n'
            f'<button type="submit">{_e(button)}</button>\n'
            "</form>\n</main>\n" + _languages(c, None) + "</body>\n</html>\n")


def message_page(c: Catalog, title: str, sentence: str) -> str:
    """A page of one sentence (the game not started yet, a wrong address)."""
    page_title = c.gettext("{game}: live view", game=title)
    return (_head(c, page_title) + "<body>\n<main>\n"
            f"<h1>{_e(page_title)}</h1>\n<p>{_e(sentence)}</p>\n</main>\n</body>\n</html>\n")
