"""Reading one line per entry: plain line input, or a prompt_toolkit session in a terminal.

Plain input is the accessible default whenever the terminal is not a real one, or ``--plain``
is given: nothing but the prompt text is written, no escape sequences at all. prompt_toolkit is
imported only when it is used, because it costs start-up time.

With seats (``--share --seats``) every reader also waits for the table's inbox
(``table/inbox.py``) while it waits for the keyboard, and owns how it is woken: a plain reader
waits in ``select`` on its input and the inbox's wake, prompt_toolkit is told from its own
event loop, readline (``table/line_editor.py``) reads key by key beside the wake. Each hands
back a typed line whenever one is complete, never dropped, even when the inbox woke at the same
moment: the inbox is then seen by the next read. Woken, a reader first lets the table settle
what came (``settle``, in the table's own thread, the question standing on the screen as it
is); only when an entry is to be entered does it end the question's row and return
:data:`INBOX`, what was typed kept for the next question. Otherwise the wait goes on and the
screen is not touched: no line, no prompt again.
"""

from __future__ import annotations

import enum
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, BinaryIO, Literal, Protocol, TextIO

from tutto_a11y.core.contract import MalformedEntry
from tutto_a11y.text.output import Output, wrap

if TYPE_CHECKING:  # prompt_toolkit loads only with the terminal reader
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.formatted_text import StyleAndTextTuples
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
    from prompt_toolkit.layout.processors import Processor, Transformation, TransformationInput
    from prompt_toolkit.output import Output as TerminalOutput

    from tutto_a11y.table.inbox import Wake


class Woken(enum.Enum):
    """What a read hands back when it was not a typed line: the inbox has something."""

    INBOX = "inbox"


#: A read's answer when a seat's entry is to be entered: the loop enters it, then asks again.
INBOX: Literal[Woken.INBOX] = Woken.INBOX

#: What a read hands back: a typed line, None at the end of input, or :data:`INBOX`.
Read = str | None | Literal[Woken.INBOX]


class LineReader(Protocol):
    def read(self, prompt: str) -> Read:
        """The next line without its line end, None at the end of input, or :data:`INBOX`
        (only once the table gave the reader its inbox's wake, :meth:`TableReader.wake_with`)."""


class TableReader(LineReader, Protocol):
    """What ``play`` gives the reader it starts (``setup.reader_for``): every reader has
    them, so nothing asks which reader it holds."""

    #: The sentence said under a line discarded with Ctrl-C.
    discarded: str
    #: The words Tab completes (none where lines come from a pipe).
    words: list[str]

    def wake_with(self, wake: Wake, settle: Callable[[], bool]) -> None:
        """Wait for ``wake`` (the table's inbox) beside the keyboard from now on; woken, call
        ``settle`` (the table answers what it will not enter) and return :data:`INBOX` when
        it says an entry waits to be entered."""


