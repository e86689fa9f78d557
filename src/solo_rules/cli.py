"""The ``solo-rules`` command: list the variants, print a rulebook, play or watch a hand.

``solo-rules play`` is interactive when stdin is a terminal: the human plays one seat and the
heuristic bot plays the others, each bot deciding from its own seat's view. Otherwise (or with
``--watch``) it prints a fully annotated hand played by bots. Bad input never ends in a
traceback: it is one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from solo_rules.actions import PASS, Action
from solo_rules.bots import Bot, HeuristicBot
from solo_rules.cards import Card, CardSet
from solo_rules.describe import rulebook
from solo_rules.errors import SoloRulesError
from solo_rules.game import compile, new_game
from solo_rules.ranking import TRUMP, Trump
from solo_rules.state import GameState, Phase
from solo_rules.variant import (
    Variant,
    available_overlays,
    available_variants,
    load_variant,
    overlay_bases,
    overlay_title,
)

__all__ = ["main"]

DEFAULT_VARIANT = "altenburg-1988"


class _UsageError(Exception):
    """A command-line mistake, reported on one line with exit code 2."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(self.prog, message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="solo-rules", description="The rules of the German Solo family: "
                     "rulebooks, and hands to play or watch.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=_Parser)
    commands.add_parser("variants", help="list the playable variants")
    rules = commands.add_parser("rules", help="print a variant's rulebook")
    rules.add_argument("variant", metavar="VARIANT", help="a variant id or a variant file")
    rules.add_argument("--format", choices=("text", "markdown"), default="text")
    play = commands.add_parser("play", help="play a hand against bots, or watch one")
    play.add_argument("variant", metavar="VARIANT", nargs="?", default=DEFAULT_VARIANT,
                      help=f"a variant id or file (default {DEFAULT_VARIANT})")
    play.add_argument("--seed", type=int, help="the deal's seed (default: a random one)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--dealer", type=int, default=None,
                      help="the dealer's seat (default: drawn by the variant's first-dealer rule)")
    play.add_argument("--watch", action="store_true", help="watch bots play every seat")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code (0 ok, 2 bad input, 130 interrupted)."""
    try:
        args = _parser().parse_args(argv)
        if args.command == "variants":
            return _variants(sys.stdout)
        if args.command == "rules":
            sys.stdout.write(rulebook(load_variant(args.variant), args.format))
            return 0
        return _play(args)
    except (_UsageError, SoloRulesError) as exc:
        prog = exc.prog if isinstance(exc, _UsageError) else "solo-rules"
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except BrokenPipeError:  # the reader left (``| head``): stop quietly, as the docs advise
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _variants(out: TextIO) -> int:
    """The playable variants, then the overlays (optional rules) and the bases each fits."""
    rows = [("id", "title", "players", "status")]
    for vid in available_variants():
        variant = load_variant(vid)
        rows.append((variant.id, variant.title, str(compile(variant).players), variant.status))
    _table(out, rows)
    overlays = [("overlay", "title", "applies to")]
    for oid in available_overlays():
        title = overlay_title(oid)
        overlays.append((oid, title, ", ".join(overlay_bases(oid))))
    if overlays[1:]:
        out.write("\n")
        _table(out, overlays)
    return 0


def _table(out: TextIO, rows: Sequence[tuple[str, ...]]) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        out.write("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
                  .rstrip() + "\n")


def _play(args: argparse.Namespace) -> int:
    variant = load_variant(args.variant)
    rules = compile(variant)
    players = rules.players
    for name in ("seat", "dealer"):
        value = getattr(args, name)
        if value is not None and not 0 <= value < players:
            raise _UsageError("solo-rules play", f"--{name} {value}: {variant.id} has seats "
                              f"0..{players - 1}")
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    dealer = args.dealer
    if dealer is None:
        dealer = rules.first_dealer(random.Random(seed))
    state = new_game(variant, seed=seed, dealer=dealer)
    bots: list[Bot] = [HeuristicBot(seed * 8 + seat) for seat in range(players)]
    if args.watch or not sys.stdin.isatty():
        return _Table(variant, sys.stdout, None).watch(state, bots, seed)
    return _Table(variant, sys.stdout, args.seat).interactive(state, bots, seed)


class _Table:
    """Prints a hand as it is played. ``human`` is the seat whose eyes we see through, or
    ``None`` for a watcher who sees every card and every secret."""

    def __init__(self, variant: Variant, out: TextIO, human: int | None) -> None:
        self.variant = variant
        self.rules = compile(variant)
        self.out = out
        self.human = human
        self.german = self.rules.pack_rules.suits == "german"

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def who(self, seat: int) -> str:
        return "you" if seat == self.human else f"seat {seat}"

    # -- the two modes ---------------------------------------------------------------------

    def watch(self, state: GameState, bots: list[Bot], seed: int) -> int:
        """Print the deal, then every action as the bots play it, then the outcome."""
        self.say(f"{self.variant.title}: seed {seed}, dealer seat {state.dealer}, eldest seat "
                 f"{state.eldest}")
        self.say("The deal:")
        for seat in range(state.players):
            self.say(f"  seat {seat}: {self.cards(state.hand(seat))}")
        if self.german:
            self.say("  (German-suited: ♣ Eichel, ♠ Grün, ♥ Rot, ♦ Schellen; Q Ober, J Unter)")
        while not state.is_terminal:
            seat = state.player
            state = self.step(state, bots[seat].choose(state.view(seat)))
        self.outcome(state)
        return 0

    def interactive(self, state: GameState, bots: list[Bot], seed: int) -> int:
        """Play the human's seat from the terminal, the bots the others; end of input quits."""
        self.say(f"{self.variant.title}: seed {seed}. You are seat {self.human}; the dealer is "
                 f"seat {state.dealer}, eldest is seat {state.eldest}. Enter a choice's number "
                 "or its text; Ctrl-D quits.")
        try:
            while not state.is_terminal:
                seat = state.player
                if seat == self.human:
                    action = self.ask(state)
                else:
                    action = bots[seat].choose(state.view(seat))
                state = self.step(state, action)
        except EOFError:
            self.say("\nGoodbye.")
            return 0
        except KeyboardInterrupt:
            self.say("\nInterrupted.")
            return 130
        self.outcome(state)
        return 0

    def ask(self, state: GameState) -> Action:
        """Show the human's view and read a legal choice, asking again after bad input."""
        assert self.human is not None
        view = state.view(self.human)
        self.say()
        if state.contract is not None:
            self.say(f"Contract: {self.rules.contract_text(state.contract)}")
        if view.trick:
            self.say("Trick so far: " + ", ".join(f"{self.who(s)} {self.card(c)}"
                                                  for s, c in view.trick))
        if view.exposed:
            self.say(f"Face up on the table: {self.cards(view.exposed, view.trump)}")
        self.say(f"Your hand: {self.cards(view.hand, view.trump)}")
        if self.german:
            self.say("           " + ", ".join(c.german_name for c in self.sorted(view.hand,
                                                                                     view.trump)))
        choices = view.legal_actions
        for number, action in enumerate(choices, start=1):
            self.say(f"  {number:2}. {self.action_text(action)}")
        while True:
            self.out.write(f"Your choice (1-{len(choices)} or text): ")
            self.out.flush()
            answer = input().strip()
            try:
                if answer.isdigit():
                    if not 1 <= int(answer) <= len(choices):
                        raise SoloRulesError(f"there is no choice {answer}: pick 1 to "
                                             f"{len(choices)}")
                    return choices[int(answer) - 1]
                if not answer:
                    raise SoloRulesError("enter a choice's number or its text")
                state.apply(answer)
                return state.action(answer)
            except SoloRulesError as exc:
                self.say(f"Not accepted: {exc}")

    # -- the running commentary ------------------------------------------------------------

    def step(self, state: GameState, action: Action) -> GameState:
        """Apply ``action`` and print it with short notes on what it did."""
        seat = state.player
        after = state.apply(action)
        notes = self.notes(state, action, after)
        text = f"{self.who(seat)}: {self.action_text(action)}"
        self.say(text + (f"  ({'; '.join(notes)})" if notes else ""))
        return after

    def notes(self, before: GameState, action: Action, after: GameState) -> list[str]:
        """Short public notes on an action; a watcher (no human seat) also learns secrets."""
        notes: list[str] = []
        phase = before.phase
        if phase == Phase.PLAY:
            notes += self.card_notes(before, action.id, after)
        elif phase != Phase.AUCTION and self.rules.actions.note(action):
            notes.append(self.rules.actions.note(action))
        elif phase == Phase.CALL and after.contract is not None:
            notes.append(self.call_note(after))
        if after.contract is not None and before.contract is None:
            notes.append(f"contract: {self.rules.contract_text(after.contract)}")
        if phase == Phase.AUCTION and after.phase != Phase.AUCTION:
            notes.append(self.auction_note(after))
        if phase == Phase.TRUMP and after.contract is not None:
            notes.append(f"trumps are {self.trump_text(after.contract.trump)}")
        contract = after.contract
        if (contract is not None and contract.partner is not None and after.partner_revealed
                and not before.partner_revealed):
            notes.append(f"partner revealed: seat {contract.partner}")
        if after.is_terminal and not before.is_terminal:
            notes.append("the hand is over")
        return notes

    def card_notes(self, before: GameState, card: int, after: GameState) -> list[str]:
        """Lead, trump or discard; the called card; who won the trick just completed."""
        contract = before.contract
        assert contract is not None
        tables = self.rules.tables(contract.trump)
        notes = []
        if not before.trick:
            notes.append("leads")
        else:
            led = tables.suit_of[before.trick[0]]
            suit = tables.suit_of[card]
            if suit != led:
                notes.append("trumps" if suit == TRUMP else "discards")
        if card == contract.called:
            notes.append("the called card")
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            winner = self.who(trick.winner)
            text = f"{winner} {'win' if winner == 'you' else 'wins'} trick {len(after.tricks)}"
            if self.human is None and contract.declarer is not None:
                party, defenders = after.party_tricks()
                text += f"; party {party}, defenders {defenders}"
            notes.append(text)
        return notes

    def call_note(self, after: GameState) -> str:
        """Who the called card makes partner: a watcher is told, a player only about himself."""
        contract = after.contract
        assert contract is not None and contract.called is not None
        note = f"whoever holds {self.card(contract.called)} is the partner"
        if self.human is None:
            holders = [s for s in range(after.players) if after.hands[s] >> contract.called & 1]
            if not holders:
                note += " (the card is out of play: the declarer plays alone)"
            elif holders[0] == contract.declarer:
                note += " (the declarer holds it himself: he plays alone)"
            else:
                note += f" (secretly seat {holders[0]})"
        elif contract.partner == self.human:
            note += ": that is you"
        return note

    def auction_note(self, after: GameState) -> str:
        """How the auction ended."""
        if after.phase == Phase.END:
            return "everyone passed: the hand is thrown in"
        declarer = after.player if after.contract is None else after.contract.declarer
        everyone_passed = all(action == PASS.id for _, action in after.history)
        if declarer is None:
            return "everyone passed: no declarer, each plays for himself" if everyone_passed \
                else "no declarer"
        if everyone_passed:
            return f"everyone passed: {self.who(declarer)} must play"
        return f"{self.who(declarer)} {'win' if declarer == self.human else 'wins'} the auction"

    def outcome(self, state: GameState) -> None:
        """The result: the contract, the tricks, the value and its parts, and each seat's
        change of score."""
        outcome = state.outcome()
        self.say()
        if outcome.contract is None:
            self.say(f"Outcome: {outcome.note or 'no contract'}; nobody scores.")
            return
        text = f"Outcome: {self.rules.contract_text(outcome.contract)}"
        if outcome.declarer is not None:
            text += "; partner " + ("none" if outcome.partner is None else
                                    f"seat {outcome.partner}")
        self.say(text)
        self.say("  tricks: " + ", ".join(f"seat {seat} {won}"
                                          for seat, won in enumerate(state.won)))
        if outcome.joint:
            self.say("  declarers: " + ", ".join(f"seat {seat} {'made' if made else 'lost'}"
                                                 for seat, made in outcome.joint))
        elif outcome.declarer is not None:
            self.say(f"  party {outcome.party_tricks}, defenders {outcome.defender_tricks}: "
                     + ("made" if outcome.made else "lost"))
        parts = " ".join(f"{name} {value:+d}" for name, value in outcome.breakdown)
        total = sum(value for _, value in outcome.breakdown)
        self.say(f"  value: {parts} = {total:+d}")
        self.say("  change: " + ", ".join(f"seat {seat} {score:+d}"
                                          for seat, score in enumerate(outcome.scores)))

    # -- card text -------------------------------------------------------------------------

    def card(self, card: Card) -> str:
        return card.symbol_text

    def sorted(self, hand: CardSet, trump: Trump | None) -> list[Card]:
        """Trumps first (highest first), then the plain suits in order, highest first."""
        if trump is None:
            return list(hand)
        tables = self.rules.tables(trump)
        return sorted(hand, key=lambda c: (tables.suit_of[c] != TRUMP, tables.suit_of[c],
                                           -tables.power[c]))

    def cards(self, hand: CardSet, trump: Trump | None = None) -> str:
        return " ".join(self.card(c) for c in self.sorted(hand, trump))

    def action_text(self, action: Action) -> str:
        card = action.card
        if card is not None:
            name = f" {card.german_name}" if self.german and self.human is not None else ""
            return f"{action.kind} {card.symbol_text}{name}"
        return action.text

    @staticmethod
    def trump_text(trump: Trump | None) -> str:
        if trump is None:
            return "not yet named"
        return "none" if trump.suit is None else trump.suit.symbol
