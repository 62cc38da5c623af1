"""The one line an accepted entry gets: what its events made happen, the big news first.

A win, a Tutto or a Plus/Minus hit opens the line; then the card, the roll, the set-aside,
the bank, the Niete, the final round they started and whose turn it is, each at the table's
verbosity. The
refusals of entries that were not accepted are worded apart, in ``refusals``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import Verbosity
from tutto_a11y.games.tutto.rules import Card, Step, events as E
from tutto_a11y.games.tutto.sentence_parts import SentenceParts, opening
from tutto_a11y.games.tutto.table_commands import advice


def announce(m: SentenceParts, events: Sequence[E.Event], coach: bool = False) -> str:
    """The one line announcing what an accepted entry made happen.

    The big news opens the line, before the details that led to it: the win, then a Tutto
    or a Plus/Minus hit. A set-aside that makes a Tutto is said inside the Tutto sentence,
    not before it. The final round follows what started it (a bank, the end of the
    Fireworks, a Plus/Minus hit), so the table hears the cause first; a bank that starts it
    is said in the final round's own sentence. With ``coach`` (``--coach``) the advice
    closes the line when the player has a choice to make.
    """
    brief = m.verbosity is Verbosity.BRIEF
    niete = any(isinstance(e, (E.Niete, E.FireworksBanked)) for e in events)
    tutto = any(isinstance(e, (E.Tutto, E.PlusMinusScored)) for e in events)
    headlines: list[tuple[int, list[str]]] = []
    body: list[str] = []
    tail: list[str] = []
    banked = next((e for e in events if isinstance(e, E.Banked)), None)
    final = next((e for e in events if isinstance(e, E.FinalRound)
                  and e.seat != e.last_seat), None)
    for event in events:
        if isinstance(event, E.GameOver):
            win, rest = game_over(m, event)
            headlines.append((0, [win]))
            tail.extend(rest)
        elif isinstance(event, E.FinalRound):
            if event is final:  # after its cause, before whose turn it is
                body.append(_final_round(m, event, banked))
        elif isinstance(event, (E.Tutto, E.PlusMinusScored)):
            if isinstance(event, E.Tutto) and event.card is Card.CLOVERLEAF \
                    and event.number >= 2:
                continue  # the win says it
            headlines.append((2, _tutto_news(m, event, events, brief)))
        elif isinstance(event, E.Banked) and final is not None and event.seat == final.seat:
            continue  # the final round sentence says it
        elif tutto and isinstance(event, (E.SetAsideDone, E.Rolled)):
            continue  # the Tutto sentence says the points; the roll is all set aside
        else:
            body.extend(_event(m, event, brief, niete))
    headlines.sort(key=lambda h: h[0])
    sentences = [s for _, group in headlines for s in group] + body + tail
    if m.verbosity is Verbosity.FULL and not m.game.finished:
        sentences.append(m.hint())
    if coach and _decision_after(m, events):
        sentences.append(m.working(lambda: advice(m)))
    return " ".join(s for s in sentences if s)


def _decision_after(m: SentenceParts, events: Sequence[E.Event]) -> bool:
    """``--coach`` speaks after a roll or a set-aside that leaves the player a choice."""
    made = any(isinstance(e, (E.Rolled, E.SetAsideDone, E.PlusMinusScored)) for e in events)
    return made and m.game.state.step in (Step.SET_ASIDE, Step.ROLL_OR_BANK,
                                          Step.CARD_OR_BANK)


def _event(m: SentenceParts, e: E.Event, brief: bool, niete: bool) -> list[str]:
    c = m.c
    if isinstance(e, E.CardDrawn):
        out = [_card_drawn(m, e, brief)]
        if e.reshuffled:
            out.append(c.gettext("That was the last card: the played cards are shuffled "
                                 "into a new deck."))
        return out
    if isinstance(e, E.StopDrawn):
        if e.lost:
            return [c.gettext("Stop. {name} loses {points}.", name=m.name(e.seat),
                              points=e.lost)]
        return [c.gettext("Stop. {name} scores nothing this turn.", name=m.name(e.seat))]
    if isinstance(e, E.Rolled):
        if niete:
            return []
        # Below full, the card sentence and the prompt name the player; the faces are the news.
        return [m.rolled(e.seat, e.faces, with_name=m.verbosity is Verbosity.FULL)]
    if isinstance(e, E.Niete):
        return [_niete(m, e, brief)]
    if isinstance(e, E.FireworksBanked):
        return [c.gettext("Niete, the Fireworks are over: {name} banks {points}, score "
                          "{score}.", points=e.points, name=m.name(e.seat), score=e.score)]
    if isinstance(e, E.SetAsideDone):
        return [_set_aside(m, e, brief)]
    if isinstance(e, E.Banked):
        # The points banked are the turn total said just before; the new score is news.
        if brief:
            return [c.gettext("Score {score}.", score=e.score)]
        if m.verbosity is Verbosity.FULL:
            return [c.gettext("{name} banks {points}, score {score}.",
                              name=m.name(e.seat), points=e.points, score=e.score)]
        return [c.gettext("{name} banks, score {score}.", name=m.name(e.seat),
                          score=e.score)]
    if isinstance(e, E.Continued):
        if e.to_card:
            return [c.gettext("{name} goes on: draw the next card.", name=m.name(e.seat))]
        return [c.gettext("{name} rolls on.", name=m.name(e.seat))]
    if isinstance(e, E.TurnOver):
        if e.next_seat is None:
            return []
        return [m.turn_of(e.next_seat, brief)]
    return []


def _final_round(m: SentenceParts, e: E.FinalRound, banked: E.Banked | None) -> str:
    """The final round, after what started it: a bank is said in this sentence; the end of
    the Fireworks and a Plus/Minus hit were said just before, with the new score."""
    c = m.c
    if banked is not None and banked.seat == e.seat:
        return c.gettext("Final round: {name} banks {points} and reaches {score}. The game "
                         "ends after {last}'s turn.", name=m.name(e.seat),
                         points=banked.points, score=e.score, last=m.name(e.last_seat))
    return c.gettext("Final round: {name} has reached the target. The game ends after "
                     "{last}'s turn.", name=m.name(e.seat), last=m.name(e.last_seat))


def _card_drawn(m: SentenceParts, e: E.CardDrawn, brief: bool) -> str:
    c, card = m.c, m.card_unit(e.card)
    if brief or e.card is Card.STOP:
        if e.card is Card.STOP:
            return ""
        return opening(c.gettext("{card}.", card=card))
    if e.carried:
        text = c.gettext("{name} draws {card} and carries {points}.",
                         name=m.name(e.seat), card=card, points=e.carried)
    else:
        text = c.gettext("{name} draws {card}.", name=m.name(e.seat), card=card)
    text = opening(text)  # a translation may open with the card's name
    if m.verbosity is Verbosity.FULL:
        text += " " + card_rule(m, e.card)
    return text


def card_rule(m: SentenceParts, card: Card) -> str:
    """What a drawn card means, in one sentence (full verbosity; Stop says it by itself)."""
    c = m.c
    if card is Card.FIREWORKS:
        return c.gettext("All scoring dice are set aside for the player; no banking; the "
                         "turn ends with a Niete and banks everything.")
    if card is Card.X2:
        return c.gettext("A Tutto doubles the turn total.")
    if card is Card.PLUS_MINUS:
        return c.gettext("No banking before a Tutto; a Tutto scores exactly 1000 and the "
                         "leader loses 1000.")
    if card is Card.STREET:
        return c.gettext("Set aside one die of each face; all six faces score 2000; no "
                         "banking.")
    if card is Card.CLOVERLEAF:
        return c.gettext("No banking; two Tuttos in a row win the game.")
    return c.gettext("A Tutto adds the bonus of {value}.", value=card.bonus)


def _niete(m: SentenceParts, e: E.Niete, brief: bool) -> str:
    """The Niete and what it takes: only points that could have been banked are lost (the
    points of Plus/Minus and Cloverleaf never counted)."""
    c, name, lost = m.c, m.name(e.seat), e.bankable
    if brief:
        if lost:
            return c.gettext("Niete, minus {points}.", points=lost)
        return c.gettext("Niete.")
    if e.street:
        if lost:
            return c.gettext("Niete, no new face. {name} loses {points}.", name=name,
                             points=lost)
        return c.gettext("Niete, no new face. {name} scores nothing.", name=name)
    if lost:
        return c.gettext("Niete. {name} loses {points}.", name=name, points=lost)
    return c.gettext("Niete. {name} scores nothing.", name=name)


def _set_aside(m: SentenceParts, e: E.SetAsideDone, brief: bool) -> str:
    """A set-aside with dice left (a Tutto is said by the Tutto sentence).

    What counts differs by card, and even brief says it: the faces still missing under
    Street; the dice left under Plus/Minus and Cloverleaf, whose points never count;
    otherwise the turn total (brief) or the faces, points and dice left (normal). The
    player is named by the card sentence and the prompt, so normal leaves the name out.
    """
    c, name = m.c, m.name(e.seat)
    card = m.game.state.card
    faces = m.faces(e.faces)
    if e.street:
        missing = m.faces(f for f in range(1, 7) if f not in m.game.state.aside)
        if brief:
            return m.still_missing(missing)
        return c.gettext("{name} sets aside {faces}. Still missing: {missing}.", name=name,
                         faces=faces, missing=missing)
    if card in (Card.PLUS_MINUS, Card.CLOVERLEAF):  # only the Tutto counts here
        if brief:
            return c.ngettext("{n} die left.", "{n} dice left.", e.dice_left)
        return c.ngettext("{faces} set aside, {n} die left.",
                          "{faces} set aside, {n} dice left.", e.dice_left, faces=faces)
    if brief:
        return c.gettext("{total}.", total=e.turn_total)
    full = m.verbosity is Verbosity.FULL
    if e.turn_total == e.points:  # the first set-aside: its points are the turn total
        if e.automatic:
            return c.ngettext(
                "Under Fireworks {name} sets aside {faces} for {points}, {n} die left.",
                "Under Fireworks {name} sets aside {faces} for {points}, {n} dice left.",
                e.dice_left, name=name, faces=faces, points=e.points)
        if full:
            return c.ngettext("{name} sets aside {faces} for {points}, {n} die left.",
                              "{name} sets aside {faces} for {points}, {n} dice left.",
                              e.dice_left, name=name, faces=faces, points=e.points)
        return c.ngettext("{faces} for {points}, {n} die left.",
                          "{faces} for {points}, {n} dice left.", e.dice_left, faces=faces,
                          points=e.points)
    if e.automatic:
        return c.ngettext(
            "Under Fireworks {name} sets aside {faces} for {points}. Turn total {total}, "
            "{n} die left.",
            "Under Fireworks {name} sets aside {faces} for {points}. Turn total {total}, "
            "{n} dice left.", e.dice_left, name=name, faces=faces, points=e.points,
            total=e.turn_total)
    if full:
        return c.ngettext("{name} sets aside {faces} for {points}. Turn total {total}, "
                          "{n} die left.",
                          "{name} sets aside {faces} for {points}. Turn total {total}, "
                          "{n} dice left.", e.dice_left, name=name, faces=faces,
                          points=e.points, total=e.turn_total)
    return c.ngettext("{faces} for {points}. Turn total {total}, {n} die left.",
                      "{faces} for {points}. Turn total {total}, {n} dice left.",
                      e.dice_left, faces=faces, points=e.points, total=e.turn_total)


def _tutto_news(m: SentenceParts, e: E.Tutto | E.PlusMinusScored, events: Sequence[E.Event],
                brief: bool) -> list[str]:
    """The Tutto first, with its player; the set-aside that made it is folded in."""
    c, name = m.c, m.name(e.seat)
    if isinstance(e, E.PlusMinusScored):
        if e.ends_turn:
            out = [c.gettext("Tutto under Plus/Minus: {name} scores exactly 1000, score "
                             "{score}.", name=name, score=e.score)]
        else:
            out = [c.gettext("Tutto under Plus/Minus: 1000 for {name}, turn total {total}.",
                             name=name, total=e.turn_total)]
        for p in e.penalties:
            if p.lost:  # a leader already at 0 has nothing to lose
                out.append(m.loses(p.seat, p.lost, p.score))
        return out
    if e.card is Card.CLOVERLEAF:
        return [c.gettext("First Tutto under Cloverleaf for {name}: one more Tutto wins the "
                          "game.", name=name)]
    # Fireworks points are never at risk, and a Street is a Street even in brief.
    if brief and e.card not in (Card.FIREWORKS, Card.STREET):
        return [c.gettext("Tutto for {name}, {total} at risk.", name=name,
                          total=e.turn_total)]
    if e.card is Card.STREET:
        return [c.gettext("Street complete for {name}: turn total {total}.", name=name,
                          total=e.turn_total)]
    if e.card is Card.X2:
        return [c.gettext("Tutto for {name}, doubled: turn total {total}.", name=name,
                          total=e.turn_total)]
    if e.card is Card.FIREWORKS:
        aside = next(a for a in events if isinstance(a, E.SetAsideDone))
        return [c.gettext("Tutto for {name} under Fireworks with {faces}: turn total "
                          "{total}, 6 dice again.", name=name, faces=m.faces(aside.faces),
                          total=e.turn_total)]
    return [c.gettext("Tutto for {name}, bonus {bonus}: turn total {total}.", name=name,
                      bonus=e.bonus, total=e.turn_total)]


def game_over(m: SentenceParts, e: E.GameOver) -> tuple[str, list[str]]:
    """The win (said first in the line), then the final scores and who buys the round."""
    c = m.c
    scores = e.scores
    if e.cloverleaf:
        win = c.gettext("{name} wins the game with a second Tutto under Cloverleaf.",
                        name=m.name(e.winners[0]))
    else:
        win = c.ngettext("Game over: {names} wins with {score}.",
                         "Game over: {names} win with {score}.", len(e.winners),
                         names=m.names(e.winners), score=scores[e.winners[0]])
    rest = [c.gettext("Final scores: {scores}.", scores=m.score_list(m.game.ranking()))]
    if e.lowest:
        rest.append(c.ngettext("{names} buys the next round.", "{names} buy the next round.",
                               len(e.lowest), names=m.names(e.lowest)))
    return win, rest
