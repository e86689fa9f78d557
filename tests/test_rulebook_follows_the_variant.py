"""A rulebook states only what its variant has: the card order names the ranks the pack deals,
the glossary the terms its clauses use (not those it says are absent), the colour only where a
game in colour is worth a multiple."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import solo_rules
from solo_rules.describe import compose, rulebook
from solo_rules.rules.slots import ladder_of


def _clause(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if start in line)


def test_muensterland_ranks_follow_its_24_card_pack() -> None:
    """S-DEWIKI: "mit einem Skatblatt ohne 8en und 9en"; "Die restlichen Karten fallen in der
    Reihenfolge Ass, König, Dame, Bube, 10, 7, ab." """
    line = _clause(rulebook("muensterland-sollo"), "Below the matadors")
    assert line.split(" [")[0].endswith("rank A K Q J 10 7.")


@pytest.mark.parametrize("vid", solo_rules.available_variants())
def test_the_card_order_names_exactly_the_ranks_dealt(vid: str) -> None:
    variant = solo_rules.load_variant(vid)
    dealt = {"10" if card.rank.letter == "T" else card.rank.letter
             for card in solo_rules.CardSet(solo_rules.compile(variant).pack)}
    line = _clause(rulebook(variant), "Below the matadors")
    named = re.search(r"rank ([AKQJ0-9 ]+)\.", line)
    assert named is not None and set(named.group(1).split()) == dealt


def test_a_bonus_named_as_absent_is_not_in_the_glossary(tmp_path: Path) -> None:
    """"there is no bonus for prime or Tout" uses neither term: a variant without a prime
    bonus (S-PAR's profile has none) must not explain prime in its glossary."""
    path = tmp_path / "no-prime.yaml"
    path.write_text("schema: 1\nid: no-prime\nextends: altenburg-1988\nstatus: house\nrules:\n"
                    "  early_end: {params: {prime_bonus: false}}\n"
                    "  scoring: {params: {prime: 0}}\n  partner: {params: {helfer: null}}\n",
                    encoding="utf-8")
    text = rulebook(solo_rules.load_variant(path))
    assert "there is no bonus for prime" in text
    assert "prime" not in [term for term, _ in compose(solo_rules.load_variant(path)).glossary]
    assert "prime" not in [term for term, _ in compose("parlett-penguin").glossary]


@pytest.mark.parametrize("vid", solo_rules.available_variants())
def test_colour_is_in_the_rulebook_only_where_a_colour_multiplies(vid: str) -> None:
    """S-FOS: "in colour … double"; a variant whose contracts have no colour multiplier (the
    Münsterland game, Altenburg, the American game) says nothing of playing in colour."""
    variant = solo_rules.load_variant(vid)
    multiplies = ladder_of(variant.modules).colour_multiplier != 1
    body = " ".join(text for section in compose(variant).sections
                    for text, _ in section.clauses)
    assert ("colour" in body) == multiplies
    assert ("colour" in [term for term, _ in compose(variant).glossary]) == multiplies


def test_muensterland_calls_down_the_ranks_its_pack_has() -> None:
    """The calling ladder (AMB-11) goes down the ranks dealt: no Nine or Eight in 24 cards."""
    line = _clause(rulebook("muensterland-sollo"), "In a partnership contract the declarer")
    assert "so on down the ranks Queen Jack Ten Seven." in line


def test_six_hand_partners_share_what_four_adversaries_pay() -> None:
    """S-FOS: "Two partners pay or receive each from one adversary" holds at four seated
    players; at six (AMB-39, reconstructed) each of four adversaries pays and the two partners
    share it, as a played Question settles: value 2 x stake 5 = 10 from each adversary, 20 to
    each partner."""
    line = _clause(rulebook("niese-six-hand"), "adversaries pays")
    assert "Each of the 4 adversaries pays the value times 5 to two partners, who share it " \
           "equally" in line
    state = solo_rules.new_game("niese-six-hand", hands=SIX_HANDS, dealer=5)
    state = state.apply("bid question")
    while state.phase == solo_rules.Phase.AUCTION:
        state = state.apply("pass")
    state = state.apply("declare question C").apply("call DA")
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    outcome = state.outcome()
    assert outcome.partner == 1 and outcome.made
    paid = -outcome.scores[2]
    assert paid > 0 and paid % 5 == 0
    assert outcome.scores == (2 * paid, 2 * paid, -paid, -paid, -paid, -paid)


#: Six-hand, dealer 5: seat 0 holds the black queens and clubs; seat 1 holds DA.
SIX_HANDS = ("CQ SQ CA CK CJ", "DA C7 H7 S7 D7", "HA HK HQ HJ HT", "SA SK SJ ST S9",
             "DK DQ DJ DT D9", "CT C9 C8 S8 H9")


def test_muensterland_weg_cites_the_stated_procedure() -> None:
    """S-DEWIKI: "Der Spieler vor der Hand kann als erster ein Spiel bestimmen. Sollte er
    dieses nicht wünschen, sagt er 'weg'" is stated; only "the first declaration plays" is
    inferred from that silence (AMB-43)."""
    text = rulebook("muensterland-sollo")
    weg = re.findall(r"\[(\d+)\]", _clause(text, 'passes by saying "weg"'))
    assert len(weg) == 1 and "Stated (auction): S-DEWIKI" in _clause(text, f"[{weg[0]}] ")
    first = re.findall(r"\[(\d+)\]", _clause(text, "The first player to declare plays"))
    assert _clause(text, f"[{first[0]}] ").startswith(f"[{first[0]}] Inferred "
                                                      "(auction.overcall): AMB-43")
