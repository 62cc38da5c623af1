"""Random command lines and TUTTO_* values: every one is played or refused in one sentence.

The real program runs for each case (about 0.15 s), so the number of cases is bounded to keep
this well under a minute; the line fuzzing of the play loop is in ``test_cli_fuzz.py``.
"""

from __future__ import annotations

import os
import subprocess
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import tutto_command

COMMANDS = ["play", "games", "show", "export", "voices"]
OPTIONS = ["--lang", "--db", "--width", "--plain", "--players", "--target", "--rules", "--rule",
           "--no-speech", "--voice", "--rate", "--verbosity", "--resume", "--abandon",
           "--format", "--help", "-h", "--version", "--lang=", "--width=", "--", "-"]
VALUES = ["de", "fr", "en", "xx", "0", "-5", "20", "40", "99999999999999999999", "9" * 400,
          "last", "1", "json", "csv", "md", "Anna,Ben", "Anna", "A,A\u200b", "x2-scope=card",
          "x2-scope", "standard", "brief", "", " ", "\x1b]0;PWNED\x07", "\x1b[31m", "é" * 50]
VARIABLES = ["TUTTO_LANG", "TUTTO_WIDTH", "TUTTO_PLAYERS", "TUTTO_TARGET", "TUTTO_RATE",
             "TUTTO_PLAIN", "TUTTO_RULES", "TUTTO_RULE", "TUTTO_VERBOSITY", "TUTTO_RESUME",
             "TUTTO_VOICE", "TUTTO_SPEECH", "TUTTO_DB"]

no_nul = st.text(max_size=30).filter(lambda t: "\x00" not in t)
raw_bytes = st.binary(min_size=1, max_size=12).filter(lambda b: b"\x00" not in b)
token = st.one_of(st.sampled_from(OPTIONS), st.sampled_from(COMMANDS), st.sampled_from(VALUES),
                  no_nul, raw_bytes,
                  st.builds(lambda o, v: o + v, st.sampled_from(["--lang=", "--width=",
                                                                 "--players=", "--db="]),
                            st.sampled_from(VALUES)))
environment = st.dictionaries(st.sampled_from(VARIABLES),
                              st.one_of(st.sampled_from(VALUES), no_nul, raw_bytes), max_size=3)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(args=st.lists(token, max_size=7), env=environment,
       lang=st.sampled_from(["C.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8"]))
def test_any_command_line_is_played_or_refused_in_one_sentence(
        args: list[str | bytes], env: dict[str, str | bytes], lang: str) -> None:
    base = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    base.pop("LANGUAGE", None)
    with tempfile.TemporaryDirectory() as folder:
        base.update(LANG=lang, LC_ALL="", XDG_DATA_HOME=folder, TUTTO_SPEECH="0",
                    PYTHONIOENCODING="utf-8")
        done = subprocess.run([*tutto_command(), *args], input=b"Anna\nBen\n\nquit\n",
                              capture_output=True, env={**base, **env}, cwd=folder,
                              timeout=60)
    out = done.stdout.decode("utf-8", "replace")
    err = done.stderr.decode("utf-8", "replace")
    case = (args, env, done.returncode, out[-300:], err)
    assert done.returncode in (0, 2), case
    assert "Traceback" not in err and "Traceback" not in out, case
    assert "\x1b" not in out + err and "\x07" not in out + err, case
    wrapped = any(isinstance(a, str) and a.startswith("--width") for a in args) or \
        "TUTTO_WIDTH" in env
    if done.returncode == 2:
        assert out == "", case
        lines = err.strip().splitlines()
        assert len(lines) == 1 or (wrapped and len(lines) > 1), case
