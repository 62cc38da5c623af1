"""``tutto-tally voices``: the speech voices of a language, one per line."""

from __future__ import annotations

import os

import click

from .cli import early_lang
from .i18n import Catalog
from .problems import speech_problem_sentence


def list_voices_command(lang: str | None, engine: str) -> int:
    """List the pyttsx3 (eSpeak NG) voices; speech-dispatcher keeps its own voice settings."""
    from .speech import SpeechUnavailable, list_voices

    c = Catalog(lang or early_lang([], os.environ))
    try:
        voices = list_voices(c.lang)
    except SpeechUnavailable as problem:
        click.echo(speech_problem_sentence(problem.reason, c))
        return 0
    if not voices:
        click.echo(c.gettext("There is no voice for this language."))
    for voice in voices:
        click.echo(c.gettext("{name}, voice id {id}.", name=voice.name, id=voice.id))
    return 0
