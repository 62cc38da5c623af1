"""liblouis, the Braille translator of screen readers and BRLTTY, reached through ctypes.

Why ctypes and not Debian's ``python3-louis``: that module is built for Debian's own Python and
cannot be imported from the project's virtual environment, while the shared library
``liblouis.so.20`` (Debian's ``liblouis20``, pulled in by ``liblouis-bin``) serves any Python.
The four functions used here (``lou_translateString``, ``lou_backTranslateString``,
``lou_dotsToChar``, ``lou_charSize``) have been stable across liblouis 3.x.

Text goes in as print, cells come out as dot patterns (bit 0 is dot 1 ... bit 5 dot 6), and only
then become BRF characters (liblouis's ``en-us-brf.dis``) or Unicode Braille: laying out lines
and pages is done on cells, so the two forms are always the same cells.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

#: The liblouis translation table of each language and grade (1 uncontracted, 2 contracted).
TABLES: dict[tuple[str, int], str] = {
    ("de", 1): "de-g1.ctb", ("de", 2): "de-g2.ctb",
    ("fr", 1): "fr-bfu-comp6.utb", ("fr", 2): "fr-bfu-g2.ctb",
    ("en", 1): "en-ueb-g1.ctb", ("en", 2): "en-ueb-g2.ctb",
}
#: The display table of Braille Ready Format: North American ASCII Braille.
BRF_DISPLAY = "en-us-brf.dis"
#: The display table whose characters are Unicode Braille patterns (U+2800 + the dots).
UNICODE_DISPLAY = "unicode.dis"

_DOTS_IO = 4  # liblouis's ``dotsIO`` mode: cells come out as 0x8000 | dots
_NO_UNDEFINED = 128  # ``noUndefined``: a character the table lacks gives no cells at all
_DOTS_FLAG = 0x8000
_LOG_OFF = 60000  # ``LOU_LOG_OFF``: liblouis writes nothing to stderr

#: Letters that no accent-stripping turns into Latin letters, spelled as readers expect them.
_SPELLED = {"Æ": "AE", "æ": "ae", "Ø": "O", "ø": "o", "Œ": "OE", "œ": "oe", "ß": "ss",
            "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d", "Þ": "Th", "þ": "th",
            "ı": "i", "–": "-", "—": "-", "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"',
            "„": '"', "«": '"', "»": '"', "…": "...", "×": "x"}
#: Spaces that print keeps unbroken ("Bonus 600"); Braille wraps at any blank cell.
_SPACES = {"\u00a0", "\u202f", "\u2007", "\u2009", "\t"}


class BrailleUnavailable(Exception):
    """liblouis or its tables are not installed; the caller says what to install."""


class Louis:
    """The loaded liblouis library: print text to cells in a language and grade, and back."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self._lib = library
        self._wide = ctypes.c_uint32 if library.lou_charSize() == 4 else ctypes.c_uint16
        library.lou_setLogLevel(_LOG_OFF)
        self._readable: dict[tuple[str, str], str] = {}

    @classmethod
    def load(cls) -> Louis:
        """liblouis from ``TUTTO_LIBLOUIS`` (a library file), else wherever the system has it;
        BrailleUnavailable if there is none or its tables are missing."""
        name = os.environ.get("TUTTO_LIBLOUIS") or ctypes.util.find_library("louis")
        if not name:
            raise BrailleUnavailable("liblouis not found")
        try:
            louis = cls(ctypes.CDLL(name))
        except (OSError, AttributeError) as error:
            raise BrailleUnavailable(str(error)) from None
        for table in TABLES.values():  # a missing liblouis-data shows here, not mid-sheet
            if not louis._translate(f"{UNICODE_DISPLAY},{table}", "a", _DOTS_IO)[0]:
                raise BrailleUnavailable(f"table {table} not found")
        return louis

    @property
    def version(self) -> str:
        self._lib.lou_version.restype = ctypes.c_char_p
        return str(self._lib.lou_version().decode("ascii"))

    # -- print to cells and back -------------------------------------------------------------
    def cells(self, text: str, lang: str, grade: int) -> tuple[int, ...]:
        """The cells of ``text`` (dots as bits, 0 a blank cell) in the language's table."""
        table = TABLES[(lang, grade)]
        ok, out = self._translate(f"{UNICODE_DISPLAY},{table}",
                                  self.readable(text, table), _DOTS_IO)
        if not ok:
            raise BrailleUnavailable(f"liblouis could not translate with {table}")
        return tuple(value & 0x3F for value in out)

    def back(self, cells: Sequence[int], lang: str, grade: int) -> str:
        """Cells read back into print with the language's table (lossy for some contractions)."""
        table = TABLES[(lang, grade)]
        ok, out = self._translate(f"{UNICODE_DISPLAY},{table}", to_unicode(cells), 0,
                                  back=True)
        return "".join(chr(c) for c in out) if ok else ""

    def brf(self, cells: Sequence[int]) -> str:
        """Cells as BRF characters, the mapping of liblouis's ``en-us-brf.dis``."""
        if not cells:
            return ""
        inbuf = (self._wide * len(cells))(*(_DOTS_FLAG | c for c in cells))
        outbuf = (self._wide * len(cells))()
        self._lib.lou_dotsToChar(BRF_DISPLAY.encode(), inbuf, outbuf, len(cells), 0)
        return "".join(chr(outbuf[i]) for i in range(len(cells)))

    # -- characters the table lacks ------------------------------------------------------------
    def readable(self, text: str, table: str) -> str:
        """``text`` with every character the table cannot write replaced by the Latin letters
        a reader expects (Ø as O, Æ as AE, é as e where a table has no é) or left out (an
        emoji): liblouis would otherwise write an escape like ``\\x1f600`` or a blank.

        French print puts a no-break space before ? ! ; : (the catalog's sentences have it);
        Braille writes those signs right after the word, so that space is left out here.
        """
        text = _PRINT_SPACE_BEFORE_SIGN.sub(r"\1", text)
        out = []
        for ch in text:
            if ch in _SPACES:
                out.append(" ")
            elif ch.isascii() and (ch.isalnum() or ch == " "):
                out.append(ch)
            else:
                key = (table, ch)
                if key not in self._readable:
                    self._readable[key] = self._fold(ch, table)
                out.append(self._readable[key])
        return re.sub(" {2,}", " ", "".join(out))

    def _fold(self, ch: str, table: str) -> str:
        if unicodedata.category(ch).startswith(("C", "Z")):
            return " " if unicodedata.category(ch).startswith("Z") else ""
        if self._defined(ch, table):
            return ch
        spelled = _SPELLED.get(ch)
        if spelled is None:
            base = "".join(b for b in unicodedata.normalize("NFKD", ch)
                           if not unicodedata.combining(b))
            spelled = base if base != ch else ""
        return "".join(self._fold(b, table) for b in spelled)

    def _defined(self, ch: str, table: str) -> bool:
        tables = f"{UNICODE_DISPLAY},{table}"
        ok, plain = self._translate(tables, ch, _DOTS_IO)
        ok_strict, strict = self._translate(tables, ch, _DOTS_IO | _NO_UNDEFINED)
        return (ok and ok_strict and plain == strict and any(v & 0xFF for v in plain)
                and all(v & 0x7FFF <= 0x3F for v in plain))

    def _translate(self, tables: str, text: str, mode: int,
                   back: bool = False) -> tuple[bool, list[int]]:
        source = _wide_units(text, ctypes.sizeof(self._wide))
        size = max(len(source), 1)
        capacity = 8 * size + 64
        while True:
            inbuf = (self._wide * size)(*source)
            inlen = ctypes.c_int(len(source))
            outbuf = (self._wide * capacity)()
            outlen = ctypes.c_int(capacity)
            function = (self._lib.lou_backTranslateString if back
                        else self._lib.lou_translateString)
            ok = function(tables.encode(), inbuf, ctypes.byref(inlen), outbuf,
                          ctypes.byref(outlen), None, None, mode)
            if not ok or inlen.value >= len(source) or capacity > 64 * size + 1024:
                return bool(ok), _from_units([outbuf[i] for i in range(outlen.value)],
                                             ctypes.sizeof(self._wide), back)
            capacity *= 4  # the output filled the buffer before the input was used up


_PRINT_SPACE_BEFORE_SIGN = re.compile("[\u00a0\u202f]([?!;:])")


def _wide_units(text: str, size: int) -> list[int]:
    if size == 4:
        return [ord(ch) for ch in text]
    data = text.encode("utf-16-le")
    return [int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data), 2)]


def _from_units(units: list[int], size: int, text: bool) -> list[int]:
    """UTF-16 output back to code points when liblouis was built with 2-byte characters."""
    if size == 4 or not text:
        return units
    data = b"".join(u.to_bytes(2, "little") for u in units)
    return [ord(ch) for ch in data.decode("utf-16-le", errors="replace")]


def to_unicode(cells: Sequence[int]) -> str:
    """Cells as Unicode Braille patterns; a blank cell is U+2800."""
    return "".join(chr(0x2800 + c) for c in cells)


@lru_cache(maxsize=1)
def louis() -> Louis:
    """The one liblouis of this process (loading it reads its tables once)."""
    return Louis.load()


__all__ = ["BRF_DISPLAY", "BrailleUnavailable", "Louis", "TABLES", "UNICODE_DISPLAY", "louis",
           "to_unicode"]
