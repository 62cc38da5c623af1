"""The documents live in the repository: whoever clones it can read every page a file names.

The README is the front door (at most 20,000 bytes) and links into ``docs/``; code, tests,
benchmarks and documents name documents by their path in the repository. These tests read the
files as a reader finds them: every ``.md`` name must be a file here, every Markdown link must
lead to a file (and heading) that exists, and the README's two set-up commands must be the
scripts the repository has.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from conftest import ROOT

README = ROOT / "README.md"
README_LIMIT = 20_000  # bytes: a front door, not the whole house

#: The files whose text may name a document: source, documents, configuration, scripts.
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".cfg", ".sh"}
SKIPPED_DIRS = {"__pycache__", "build", "dist", "node_modules"}

#: A document's name as it stands in text: "docs/rules/tutto.md", "HOW.md".
DOCUMENT_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_./-]*\.md\b")
#: A Markdown link's target: [words](target), the target up to a blank or the closing bracket.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def repository_files() -> list[Path]:
    """Every file of the checkout a reader gets, without hidden folders or build output."""
    found = []
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if any(p.startswith(".") or p in SKIPPED_DIRS or p.endswith(".egg-info")
               for p in parts):
            continue
        if path.is_file():
            found.append(path)
    return found


def text_files() -> list[Path]:
    scripts = ROOT / "scripts"
    return [p for p in repository_files()
            if p.suffix in TEXT_SUFFIXES or (p.parent == scripts and not p.suffix)]


def names_a_file(name: str, named_in: Path, files: list[Path]) -> bool:
    """Whether ``name`` is a file here: from the top of the repository, from the naming file's
    folder, or (a bare name such as "HOW.md" beside the data it explains) anywhere."""
    if (ROOT / name).is_file() or (named_in.parent / name).is_file():
        return True
    return "/" not in name and any(f.name == name for f in files)


def slug(heading: str) -> str:
    """The anchor a heading gets on a code forge: lower case, punctuation dropped, blanks as -."""
    text = heading.strip().lower()
    text = "".join(ch for ch in text
                   if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return text.replace(" ", "-")


def anchors(document: Path) -> set[str]:
    text = FENCE.sub("", document.read_text(encoding="utf-8"))
    return {slug(h) for h in HEADING.findall(text)}


def test_every_document_a_file_names_is_in_the_repository() -> None:
    files = repository_files()
    missing = []
    for path in text_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for name in sorted(set(DOCUMENT_NAME.findall(text))):
            if not names_a_file(name, path, files):
                missing.append(f"{path.relative_to(ROOT)} names {name}")
    assert not missing, "documents named but not in the repository:\n" + "\n".join(missing)


def test_no_file_points_to_a_folder_outside_the_repository() -> None:
    outside = ".." + "/shared"  # spelt in two parts so that this file does not name it itself
    found = [str(p.relative_to(ROOT)) for p in text_files()
             if outside in p.read_text(encoding="utf-8", errors="replace")]
    assert not found, f"{outside} is named in: {found}"


def test_every_link_in_the_documents_leads_to_a_file_and_a_heading_that_exist() -> None:
    broken = []
    for document in sorted(p for p in repository_files() if p.suffix == ".md"):
        text = FENCE.sub("", document.read_text(encoding="utf-8"))
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):  # http:, https:, mailto: lead out of the repository
                continue
            path_part, _, anchor = target.partition("#")
            linked = (document.parent / path_part).resolve() if path_part else document
            where = f"{document.relative_to(ROOT)} links to {target}"
            if not linked.exists():
                broken.append(f"{where}: no such file")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{where}: no such heading")
    assert not broken, "\n".join(broken)


def test_the_readme_is_a_front_door_of_at_most_20000_bytes() -> None:
    size = len(README.read_bytes())
    assert size <= README_LIMIT, f"README.md has {size} bytes; move details into docs/"


def test_the_readme_links_to_the_rules_of_every_game_and_to_the_interface() -> None:
    text = README.read_text(encoding="utf-8")
    for page in ("docs/rules/tutto.md", "docs/rules/yatzee.md", "docs/rules/tute.md",
                 "docs/interface.md", "docs/architecture.md"):
        assert f"]({page})" in text, f"the README does not link to {page}"


def setup_commands() -> list[str]:
    """The commands of the README's set-up section, without their comments."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Set-up: two commands", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block, "the set-up section has no sh block"
    return [line.split("#", 1)[0].strip() for line in block.group(1).splitlines()
            if line.strip()]


def test_the_readme_sets_up_with_the_two_scripts_the_repository_has() -> None:
    commands = setup_commands()
    assert commands == ["sh scripts/play --lang de", "sh scripts/test"]
    for command in commands:
        script = ROOT / command.split()[1]
        assert script.is_file(), f"{script} is missing"
        # Each script says at its top how it is started, in the README's words.
        header = script.read_text(encoding="utf-8").splitlines()[1:4]
        assert any(f"sh {command.split()[1]}" in line for line in header), header


def test_ci_runs_the_readmes_test_command() -> None:
    ci = (ROOT / ".ci" / "run")
    if ci.is_file():  # the project's CI entry point, when the checkout has it
        assert "sh scripts/test" in ci.read_text(encoding="utf-8")
