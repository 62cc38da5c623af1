"""``tutto-tally voices``: the speech voices of a language, one per line, named in that language.

Speech lists the voices (``speech/client.py``) and names eSpeak NG's in the user's language
(``speech/voices.py``); this module words each as one line and prints it. A speech engine that
cannot be used is said in one sentence, and the command still ends normally.
"""

from __future__ import annotations

from tutto_a11y.commands.printing import echo_wrapped
from tutto_a11y.config.settings import Settings
from tutto_a11y.speech.voices import voice_name
from tutto_a11y.text.names import terminal_safe
from tutto_a11y.text.problems import speech_problem_sentence


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
