"""Reading a typed line at a terminal with the standard library's readline.

Why readline and not a full-screen line editor: a screen reader takes every change on the
screen that is not the echo of a key for program output. readline writes what a terminal's own
echo writes (the typed character, or a space for the space bar), so Orca says each key once;
prompt_toolkit moves the cursor over blank cells instead of writing a space and Orca then says
the next character twice. readline also costs nothing to import, where prompt_toolkit was most
of the time to the first prompt. It keeps the editing keys (arrows, Home, End, Backspace), the
history of this game's lines (Up), and Tab to complete the game's words.

In ``--plain`` mode (at a terminal) it writes nothing but the prompt and what is typed, and
never an escape sequence: no bracketed paste, no bell, and readline drives the terminal as a
dumb one, which it can only move the cursor on by backspaces and by writing the row again (so
Backspace, Ctrl-U, Ctrl-W and the arrow keys write no ``ESC [K`` or ``ESC [C``; a line longer
than the row scrolls sideways on its row). In both modes the meta-key sequence some terminals
are sent at the start is left out, and Escape before a digit types the digit (it would start a
repeat count).

With seats (``--share --seats``) the line is read through readline's callback interface
(``table/readline_callback.py``): the reader waits itself for the keyboard and the table's
inbox, gives readline each key, and a completed line is always handed back before the inbox is
looked at. A readline without that interface (libedit) gives way to the terminal's own line
editing, read as plain lines beside the inbox (``PlainReader``).
"""

from __future__ import annotations

import io
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, Protocol

from tutto_a11y.core.contract import MalformedEntry
from tutto_a11y.table.reader import INBOX, PlainReader, Read, Woken
from tutto_a11y.text.output import Output

if TYPE_CHECKING:
    import signal
    from types import FrameType
    from typing import TypeAlias

    from tutto_a11y.table.inbox import Wake
    from tutto_a11y.table.readline_callback import CallbackLine

    #: A signal's handler as ``signal.signal`` gives back the one it replaced.
    _Handler: TypeAlias = Callable[[int, FrameType | None], object] | int | signal.Handlers | None

# Bytes that are not UTF-8, as Python decodes them when stdin's errors are surrogateescape.
_NOT_TEXT = re.compile("[\udc80-\udcff]")


class Readline(Protocol):
    """What the reader uses of the standard library's ``readline`` module (which is one)."""

    def parse_and_bind(self, string: str, /) -> None: ...
    def set_completer_delims(self, string: str, /) -> None: ...
    def set_completer(self, function: Callable[[str, int], str | None] | None = None,
                      /) -> None: ...
    def set_pre_input_hook(self, function: Callable[[], object] | None = None, /) -> None: ...
    def insert_text(self, string: str, /) -> None: ...
    def redisplay(self) -> None: ...
    def get_line_buffer(self) -> str: ...
    def get_current_history_length(self) -> int: ...
    def get_history_item(self, index: int, /) -> str: ...
    def add_history(self, string: str, /) -> None: ...


