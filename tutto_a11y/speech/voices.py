"""The speech voices named in the user's language, for ``tutto-tally voices``.

eSpeak NG names its voices in English ("French (Belgium)"); a French user hears the list in
French, so the names of the voices of our three languages are translated here, and any other
voice is named by its language and its eSpeak NG language tag. ``speech/client.py`` lists the
voices; ``commands/voices.py`` prints them.
"""

from __future__ import annotations

from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.names import terminal_safe


def voice_name(name: str, languages: tuple[str, ...], c: Catalog) -> str:
    """The name of an eSpeak NG voice in the catalog's language."""
    known = {
        "German": c.pgettext("voice", "German"),
        "French (France)": c.pgettext("voice", "French (France)"),
        "French (Belgium)": c.pgettext("voice", "French (Belgium)"),
        "French (Switzerland)": c.pgettext("voice", "French (Switzerland)"),
        "English (Great Britain)": c.pgettext("voice", "English (Great Britain)"),
        "English (America)": c.pgettext("voice", "English (America)"),
    }
    if name in known:
        return known[name]
    tag = terminal_safe(languages[0] if languages else "", limit=24)
    family = {"de": c.pgettext("voice", "German"), "fr": c.pgettext("voice", "French"),
              "en": c.pgettext("voice", "English")}.get(tag.split("-")[0].lower())
    if family is not None and c.lang != "en":
        return c.gettext("{language}, variant {tag}", language=family, tag=tag)
    return terminal_safe(name, limit=40)
