"""The variants the agents' framework tests run on: every shipped variant and every overlay
on each base it applies to (``EVERY``), and, for the default run, every variant and each
overlay on Altenburg (``DEFAULT``); ``pytest -m walks`` covers ``EVERY``."""

from __future__ import annotations

import solo_rules as sr
from solo_rules.solver import searches

EVERY = sr.available_variants() + [f"{base}+{overlay}" for overlay in sr.available_overlays()
                                   for base in sr.overlay_bases(overlay)]
DEFAULT = sr.available_variants() + [f"altenburg-1988+{overlay}"
                                     for overlay in sr.available_overlays()]
#: the shipped variants the double-dummy solver searches (``searches``: not Quadrille's forty
#: cards, which ``solve`` refuses)
SEARCHED = [vid for vid in sr.available_variants() if searches(sr.compile(sr.load_variant(vid)))]
