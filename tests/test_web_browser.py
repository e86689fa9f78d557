"""The table in a real browser: Debian's Chromium, headless, driven by Playwright, against
``solo-rules serve``. A person makes a table in the lobby, plays a whole Altenburg hand against
three bots by clicking, is refused a card with the engine's explanation and its rulebook clause
highlighted, and downloads the record, which the library replays; two browser contexts play two
seats of one table. Run with ``pytest -m browser`` (``.ci/run`` installs chromium and runs it).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api as playwright
from web_client import Served

from solo_rules import read_record, replay

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("SOLO_RULES_CHROMIUM", "/usr/bin/chromium")
#: headless, as root in a sandbox-less container, and no calls to the network
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
#: where the README's screenshot of the table is kept
SCREENSHOT = Path(__file__).resolve().parents[1] / "docs" / "web-table.png"
#: the phone's screenshots: the table on its turn, the score sheet and the replay
PHONE_SHOTS = {name: SCREENSHOT.with_name(f"web-{name}.png")
               for name in ("table-phone", "score-sheet", "replay")}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with Served(tmp_path_factory.mktemp("browser") / "tables.sqlite3") as served:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield launched
        launched.close()


def make_table(page: Any, server: Served, kinds: list[str]) -> dict[str, str]:
    """Fill in the lobby for a one-hand Altenburg table and create it; the links by label."""
    page.goto(server.url + "/")
    page.select_option("#variant", "altenburg-1988")
    page.wait_for_selector("#seats .seat >> nth=3")
    for seat, kind in enumerate(kinds):
        page.select_option(f"select[name=kind-{seat}]", kind)
    page.fill("input[name=name-0]", "Ann <b>")
    page.fill("#hands", "1")
    page.fill("#bot-delay", "0.05")
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    return {link.get_attribute("id"): link.get_attribute("href")
            for link in page.query_selector_all("a.table-link")}


def play_hand(pages: list[Any], refuse: bool, screenshot: Path | None) -> dict[str, bool]:
    """Click through a hand on every page (each a person's seat) until it ends: a choice's
    button in the bidding, a card in the play (once a card the rules forbid, if ``refuse``).
    Returns what was seen."""
    seen = {"refused": False, "highlighted": False}
    for _ in range(400):
        if all(page.is_visible("#end") for page in pages):
            return seen
        acted = False
        for page in pages:
            if not page.evaluate("document.getElementById('status').textContent")\
                    .startswith("Your turn"):
                continue
            barred = page.locator("#hand button.card:not(.legal):not([disabled])")
            legal = page.locator("#hand button.card.legal:not([disabled])")
            choices = page.locator("#choices button")
            if refuse and legal.count() and barred.count() and not seen["refused"]:
                barred.first.click()
                page.wait_for_selector("#refusal:not([hidden])")
                text = page.text_content("#refusal")
                # the engine's explanation, addressed to the player, the cards as on screen
                assert text.startswith("Not allowed: You ") and "seat" not in text, text
                assert re.search("[♣♠♥♦]", text) and not re.search(r"\b[CSHD][AKQJT987]\b", text)
                page.wait_for_selector(".rulebook .clause.highlight")
                seen["refused"] = True
                seen["highlighted"] = True
                if screenshot is not None:
                    page.screenshot(path=str(screenshot), full_page=False)
                continue
            before = moment(page)
            if legal.count():
                seen["keyboard"] = not seen.get("keyboard")
                if seen["keyboard"]:  # every other card by the keyboard: → to a legal one, Enter
                    for _ in range(8):
                        if page.locator("#hand button.card.focus.legal").count():
                            break
                        page.keyboard.press("ArrowRight")
                    page.keyboard.press("Enter")
                else:
                    legal.first.click()
            elif choices.count():
                choices.first.click()
            else:
                continue
            page.wait_for_function(f"() => document.body.dataset.moment !== {before!r}",
                                   timeout=10000)
            acted = True
        if not acted:
            pages[0].wait_for_timeout(50)
    raise AssertionError("the hand did not end")


def moment(page: Any) -> str:
    """The moment of the frame the page shows (``body[data-moment]``)."""
    value: str = page.evaluate("document.body.dataset.moment || ''")
    return value


def test_a_person_plays_a_hand_against_three_bots_and_downloads_its_record(
        server: Served, browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(accept_downloads=True, viewport={"width": 1400, "height": 900})
    page = context.new_page()
    # each table's deal is fresh randomness (issue 37), and in some the person never holds a
    # card the rules forbid (every lead, or a hand thrown in): a new table until one does
    for _ in range(8):
        links = make_table(page, server, ["person", "heuristic", "heuristic", "sampling"])
        assert set(links) == {"link-seat-0", "link-spectator"}
        page.goto(links["link-seat-0"])
        page.wait_for_selector("#hand button.card")
        page.wait_for_selector(".rulebook .clause", state="attached")  # fetched after joining
        assert page.text_content("#rulebook-box").count("Playing the tricks") == 1
        names = page.text_content("#seats")
        assert "Ann <b>" in names  # shown as text, not as markup
        assert page.query_selector("#seats b") is None
        seen = play_hand([page], refuse=True, screenshot=SCREENSHOT)
        if seen["refused"]:
            break
    assert seen["refused"] and seen["highlighted"]
    assert "Party" in page.text_content("#outcome") or "nobody scores" in page.text_content(
        "#outcome")
    assert page.query_selector_all("#all-hands tr")[1:] and \
        len(page.query_selector_all("#all-hands tr")) == 5
    with page.expect_download() as download:
        page.click("#download")
    saved = tmp_path / "hand.json"
    download.value.save_as(saved)
    record = read_record(saved.read_text())
    final = replay(record)  # the library accepts the downloaded record
    assert final.is_terminal and len(record.actions) > 8
    again = page.get_attribute("#again", "href")
    assert again.startswith("/?variant=altenburg-1988&seed=")
    page.goto(server.url + again)
    page.wait_for_selector("#again:not([hidden])")
    assert "Dealing a hand again" in page.text_content("#again")
    # the lobby lists the table this browser joined, and the tab has its icon
    assert page.locator("#mine a.my-table").first.get_attribute("href") == links["link-seat-0"]
    assert page.request.get(server.url + "/favicon.ico").status == 200
    context.close()


def test_a_phone_keeps_the_hand_in_view_and_fits_the_screen(server: Served, browser: Any
                                                             ) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    links = make_table(page, server, ["person", "heuristic", "heuristic", "heuristic"])
    assert _width(page) <= 390  # the lobby fits the phone
    assert page.locator("#link-list button.copy").count() == 2
    page.goto(links["link-seat-0"])
    page.wait_for_selector("#hand button.card")
    assert not page.is_visible("#keys")  # no keyboard hint on a touch screen
    assert page.evaluate("document.getElementById('rulebook-details').open") is False
    turns = 0
    for _ in range(400):
        if page.is_visible("#end"):
            break
        if not page.text_content("#status").startswith("Your turn"):
            page.wait_for_timeout(50)
            continue
        assert _width(page) <= 390
        if turns == 1:
            page.screenshot(path=str(PHONE_SHOTS["table-phone"]))
        turns += 1
        before = moment(page)
        barred = page.locator("#hand button.card:not(.legal):not([disabled])")
        legal = page.locator("#hand button.card.legal:not([disabled])")
        if legal.count() and barred.count() and turns % 3 == 0:
            barred.first.click()  # a refusal and its rule, and still no jump
            scrolled = page.evaluate("window.scrollY")
            page.wait_for_selector("#refusal:not([hidden])")
            page.wait_for_timeout(100)
            assert page.evaluate("window.scrollY") == scrolled
        (legal.first if legal.count() else page.locator("#choices button").first).click()
        scrolled = page.evaluate("window.scrollY")  # where the click left the page
        page.wait_for_function(f"() => document.body.dataset.moment !== {before!r}", timeout=10000)
        page.wait_for_timeout(100)
        # nothing scrolled the page away from the hand (a duty's rule once did)
        assert page.evaluate("window.scrollY") == scrolled
    page.wait_for_selector("#end:not([hidden])")
    assert _width(page) <= 390 and turns > 3
    # the cards as played are those the tricks show, in order
    tricks = page.locator("#all-tricks li").count()
    assert tricks and page.locator("#sheet tr").count() == 3  # header, hand 1, total
    page.locator("#sheet").scroll_into_view_if_needed()
    page.locator("#end").screenshot(path=str(PHONE_SHOTS["score-sheet"]))
    assert page.text_content("#replay-step") == "The deal"
    page.click("#replay-next")
    page.click("#replay-next")
    assert page.text_content("#replay-step").startswith(f"Trick 2 of {tricks}, won by ")
    assert page.locator("#replay-trick li").count() == 4
    page.locator("#replay").screenshot(path=str(PHONE_SHOTS["replay"]))
    # any finished hand of the match steps through from its row of the score sheet
    page.click("#sheet button.sheet-replay")
    page.wait_for_function("() => document.getElementById('replay-step').textContent"
                           ".startsWith('Hand 1: The deal')")
    page.click("#replay-next")
    assert page.text_content("#replay-step").startswith(f"Hand 1: Trick 1 of {tricks}, won by ")
    assert _width(page) <= 390
    context.close()


def _width(page: Any) -> int:
    """How wide the page lays out (more than the screen: it scrolls sideways)."""
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


def test_two_browsers_play_two_seats_of_one_table(server: Served, browser: Any) -> None:
    lobby = browser.new_context()
    links = make_table(lobby.new_page(), server, ["person", "person", "random", "heuristic"])
    pages = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1200, "height": 800})
        page = context.new_page()
        page.goto(links[f"link-seat-{seat}"])
        page.wait_for_selector("#hand button.card")
        pages.append(page)
    watcher = browser.new_context().new_page()
    watcher.goto(links["link-spectator"])
    watcher.wait_for_selector("#seats .seat")
    assert watcher.query_selector_all("#hand button.card") == []  # a spectator sees no hand
    assert not watcher.is_visible("#keys")  # nor keys to press
    hands = [set(json.loads(json.dumps(page.evaluate(
        "Array.from(document.querySelectorAll('#hand button.card')).map(b => b.dataset.card)"))))
        for page in pages]
    assert not hands[0] & hands[1]  # each sees its own cards only
    play_hand(pages, refuse=False, screenshot=None)
    # each seat reads its own name as "you (name)"; past that, every seat reads one outcome
    outcomes = {re.sub(r"you \(([^()]*)\)", r"\1", page.text_content("#outcome") or "")
                for page in pages}
    watcher.wait_for_selector("#end:not([hidden])")
    assert len(outcomes) == 1 and watcher.text_content("#outcome") in outcomes
