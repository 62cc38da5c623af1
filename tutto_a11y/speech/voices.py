"""``tutto-tally voices``: the speech voices of a language, one per line, named in that language.

eSpeak NG names its voices in English ("French (Belgium)"); a French user hears the list in
French, so the names of the voices of our three languages are translated here, and any other
voice is named by its language and its eSpeak NG language tag.
"""

from __future__ import annotations

from tutto_a11y.settings import Settings
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.names import terminal_safe
from tutto_a11y.text.output import echo_wrapped
from tutto_a11y.text.problems import speech_problem_sentence


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


def list_voices_command(settings: Settings, engine: str) -> int:
    """List the voices of the engine the game would use: eSpeak NG's or speech-dispatcher's.

    With ``--speech-engine speechd`` the daemon is asked (``LIST SYNTHESIS_VOICES``), because
    those names are what ``--voice`` then takes; they differ from eSpeak NG's own ids.
    """
    from tutto_a11y.speech.client import list_voices
    from tutto_a11y.speech.probe import SpeechUnavailable

    c, width = settings.catalog(), settings.columns()
    try:
        voices = list_voices(c.lang, engine=engine)
    except SpeechUnavailable as problem:
        echo_wrapped(speech_problem_sentence(problem.reason, c), width)
        return 0
    if not voices:
        echo_wrapped(c.gettext("There is no voice for this language."), width)
    for voice in voices:
        if engine == "speechd":
            echo_wrapped(c.gettext("Voice {id} of speech-dispatcher.", id=terminal_safe(voice.id)),
                  width)
        else:
            echo_wrapped(c.gettext("{name}, voice id {id}.", id=terminal_safe(voice.id),
                            name=voice_name(voice.name, voice.languages, c)), width)
    return 0