def _folded(word: str) -> str:
    """A word as it is matched: case and accents do not matter ("strasse" is "Straße")."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class ReadlineReader:
    """Lines typed at a terminal, edited and recalled with readline.

    Ctrl-C discards the line being typed, as in a shell: what was typed stays on screen, a line
    under it says that it was not entered, and the same question is asked again. Ctrl-D on an
    empty line is the end of input.
    """

    def __init__(self, output: Output, words: Sequence[str] = (), plain: bool = False) -> None:
        self.output = output
        self.plain = plain
        self.words = sorted(set(words))
        self.discarded = ""  # the sentence after a line discarded by Ctrl-C (play sets it)
        # With seats: the table's inbox's wake and how the table settles what came; what was
        # typed when a seat's entry ended the wait (the next prompt starts with it); and the
        # way the keys are read beside the wake (None: the terminal's own line editing).
        self._wake: Wake | None = None
        self._settle: Callable[[], bool] = bool
        self.typed_before = ""
        self._keys: CallbackLine | None = None
        self._lines: PlainReader | None = None
        self._signals: _Signals | None = None
        self._matches: list[str] = []
        self.readline = _imported_readline(dumb_terminal=plain)
        readline = self.readline
        _whole_writes_for_readline()
        settings = ["set enable-meta-key off", "set horizontal-scroll-mode off",
                    'set completion-ignore-case on', "tab: complete"]
        # Escape then a digit (or minus) would start a repeat count, drawn as "(arg: 3)".
        settings += [f'"\\e{key}": "{key}"' for key in "0123456789-"]
        if plain:
            settings += ["set enable-bracketed-paste off", "set bell-style none"]
        for setting in settings:
            readline.parse_and_bind(setting)
        readline.set_completer_delims(" ")
        readline.set_completer(self._complete)

    def _complete(self, text: str, state: int) -> str | None:
        """readline's completer: the game's words that begin with what is typed."""
        if state == 0:
            typed = _folded(text)
            self._matches = [w for w in self.words if _folded(w).startswith(typed)] \
                if typed else []
        return self._matches[state] if state < len(self._matches) else None

    def wake_with(self, wake: Wake, settle: Callable[[], bool]) -> None:
        """From now on the keys are read one by one through readline's callback interface,
        beside the wake; without it, lines come from the terminal's own line editing."""
        from tutto_a11y.table.readline_callback import load

        self._wake, self._settle = wake, settle
        self._keys = load(self.readline)
        if self._keys is None:
            self._lines = PlainReader(open(sys.stdin.fileno(), "rb", buffering=0,
                                           closefd=False), self.output)
            self._lines.wake_with(wake, settle)
        else:
            self._signals = _Signals()

    def read(self, prompt: str) -> Read:
        """The next line; None at the end of input; INBOX when a seat's entry is to be
        entered (with seats)."""
        if self._lines is not None:
            self._lines.discarded = self.discarded
            return self._lines.read(prompt)
        stream = self.output.stream
        while True:
            if self._wake is not None and self._settle():  # came before the question
                return INBOX
            lines = self.output.prompt_lines(prompt, last_row=self._row_room())
            stream.write("".join(line + "\n" for line in lines[:-1]))
            stream.flush()
            try:
                text = self._input(lines[-1] + " ")
            except KeyboardInterrupt:  # the typed line is discarded: marked, then asked again
                stream.write("\n")
                if self.discarded:
                    self.output.line(self.discarded)
                continue
            except EOFError:
                stream.write("\n")
                stream.flush()
                return None
            except UnicodeDecodeError:
                raise MalformedEntry("bad-bytes") from None
            if text is INBOX:  # a seat's entry: announced on a line of its own, then the
                stream.write("\n")  # question again with what was typed
                stream.flush()
                return INBOX
            if _NOT_TEXT.search(text):
                raise MalformedEntry("bad-bytes")
            return text

    def _row_room(self) -> int | None:
        """In plain mode at a terminal, the widest question row readline shows whole with
        room to type after it: readline, seeing a dumb terminal, scrolls a longer row sideways,
        redrawing it and hiding its start ("<" and the row's end). None: no such limit."""
        if not self.plain:
            return None
        try:
            columns = os.get_terminal_size(self.output.stream.fileno()).columns
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            return None
        return max(columns - 2 - _TYPING_ROOM, _TYPING_ROOM) if columns else None

    def _input(self, prompt: str) -> str | Literal[Woken.INBOX]:
        """``input()``, or with seats the same read key by key beside the table's inbox;
        the text kept from a wait a seat's entry ended is typed first."""
        readline, typed_before = self.readline, self.typed_before
        self.typed_before = ""
        if self._keys is not None and self._signals is not None and self._wake is not None:
            return self._read_keys(prompt, typed_before, self._keys, self._signals, self._wake)
        if typed_before:
            def type_it_again() -> None:
                readline.insert_text(typed_before)
                readline.redisplay()
                readline.set_pre_input_hook(None)

            readline.set_pre_input_hook(type_it_again)
        return input(prompt)

    def _read_keys(self, prompt: str, typed_before: str, keys: CallbackLine, signals: _Signals,
                   wake: Wake) -> str | Literal[Woken.INBOX]:
        """What ``input()`` does, key by key, waiting for the keyboard and the wake at once.

        A completed line is handed back as soon as readline has it, before anything else is
        looked at: keys already waiting are all read before the wake counts, so a line whose
        Enter came with a seat's entry is entered, and the inbox is seen by the next read.
        Woken, the table settles what came with the question untouched on the screen; only
        when an entry is to be entered does readline let go of the line being typed (kept for
        the next question). Ctrl-C and a resized terminal come as signals that only note
        themselves (never an exception inside readline) and are acted on here.
        """
        readline = self.readline
        typed = sys.stdin.fileno()
        sys.stdout.flush()
        sys.stderr.flush()
        with signals, _locale_from_environment():
            keys.begin(prompt.encode(sys.stdout.encoding or "utf-8", "replace"))
            if typed_before:
                readline.insert_text(typed_before)
                readline.redisplay()
            try:
                return self._until_line_or_entry(typed, keys, signals, wake)
            except BaseException:  # Ctrl-C, or a failure: the terminal gets its mode back
                if keys.reading:
                    keys.abandon()
                raise

    def _until_line_or_entry(self, typed: int, keys: CallbackLine, signals: _Signals,
                             wake: Wake) -> str | Literal[Woken.INBOX]:
        """The wait of :meth:`_read_keys`, readline's handler installed."""
        import select

        settled = False  # the table has an entry to enter: only keys typed already wait
        while True:
            ready, _, _ = select.select([typed, wake.fileno(), signals.fileno()], [], [],
                                        0 if settled else None)
            while typed in ready:
                keys.read_key()
                if keys.done:
                    return self._line(keys.line)
                ready, _, _ = select.select([typed], [], [], 0)
            resized, interrupted = signals.noted()
            if resized:
                keys.resize()
            if interrupted:
                raise KeyboardInterrupt
            if settled or wake.is_set():
                settled = self._settle()
                if settled and not select.select([typed], [], [], 0)[0]:
                    self.typed_before = self.readline.get_line_buffer()
                    keys.abandon()
                    return INBOX

    def _line(self, line: bytes | None) -> str:
        """The line readline read, as ``input()`` gives it: decoded as the standard input is
        (bytes that are not text kept as surrogates, refused by the caller), and put in the
        history unless it repeats the latest line; EOFError at the end of input."""
        if line is None:
            raise EOFError
        text = line.decode(sys.stdin.encoding or "utf-8", "surrogateescape")
        readline = self.readline
        length = readline.get_current_history_length()
        if text and (length == 0 or readline.get_history_item(length) != text):
            readline.add_history(text)
        return text


