"""Every sentence a Yatzee table hears: rolls, written and struck fields, the bonus, the end,
prompts, help, refusals and the answers to ``sheet`` and ``fits``.

Written for the ear: whole sentences from the catalogs with named placeholders, the key fact
first (the points and the field, then the total), numbers as digits, field names as the score
sheets of each language print them, never split across a Braille line.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import (
    Command,
    EntryError,
    Notice,
    Sentences,
    Verbosity,
    Working,
    at_once,
)
from tutto_a11y.games.yatzee.rules import (
    FACE,
    LOWER,
    ORDER,
    ROUNDS,
    UPPER,
    Entry,
    Field,
    Game,
    Roll,
    Rules,
    State,
    Strike,
    Write,
    events as E,
)
from tutto_a11y.games.yatzee.rules.state import best_upper
from tutto_a11y.games.yatzee.words import COMMANDS, field_word, shown
from tutto_a11y.text.lists import and_list, or_list
from tutto_a11y.text.output import nobreak
from tutto_a11y.text.problems import line_sentence

EXAMPLE_ROLL = "5 5 5 2 3 1"


def field_name(field: Field, c: Sentences) -> str:
    """A field's name as the language's score sheets print it."""
    names = {
        Field.ONES: c.pgettext("field", "Ones"), Field.TWOS: c.pgettext("field", "Twos"),
        Field.THREES: c.pgettext("field", "Threes"), Field.FOURS: c.pgettext("field", "Fours"),
        Field.FIVES: c.pgettext("field", "Fives"), Field.SIXES: c.pgettext("field", "Sixes"),
        Field.ONE_PAIR: c.pgettext("field", "One pair"),
        Field.TWO_PAIRS: c.pgettext("field", "Two pairs"),
        Field.THREE_PAIRS: c.pgettext("field", "Three pairs"),
        Field.THREE_OF_A_KIND: c.pgettext("field", "Three of a kind"),
        Field.FOUR_OF_A_KIND: c.pgettext("field", "Four of a kind"),
        Field.TWO_TRIPLES: c.pgettext("field", "Two triples"),
        Field.SMALL_STRAIGHT: c.pgettext("field", "Small straight"),
        Field.LARGE_STRAIGHT: c.pgettext("field", "Large straight"),
        Field.ROYAL: c.pgettext("field", "Royal"), Field.HOUSE: c.pgettext("field", "House"),
        Field.CHANCE: c.pgettext("field", "Chance"), Field.YATZEE: c.pgettext("field", "Yatzee"),
    }
    return nobreak(names[field])


class Messages:
    """The sentences of one Yatzee game in one language at one verbosity."""

    c: Sentences  # the catalog of the table's language
    coach: bool
    working: Working
    match = False  # one game: the loop says "game"

    def __init__(self, catalog: Sentences, game: Game, verbosity: str = Verbosity.NORMAL) -> None:
        self.c = catalog
        self.game = game
        self.verbosity = Verbosity.of(verbosity)
        #: The contract's ``--coach`` and ``working``: Yatzee has no coach, and every
        #: sentence of a game comes at once.
        self.coach = False
        self.working: Working = at_once

    # -- small pieces --------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.game.players[seat]

    def names(self, seats: Sequence[int]) -> str:
        return and_list([self.name(s) for s in seats], self.c)

    def field(self, field: Field) -> str:
        return field_name(field, self.c)

    @staticmethod
    def faces(faces: Sequence[int]) -> str:
        return ", ".join(str(f) for f in faces)

    def word(self, meaning: str) -> str:
        return shown(meaning, self.c.lang)

    def strike_words(self, field: Field) -> str:
        """``strike house`` in the table's words: what to type to strike a field."""
        return nobreak(self.word("strike") + " " + field_word(field, self.c.lang))

    def totals(self, seats: Sequence[int]) -> str:
        return ", ".join(self.c.gettext("{name} {score}", name=self.name(s),
                                        score=self.game.total(s)) for s in seats)

    def rules_part(self) -> str:
        """The rules in a few words: the sheet's own, or the options that differ."""
        rules = self.game.rules
        if rules.is_standard():
            return self.c.gettext("rules of the sheet")
        changed = ", ".join(f"{name}={value}" for name, value in rules.as_dict().items())
        return self.c.gettext("house rules {options}", options=changed)

    # -- the start -----------------------------------------------------------------------
    def new_game(self) -> str:
        return self.c.gettext("New game of Yatzee for {names}: {rounds} rounds, {rules}. "
                              "{first} begins.", names=self.names(range(len(self.game.players))),
                              rounds=ROUNDS, rules=self.rules_part(), first=self.name(0))

    # -- events --------------------------------------------------------------------------
    def announce(self, events: Sequence[E.Event]) -> str:
        """The one line for an accepted entry; the end of the game opens it."""
        brief = self.verbosity is Verbosity.BRIEF
        head: list[str] = []
        body: list[str] = []
        tail: list[str] = []
        for event in events:
            if isinstance(event, E.GameOver):
                win, rest = self.game_over(event)
                head.append(win)
                tail.extend(rest)
            elif isinstance(event, E.Rolled):
                body.append(self._rolled(event, brief))
                if self.verbosity is Verbosity.FULL:
                    body.append(self.fits())
            elif isinstance(event, E.Written):
                body.append(self._written(event, brief))
            elif isinstance(event, E.BonusReached):
                body.append(self.c.gettext("Bonus reached with an upper sum of {upper}: plus "
                                           "{points}.", upper=event.upper, points=event.points))
            elif isinstance(event, E.BonusOutOfReach):
                body.append(self.c.gettext("The bonus is out of reach: at most {best} of "
                                           "{threshold} in the upper section.", best=event.best,
                                           threshold=self.game.rules.bonus_threshold))
            elif isinstance(event, E.TurnOver):
                if event.next_seat is not None:  # at the end the final totals say it
                    body.append(self._total(event.record, brief))
                body.append(self._next(event, brief))
        sentences = head + body + tail
        if self.verbosity is Verbosity.FULL and not self.game.finished:
            sentences.append(self.hint())
        return " ".join(s for s in sentences if s)

    def _rolled(self, e: E.Rolled, brief: bool) -> str:
        c, faces = self.c, self.faces(e.faces)
        if brief:
            return c.gettext("{faces}.", faces=faces)
        if e.number == 1:
            return c.gettext("{name} rolls {faces}.", name=self.name(e.seat), faces=faces)
        if e.number == 2:
            return c.gettext("{name} rolls again: {faces}.", name=self.name(e.seat), faces=faces)
        return c.gettext("{name}'s last roll: {faces}.", name=self.name(e.seat), faces=faces)

    def _written(self, e: E.Written, brief: bool) -> str:
        c, name, field = self.c, self.name(e.seat), self.field(e.field)
        if e.struck:
            return c.gettext("{name} strikes {field}.", name=name, field=field)
        if not e.throw_bonus:  # a throw bonus is part of the points: brief says it too
            return c.gettext("{name} writes {points} in {field}.", name=name, points=e.points,
                             field=field)
        return c.gettext("{name} writes {points} in {field}, throw bonus {bonus} included.",
                         name=name, points=e.points, field=field, bonus=e.throw_bonus)

    def _total(self, record: E.TurnRecord, brief: bool) -> str:
        """The new total, which every level says: it is the score the table keeps."""
        return self.c.gettext("Total {total}.", total=record.total)

    def _next(self, e: E.TurnOver, brief: bool) -> str:
        c = self.c
        if e.next_seat is None:
            return ""
        name = self.name(e.next_seat)
        if e.new_round is not None:
            if len(self.game.players) == 1:
                return c.gettext("Round {round}.", round=e.new_round)
            return c.gettext("Round {round}: {name}'s turn.", round=e.new_round, name=name)
        if brief:
            return c.gettext("{name}.", name=name)
        return c.gettext("{name}'s turn.", name=name)

    def game_over(self, e: E.GameOver) -> tuple[str, list[str]]:
        """The win (or the solo total) first; the final totals, best first, after."""
        c, best = self.c, e.totals[e.winners[0]]
        players = len(self.game.players)
        if players == 1:
            return c.gettext("Game over: {name} finishes with {total}.", name=self.name(0),
                             total=best), []
        if len(e.winners) == 1:
            win = c.gettext("Game over: {name} wins with {total}.",
                            name=self.name(e.winners[0]), total=best)
        else:
            win = c.gettext("Game over: {names} share the win with {total}.",
                            names=self.names(e.winners), total=best)
        ranked = sorted(range(players), key=lambda i: (-e.totals[i], i))
        rest = ", ".join(c.gettext("{name} {score}", name=self.name(i), score=e.totals[i])
                         for i in ranked)
        return win, [c.gettext("Final totals: {totals}.", totals=rest)]

    # -- prompts and help ----------------------------------------------------------------
    def prompt(self) -> str:
        """The short question for the current moment ("Anna, first roll:")."""
        c, s = self.c, self.game.state
        if s.over:
            return c.gettext("Game over. Type {scores}, {undo} or {quit}:",
                             scores=self.word("scores"), undo=self.word("undo"),
                             quit=self.word("quit"))
        name = self.name(s.seat)
        if s.roll_number == 0:
            return c.gettext("{name}, first roll:", name=name)
        if s.roll_number == 1:
            return c.gettext("{name}, second roll or a field:", name=name)
        if s.roll_number == 2:
            return c.gettext("{name}, third roll or a field:", name=name)
        return c.gettext("{name}, which field?", name=name)

    def hint(self) -> str:
        """What can be typed now, in one sentence, in the table's words."""
        c, s = self.c, self.game.state
        if s.over:
            return c.gettext("The game is over: type {undo}, {scores} or {quit}.",
                             undo=self.word("undo"), scores=self.word("scores"),
                             quit=self.word("quit"))
        if s.roll_number == 0:
            return c.gettext("Type the six faces on the table, for example {example}.",
                             example=EXAMPLE_ROLL)
        if s.roll_number < 3:
            return c.gettext("Type the six faces of the next roll, a field to write, or {strike} "
                             "and a field; {fits} says what these dice fit.",
                             strike=self.word("strike"), fits=self.word("fits"))
        return c.gettext("Type a field to write, or {strike} and a field; {fits} says what these "
                         "dice fit.", strike=self.word("strike"), fits=self.word("fits"))

    def help(self) -> str:
        """``help``: what can be typed now, the fields, then the commands of every step."""
        lang = self.c.lang
        fields = ", ".join(nobreak(field_word(f, lang)) for f in ORDER)  # "Kleine Straße"
        commands = ", ".join(self.word(m) for m in COMMANDS)
        text = " ".join([self.hint(), self.c.gettext("Fields: {fields}.", fields=fields),
                         self.c.gettext("At any step: {commands}.", commands=commands)])
        if lang != "en":
            text += " " + self.c.gettext("English words and the field ids work too.")
        return text

    # -- answers to commands -------------------------------------------------------------
    def command(self, command: Command) -> str:
        """Yatzee's own commands: ``sheet [NAME]`` and ``fits``."""
        if command.name == "sheet":
            return self.sheet(self._seat_named(command.argument))
        if command.name == "fits":
            return self.fits()
        raise EntryError("unknown-word", word=command.name)

    def _seat_named(self, typed: str) -> int:
        """The seat of a name typed after ``sheet`` (any case, a unique beginning); the
        current player when none is typed."""
        s = self.game.state
        wanted = " ".join(typed.split()).casefold()
        if not wanted:
            return s.seat
        players = [p.casefold() for p in self.game.players]
        if wanted in players:
            return players.index(wanted)
        starting = [i for i, p in enumerate(players) if p.startswith(wanted)]
        if len(starting) == 1:
            return starting[0]
        raise EntryError("no-such-player", name=typed.strip()[:30])

    def fits(self) -> str:
        """The current player's free fields these dice fit, with points at this roll."""
        c, s = self.c, self.game.state
        if s.over:
            return self.hint()
        if not s.rolls:
            return c.gettext("No dice yet: type the first roll, for example {example}.",
                             example=EXAMPLE_ROLL)
        found = self.game.fits()
        if not found:
            if s.roll_number < 3:
                return c.gettext("These dice fit no free field: roll again, or strike a field.")
            return c.gettext("These dice fit no free field: strike one, for example {strike}.",
                             strike=self.strike_words(s.free(s.seat)[-1]))
        listed = ", ".join(c.gettext("{field} {points}", field=self.field(f), points=p)
                           for f, p in found)
        return c.gettext("These dice fit: {fields}.", fields=listed)

    def sheet(self, seat: int) -> str:
        """One player's sheet for the ear: total, the free fields, the bonus, what is filled."""
        c, g = self.c, self.game
        sheet, struck = g.state.sheets[seat], g.state.struck[seat]
        free = [f for f, v in zip(ORDER, sheet, strict=True) if v is None]
        parts = [c.gettext("{name}'s sheet: total {total}.", name=self.name(seat),
                           total=g.total(seat))]
        if free:
            parts.append(c.gettext("Free: {fields}.",
                                   fields=", ".join(self.field(f) for f in free)))
        else:
            parts.append(c.gettext("Every field is filled."))
        parts.append(self._bonus_distance(seat))
        written = [(f, v) for f, v in zip(ORDER, sheet, strict=True)
                   if v is not None and f not in struck]
        if written:
            parts.append(c.gettext("Written: {fields}.", fields=", ".join(
                c.gettext("{field} {points}", field=self.field(f), points=v)
                for f, v in written)))
        gone = [f for f in ORDER if f in struck]
        if gone:
            parts.append(c.gettext("Struck: {fields}.",
                                   fields=", ".join(self.field(f) for f in gone)))
        return " ".join(parts)

    def _bonus_distance(self, seat: int) -> str:
        c, g, rules = self.c, self.game, self.game.rules
        upper = g.upper(seat)
        if upper >= rules.bonus_threshold:
            return c.gettext("Upper sum {upper}: the bonus of {points} is reached.", upper=upper,
                             points=rules.bonus_points)
        if best_upper(g.state.sheets[seat]) < rules.bonus_threshold:
            return c.gettext("Upper sum {upper}: the bonus is out of reach.", upper=upper)
        return c.gettext("Upper sum {upper}, {missing} short of the bonus.", upper=upper,
                         missing=rules.bonus_threshold - upper)

    def status(self, hint: bool = True) -> str:
        """Round, whose turn, the total and the dice on the table; ``hint`` adds what can be
        typed now (the live view's viewers do not type, so theirs goes without)."""
        c, g, s = self.c, self.game, self.game.state
        if s.over:  # a resumed finished game opens with this: the winner first
            winners = s.winners
            if len(g.players) == 1:
                return c.gettext("The game is over.") + " " + self.scores()
            return c.ngettext("The game is over: {names} won.", "The game is over: {names} won.",
                              len(winners), names=self.names(winners)) + " " + self.scores()
        parts = [c.gettext("Round {round} of {rounds}, {name}'s turn, total {total}.",
                           round=s.round, rounds=ROUNDS, name=self.name(s.seat),
                           total=g.total(s.seat))]
        if s.rolls:
            parts.append(c.gettext("Dice after roll {number}: {faces}.", number=s.roll_number,
                                   faces=self.faces(s.faces)))
        if hint:
            parts.append(self.hint())
        return " ".join(parts)

    def scores(self) -> str:
        c, g, s = self.c, self.game, self.game.state
        seats = range(len(g.players))
        if s.over:
            return c.gettext("Final totals: {totals}.", totals=self.totals(g.ranking()))
        return c.gettext("Totals: {totals}. Round {round} of {rounds}.", totals=self.totals(seats),
                         round=s.round, rounds=ROUNDS)

    def undone(self, entry: Entry, seat: int) -> str:
        """What was taken back, then where the table stands now."""
        c, name = self.c, self.name(seat)
        if isinstance(entry, Roll):
            text = c.gettext("Undone: {name}'s roll {faces}.", name=name,
                             faces=self.faces(entry.faces))
        elif isinstance(entry, Write):
            text = c.gettext("Undone: {name} writing {field}.", name=name,
                             field=self.field(entry.field))
        else:
            assert isinstance(entry, Strike)
            text = c.gettext("Undone: {name} striking {field}.", name=name,
                             field=self.field(entry.field))
        s = self.game.state
        if s.rolls:
            now = c.gettext("{name}'s turn, dice after roll {number}: {faces}.",
                            name=self.name(s.seat), number=s.roll_number,
                            faces=self.faces(s.faces))
        else:
            now = c.gettext("{name}'s turn, first roll.", name=self.name(s.seat))
        return text + " " + now

    # -- errors --------------------------------------------------------------------------
    def error(self, err: EntryError) -> str:
        """One sentence: what is wrong and what to do instead. Nothing changed."""
        c, d, r = self.c, err.data, err.reason
        shared = line_sentence(err, c, self.hint)
        if shared is not None:
            return shared
        if r == "not-formed":
            return self._not_formed(d["field"])
        if r == "field-filled":
            if d.get("struck"):
                return c.gettext("{field} is already struck: choose a free field; {sheet} "
                                 "names them.", field=self.field(d["field"]),
                                 sheet=self.word("sheet"))
            return c.gettext("{field} already holds {points}: choose a free field; {sheet} "
                             "names them.", field=self.field(d["field"]), points=d["points"],
                             sheet=self.word("sheet"))
        if r == "roll-first":
            return c.gettext("First the roll: type the six faces on the table, for example "
                             "{example}.", example=EXAMPLE_ROLL)
        if r == "no-more-rolls":
            return c.gettext("There is no fourth roll: write a field, or type {strike} and a "
                             "field.", strike=self.word("strike"))
        if r == "field-needed":
            verb = self.word(d.get("verb", "strike"))
            return c.gettext("Type the field after {verb}, for example {example}.", verb=verb,
                             example=nobreak(verb + " " + field_word(Field.CHANCE, c.lang)))
        if r == "which-field":
            return c.gettext("Type the field's name, for example {example}; {fits} says what "
                             "these dice fit.", example=self._field_to_write(),
                             fits=self.word("fits"))
        if r == "no-such-player":
            return c.gettext("There is no player {name}: type {sheet} and one of {names}.",
                             name=d["name"], sheet=self.word("sheet"),
                             names=self.names(range(len(self.game.players))))
        if r == "wrong-dice-count":
            return c.gettext("Type the six faces on the table, one per die, not {got}: for "
                             "example {example}.", got=d["got"], example=EXAMPLE_ROLL)
        if r == "face-out-of-range":
            return c.gettext("{face} is not a die face: faces go from 1 to 6.", face=d["face"])
        if r in ("not-faces", "unknown-word"):
            return c.gettext("{word} is not an entry here. {hint}",
                             word=d.get("word") or d.get("text", ""), hint=self.hint())
        if r == "no-faces":
            return c.gettext("Type the six faces on the table, for example {example}.",
                             example=EXAMPLE_ROLL)
        if r == "game-over":
            return c.gettext("The game is over: type {undo}, {scores} or {quit}.",
                             undo=self.word("undo"), scores=self.word("scores"),
                             quit=self.word("quit"))
        return c.gettext("That entry is not possible now. {hint}", hint=self.hint())

    def _field_to_write(self) -> str:
        """A field worth naming as the example of what to type: the best these dice fit, or
        the first free one, as it is typed."""
        s = self.game.state
        fitting = self.game.fits()
        field = fitting[0][0] if fitting else s.free(s.seat)[0]
        return nobreak(field_word(field, self.c.lang))

    def _not_formed(self, field: Field) -> str:
        """The combination the field needs, and that striking it scores 0 (upper fields are
        always formed: they count whatever dice show their face)."""
        c, strike = self.c, self.strike_words(field)
        sentences = {
            Field.ONE_PAIR: c.gettext("One pair needs two dice of one face: {strike} scores 0.",
                                      strike=strike),
            Field.TWO_PAIRS: c.gettext("Two pairs need two dice each of two different faces: "
                                       "{strike} scores 0.", strike=strike),
            Field.THREE_PAIRS: c.gettext("Three pairs need two dice each of three different "
                                         "faces: {strike} scores 0.", strike=strike),
            Field.THREE_OF_A_KIND: c.gettext("Three of a kind needs three dice of one face: "
                                             "{strike} scores 0.", strike=strike),
            Field.FOUR_OF_A_KIND: c.gettext("Four of a kind needs four dice of one face: "
                                            "{strike} scores 0.", strike=strike),
            Field.TWO_TRIPLES: c.gettext("Two triples need three dice each of two different "
                                         "faces: {strike} scores 0.", strike=strike),
            Field.SMALL_STRAIGHT: c.gettext("A small straight needs 1, 2, 3, 4 and 5: {strike} "
                                            "scores 0.", strike=strike),
            Field.LARGE_STRAIGHT: c.gettext("A large straight needs 2, 3, 4, 5 and 6: {strike} "
                                            "scores 0.", strike=strike),
            Field.ROYAL: c.gettext("Royal needs 1, 2, 3, 4, 5 and 6: {strike} scores 0.",
                                   strike=strike),
            Field.HOUSE: c.gettext("House needs three of one face and two of another: {strike} "
                                   "scores 0.", strike=strike),
            Field.YATZEE: c.gettext("Yatzee needs all six dice showing one face: {strike} "
                                    "scores 0.", strike=strike),
        }
        return sentences.get(field, self.hint())

    def _or(self, words: Sequence[str]) -> str:
        return or_list(words, self.c)


def word_notice(notice: Notice[Entry, E.Event, State, Rules], catalog: Sentences,
                verbosity: str = Verbosity.NORMAL) -> str:
    """The line the table said for a notice, from the notice alone, in the catalog's language."""
    standing = Game.at(notice.players, notice.rules, notice.state, notice.events)
    messages = Messages(catalog, standing, verbosity)
    if notice.undone:
        assert notice.entry is not None  # an undo's notice names the entry it took back
        return messages.undone(notice.entry, notice.state.seat)
    return messages.announce(list(notice.events))


__all__ = ["FACE", "LOWER", "Messages", "UPPER", "field_name", "and_list",
           "word_notice"]
