"""Every link between the README and the pages under docs/ leads somewhere: the file exists,
and a ``#section`` names a heading of it (as GitHub makes anchors of headings). No
database, no network: links to other sites are not followed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for line in FENCE.sub("", path.read_text()).splitlines():
        match = re.match(r"#{1,6} (.*)", line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            out.add(base if count == 0 else f"{base}-{count}")
            seen[base] = count + 1
    return out


def links(path: Path) -> list[str]:
    text = FENCE.sub("", path.read_text())
    text = re.sub(r"`[^`\n]*`", "", text)  # code spans hold no links
    return LINK.findall(text)


def test_the_slugs_are_githubs():
    assert slug("The API (`/api/v1`, documented at `/api/docs/`)") == (
        "the-api-apiv1-documented-at-apidocs"
    )
    assert slug("Scheduled jobs (Celery beat)") == "scheduled-jobs-celery-beat"


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_to_a_file_and_a_heading(path):
    broken = []
    for target in links(path):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target} (no such heading)")
    assert not broken, broken


def test_the_readme_is_an_entry_that_links_every_page_under_docs():
    readme = ROOT / "README.md"
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in links(readme)}
    pages = {path.resolve() for path in (ROOT / "docs").rglob("*.md")}
    assert not pages - linked, sorted(str(p.relative_to(ROOT)) for p in pages - linked)
    assert len(readme.read_text().splitlines()) <= 250
