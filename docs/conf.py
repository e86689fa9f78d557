"""Sphinx configuration of the solo-rules documentation site.

Build it with ``sphinx-build -W --keep-going -b html docs docs/_build/html`` (and the
tutorials' doctests with ``-b doctest``). The rulebooks, the comparison matrix, the decision
register, the source list, the variant-file format and the CLI reference are generated at
build time by ``_ext/solo_docs.py`` from the library itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "solo-rules"
author = "solo-rules developers"
copyright = "solo-rules developers"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "solo_docs",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "README.md", "variants-compared/study.md"]  # included by one page
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

html_theme = "furo"
html_title = "solo-rules"

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": False}
nitpicky = False
