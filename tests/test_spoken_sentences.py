"""Every sentence the table says, in German and French, as eSpeak NG is given it.

What is printed is read on a Braille display and by a screen reader; what is spoken must
sound as a fluent speaker says it at the table. eSpeak NG reads a "1" before a noun as the
bare number ("noch eins Würfel", "un valeur"), and the card "x2" as "mal zwei": the spoken
form says the number word that agrees with its noun and names the card as a card. These tests
go through every catalog sentence the play loop can say (``catalog_sentences``), then through
the real program with real eSpeak NG.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from catalog_sentences import said_at_the_table
from conftest import slow_unless, tutto_command
from scripts import catalogs
from tutto_a11y.speech.spoken import counted_nouns, spoken

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="eSpeak NG is not installed (the test script installs it)")

# A number that stands alone: not inside "1,5", "1.000", "x-1" or a path.
ALONE = r"(?<![\w,.\-/])"


def _articles(lang: str) -> dict[str, set[str]]:
    """Each noun of the catalogs with the genders its articles there allow: the catalogs'
    own grammar, written by the translators, read without the speaker's tables."""
    if lang == "fr":
        pattern, genders = r"\b(une|la|un|le) ([a-zéèêàâîôûç]+)\b", {
            "une": {"f"}, "la": {"f"}, "un": {"m"}, "le": {"m"}}
    else:
        pattern, genders = r"\b(eine|einer|einen|ein|einem|das) ([A-ZÄÖÜ][a-zäöüß]+)\b", {
            "eine": {"f"}, "einer": {"f"}, "einen": {"m"}, "ein": {"m", "n"},
            "einem": {"m", "n"}, "das": {"n"}}
    found: dict[str, set[str]] = {}
    for message in catalogs.load(lang):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            assert form is None or isinstance(form, str)
            for article, noun in re.findall(pattern, form or ""):
                allowed = found.setdefault(noun, {"m", "f", "n"})
                allowed &= genders[article]
    return found


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_counted_noun_has_the_gender_the_catalogs_give_it(lang: str) -> None:
    articles = _articles(lang)
    wrong = {noun: gender for noun, gender in counted_nouns(lang).items()
             if noun in articles and gender not in articles[noun]}
    assert not wrong, wrong


def test_no_german_sentence_says_one_before_a_noun_as_the_bare_number() -> None:
    # German nouns are written with a capital: "1" before one (an adjective may stand between,
    # "1 beendetes Spiel") is read "eins", where a German speaker says "ein", "eine", "einem".
    bare = re.compile(ALONE + r"1 (?:[a-zäöüß]+(?:e|en|es|er|em) )?[A-ZÄÖÜ]\w*")
    found = [(said.msgid, spoken(said.text, "de")) for said in said_at_the_table("de")
             if bare.search(spoken(said.text, "de"))]
    assert not found, found


def test_no_french_sentence_says_a_number_ending_in_one_as_masculine_before_a_feminine_noun(
        ) -> None:
    # "1 valeur" is read "un valeur", "21 cartes" "vingt et un cartes".
    feminine = {noun for noun, genders in _articles("fr").items() if genders == {"f"}}
    number = re.compile(ALONE + r"(\d+) (\w+)")
    found = []
    for said in said_at_the_table("fr"):
        text = spoken(said.text, "fr")
        for digits, word in number.findall(text):
            noun = word[:-1] if word.endswith("s") and word[:-1] in feminine else word
            if noun in feminine and int(digits) % 10 == 1 and int(digits) % 100 not in (11, 71,
                                                                                          91):
                found.append((said.msgid, text))
    assert not found, found


@pytest.mark.slow  # over a second; it checks the two tests above, not the program
def test_every_count_of_one_that_a_german_or_french_sentence_has_was_checked() -> None:
    # The two tests above only mean something if the sentences hold counts of one before nouns.
    german = [spoken(s.text, "de") for s in said_at_the_table("de") if s.count == 1]
    french = [spoken(s.text, "fr") for s in said_at_the_table("fr") if s.count in (1, 21)]
    assert any("noch ein Würfel" in text for text in german)
    assert any("mit einem Würfel" in text for text in german)
    assert any("eine Entscheidung, eine davon" in text for text in german)
    assert any("Noch eine Karte im Stapel" in text for text in german)
    assert any("exactement une valeur" in text for text in french)
    assert any("vingt et une cartes" in text for text in french)
    assert any("une décision, le meilleur choix une fois" in text for text in french)


def test_the_german_card_x2_is_heard_as_the_card_in_every_sentence_that_names_it() -> None:
    # The card, not the rule option "x2-scope", which is said as it is typed.
    named = [said for said in said_at_the_table("de")
             if re.search(r"(?<![\w-])x2(?![\w-])", said.text)]
    assert len(named) >= 6  # drawn, brief, status, undo, refused bank, review, deck, hints
    for said in named:
        text = spoken(said.text, "de")
        assert not re.search(r"(?<![\w-])x2(?![\w-])", text), text
        # Named with its card: "die Mal-zwei-Karte", or "Karte Mal zwei" after "Karte".
        assert re.search(r"Mal-zwei-Karte|Karten?:? Mal zwei", text), text
        assert not re.search(r"zieht (?:Mal|mal) zwei", text), text


# -- through the real program, with real eSpeak NG -------------------------------------------

def _announcements(stdout: str) -> list[str]:
    """The printed lines that were spoken, in order: everything but the prompts."""
    return [line for line in stdout.splitlines() if not line.rstrip().endswith(("?", ":"))]