class PlainReader:
    """Lines from a byte stream, decoded as UTF-8; bytes that are not text are refused."""

    def __init__(self, stream: BinaryIO, output: Output) -> None:
        self.stream = stream
        self.output = output
        self.discarded = ""  # the sentence after a line discarded by Ctrl-C (play sets it)
        self.words: list[str] = []  # a pipe completes nothing
        # The table's inbox (``--seats``), waited for beside the input: its wake and how the
        # table settles what came.
        self._wake: Wake | None = None
        self._settle: Callable[[], bool] = bool

    def wake_with(self, wake: Wake, settle: Callable[[], bool]) -> None:
        """The input must be a stream with a file descriptor and no buffer of its own, so that
        ``select`` sees every byte (``reader_for(unbuffered=True)``). Windows' ``select``
        takes sockets only: there a seat's entry waits for the next line typed."""
        if sys.platform != "win32":
            self._wake, self._settle = wake, settle

    def read(self, prompt: str) -> Read:
        """The next line; Ctrl-C discards the line being typed and asks again, as in a shell."""
        while True:
            if self._wake is not None and self._settle():  # came before the question
                return INBOX
            self.output.prompt(prompt)
            try:
                if self._wake is not None and self._wait(self._wake) is INBOX:
                    # A seat's entry: announced on a line of its own, then the question again.
                    if not self.output.prompt_on_own_line:
                        self.output.stream.write("\n")
                    return INBOX
                raw = self.stream.readline()
                break
            except KeyboardInterrupt:
                # The terminal shows what was typed and "^C" on the prompt's row: end that
                # row, then say the line was not entered.
                if not self.output.prompt_on_own_line:
                    self.output.stream.write("\n")
                if self.discarded:
                    self.output.line(self.discarded)
        if not raw:
            return None
        raw = raw.rstrip(b"\r\n")
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise MalformedEntry("bad-bytes") from None

    def _wait(self, wake: Wake) -> Read:
        """Until the input has a line (None: read it) or the table settled an entry to enter
        (:data:`INBOX`). Input that is there is always read first, also when it came while
        the table settled: a line typed as a seat's entry came is entered, and the entry
        after it (the loop drains the inbox before its next question)."""
        import select

        typed, woken = self.stream.fileno(), wake.fileno()
        settled = False
        while True:
            ready, _, _ = select.select([typed, woken], [], [], 0 if settled else None)
            if typed in ready:
                return None
            if settled or woken in ready:
                settled = self._settle()
                if settled and not select.select([typed], [], [], 0)[0]:
                    return INBOX


class _Woken(Exception):
    """How a prompt_toolkit prompt ends for a seat's entry, with what was typed so far."""

    def __init__(self, typed_before: str) -> None:
        super().__init__(typed_before)
        self.typed_before = typed_before


_CONTROLS = r"(?:\x1b\[[0-9;?]*[A-Za-z])*"
_ERASE_BELOW = re.compile(r"\x1b\[0?J")
# Bytes that are not UTF-8, as prompt_toolkit's terminal input decodes them (surrogateescape).
_NOT_TEXT = re.compile("[\udc80-\udcff]")


