"""Keep the translation catalogs in step with the code.

    python scripts/catalogs.py          extract the template, merge it into de and fr, compile
    python scripts/catalogs.py --check  fail if anything is out of date or untranslated

Needs Babel (a test dependency). English is the source language and needs no catalog.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the typography of the package beside this script
    sys.path.insert(0, str(ROOT))
from tutto_a11y.text.typography import typography  # noqa: E402

LOCALES = ROOT / "locales"
DOMAIN = "tutto_a11y"
TRANSLATED = ("de", "fr")
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}


def extract() -> Catalog:
    """Every msgid in the package, as a template catalog."""
    template = Catalog(project="tutto-tally", domain=DOMAIN, fuzzy=False)
    method_map = [("tutto_a11y/games/*/rules/**.py", "ignore"),
                  ("tutto_a11y/core/contract/**.py", "ignore"), ("tutto_a11y/**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map=method_map, keywords=KEYWORDS, strip_comment_tags=True):
        template.add(message, None, [(filename, lineno)], auto_comments=comments,
                     context=context)
    return template


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False,
             ignore_obsolete=False, include_previous=False, no_location=True)
    return out.getvalue()


def _mo_bytes(catalog: Catalog, lang: str) -> bytes:
    """The compiled catalog, with its language's typography put into every sentence (French: a
    no-break space before ? ! ; :, see tutto_a11y/text/typography.py); the .po keeps what the
    translator typed."""
    typeset = typography(lang)
    compiled = Catalog(locale=lang, domain=DOMAIN, fuzzy=False)
    compiled.mime_headers = catalog.mime_headers
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        string = message.string
        if isinstance(string, (tuple, list)):
            string = tuple(typeset(s) for s in string)
        elif string:
            string = typeset(string)
        compiled.add(message.id, string, context=message.context)
    out = io.BytesIO()
    write_mo(out, compiled, use_fuzzy=False)
    return out.getvalue()


def load(lang: str) -> Catalog:
    path = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def run(check: bool) -> list[str]:
    problems: list[str] = []
    template = extract()
    pot = LOCALES / f"{DOMAIN}.pot"
    fresh = _po_bytes(template)
    if check:
        if not pot.exists() or _ids(template) != _ids(_read(pot)):
            problems.append("locales/tutto_a11y.pot is out of date: run scripts/catalogs.py")
    else:
        pot.write_bytes(fresh)
    for lang in TRANSLATED:
        po_path = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        po_path.parent.mkdir(parents=True, exist_ok=True)
        catalog = load(lang) if po_path.exists() else Catalog(locale=lang, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        for message in catalog:
            if not message.id:
                continue
            if not message.string or (isinstance(message.string, tuple)
                                       and not all(message.string)):
                problems.append(f"{lang}: untranslated: {message.id!r}")
            elif message.fuzzy:
                problems.append(f"{lang}: fuzzy: {message.id!r}")
        mo_path = po_path.with_suffix(".mo")
        if check:
            if catalog.obsolete:
                problems.append(f"{lang}: obsolete messages left in the catalog")
            if not mo_path.exists() or mo_path.read_bytes() != _mo_bytes(catalog, lang):
                problems.append(f"{lang}: {mo_path.name} is out of date: run scripts/catalogs.py")
        else:
            catalog.obsolete.clear()
            po_path.write_bytes(_po_bytes(catalog))
            mo_path.write_bytes(_mo_bytes(catalog, lang))
    return problems


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, domain=DOMAIN)


def _ids(catalog: Catalog) -> set[tuple[object, object]]:
    """The messages a catalog holds, whatever their order (code moves reorder them)."""
    return {(m.context, m.id) for m in catalog if m.id}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    problems = run(parser.parse_args().check)
    for problem in problems:
        print(problem)
    return 1 if problems and "--check" in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