def _engine_says(texts: list[str], lang: str, folder: Path) -> list[bytes]:
    """What the speech engine makes of ``texts`` given as they are (the program's own worker,
    pyttsx3 with eSpeak NG, writing WAV files): the sound of each text, to compare with the
    program's. Each text is given once the one before is done, as the game gives them."""
    config = json.dumps({"lang": lang, "voice": None, "rate": None, "speech_to": str(folder)})
    worker = subprocess.Popen([sys.executable, "-m", "tutto_a11y.speech.worker", "serve", config],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              start_new_session=True)
    assert worker.stdin is not None and worker.stdout is not None
    try:
        assert json.loads(worker.stdout.readline())["ev"] == "ready"
        for number, text in enumerate(texts, 1):
            worker.stdin.write(json.dumps({"op": "say", "id": number, "text": text,
                                           "important": True}) + "\n")
            worker.stdin.flush()
            while (event := json.loads(worker.stdout.readline()))["ev"] != "done":
                assert event["ev"] != "error", event
            assert event == {"ev": "done", "id": number, "completed": True}
        worker.communicate(json.dumps({"op": "close"}) + "\n", timeout=60)
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()
    return [(folder / f"{i:04d}.wav").read_bytes() for i in range(1, len(texts) + 1)]


def _phonemes(text: str, lang: str) -> str:
    return subprocess.run(["espeak-ng", "-v", lang, "-q", "-x", "--", text], capture_output=True,
                          text=True, check=True).stdout


#: A turn played through the program: the x2 card, a set-aside that leaves one die, and two
#: faces typed for that one die.
TURN = "x2\n1 1 1 5 5 2\n1 1 1 5 5\n3 4\nquit\n"

#: What the speech engine is given for each announcement of ``TURN``, in order, and (where it
#: differs) what it was given before: the card said as a card, one said as the word that agrees
#: with its noun. The printed lines keep "x2" and "1".
HEARD = {
    "de": [("Neues Spiel für Anna und Ben. Ziel 6000, Standardregeln. Anna beginnt.", None),
           ("Anna zieht die Mal-zwei-Karte.", "Anna zieht mal zwei."),
           ("1 1 1 5 5 2.", None),
           ("1 1 1 5 5 für 1100, noch ein Würfel.", "1 1 1 5 5 für 1100, noch 1 Würfel."),
           ("Falsche Anzahl: Gib genau eine Augenzahl ein, eine für den Würfel, nicht 2.",
            "Falsche Anzahl: Gib genau 1 Augenzahl ein, eine für den Würfel, nicht 2."),
           ("Spiel gespeichert. Starte tutto-tally neu, um weiterzuspielen.", None)],
    "fr": [("Nouvelle partie pour Anna et Ben. Objectif 6000, règles standard. Anna commence.",
            None),
           ("Double pour Anna.", None),
           ("1 1 1 5 5 2.", None),
           ("1 1 1 5 5 pour 1100, reste 1 dé.", None),
           ("Mauvais nombre\u00a0: tapez exactement une valeur, une pour le dé, pas 2.",
            "Mauvais nombre\u00a0: tapez exactement 1 valeur, une pour le dé, pas 2."),
           ("Partie enregistrée. Redémarrez tutto-tally pour continuer.", None)],
}

#: What eSpeak NG says now and said before, in its phonemes (``espeak-ng -x``): "ein Würfel"
#: and not "eins Würfel", "eine Augenzahl", "une valeur" and not "un valeur", the x2 card.
PHONEMES = {"Anna zieht die Mal-zwei-Karte.": ("tsv'aIk'art@", "m'A:l tsv'aI"),
            "1 1 1 5 5 für 1100, noch ein Würfel.": ("aIn v", "aIns v"),
            "Falsche Anzahl: Gib genau eine Augenzahl ein, eine für den Würfel, nicht 2.": (
                "aIn@ _!'aUg", "aIns _!'aUg"),
            "Mauvais nombre\u00a0: tapez exactement une valeur, une pour le dé, pas 2.": (
                "yn val", "'W~ val")}


# The real program speaking a turn: the quick run hears the German one, French is slow.
@needs_espeak
@pytest.mark.parametrize("lang", [pytest.param(lang, marks=slow_unless(lang == "de"))
                                  for lang in ("de", "fr")])
def test_the_program_says_a_card_and_a_count_of_one_as_a_fluent_speaker_does(
        lang: str, tmp_path: Path, clean_env: dict[str, str]) -> None:
    folder = tmp_path / "said"
    env = dict(clean_env)
    env.pop("TUTTO_SPEECH", None)
    done = subprocess.run(
        [*tutto_command(), "--lang", lang, "--plain", "--speech", "--speech-to", str(folder),
         "--players", "Anna,Ben", "--db", str(tmp_path / "g.db")],
        input=TURN, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    printed = _announcements(done.stdout)
    assert any("x2" in line or "double" in line.lower() for line in printed), printed
    assert any(re.search(r"\b1 (Würfel|dé)\b", line) for line in printed), printed  # digits
    sounds = [path.read_bytes() for path in sorted(folder.glob("*.wav"))]
    heard = [now for now, _ in HEARD[lang]]
    # eSpeak NG's sound of one sentence depends on the sentence before it, so the engine is
    # given the whole turn as the program should have given it: each sound is the same.
    assert sounds == _engine_says(heard, lang, tmp_path / "now")
    before = [then or now for now, then in HEARD[lang]]
    then = _engine_says(before, lang, tmp_path / "before")
    for index, (now, old) in enumerate(HEARD[lang]):
        if old is not None:  # what a player heard before is not what the program says now
            assert sounds[index] != then[index], now
            new_phonemes, old_phonemes = PHONEMES[now]
            assert new_phonemes in _phonemes(now, lang)
            assert old_phonemes in _phonemes(old, lang)
            assert old_phonemes not in _phonemes(now, lang)