def _imported_readline(dumb_terminal: bool) -> Readline:
    """The readline module; with ``dumb_terminal`` (plain mode) readline reads its terminal's
    abilities as a dumb terminal's: it has none written with an escape sequence. ImportError
    where there is none (Windows, a Python built without it): the caller reads plain lines."""
    if sys.platform == "win32":
        raise ImportError("readline is not part of Python on Windows", name="readline")
    if not dumb_terminal or "readline" in sys.modules:
        import readline

        return readline
    term = os.environ.get("TERM")
    os.environ["TERM"] = "dumb"  # readline reads it once, when the module starts it
    try:
        import readline
    finally:
        if term is None:
            del os.environ["TERM"]
        else:
            os.environ["TERM"] = term
    return readline


#: How many characters can be typed after a question in plain mode before readline scrolls the
#: row sideways: a whole roll of six dice typed with spaces, and every word of the games.
_TYPING_ROOM = 12

#: The size of the buffer readline's output stream is given, and the buffer itself, which the C
#: library writes into for as long as the program runs.
_BUFFER_SIZE = 8192
_READLINE_STDOUT_BUFFER: list[object] = []


def _whole_writes_for_readline() -> None:
    """Give readline's output stream (C's ``stdout``) line buffering when Python runs
    unbuffered (``-u``, ``PYTHONUNBUFFERED``, common in containers).

    Unbuffered, readline writes the prompt and every echoed key one byte at a time, and a
    screen reader reading the terminal as the bytes arrive says a question in pieces
    ("Anna, q", then "uels dés..."). Buffered, readline's own flush at the end of each redisplay
    sends the whole row at once. ctypes is loaded only in that case; where C's ``stdout``
    cannot be reached, readline writes as before.
    """
    if not getattr(sys.stdout, "write_through", False) or _READLINE_STDOUT_BUFFER:
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        for name in ("stdout", "__stdoutp"):  # glibc and musl; macOS
            try:
                stream = ctypes.c_void_p.in_dll(libc, name)
                break
            except ValueError:
                continue
        else:
            return
        libc.setvbuf.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_size_t]
        # A buffer of our own, kept for the life of the program: given none, the C library
        # keeps the unbuffered stream's one-byte buffer, and every byte is still a write.
        buffer = ctypes.create_string_buffer(_BUFFER_SIZE)
        libc.fflush(stream)
        if libc.setvbuf(stream, buffer, 1, _BUFFER_SIZE) == 0:  # 1: _IOLBF, line buffered
            _READLINE_STDOUT_BUFFER.append(buffer)
    except (ImportError, OSError, AttributeError, TypeError):
        return


