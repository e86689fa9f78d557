"""The variant's rulebook beside the table, and the clause a refusal or a duty points to.

The rulebook is the library's own (``solo_rules.describe.compose``: each slot's clauses, as
the modules that play the rules write them). The engine's explanation of a refused action
comes from the module whose rule refused it (``IllegalActionError``); the table points to the
clause of the rulebook that shares the most telling words with that explanation, preferring
the section of the slot that owns the phase of the hand (a card refused in play by the
called card's duty is explained by the partner rule, and matched to its clause there).
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections import Counter
from typing import Any

import attrs

from solo_rules.describe import Book, compose, note_text, phase_slots
from solo_rules.errors import IllegalActionError
from solo_rules.state import GameState
from solo_rules.variant import Variant

__all__ = ["Clause", "Rulebook", "explanation", "rulebook_of"]

#: Words that tell nothing about which rule is meant.
_COMMON = frozenset((
    "a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "and", "or", "if", "is", "are",
    "be", "it", "its", "his", "he", "him", "himself", "who", "whom", "whose", "which", "that",
    "this", "these", "those", "as", "with", "from", "not", "no", "may", "must", "can", "any",
    "each", "every", "one", "seat", "seats", "player", "players", "card", "cards", "when", "while",
    "than", "then", "there", "their", "own", "other", "others", "does", "do", "has", "have",
    "been", "was", "were", "will", "would", "so", "such", "only", "all", "but", "also",
))
_WORD = re.compile(r"[a-zà-ÿ]+")
#: The telling words a clause must share with an explanation to be the one it points to.
_SHARED = 2
#: How much more a clause of the phase's own slot counts.
_OWN_SLOT = 1.5


@attrs.frozen
class Clause:
    """A clause of the rulebook: its slot and its number within the slot's section."""

    slot: str
    index: int

    @property
    def anchor(self) -> str:
        """The clause's id on the rulebook page (``rule-play-2``)."""
        return f"rule-{self.slot}-{self.index}"


class Rulebook:
    """A variant's rulebook as the table shows it, with the words of each clause."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.book: Book = compose(variant)
        self.slot_of_phase = phase_slots(variant)
        self._words = [(Clause(section.slot, n), Counter(_words(text)))
                       for section in self.book.sections
                       for n, (text, _) in enumerate(section.clauses)]
        seen: Counter[str] = Counter()
        for _, words in self._words:
            seen.update(set(words))
        #: how telling each word is: rarer across the clauses, more telling
        self._weight = {word: math.log(1 + len(self._words) / count)
                        for word, count in seen.items()}

    def clause_for(self, phase: str, explanation: str) -> Clause | None:
        """The clause that best matches ``explanation`` of a refusal in ``phase``; ``None``
        when no clause shares two telling words with it (``seat 2 does not hold CA`` is
        refused by no clause of the rulebook)."""
        asked = set(_words(explanation))
        own = self.slot_of_phase.get(phase)
        best, best_score = None, 0.0
        for clause, words in self._words:
            shared = asked & words.keys()
            if len(shared) < _SHARED:
                continue
            score = sum(self._weight[word] for word in shared)
            if clause.slot == own:
                score *= _OWN_SLOT
            if score > best_score:
                best, best_score = clause, score
        return best

    def rule_data(self, phase: str, explanation: str) -> dict[str, Any] | None:
        """``clause_for`` as the page takes it: the slot, the clause's number and anchor."""
        clause = self.clause_for(phase, explanation)
        return None if clause is None else {"slot": clause.slot, "index": clause.index,
                                            "anchor": clause.anchor}

    def data(self) -> dict[str, Any]:
        """The rulebook as JSON-ready data for the page: sections of clauses with their note
        numbers, and the notes' text."""
        book = self.book
        return {
            "title": book.variant.title,
            "id": book.variant.id,
            "sections": [{"slot": s.slot, "title": s.title,
                          "clauses": [{"text": text, "notes": list(marks),
                                       "anchor": Clause(s.slot, n).anchor}
                                      for n, (text, marks) in enumerate(s.clauses)]}
                         for s in book.sections],
            "notes": [{"number": note.number, "text": note_text(book, note)}
                      for note in book.notes],
        }

    def page(self) -> str:
        """The whole rulebook as an HTML page, every text escaped, one anchor per clause."""
        book = self.book
        esc = html.escape
        parts = [f"<!doctype html><html lang=en><head><meta charset=utf-8>"
                 f"<title>{esc(book.variant.title)}</title>"
                 f"<link rel=stylesheet href=/static/table.css></head>"
                 f"<body class=rulebook-page><h1>{esc(book.variant.title)}</h1>"
                 f"<p class=variant-id>{esc(book.variant.id)}</p>"]
        for number, section in enumerate(book.sections, start=1):
            parts.append(f"<h2 id=rule-{esc(section.slot)}>{number}. {esc(section.title)}</h2>")
            for n, (text, marks) in enumerate(section.clauses):
                notes = "".join(f"<sup><a href=#note-{m}>{m}</a></sup>" for m in marks)
                parts.append(f"<p id={Clause(section.slot, n).anchor}>{number}.{n + 1} "
                             f"{esc(text)}{notes}</p>")
        parts.append("<h2>Notes</h2><ol class=notes>")
        parts += [f"<li id=note-{note.number} value={note.number}>"
                  f"{esc(note_text(book, note))}</li>" for note in book.notes]
        parts.append("</ol></body></html>")
        return "".join(parts)


@functools.lru_cache(maxsize=64)
def rulebook_of(variant: Variant) -> Rulebook:
    """The ``Rulebook`` of ``variant``, made once for all the tables that play it."""
    return Rulebook(variant)


def explanation(exc: IllegalActionError, state: GameState) -> str:
    """The reason part of a refusal's message: without the refused action and the phase
    before it, and without the list of legal actions after it (``exc.legal``)."""
    text = str(exc)
    suffix = "; legal: " + ", ".join(exc.legal)
    if exc.legal and text.endswith(suffix):
        text = text[:-len(suffix)]
    _, found, reason = text.partition(f" in phase {state.phase}: ")
    return reason if found else text


def _words(text: str) -> list[str]:
    """The telling words of a text, lower-case, crudely singular."""
    words = []
    for word in _WORD.findall(text.lower()):
        if word in _COMMON or len(word) < 3:
            continue
        words.append(word[:-1] if word.endswith("s") and len(word) > 4 else word)
    return words
