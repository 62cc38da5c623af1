"""Translations: one gettext catalog per language, for our sentences and for click's own texts.

Every sentence a user reads or hears is an English msgid in the code, looked up in
``locales/<lang>/LC_MESSAGES/tutto_a11y.mo`` with named ``{placeholders}``. Missing strings
fall back to English, so a gap in a catalog never breaks the game.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "tutto_a11y"
LANGS = ("en", "de", "fr")
DEFAULT_LANG = "en"


def locale_dir() -> Path:
    """The catalogs: inside the installed package, or the top-level ``locales/`` of a checkout."""
    package = Path(__file__).resolve().parent.parent
    shipped = package / "locales"
    return shipped if shipped.is_dir() else package.parent / "locales"


def lang_from_environment(env: Mapping[str, str] | None = None) -> str:
    """The game language from ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (``de_DE.UTF-8`` -> de)."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return normalise_lang(value) or DEFAULT_LANG
    return DEFAULT_LANG


def normalise_lang(value: str) -> str | None:
    """``de``, ``de_CH.UTF-8`` or ``FR`` to a supported language code, else None."""
    code = value.strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    return code if code in LANGS else None


class Catalog:
    """The sentences of one language. Methods are named like gettext's so Babel extracts them."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else DEFAULT_LANG
        # The compiled catalog already carries its language's typography (text/typography.py,
        # applied by scripts/catalogs.py), so nothing is done to it here.
        self._t = gettext.translation(DOMAIN, str(locale_dir()), languages=[self.lang],
                                      fallback=True)

    def gettext(self, message: str, **values: object) -> str:
        text = self._t.gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        return self._t.ngettext(singular, plural, n).format(n=n, **values)

    def pgettext(self, context: str, message: str, **values: object) -> str:
        text = self._t.pgettext(context, message)
        return text.format(**values) if values else text


def use_for_click(lang: str) -> None:
    """Make click's own texts ("Usage:", its error messages) speak the game's language.

    click looks its texts up with the module-level ``gettext.gettext``, which reads the global
    text domain and the ``LANGUAGE`` variable, so both are set here once, before click runs.
    """
    global _chosen
    _chosen = lang if lang in LANGS else DEFAULT_LANG
    gettext.bindtextdomain(DOMAIN, str(locale_dir()))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang if lang in LANGS else DEFAULT_LANG


_chosen = DEFAULT_LANG


def chosen_lang() -> str:
    """The language chosen for this run before click parsed anything (``use_for_click``)."""
    return _chosen