class _locale_from_environment:
    """``LC_CTYPE`` from the environment while readline reads, and back after: what Python's
    readline module does around every line (readline may set it itself)."""

    def __enter__(self) -> None:
        import locale

        self._saved: str | None = None
        try:
            self._saved = locale.setlocale(locale.LC_CTYPE)
            locale.setlocale(locale.LC_CTYPE, "")
        except locale.Error:
            pass

    def __exit__(self, *exc_info: object) -> None:
        import locale

        if self._saved is not None:
            try:
                locale.setlocale(locale.LC_CTYPE, self._saved)
            except locale.Error:
                pass


class _Signals:
    """Ctrl-C and a resized terminal while keys are read one by one: each signal only notes
    itself and writes a byte that the wait sees, so none ever raises inside readline (where
    an exception would be lost with the key being read). Between two reads Ctrl-C does what
    it did before (the handler there before is called: Python's raises KeyboardInterrupt);
    the resize stays noted, as readline's own module noted it for ``input()``. The handlers
    are installed once, not at every read: installing one costs more than the rest of a
    read's own work."""

    def __init__(self) -> None:
        import signal
        import threading

        from tutto_a11y.table.inbox import WakePipe

        self._pipe = WakePipe()
        self._interrupted = self._resized = self._reading = False
        self._main = threading.current_thread() is threading.main_thread()
        self._before: _Handler = signal.getsignal(signal.SIGINT)
        resize = getattr(signal, "SIGWINCH", None)
        if self._main and resize is not None:
            signal.signal(resize, self._on_resize)

    def fileno(self) -> int:
        return self._pipe.fileno()

    def _note(self) -> None:
        self._pipe.write()  # a full pipe wakes the wait anyway

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        import signal

        if self._reading:
            self._interrupted = True
            self._note()
        elif callable(self._before):
            self._before(signum, frame)
        elif self._before == signal.SIG_DFL:  # as if no handler had been here
            signal.signal(signum, signal.SIG_DFL)
            signal.raise_signal(signum)

    def _on_resize(self, _signum: int, _frame: FrameType | None) -> None:
        self._resized = True
        self._note()

    def __enter__(self) -> None:
        """A read begins: Ctrl-C is noted from now on (one from before counts no more)."""
        import signal

        self.noted()
        if self._main and signal.getsignal(signal.SIGINT) != self._on_interrupt:
            self._before = signal.signal(signal.SIGINT, self._on_interrupt)
        self._reading = True

    def __exit__(self, *exc_info: object) -> None:
        self._reading = False

    def noted(self) -> tuple[bool, bool]:
        """Whether the terminal was resized, and whether Ctrl-C was pressed, since the last
        time asked; the wait's byte is taken back."""
        self._pipe.empty()
        resized, interrupted = self._resized, self._interrupted
        self._resized = self._interrupted = False
        return resized, interrupted
