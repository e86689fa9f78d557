"""Every alternative reading the dossier lists that is selectable today, as a table: DOSSIER §3,
"In the library every recommendation is a parameter default, and the alternatives are legal
values". Each row names the AMB id and reading, the variant (and overlays) it applies to, and
the YAML that selects it; the test applies the YAML as an overlay file and checks that the
variant loads and that its rulebook text (each module's ``describe``) differs from the default,
so the rulebook shows the reading chosen. The behaviour of each reading is checked by the
scenario test named in the row's comment.

The walk of §3 is itself checked: every AMB id of docs/decisions.yaml has a row here, or is in
NOT_A_PARAMETER (its readings are no rule alternative, with the reason), or in
NOT_YET_SELECTABLE (a real reading the library cannot yet select, with what is missing; keyed by
the id and the reading, as the table is)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml

from solo_rules import Variant, load_variant


class Alternative(NamedTuple):
    """One selectable alternative: the variant and overlays it applies to, and the YAML
    ``rules:`` block that selects it."""

    base: str
    rules: str
    overlays: tuple[str, ...] = ()


ALTERNATIVES: dict[str, Alternative] = {
    # tests/altenburg/test_altenburg_alternatives_more.py
    "AMB-02 (a) Spadille and Manille, read as Spadille and any 7": Alternative(
        "altenburg-1988", "auction: {params: {duty: {cards: [CQ], any_of: [C7, S7, H7, D7]}}}"),
    "AMB-04 (b) the Tout bonus is kept when the slam fails": Alternative(
        "altenburg-1988", "scoring: {params: {failed_tout: bonus_kept}}"),
    "AMB-04 (c) a failed slam scores as a made five-trick game": Alternative(
        "altenburg-1988", "scoring: {params: {failed_tout: five_made}}"),
    "AMB-06 (b) the defenders' matadors cost the party": Alternative(
        "altenburg-1988", "scoring: {params: {matadors_rule: defenders_cost}}"),
    "AMB-06 (c) the matadors count only on a win": Alternative(
        "altenburg-1988", "scoring: {params: {matadors_rule: win_only}}"),
    "AMB-09 (b) a partner never revealed leaves the declarer alone": Alternative(
        "altenburg-1988", "partner: {params: {unrevealed: alone}}"),
    "AMB-12 (i) no duels after eldest passes": Alternative(
        "altenburg-1988", "auction: {params: {eldest_pass_duels: false}}"),
    # tests/altenburg/test_altenburg_opening_bid.py
    "AMB-12 (ii) no: the opening may be any bid": Alternative(
        "altenburg-1988", "auction: {params: {open_with_lowest: false}}"),
    # tests/altenburg/test_altenburg_alternatives_more.py
    "AMB-12 (iv) only eldest holds with yes": Alternative(
        "altenburg-1988", "auction: {params: {hold_in_later_duels: false}}"),
    # tests/test_direction.py
    "AMB-14 counter-clockwise": Alternative(
        "altenburg-1988", "deal: {params: {direction: counter-clockwise}}"),
    "AMB-14 counter-clockwise, the five-hand purchase from the dealer's left": Alternative(
        "niese-five-hand", "deal: {params: {direction: counter-clockwise}}"),
    # tests/foster/test_foster_alternatives.py
    "AMB-19 (b) Foster's bids are game names": Alternative(
        "foster", "auction: {params: {bids: games}}"),
    "AMB-21 (b) a self-call wins or loses double, without sharing": Alternative(
        "foster", "settlement: {params: {self_call: double}}"),
    "AMB-21 (c) a self-call settles with one adversary": Alternative(
        "foster", "settlement: {params: {self_call: one_adversary}}"),
    "AMB-22 (b) a partner Tout is a soloist's stake, split": Alternative(
        "foster", "settlement: {params: {partner_tout: soloist_split}}"),
    "AMB-60 Foster: the called suit must be held": Alternative(
        "foster", "partner: {params: {void_suit: must_hold}}"),
    # tests/niese/test_niese_alternatives.py
    "AMB-33 (b) the same dealer deals again after a Kicker": Alternative(
        "niese", "deal: {params: {after_misere: same_dealer}}"),
    "AMB-33 (c) one Kicker per deal": Alternative(
        "niese", "auction: {params: {bids: [{id: kicker, join: false}]}}"),
    "AMB-35 Last replaces First": Alternative(
        "niese", "scoring: {params: {last_counts: instead_of_first}}"),
    "AMB-35 no choice after trick 5": Alternative(
        "niese", "early_end: {params: {last_choice: none}}"),
    "AMB-50 (b) the black queens stay matadors at no trump": Alternative(
        "niese", "ranks: {params: {no_trump_queens: matadors}}"),
    # tests/foster/test_foster_alternatives.py (the same partner.called_card module)
    "AMB-60 the called suit must be held": Alternative(
        "altenburg-1988", "partner: {params: {void_suit: must_hold}}"),
    # tests/altenburg/test_altenburg_alternatives.py
    "AMB-08 Helfer? at any time": Alternative(
        "altenburg-1988", "partner: {params: {helfer: {from_trick: 1}}}"),
    "AMB-08 asking does not bar the slam": Alternative(
        "altenburg-1988", "partner: {params: {helfer: {bars_slam: false}}}"),
    "AMB-11 (b) no legal call below the King: the declarer plays alone": Alternative(
        "altenburg-1988", "partner: {params: {ranks: [A, K]}}"),
    # tests/foster/test_foster_early_end.py
    "AMB-23 (b) going on at any time": Alternative(
        "foster", "early_end: {params: {go_on_when: any_time}}"),
    # tests/niese/test_niese_auction.py
    "AMB-28 (b) keeping plays the keeper's own Question": Alternative(
        "niese", "auction: {params: {bids: [{id: isit, keep_plays: own_bid}]}}"),
    "AMB-28 (c) the keep only on the very next bid": Alternative(
        "niese", "auction: {params: {bids: [{id: isit, keep_window: next_bid}]}}"),
    "AMB-37 a forced game when all pass": Alternative(
        "niese", "auction: {params: {all_pass: {contracts: [question], holder_of: [CQ]}}}"),
    # tests/niese/test_niese_scoring.py
    "AMB-30 (b) each defender pays each member of the party": Alternative(
        "niese", "settlement: {params: {partners_paid: each}}"),
    # tests/niese/test_niese_play.py
    "AMB-32 (b) the Kicker bidder goes under": Alternative(
        "niese", "contracts: {params: {contracts: [{id: kicker, head: under}]}}"),
    "AMB-32 (c) the Kicker bidder must beat even when void": Alternative(
        "niese", "contracts: {params: {contracts: [{id: kicker, head: over_even_void}]}}"),
    "AMB-34 the Bronco exposed after the first trick": Alternative(
        "niese", "contracts: {params: {contracts: [{id: bronco, shows_after: 1}]}}"),
    "AMB-37 the bidder leads first": Alternative(
        "niese", "play: {params: {first_lead: declarer}}"),
    # tests/overlays/test_couleur_favorite_modes.py
    "AMB-46 the preferred suit is that of the first contract made": Alternative(
        "altenburg-1988", "auction: {params: {preferred_mode: first_won, preferred_suit: null}}\n"
        "contracts: {params: {colour_suit: null}}", ("couleur-favorite",)),
    "AMB-46 the preferred suit is the trump of the first deal": Alternative(
        "altenburg-1988", "auction: {params: {preferred_mode: first_deal, preferred_suit: null}}\n"
        "contracts: {params: {colour_suit: null}}", ("couleur-favorite",)),
    "AMB-46 no preferred suit": Alternative(
        "altenburg-1988", "auction: {params: {preferred_mode: none, preferred_suit: null}}\n"
        "contracts: {params: {colour_suit: null}}", ("couleur-favorite",)),
    # tests/overlays/test_couleur_favorite.py
    "AMB-47 the colour doubles only the base value": Alternative(
        "altenburg-1988", "scoring: {params: {colour_covers: base}}", ("couleur-favorite",)),
    # tests/overlays/test_solo_duty.py (AMB-52: off for Altenburg, the solo-duty overlay on)
    "AMB-52 the Solo duty of both Alten and four Aces": Alternative(
        "altenburg-1988", "auction: {params: {duties: [{cards: [CQ, SQ, CA, SA, HA, DA], "
        "at_least: solo, released_by: solo}]}}"),
    # tests/overlays/test_matador_renege.py
    "AMB-53 renege compared with the highest card so far": Alternative(
        "altenburg-1988", "play: {params: {renege_against: highest}}", ("matador-renege",)),
    "AMB-53 renege when any matador held is above the card": Alternative(
        "altenburg-1988", "play: {params: {renege_needs: any}}", ("matador-renege",)),
    # Already parameter values before issue 11's walk; the behaviour of those marked "sensitivity"
    # is checked in tests/test_sensitivity.py or tests/niese/test_niese_sensitivity.py, of those
    # marked with another file there, of the others in tests/test_alternative_values_play.py.
    "AMB-01 (b) Solo is worth 2": Alternative(  # sensitivity: contracts.solo.base
        "altenburg-1988", "contracts: {params: {contracts: [{id: solo, base: 2}]}}"),
    "AMB-03 (b) Mussfrage is worth 2, less than a Grossfrage": Alternative(
        "altenburg-1988", "contracts: {params: {contracts: [{id: mussfrage, base: 2}]}}"),
    "AMB-05 (b) the two Tout bonuses add up to 10": Alternative(
        "altenburg-1988", "scoring: {params: {tout_announced: 10}}"),
    "AMB-07 (c) the Acorn level only orders the bids": Alternative(  # sensitivity
        "altenburg-1988", "auction: {params: {binding: false}}"),
    "AMB-10 (b) the called-card duty covers following only": Alternative(  # sensitivity
        "altenburg-1988", "partner: {params: {must_lead_when_leading_suit: false}}"),
    "AMB-11 (c) the trump Ace may be called": Alternative(
        "altenburg-1988", "partner: {params: {exclude_trump_suit: false}}"),
    "AMB-12 (iii) no jump bids": Alternative(  # sensitivity
        "altenburg-1988", "auction: {params: {jump_bids: false}}"),
    "AMB-13 the next dealer is on the right": Alternative(
        "altenburg-1988", "deal: {params: {next_dealer: right}}"),
    "AMB-13 Niese: the first player dealt a club deals first": Alternative(
        # tests/foster/test_foster_deal.py (Foster's default, the same deal.packets rule)
        "niese", "deal: {params: {first_dealer: first_club_dealt}}"),
    "AMB-13 after a misdeal the deal passes": Alternative(  # tests/foster/test_foster_deal.py
        "altenburg-1988", "deal: {params: {misdeal: deal_passes_left}}"),
    "AMB-17 no upgrade to Solo at declaration": Alternative(
        "american-trick-count", "auction: {params: {bids: [" + ", ".join(
            f'{{id: "{n}{c}", upgrade: null}}' for n in "5678" for c in ("", "@C")) + "]}}"),
    "AMB-17 Solo chosen only at declaration, not bid": Alternative(
        "american-trick-count", "auction: {params: {bids: [" + ", ".join(
            f'{{id: "solo{n}{c}", delete: true}}' for n in "5678" for c in ("", "@C")) + "]}}"),
    "AMB-17 5 clubs and 6 equal, both 10 cents": Alternative(
        # tests/more_variants/test_american_equal_levels.py
        "american-trick-count", "auction: {params: {bids: [" + ", ".join(
            f'{{id: "{rung}", ties_previous: true}}' for rung in
            ("6", "7", "8", "solo6", "solo7", "solo8")) + "]}}"),
    "AMB-17 double in clubs at every level": Alternative(
        "american-trick-count", "contracts: {params: {contracts: [" + ", ".join(
            f"{{id: {kind}{n}c, base: {10 * (n - 4)}}}" for kind in ("t", "solo")
            for n in (6, 7, 8)) + "]}}"),
    "AMB-17 +5 cents per level counted from 5 in every suit": Alternative(
        # tests/more_variants/test_american_per_level_from_five.py
        "american-trick-count", "contracts: {params: {contracts: [" + ", ".join(
            f"{{id: {kind}{n}c, base: {5 * (n - 4)}}}" for kind in ("t", "solo")
            for n in (6, 7, 8)) + "]}}"),
    "AMB-18 prime is 10 cents": Alternative(
        "american-trick-count", "scoring: {params: {prime: 10}}"),
    "AMB-18 no prime bonus": Alternative(
        "american-trick-count", "scoring: {params: {prime: 0}}"),
    "AMB-18 a forced game for the Spadille holder when all pass": Alternative(
        "american-trick-count",
        "auction: {params: {all_pass: {contracts: [t5], holder_of: [CQ]}}}"),
    "AMB-20 (b) the Spadilla holder is forced": Alternative(
        "foster", "auction: {params: {all_pass: {holder_of: [CQ]}}}"),
    "AMB-24 (i) Foster: the trump Ace may be called": Alternative(  # as AMB-11 (c), same module
        "foster", "partner: {params: {exclude_trump_suit: false}}"),
    "AMB-24 (ii) Foster: the called ace must be played when its suit is led": Alternative(
        "foster", "partner: {params: {must_play_when_led: true}}"),  # sensitivity (Altenburg)
    "AMB-25 Heart Solo: the Solo player may go on for a Tout": Alternative(
        "heart-solo", "early_end: {params: {go_on: true}}"),
    "AMB-25 Heart Solo: Solo at 4 only": Alternative(
        "heart-solo", "auction: {params: {amounts: [4]}}"),
    "AMB-25 Heart Solo: the last-trick loser pays 4, a Solo in suit": Alternative(
        "heart-solo", "contracts: {params: {contracts: [{id: last_trick, base: 2}]}}"),
    # tests/heart_solo/test_heart_solo_last_trick_payee.py
    "AMB-25 Heart Solo: the last-trick loser pays one player only": Alternative(
        "heart-solo", "settlement: {params: {declarerless: one_adversary}}"),
    "AMB-26 (b) the club values are doubled again": Alternative(
        "niese", "scoring: {params: {club_values: {question: 8, solo: 16, solo6: 16, solo2: 32}, "
        "club_factor: 4}}"),
    "AMB-27 (b) clubs excluded from Question": Alternative(
        "niese", "auction: {params: {bids: [{id: question, suits: SHD}]}}"),
    "AMB-27 (c) Question in clubs at 2": Alternative(  # sensitivity: scoring.club_values
        "niese", "scoring: {params: {club_values: {question: 2}}}"),
    "AMB-29 the club-symbol CQ does not count as a club for IsIt": Alternative(
        "niese", "auction: {params: {bids: [{id: isit, needs_one_of: [CA, CK, CJ, CT, C9, C8, "
        "C7]}]}}"),
    "AMB-31 (b) bids rank by score value alone": Alternative(
        "niese", "auction: {params: {bids: [{id: question, rank: 2}, {id: isit, rank: 4}, "
        "{id: kicker, rank: 6}, {id: ladies, rank: 8}, {id: solo, rank: 4}, {id: solo6, rank: 4}, "
        "{id: solo@C, rank: 8}, {id: isitsolo, rank: 8}, {id: solo6@C, rank: 8}, "
        "{id: bronco, rank: 12}, {id: bull, rank: 14}, {id: solo2, rank: 8}, "
        "{id: solo2@C, rank: 16}]}}"),
    "AMB-36 Ladies doubled in clubs": Alternative(
        "niese", "scoring: {params: {club_values: {ladies: 16}}}"),
    "AMB-40 (a) the party's own mackers add to what it pays": Alternative(  # sensitivity
        "niese", "scoring: {params: {both_ways: own_mackers}}"),
    "AMB-40 (b) defenders holding mackers collect them": Alternative(
        "niese", "scoring: {params: {both_ways: defenders_mackers}}"),
    "AMB-41 Sollo: the Frage declarer names trumps": Alternative(
        "muensterland-sollo", "contracts: {params: {contracts: [{id: frage, trump_by: declarer, "
        "suit: null}]}}"),
    "AMB-42 Sollo: the Ace holder may name any suit": Alternative(  # sensitivity (Altenburg)
        "muensterland-sollo", "partner: {params: {trump_not_called_suit: false}}"),
    "AMB-43 Sollo: a Solo may overcall a declared Frage": Alternative(
        # tests/more_variants/test_sollo_overcall.py
        "muensterland-sollo", "auction: {params: {overcall: true}}"),
    "AMB-45 (b) Sollo: the 7 is low even in trumps": Alternative(
        "muensterland-sollo", "ranks: {params: {matadors: [CQ, SQ], names: [Spadille, Basta]}}"),
    "AMB-49 the 10 is the lowest card": Alternative(
        "altenburg-1988", "ranks: {params: {plain_order: [A, K, Q, J, '9', '8', '7', T]}}"),
    "AMB-51 no Tout may be announced with a Mussfrage": Alternative(
        "altenburg-1988", "contracts: {params: {contracts: [{id: mussfrage, tout: false}]}}"),
    "AMB-54 all eight tricks are always played": Alternative(  # sensitivity
        "altenburg-1988", "early_end: {params: {stop_when_decided: false}}"),
    "AMB-56 the colour is spades for the session": Alternative(
        # tests/foster/test_foster_early_end.py (colour_suit: H)
        "foster", "contracts: {params: {colour_suit: S}}"),
    "AMB-57 a club Solo only as IsIt Solo, over a standing Solo": Alternative(
        # tests/niese/test_niese_isit_solo.py
        "niese", "auction: {params: {bids: [{id: solo@C, delete: true}, "
        "{id: isitsolo, only_over: [solo, solo6]}]}}"),
    "AMB-58 Bull Solo is the top bid": Alternative(
        "niese", "auction: {params: {bids: [{id: bull, rank: 13}]}}"),
    # tests/test_one_concept_one_parameter.py
    "AMB-48 the Ace of any preferred suit pays two (DOSSIER §2g-2)": Alternative(
        "altenburg-1988", "contracts: {params: {exchange: {favourite: preferred}}}",
        ("mediateur",)),
    "AMB-59 anyone may bid Grossfrage": Alternative(
        "altenburg-1988", "contracts: {params: {contracts: [{id: grossfrage, requires: []}]}}"),
    # ADDENDUM §A3. tests/three_hand/test_rothspitzen_alternatives.py
    "AMB-72 (ii) no: an overcalled Solo announcer may not take Couleur": Alternative(
        "rothspitzen", "auction: {params: {bids: [{id: couleur, keepable_over: []}]}}"),
    "AMB-72 (iii) no: a Solo holder may not name the Couleur": Alternative(
        "rothspitzen", "auction: {params: {bids: [{id: solo, suits: [C, S, D]}]}}"),
    "AMB-73 (b) each player sets a share of the Stamm": Alternative(
        "rothspitzen", "settlement: {params: {stake: shared, stamm: 12}}"),
    "AMB-73 (c) each player sets a Stamm": Alternative(
        "rothspitzen", "settlement: {params: {stake: each}}"),
    "AMB-74 (b) each opponent also pays the price of the game": Alternative(
        "rothspitzen", "settlement: {params: {price_each: true}}"),
    "AMB-75 (c) a quarter of the Stamm for each of the first five tricks": Alternative(
        "rothspitzen", "scoring: {params: {prime: 5}}"),
    "AMB-78 (d) a loser leaves the Stämme to the opponents": Alternative(
        "rothspitzen", "settlement: {params: {loss: forfeit}}"),
    "AMB-80 (b) each named matador held counts": Alternative(
        "rothspitzen", "scoring: {params: {matadors: named}}"),
    "AMB-82 (b) the cut sentence is not the matador renege": Alternative(
        "rothspitzen", "play: {params: {matador_renege: false}}"),
    "AMB-83 (d) linksherum is counter-clockwise": Alternative(
        "rothspitzen", "deal: {params: {direction: counter-clockwise}}"),
    # tests/more_variants/test_malborn_alternatives.py
    "AMB-61 (b) a gewiesenes Spiel needs both black queens": Alternative(
        "malborn-solo", "contracts: {params: {contracts: [{id: gewiesen, requires: [CQ, SQ]}]}}"),
    "AMB-61 (c) the spade queen lies face up until played": Alternative(
        "malborn-solo", "contracts: {params: {contracts: [{id: gewiesen, shows: required}]}}"),
    "AMB-64 (b) a Solo is worth twice the simple game": Alternative(
        "malborn-solo", "contracts: {params: {contracts: [{id: solo, base: 2}, {id: gewiesen, "
                        "base: 4}, {id: solo_durch, base: 8}]}}"),
    "AMB-64 (y) each loser of the pair game pays each winner": Alternative(
        "malborn-solo", "settlement: {params: {partners_paid: each}}"),
    "AMB-65 (b) at four all the club queen's pair loses": Alternative(
        "malborn-solo", "contracts: {params: {contracts: [{id: paar, drawn_at: null}]}}"),
    "AMB-66 (d) holding the plain Aces and Kings he plays alone": Alternative(
        "malborn-solo", "partner: {params: {ranks: [A, K]}}"),
    "AMB-67 (b) the called card must be played when its suit is led": Alternative(
        "malborn-solo", "partner: {params: {must_play_when_led: true}}"),
    "AMB-68 (b) counter-clockwise": Alternative(
        "malborn-solo", "deal: {params: {direction: counter-clockwise}}"),
    # tests/overlays/test_pot_and_fees.py
    "AMB-86 a four-hand loser leaves the pot to the opponents": Alternative(
        "altenburg-1988", "settlement: {params: {loss: forfeit}}", ("pot-and-fees",)),
    # tests/more_variants/test_quadrille.py (test_amb87_..., test_amb88_b_...)
    "AMB-87 packets of 4-3-3": Alternative("quadrille", "deal: {params: {packets: [4, 3, 3]}}"),
    "AMB-88 (b) codille only at three tricks or fewer": Alternative(
        "quadrille", "scoring: {params: {remise: 4}}\nsettlement: {params: {graded_at: [4]}}"),
    # tests/more_variants/test_quadrille_lancashire.py
    "AMB-90 (b) a failed vole pays the vole": Alternative(
        "quadrille-lancashire", "scoring: {params: {failed_vole: pays_vole}}"),
    "AMB-92 (a) the holder of a red Ace is paid a fish for each": Alternative(
        "quadrille-lancashire", "settlement: {params: {red_ace_fish: 1}}"),
}


def _rulebook(variant: Variant) -> dict[str, list[str]]:
    """Each slot's rule sentences, as the rulebook prints them."""
    return {slot: [clause.text for clause in rule.module.describe()]
            for slot, rule in variant.slots.items()}


