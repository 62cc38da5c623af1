"""GNU readline's callback interface, through ctypes: a line read key by key, beside other waits.

``input()`` sleeps inside readline until Enter, and only a signal can end that sleep early; a
signal can land after readline has returned the line and before ``input()`` has handed it back,
and the line is lost. readline's callback interface turns the wait around: the program waits
itself (``select`` on the keyboard and anything else), gives readline each key
(``rl_callback_read_char``), and readline calls back with the line once Enter is read. So a
completed line is always in hand before anything else is looked at, and the wait can end for
another reason with readline's state cleaned up as Python's own readline module does after a
signal, what was typed taken from the line buffer.

The Python ``readline`` module keeps its part: the same library and its settings, the history,
the completer and the hooks, which readline calls from the callback interface too. Python
does not export this interface, so it is reached through ctypes in the module's own shared
library, whose symbols include the readline library it is linked to. Loaded only with seats
(``play --share --seats``): a game without them keeps ``input()`` and never loads ctypes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ctypes

#: The functions and variables used; a readline without one of them (libedit's emulation,
#: an old GNU readline) is not used this way (:func:`load` returns None).
_NEEDED = ("rl_callback_handler_install", "rl_callback_read_char",
           "rl_callback_handler_remove", "rl_free_line_state", "rl_cleanup_after_signal",
           "rl_callback_sigcleanup", "rl_resize_terminal", "rl_catch_signals")


class CallbackLine:
    """One line read through readline's callback interface, key by key.

    :meth:`begin` shows the prompt; :meth:`read_key` gives readline the next key waiting on
    its input; :attr:`done` says a line came back, :attr:`line` is it (None: the end of input,
    Ctrl-D on an empty line). :meth:`abandon` ends the line being typed without entering it,
    leaving it on the screen; :attr:`reading` says whether a line is still being typed.
    """

    def __init__(self, library: ctypes.CDLL) -> None:
        import ctypes  # loaded already, by load()

        self._string_at = ctypes.string_at
        self._lib = library
        self._free = ctypes.CDLL(None).free
        self._free.argtypes, self._free.restype = [ctypes.c_void_p], None
        handler_type = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
        library.rl_callback_handler_install.argtypes = [ctypes.c_char_p, handler_type]
        for name in _NEEDED[:-1]:
            getattr(library, name).restype = None
        # Kept for as long as readline may call it: ctypes frees a callback it no longer holds.
        self._handler = handler_type(self._line_read)
        self._catch_signals = ctypes.c_int.in_dll(library, "rl_catch_signals")
        self.done = False
        self.line: bytes | None = None
        self.reading = False  # the handler is installed: a line is being typed

    def _line_read(self, text: int | None) -> None:
        """readline's line handler (inside ``rl_callback_read_char``): keep the line, free
        readline's copy, and remove the handler, as Python's readline module does, so that no
        key after the line end is read into it."""
        if text is not None:
            self.line = self._string_at(text)
            self._free(text)
        self.done, self.reading = True, False
        self._lib.rl_callback_handler_remove()

    def begin(self, prompt: bytes) -> None:
        """Show the prompt and wait for keys (the terminal in readline's own mode)."""
        self.done, self.line, self.reading = False, None, True
        # Signals stay Python's: readline installs no handlers of its own while it reads.
        self._catch_signals.value = 0
        self._lib.rl_callback_handler_install(prompt, self._handler)

    def read_key(self) -> None:
        """Give readline the next key of its input (the input is readable); it may complete
        the line. What readline has already taken in of the keys after it, it reads on by
        itself before it returns."""
        self._lib.rl_callback_read_char()

    def resize(self) -> None:
        """The terminal changed its size: readline measures it again."""
        self._lib.rl_resize_terminal()

    def abandon(self) -> None:
        """End the line being typed without a line back, as Python's readline module does
        after a signal: the typed text stays on the screen (the caller ends its row) and the
        terminal gets its own mode back."""
        self.reading = False
        lib = self._lib
        lib.rl_free_line_state()
        lib.rl_callback_sigcleanup()
        lib.rl_cleanup_after_signal()
        lib.rl_callback_handler_remove()


def load(readline: object) -> CallbackLine | None:
    """The callback interface of the GNU readline that Python's ``readline`` module uses, or
    None when it cannot be had (no ctypes, libedit's emulation, a readline without it)."""
    if "libedit" in (readline.__doc__ or "") or \
            getattr(readline, "backend", "readline") != "readline":
        return None
    path = getattr(readline, "__file__", None)  # a module built into Python has none
    if not isinstance(path, str):
        return None
    try:
        import ctypes

        # PyDLL: the interpreter's lock is kept while readline takes a key, which never
        # waits there (the input is readable) and calls back into Python for the line; the
        # wait itself is Python's ``select``, which lets the lock go to the live view's
        # threads.
        library = ctypes.PyDLL(path)
        if not all(hasattr(library, name) for name in _NEEDED):
            return None
        return CallbackLine(library)
    except (ImportError, OSError, AttributeError, TypeError):
        return None
