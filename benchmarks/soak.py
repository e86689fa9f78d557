"""A long soak: many random hands of every playable variant, the full invariant set checked
at every step, and garbage thrown at every state; prints what it checked and what broke.

    python benchmarks/soak.py --hands 20000 [--seed 1] [--variant niese]

At each step: the cards are conserved (hands, the trick and the tricks make the pack, no card
twice); the legal actions are sorted, unique, present exactly until the end and round-trip as
text; an illegal action and a garbage input (text, an id, a Python object) are refused with a
``SoloRulesError`` or a ``TypeError`` and leave the state as it was; every seat's view shows no
other seat's unplayed card (except cards face up by rule and the called card's name) and legal
actions only to the seat to act. At the end: the trick winners lead the next trick and the
trick counts add up; the outcome's party and defender tricks match the tricks, a zero-sum
settlement sums to 0; the hand replays from its seed and texts to an equal state; the final
state pickles to an equal one. Exit code 1 when anything broke (the first failures printed).
"""

from __future__ import annotations

import argparse
import collections
import pickle
import random
import sys
import time
import traceback
from collections.abc import Callable

import solo_rules as sr

GARBAGE: tuple[object, ...] = (None, 1.5, b"pass", ["pass"], True, "", "²", "play", "play ZZ",
                               "bid", "declare solo X", "\x00", "9" * 5000, -1, 10**30, 255,
                               object(), "pass pass", "play CQ CQ", "bid @C")


