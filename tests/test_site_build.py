"""The built site (issue 26): every clause and decision has the anchor a reader cites, shown as a
link; overlaid rulebooks have titles of their own; the matrix and the register read as the
pages' generators promise; the landing page is short. Building the site takes minutes and the
docs extra, so this is the slow suite's (.ci/run installs the docs extra first)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                    str(DOCS), str(out)], check=True, timeout=1800)
    return out


def _page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def test_every_clause_has_a_citable_anchor_shown_as_its_number(site: Path) -> None:
    page = _page(site, "rulebooks/generated/altenburg-1988.html")
    assert re.search(r'<p id="4-5">\s*<a class="clause-anchor reference external" '
                     r'href="#4-5">4.5</a>', page)
    numbers = re.findall(r'<p id="(\d+-\d+)">', page)
    assert len(numbers) == len(set(numbers)) > 40
    assert "altenburg-1988.html#4-5" in page  # the page says how to cite


def test_every_decision_is_anchored_at_its_id(site: Path) -> None:
    page = _page(site, "decisions.html")
    for ident in ("amb-01", "amb-13", "amb-60", "e1", "e17"):
        assert f'id="{ident}"' in page
    assert '<a class="headerlink" href="#amb-13"' in page


def test_an_overlaid_rulebook_has_its_own_title(site: Path) -> None:
    page = _page(site, "rulebooks/generated/altenburg-1988+matador-renege.html")
    assert "<title>German Solo: Altenburg rules (1988) + matador renege" in page
    index = _page(site, "rulebooks/index.html")
    # the base's own entries only: the navigation, the index's table and the next-page link
    assert index.count(">German Solo: Altenburg rules (1988)<") <= 3


def test_the_matrix_and_landing_page_read_as_promised(site: Path) -> None:
    matrix = _page(site, "comparison.html")
    assert "bound method" not in matrix and "Helfer()" not in matrix
    landing = _page(site, "index.html")
    body = landing.split('<article role="main"')[1].split("</article>")[0]
    assert len(re.findall(r"<a class=\"reference internal\"", body)) <= 12


def test_the_rulebook_index_renders_as_a_table_of_links(site: Path) -> None:
    # a directive's reStructuredText in a Markdown page once showed as text, links dead
    index = _page(site, "rulebooks/index.html")
    table = index.split('<table class="rulebook-index')[1].split("</table>")[0]
    assert 'href="generated/altenburg-1988.html"' in table
    assert 'href="generated/altenburg-1988%2Bmatador-renege.html"' in table
    assert ".. list-table::" not in index and ":doc:`" not in index


def test_no_page_shows_markup_as_text_nor_shares_its_title(site: Path) -> None:
    titles: dict[str, str] = {}
    for path in sorted(site.rglob("*.html")):
        if "_static" in path.parts or "_modules" in path.parts:
            continue
        page = path.read_text(encoding="utf-8")
        body = re.sub(r"<pre>.*?</pre>|<code.*?</code>", "", page, flags=re.S)
        assert not re.search(r"\.\. [a-z-]+::|:doc:`|```\{", body), path
        title = re.search(r"<title>(.*?)</title>", page, re.S)
        if title and path.name not in ("genindex.html", "search.html", "py-modindex.html"):
            key = title.group(1).strip()
            assert key not in titles, (path, titles.get(key))
            titles[key] = str(path)


def test_the_family_tree_says_what_the_variant_files_say(site: Path) -> None:
    page = _page(site, "lineage.html")
    assert "cannot be played" not in page and "[documented]" in page