def _overlay(folder: Path, name: str, rules: str) -> Path:
    """An overlay file holding the ``rules:`` block ``rules``."""
    path = folder / f"{name}.yaml"
    path.write_text(f"schema: 1\nid: {name}\nstatus: overlay\nrules:\n"
                    f"{textwrap.indent(rules, '  ')}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("reading", sorted(ALTERNATIVES))
def test_every_alternative_is_selectable_and_changes_the_rulebook(reading: str,
                                                                 tmp_path: Path) -> None:
    """DOSSIER §3: the alternatives are legal values; the rulebook follows the one chosen."""
    row = ALTERNATIVES[reading]
    default = load_variant(row.base, overlays=row.overlays)
    chosen = load_variant(row.base, overlays=[*row.overlays,
                                              _overlay(tmp_path, "alternative", row.rules)])
    before, after = _rulebook(default), _rulebook(chosen)
    assert before != after, f"{reading}: the rulebook does not show the reading"
    changed = {slot for slot in before if before[slot] != after[slot]}
    assert changed <= set(yaml.safe_load(row.rules)), "only the chosen slot's prose changes"


def test_the_table_has_the_alternatives_issue_11_names() -> None:
    """Issue 11: "Today these cannot be chosen: AMB-37 'forced game' after an all-pass; AMB-28
    (c) keep only on the very next bid; AMB-34 expose the Bronco after the first trick; AMB-32
    (c) a Kicker must beat even when void; AMB-23 (b) go on at any time"; each has a row."""
    named = ("AMB-37 a forced game", "AMB-28 (c)", "AMB-34", "AMB-32 (c)", "AMB-23 (b)")
    for start in named:
        assert any(reading.startswith(start) for reading in ALTERNATIVES), start


NOT_A_PARAMETER: dict[str, str] = {
    "AMB-15": "the literal count (black 10, red 9 trumps) contradicts the pack's arithmetic "
              "(DOSSIER §1.5): no deal can realise it, so it is a misprint, not a rule",
    "AMB-16": "both readings say S-002's blind is an error: 4 × 8 = 32 leaves no card for one",
    "AMB-38": "the row lists open questions, not readings: one EDITORIAL purchase rule where "
              "S-NIE is silent",
    "AMB-39": "the row lists no alternative reading: niese-six-hand is a reconstruction, marked "
              "status: reconstructed",
    "AMB-44": "the row lists no reading ('Scoring could not be read'): the stake table is "
              "EDITORIAL",
    "AMB-55": "the readings are whole profiles, kept as separate variants (altenburg-1988, "
              "parlett-penguin), each loadable by id",
}

NOT_A_PARAMETER.update({
    "AMB-71": "the readings are the two packs, kept as two variants: spitzeln (Schellen "
              "reduced, Grimm) and rothspitzen (Roth reduced, Pierer), each loadable by id",
})

NOT_A_PARAMETER.update({
    "AMB-89": "the readings are whole profiles, kept as two variants: quadrille (its amounts "
              "unknown) and quadrille-lancashire (the one table found)",
    "AMB-91": "the row lists one reading: the self-caller plays, wins and loses alone",
})

#: ADDENDUM §A3 decisions whose modules a later step builds (empty once done).
NOT_YET_BUILT: dict[str, str] = {
    "AMB-85": "pref.sur",
}

NOT_YET_SELECTABLE: dict[str, str] = {
    "AMB-92 (b) only the Punto's holder is paid a fish": "settlement.quadrille pays a fish "
    "for each red Ace, whatever the trumps",
    "AMB-61 (d) any holder of the spade queen doubles a Solo (a Kontra)": "the auctions have "
    "no doubling by a defender; the sentence lists the gewiesenes Spiel among announcements",
    "AMB-62 (b) durch fourfold on top of the gewiesen double": "one bid names one contract; "
    "a durch shown with the spade queen would be a fifth contract of value 8, which no source "
    "names",
    "AMB-62 (c) durch as played through to the end, not a slam": "end.abandon_at_five stops "
    "every contract once it is decided; a contract that must be played out is not a value",
    "AMB-63 (c) Skat-style duels with a hold for the earlier seat": "auction.single_round's "
    "keep lets an earlier seat take over a later, higher bid in one round; duels in which he "
    "holds a higher category are another auction module",
    "AMB-65 (c) a pair game of four all is dealt again": "a played hand that is thrown in "
    "afterwards is no result of the settlement",
    "AMB-66 (b) the trump King may be called": "partner.called_card bars the trump suit for "
    "every rank at once (exclude_trump_suit), so the trump Ace would become callable too",
    "AMB-67 (c) the partner announces himself at once": "partner.called_card reveals the "
    "partner by play, or by his answer to the declarer's Helfer question, never unasked",
    "AMB-69 (b) Altenburg's prime and Tout bonuses": "a module swap (end.prime_or_continue, "
    "scoring.party_points) whose point values would have to be set against the stake "
    "multiples; no source gives them",
    "AMB-70 (b) clubs preferred in Solo": "auction.single_round has no preferred suit: its "
    "bids would be doubled by suit, which S-MAL does not rank",
    "AMB-76 (b) a tout made is paid 2P in place of the game": "scoring.stamm_fees adds the "
    "tout to the Stamm drawn; paying it instead of the Stamm would need the settlement to "
    "skip the draw for one fee",
    "AMB-76 (d) a failed tout pays 2P and nothing else": "the pot settlement knows a won and a "
    "lost game; a failed tout that neither draws nor sets a Stamm would be a third result",
    "AMB-77 going on after a lost trick": "end.prime_or_continue offers going on only after a "
    "sweep of the first tricks (end.abandon_at_five's go_on_when: any_time has no prime)",
    "AMB-78 (b) bête pays P to each opponent and sets one Stamm": "the pot settlement sets as "
    "many Stämme as a winner would draw; one Stamm whatever stands is not a value of it",
    "AMB-78 (f) the defenders' own matadors are paid to them": "scoring.stamm_fees counts the "
    "declarer's party's matadors only",
    "AMB-79 (b) the cap of three applies only to drawing": "settlement.pot_and_fees has one "
    "cap for drawing and setting",
    "AMB-80 (c) matadors counted with or against, as in Skat": "scoring.stamm_fees counts the "
    "party's own matadors only",
    "AMB-81 (b) the same dealer deals after a throw-in": "the deal passes after a throw-in as "
    "after any hand (deal.packets has no rule of its own for it)",
    "AMB-81 (d) no new Stamm after a throw-in": "the Stamm is set before every deal",
    "AMB-83 (a) seats drawn with three cards of different suits": "deal.packets draws the first "
    "dealer by the lowest card or the first club dealt",
    "AMB-84 (b) Couleur doubles every payment": "the Stamm fees have no colour multiplier",
    "AMB-17 solo values above the partnership values": "S-002 gives no figures: a table may "
    "set any as the base of the solo rungs, but no value is the reading, so no row can select "
    "it without inventing one (and a flag for 'above' would have to invent the margin)",
}


def _register_ids() -> list[str]:
    """The AMB ids of DOSSIER §3, as docs/decisions.yaml registers them."""
    register = Path(__file__).resolve().parents[1] / "docs" / "decisions.yaml"
    entries = yaml.safe_load(register.read_text(encoding="utf-8"))
    return [entry["id"] for entry in entries if entry["id"].startswith("AMB-")]


def test_every_decision_of_the_dossier_is_walked() -> None:
    """Issue 11, "Walk §3 row by row": each AMB id has a row in the table, or is explicitly not a
    parameter (with its reason), so a new row cannot be forgotten; the readings not yet
    selectable are listed by id and reading."""
    ids = _register_ids()
    assert len(ids) == 92 and len(set(ids)) == 92, ("DOSSIER §3 and ADDENDUM §A3 have 92 "
                                                    "items, AMB-01 .. AMB-92")
    tabled = {reading.split(" ")[0] for reading in ALTERNATIVES}
    pending = {reading.split(" ")[0] for reading in NOT_YET_SELECTABLE}
    walked = tabled | set(NOT_A_PARAMETER) | set(NOT_YET_BUILT) | pending
    assert [amb for amb in ids if amb not in walked] == []
    assert walked <= set(ids), "every walked id is a decision of the register"
    assert not tabled & set(NOT_A_PARAMETER), "a selectable reading is a parameter"
    assert not pending & set(NOT_A_PARAMETER), "a reading not yet selectable is a parameter"
    assert not set(NOT_YET_SELECTABLE) & set(ALTERNATIVES)
    assert all(reason.strip() for reason in [*NOT_A_PARAMETER.values(),
                                             *NOT_YET_SELECTABLE.values()])