class Soak:
    """Counts of checks made and the failures found, by name."""

    def __init__(self) -> None:
        self.counts: collections.Counter[str] = collections.Counter()
        self.failures: list[str] = []

    def check(self, name: str, ok: bool, where: str) -> None:
        self.counts[name] += 1
        if not ok:
            self.failures.append(f"{name}: {where}")

    def refused(self, name: str, call: Callable[[], object], where: str) -> None:
        """``call`` must raise a ``SoloRulesError`` or a ``TypeError``."""
        self.counts[name] += 1
        try:
            call()
        except (sr.SoloRulesError, TypeError):
            return
        except Exception:  # the soak's purpose: report any other exception
            self.failures.append(f"{name}: {where}: {traceback.format_exc(limit=2)}")
            return
        self.failures.append(f"{name}: {where}: accepted")

    # -- one step ----------------------------------------------------------------------------

    def step(self, state: sr.GameState, rng: random.Random, where: str) -> None:
        rules = state.rules
        pack = sr.compile(state.variant).pack
        held = 0
        for mask in state.hands:
            self.check("no card held twice", held & mask == 0, where)
            held |= mask
        played = [card for trick in state.tricks for card in trick.cards] + list(state.trick)
        played_mask = sum(1 << card for card in played)
        self.check("cards conserved", held | played_mask == pack and
                   held & played_mask == 0 and len(set(played)) == len(played), where)
        legal = state.legal_actions()
        ids = [action.id for action in legal]
        self.check("legal actions sorted and unique", ids == sorted(set(ids)), where)
        self.check("legal actions exactly until the end", bool(legal) != state.is_terminal,
                   where)
        for action in legal:
            self.check("action text round-trips", state.action(action.text) == action, where)
        illegal = [aid for aid in rules.actions.by_id if aid not in ids]
        if illegal:
            aid = rng.choice(illegal)
            self.refused("illegal action refused", lambda: state.apply(aid), f"{where} id {aid}")
        thing = rng.choice(GARBAGE)
        self.refused("garbage refused", lambda: state.apply(thing),  # type: ignore[arg-type]
                     f"{where} {thing!r:.40}")
        for seat in range(state.players):
            self.view(state, seat, played_mask, where)

    def view(self, state: sr.GameState, seat: int, played: int, where: str) -> None:
        view = state.view(seat)
        contract = state.contract
        called = contract.called if contract is not None else None
        visible = state.hands[seat] | played | view.exposed.mask
        shown = view.hand.mask | sum(1 << card for _, card in view.trick)
        shown |= sum(1 << action.card for _, action in view.history
                     if action.kind == "play" and action.card is not None)
        self.check("view shows no hidden card", shown & ~visible == 0, f"{where} seat {seat}")
        if view.exposed:
            others = sum(state.hands[s] for s in range(state.players) if s != seat)
            self.check("face-up cards are others' unplayed cards",
                       view.exposed.mask & ~others == 0, f"{where} seat {seat}")
        self.check("view legal only for the seat to act",
                   view.legal_actions == (state.legal_actions() if state.current_player == seat
                                          else ()), f"{where} seat {seat}")
        self.check("view's called card is the contract's", view.called == called,
                   f"{where} seat {seat}")
        partner = None if contract is None else contract.partner
        hidden = partner is not None and not state.partner_revealed and seat != partner
        self.check("hidden partner stays hidden", not hidden or view.partner is None,
                   f"{where} seat {seat}")
        self.counts["views"] += 1

    # -- one hand ----------------------------------------------------------------------------

    def hand(self, variant: str, seed: int) -> int:
        rng = random.Random(seed)
        caution = rng.randint(1, 8)  # low draws: more passes, partnerships and early ends
        state = sr.new_game(variant, seed=seed)
        first, texts = state, []
        steps = 0
        while True:
            where = f"{variant} seed {seed} step {steps}"
            self.step(state, rng, where)
            if state.is_terminal:
                break
            legal = state.legal_actions()
            action = legal[min(rng.randrange(len(legal)) for _ in range(caution))]
            state = state.apply(action)
            texts.append(action.text)
            steps += 1
        self.end(first, state, texts, f"{variant} seed {seed}")
        return steps

    def end(self, first: sr.GameState, final: sr.GameState, texts: list[str],
            where: str) -> None:
        for index, trick in enumerate(final.tricks[:-1]):
            self.check("trick winner leads next", final.tricks[index + 1].leader == trick.winner,
                       where)
        self.check("won counts the tricks", final.won == tuple(
            sum(1 for trick in final.tricks if trick.winner == seat)
            for seat in range(final.players)), where)
        outcome = final.outcome()
        self.check("outcome tricks add up",
                   outcome.party_tricks + outcome.defender_tricks == len(final.tricks)
                   or outcome.contract is None, where)
        if final.rules.settlement.zero_sum:
            self.check("zero-sum settlement sums to 0", sum(outcome.scores) == 0, where)
        replayed = first
        for text in texts:
            replayed = replayed.apply(text)
        self.check("replays from seed and texts", replayed == final and
                   sr.new_game(final.variant, seed=int(where.split()[-1])) == first, where)
        self.check("pickles to an equal state", pickle.loads(pickle.dumps(final)) == final,
                   where)
        self.counts["hands"] += 1
        self.counts[f"hands of {final.variant.id}"] += 1
        if outcome.contract is None:
            self.counts["hands thrown in"] += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands to play (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--variant", action="append",
                        help="a variant to soak (repeatable; default every playable one)")
    args = parser.parse_args(argv)
    variants = args.variant or sr.available_variants()
    soak = Soak()
    steps = 0
    start = time.perf_counter()
    for n in range(args.hands):
        variant = variants[n % len(variants)]
        seed = args.seed + n
        try:
            steps += soak.hand(variant, seed)
        except Exception:  # anything the engine raised while playing legal moves
            soak.failures.append(f"crash: {variant} seed {seed}: "
                                 f"{traceback.format_exc(limit=3)}")
    elapsed = time.perf_counter() - start
    print(f"solo-rules soak: {args.hands} hands from seed {args.seed} over "
          f"{', '.join(variants)} in {elapsed:.1f} s")
    print(f"  {'decision steps':38} {steps:>12,}")
    for name, count in sorted(soak.counts.items()):
        print(f"  {name:38} {count:>12,}")
    print(f"  {'checks':38} {sum(soak.counts.values()) - soak.counts['views']:>12,}")
    print(f"  {'failures':38} {len(soak.failures):>12,}")
    for failure in soak.failures[:10]:
        print("FAIL", failure)
    return 1 if soak.failures else 0


if __name__ == "__main__":
    sys.exit(main())