class _PromptLineEnd:
    """The terminal stream as prompt_toolkit sees it, keeping its clean-up on the prompt's line.

    When a prompt is accepted, prompt_toolkit ends the line and then writes control sequences
    (erase below, show the cursor, end bracketed paste, reset colours). Those would stand at the
    start of the next line, in front of our announcement. This stream holds such a line end
    back and, once the prompt is over, writes the controls first and the line end after them,
    so every announcement line is plain text from its first character.

    The held "erase below" is dropped: held back, it would run with the cursor at the start of
    the accepted prompt's line and wipe the prompt and the typed entry off the screen, which a
    screen reader's review cursor and a Braille display must still find there. It is not
    needed either: prompt_toolkit's last drawing of the prompt already erased everything below
    the prompt's first row before it wrote the line.
    """

    _TAIL = re.compile(r"(\r*\n)(" + _CONTROLS + r")\Z")
    _ONLY_CONTROLS = re.compile(_CONTROLS + r"\Z")

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.line_end = ""
        self.held = ""

    def write(self, data: str) -> int:
        length = len(data)
        # The echo of bytes that are not text: shown as a replacement character, never a crash.
        data = _NOT_TEXT.sub("\ufffd", data)
        if self.line_end:
            if self._ONLY_CONTROLS.match(data):
                self.held += data
                return length
            self._write_held()
        tail = self._TAIL.search(data)
        if tail:
            self.stream.write(data[: tail.start()])
            self.line_end, self.held = tail.group(1), tail.group(2)
        else:
            self.stream.write(data)
        return length

    def _write_held(self) -> None:
        self.stream.write(_ERASE_BELOW.sub("", self.held) + self.line_end)
        self.line_end = self.held = ""

    def release(self) -> None:
        """The prompt is over: controls, then the held line end."""
        if self.line_end:
            self._write_held()
        self.stream.flush()

    def flush(self) -> None:
        self.stream.flush()

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()

    @property
    def encoding(self) -> str:
        return getattr(self.stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:
        return "replace"


def _terminal_output(stream: _PromptLineEnd, sighted: bool,
                     width: int | None) -> TerminalOutput:
    """prompt_toolkit's terminal output, no wider than ``--width``; sighted, it draws below.

    With ``--width`` (a 40-cell Braille display, say) prompt_toolkit is told the terminal is
    that wide, so the typed entry wraps there like every other line.

    prompt_toolkit draws a bottom toolbar only once it knows how many rows it may use below the
    prompt, which it learns from a cursor-position request. Those requests are never sent (they
    disturb screen readers and some terminals never answer), so the sighted mode answers the
    question itself: the prompt's own row is known to be free. prompt_toolkit then adds the
    rows the status line needs under it, scrolling the terminal up when the prompt is at the
    bottom. The screen-reader modes keep the question unanswered, so nothing is drawn there.
    """
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    class _Output(Vt100_Output):
        def get_size(self) -> Size:
            size = super().get_size()
            return Size(size.rows, min(size.columns, width)) if width else size

        def get_rows_below_cursor_position(self) -> int:
            if sighted:
                return 1
            raise NotImplementedError

    return _Output.from_pty(stream, term=os.environ.get("TERM"))  # type: ignore[arg-type]


def _word_wrap(prefix: Callable[[], int]) -> Processor:
    """A prompt_toolkit processor that wraps what is typed at spaces, never inside a word.

    prompt_toolkit wraps a long entry wherever the row ends ("points 30 40 50 la" / "st
    Cleo"), and the rows stay on screen like that for the review cursor. Here a word that
    would not fit on its row is moved to the next one with blanks, for display only: the text
    typed is unchanged. ``prefix`` is the width of the prompt in front of the entry.
    """
    from prompt_toolkit.formatted_text.utils import fragment_list_to_text
    from prompt_toolkit.layout.processors import Processor, Transformation
    from prompt_toolkit.layout.utils import explode_text_fragments

    class WordWrap(Processor):
        def apply_transformation(self, ti: TransformationInput) -> Transformation:
            width = ti.width
            if ti.lineno != 0 or width < 2:
                return Transformation(ti.fragments)
            fragments = explode_text_fragments(ti.fragments)
            text = fragment_list_to_text(fragments)
            out: StyleAndTextTuples = []
            to_display: list[int] = []
            column = prefix() % width
            for i, fragment in enumerate(fragments):
                if text[i] != " " and (i == 0 or text[i - 1] == " "):
                    end = text.find(" ", i)
                    length = (end if end >= 0 else len(text)) - i
                    # With the space after it, so that no row starts with a blank.
                    length += 1 if end >= 0 else 0
                    if column and column + length > width and length <= width:
                        out.extend([("", " ")] * (width - column))
                        column = 0
                to_display.append(len(out))
                out.append(fragment)
                column = (column + 1) % width
            to_display.append(len(out))

            def display_to_source(position: int) -> int:
                return max((i for i, d in enumerate(to_display) if d <= position), default=0)

            return Transformation(out, lambda i: to_display[min(i, len(to_display) - 1)],
                                  display_to_source)

    return WordWrap()


def _typed_key(event: KeyPressEvent) -> None:
    """The last key of a sequence typed as itself."""
    event.current_buffer.insert_text(event.key_sequence[-1].data)


def _key_bindings(reader: TerminalReader) -> KeyBindings:
    """Ctrl-C and Ctrl-D as a shell has them, without greying the prompt; Tab when sighted.

    prompt_toolkit's own Ctrl-C and Ctrl-D redraw the abandoned prompt in grey, and the
    interface promises no colour.
    """
    from prompt_toolkit.application.current import get_app
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyBindings

    bindings = KeyBindings()

    @bindings.add("c-c")
    @bindings.add("<sigint>")
    def _discard(event: KeyPressEvent) -> None:
        event.app.exit(exception=KeyboardInterrupt())

    @bindings.add("c-d", filter=Condition(lambda: not get_app().current_buffer.text))
    def _end_of_input(event: KeyPressEvent) -> None:
        event.app.exit(exception=EOFError())

    # Escape then a digit (or minus) would start an editor's repeat count, drawn as
    # "(arg: 3)" in the prompt and silently applied to the next key: an Escape slipped in
    # before a number only types the number.
    for key in "0123456789-":
        bindings.add("escape", key)(_typed_key)

    @bindings.add("tab", filter=Condition(lambda: reader.sighted))
    def _complete(event: KeyPressEvent) -> None:
        reader.complete(event.current_buffer)

    return bindings


class TerminalReader:
    """A prompt_toolkit session with history and none of the things that disturb screen readers.

    No completion pop-ups, no toolbars, no mouse, no cursor-position requests, no colour. With
    ``sighted=True`` a status line under the prompt and word completion are added for a
    sighted scorekeeper; that is never the default. Tab completes a word as far as it is
    unique, as a shell does; the words that still fit are shown in the status line, never in a
    pop-up (a pop-up leaves traces on a screen that prompt_toolkit may not measure).

    Ctrl-C discards the line being typed, as in a shell: what was typed stays on screen as it
    was, a line under it says that it was not entered, and the same question is asked again.
    Ctrl-D on an empty line is the end of input.
    """

    def __init__(self, output: Output, sighted: bool = False,
                 words: Sequence[str] = ()) -> None:
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.output.color_depth import ColorDepth
        from prompt_toolkit.styles import Style

        self.output = output
        self.stream = _PromptLineEnd(sys.stdout)
        self.sighted = sighted
        self.words = sorted(set(words))
        self.fitting: tuple[str, tuple[str, ...]] = ("", ())  # typed text, words that fit it
        self.prefix = 0  # the width of the prompt's last row, in front of the entry
        self.discarded = ""  # the sentence after a line discarded by Ctrl-C (play sets it)
        self.session: PromptSession[str] = PromptSession(
            output=_terminal_output(self.stream, sighted, output.width),
            history=InMemoryHistory(), mouse_support=False, complete_while_typing=False,
            key_bindings=_key_bindings(self),
            input_processors=[_word_wrap(lambda: self.prefix)],
            enable_system_prompt=False, enable_suspend=False, enable_open_in_editor=False,
            search_ignore_case=True, color_depth=ColorDepth.MONOCHROME,
            style=Style([("bottom-toolbar", "noreverse"), ("bottom-toolbar.text", "noreverse")]),
        )
        # The table's inbox (``--seats``): its wake, how the table settles what came, and
        # what was typed when a seat's entry ended the prompt (the next prompt's text).
        self._wake: Wake | None = None
        self._settle: Callable[[], bool] = bool
        self.typed_before = ""

    def wake_with(self, wake: Wake, settle: Callable[[], bool]) -> None:
        """Woken from prompt_toolkit's own event loop, in the keyboard's thread between two
        keys, so never half a key: everywhere, Windows too."""
        self._wake, self._settle = wake, settle

    def _listen(self) -> None:
        """The ``pre_run`` of a prompt: the wake schedules a look at the inbox in the prompt's
        event loop (:meth:`_look`)."""
        app = self.session.app
        loop = app.loop
        wake = self._wake
        assert wake is not None and loop is not None

        def woken() -> None:  # any thread
            try:
                loop.call_soon_threadsafe(self._look, app)
            except RuntimeError:  # the prompt is over and its loop closed meanwhile
                pass

        if wake.listen(woken):  # set since the table settled, before the prompt
            loop.call_soon(self._look, app)

    def _look(self, app: Application[str]) -> None:
        """Woken, in the prompt's event loop: keys already waiting on the input are read first
        (the look comes again after them), so a line whose Enter came with a seat's entry is
        entered and the inbox is seen by the next read; else the table settles what came, and
        an entry to enter ends the prompt, what was typed kept for the next one."""
        import select

        future = app.future
        if future is None or future.done():  # Enter came first: the line is returned
            return
        try:
            waiting = bool(select.select([app.input.fileno()], [], [], 0)[0])
        except (OSError, ValueError, NotImplementedError):  # an input without a descriptor
            waiting = False
        if not waiting and self._settle():
            waiting = bool(select.select([app.input.fileno()], [], [], 0)[0])  # came meanwhile
            if not waiting:
                app.exit(exception=_Woken(app.current_buffer.text))
        if waiting and app.loop is not None:  # a timer runs after the keys the loop is about
            app.loop.call_later(0, self._look, app)  # to read; the table keeps what it settled

    def complete(self, buffer: Buffer) -> None:
        """Tab: the typed word completed as far as it is unique; the words that fit are kept."""
        text = buffer.document.text_before_cursor
        start = len(text) - len(text.split(" ")[-1])
        typed = text[start:].casefold()
        if not typed:
            return
        fitting = [w for w in self.words if w.casefold().startswith(typed)]
        if not fitting:
            return
        common = os.path.commonprefix([w.casefold() for w in fitting])
        if len(fitting) == 1:
            common = fitting[0] + " "
        elif len(common) > len(typed):
            common = fitting[0][: len(common)]
        else:
            common = text[start:]
        buffer.delete_before_cursor(len(text) - start)
        buffer.insert_text(common)
        self.fitting = (buffer.text, tuple(fitting) if len(fitting) > 1 else ())

    def show_status(self, status: Callable[[], str],
                    fitting: Callable[[Sequence[str]], str]) -> None:
        """The status line of the sighted mode; the game is known only after set-up.

        ``fitting`` says which words fit when Tab found several.
        """
        if self.sighted:
            self.session.bottom_toolbar = lambda: self._wrapped_status(
                self._status(status, fitting))

    def _status(self, status: Callable[[], str],
                fitting: Callable[[Sequence[str]], str]) -> str:
        """The game's status, after the words that fit what is typed when Tab found several."""
        from prompt_toolkit.application.current import get_app

        typed, words = self.fitting
        if words and get_app().current_buffer.text == typed:
            return fitting(words) + " " + status()
        return status()

    def _wrapped_status(self, text: str) -> str:
        """The status line in lines that fit the terminal and ``--width``, never cut off."""
        from prompt_toolkit.application.current import get_app

        columns = get_app().output.get_size().columns  # already no wider than --width
        return "\n".join(wrap(text, max(columns - 1, 10)))

    def read(self, prompt: str) -> Read:
        while True:
            if self._wake is not None and self._settle():  # came before the question
                return INBOX
            lines = self.output.prompt_lines(prompt)
            # The rows before the question's own are printed now, as they are: through
            # ``output.line`` the braille line would hold the last of them back until after
            # the answer, and the rows would stand out of order.
            self.output.stream.write("".join(line + "\n" for line in lines[:-1]))
            self.output.stream.flush()
            wake = self._wake
            try:
                self.prefix = len(lines[-1]) + 1
                text: str = self.session.prompt(
                    lines[-1] + " ", default=self.typed_before,
                    pre_run=self._listen if wake is not None else None)
            except KeyboardInterrupt:  # the typed line is discarded: marked, then asked again
                self.stream.release()
                self.typed_before = ""
                if self.discarded:
                    self.output.line(self.discarded)
                continue
            except EOFError:
                return None
            except _Woken as woken:  # a seat's entry: what was typed waits for the next prompt
                self.typed_before = woken.typed_before
                return INBOX
            finally:
                if wake is not None:
                    wake.listen(None)
                self.stream.release()
            self.typed_before = ""
            if _NOT_TEXT.search(text):
                raise MalformedEntry("bad-bytes")
            return text
