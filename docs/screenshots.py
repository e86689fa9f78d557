"""Screenshots of the built site for the documentation: its landing page and a rulebook page,
taken in headless Debian Chromium through Playwright (the test extra installs Playwright;
``apt-get install -y chromium``).

    sphinx-build -W --keep-going -b html docs docs/_build/html
    python docs/screenshots.py docs/_build/html

writes ``docs/site-landing.png`` and ``docs/site-rulebook.png``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

DOCS = Path(__file__).resolve().parent
#: (page of the built site, image written, what it shows), at a laptop's window size.
SHOTS = (("index.html", "site-landing.png", None),
         ("rulebooks/generated/altenburg-1988.html", "site-rulebook.png", "4-5"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("html", type=Path, help="the built site: docs/_build/html")
    parser.add_argument("--chromium", default="/usr/bin/chromium",
                        help="the browser (default Debian's /usr/bin/chromium)")
    args = parser.parse_args(argv)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        for name, image, anchor in SHOTS:
            url = (args.html / name).resolve().as_uri() + (f"#{anchor}" if anchor else "")
            page.goto(url)
            page.wait_for_load_state("networkidle")
            page.screenshot(path=str(DOCS / image))
            print(f"{url} -> {DOCS / image}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
