"""``tutto-tally voices``: the speech voices of a language, one per line."""

from __future__ import annotations

import os

import click

from .cli import early_lang
from .i18n import Catalog
from .problems import speech_problem_sentence


def list_voices_command(lang: str | None, engine: str) -> int:
    """List the voices of the engine the game would use: eSpeak NG's or speech-dispatcher's.

    With ``--speech-engine speechd`` the daemon is asked (``LIST SYNTHESIS_VOICES``), because
    those names are what ``--voice`` then takes; they differ from eSpeak NG's own ids.
    """
    from .speech import SpeechUnavailable, list_voices

    c = Catalog(lang or early_lang([], os.environ))
    try:
        voices = list_voices(c.lang, engine=engine)
    except SpeechUnavailable as problem:
        click.echo(speech_problem_sentence(problem.reason, c))
        return 0
    if not voices:
        click.echo(c.gettext("There is no voice for this language."))
    for voice in voices:
        if engine == "speechd":
            click.echo(c.gettext("Voice {id} of speech-dispatcher.", id=voice.id))
        else:
            click.echo(c.gettext("{name}, voice id {id}.", name=voice.name, id=voice.id))
    return 0
