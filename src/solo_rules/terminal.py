"""The terminal table of ``solo-rules play`` and ``replay --watch``: a hand printed as it is
played, with short notes on each action, and a human seat's menu read from the terminal or a
script. Wrapped and coloured on a terminal, one plain line per event elsewhere."""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import textwrap
from collections.abc import Iterator, Sequence
from typing import TextIO

from solo_rules.actions import PASS, Action, play_card
from solo_rules.bots import Bot
from solo_rules.cards import Card, CardSet, Suit, parse_card
from solo_rules.describe import compose, phase_slots
from solo_rules.display import action_text, choice_note, in_menu_order, in_trump_order
from solo_rules.errors import SoloRulesError
from solo_rules.game import compile, new_game
from solo_rules.ranking import TRUMP, Trump
from solo_rules.state import GameState, Phase
from solo_rules.variant import Variant
from solo_rules.wording import addressed

__all__ = ["Replay", "Screen", "Table"]

#: An answer read as a choice's number (a sign included, so that ``-1`` is a bad number).
_NUMBER = re.compile(r"[+-]?[0-9]{1,4}")


def _dealing_actions(state: GameState) -> list[tuple[int, str]]:
    """The actions ``state``'s hand began with in a phase of a module's own, before any of
    the standard phases (the five-hand purchase: S-NIE, AMB-38), as ``(seat, text)``."""
    standard = {phase.value for phase in Phase}
    again = new_game(state.variant, hands=state.dealt, dealer=state.dealer)
    done = []
    for seat, aid in state.history:
        if again.phase in standard:
            break
        done.append((seat, state.rules.actions.text_of(aid)))
        again = again.apply(aid)
    return done


class Replay:
    """The command and the Python call that deal this hand again; a hand of a match carries
    the match state it was dealt under (the preferred suit established before it, AMB-46, and
    the pot standing), so that it is played and scored as it was."""

    def __init__(self, variant: str, seed: int, dealer: int | None, seat: int,
                 preferred: Suit | None = None, pot: int = 0) -> None:
        # a file name that is not UTF-8 is shown with its bytes escaped, so it can be printed
        self.variant = variant.encode("utf-8", "backslashreplace").decode("utf-8")
        self.seed, self.dealer, self.seat = seed, dealer, seat
        self.preferred, self.pot = preferred, pot

    def command(self, *, seat: bool) -> str:
        words = ["solo-rules", "play", self.variant, "--seed", str(self.seed)]
        if self.dealer is not None:
            words += ["--dealer", str(self.dealer)]
        if self.preferred is not None:
            words += ["--preferred", self.preferred.letter]
        if self.pot:
            words += ["--pot", str(self.pot)]
        if seat and self.seat:
            words += ["--seat", str(self.seat)]
        return " ".join(shlex.quote(word) for word in words)

    def python(self) -> str:
        dealer = "" if self.dealer is None else f", dealer={self.dealer}"
        variant = repr(self.variant)
        if self.preferred is not None or self.pot:
            state = (([f"preferred={self.preferred.letter!r}"] if self.preferred else [])
                     + ([f"pot={self.pot}"] if self.pot else []))
            variant = f"solo_rules.Match.session_variant({variant}, {', '.join(state)})"
        return f"solo_rules.new_game({variant}, seed={self.seed}{dealer})"

    def next_hand(self) -> str:
        """The command for another hand (the next seed)."""
        return Replay(self.variant, self.seed + 1, None, self.seat).command(seat=True)


class Screen:
    """Where a table writes: on a terminal, each line wrapped at word breaks to its width and
    the red suits in red (no colour with ``NO_COLOR`` set, or ``TERM=dumb``); elsewhere (a
    pipe, a file) one plain line per event, for scripts."""

    _RED = re.compile(r"[♥♦](?:10|[AKQJ987])?")

    def __init__(self, out: TextIO) -> None:
        self.out = out
        try:
            terminal = out.isatty()
        except (AttributeError, ValueError):
            terminal = False
        self.width = shutil.get_terminal_size().columns if terminal else 0
        self.colour = (terminal and not os.environ.get("NO_COLOR")
                       and os.environ.get("TERM") != "dumb")

    def lines(self, text: str) -> str:
        """``text`` wrapped (continuation lines indented) and painted for this screen."""
        if self.width < 20 or len(text) <= self.width:
            wrapped = [text]
        else:
            indent = " " * (len(text) - len(text.lstrip()) + 4)
            wrapped = textwrap.wrap(text, self.width - 1, subsequent_indent=indent,
                                    break_long_words=False, break_on_hyphens=False) or [text]
        return "\n".join(self.paint(line) for line in wrapped)

    def paint(self, line: str) -> str:
        if not self.colour:
            return line
        return self._RED.sub(lambda m: f"\x1b[31m{m.group(0)}\x1b[0m", line)

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.colour else text


class Table:
    """Prints a hand as it is played. ``human`` is the seat whose eyes we see through, or
    ``None`` for a watcher who sees every card and every secret. Cards are written one way,
    as the rulebook writes them (``♣Q``; a German-suited pack's names are given once)."""

    def __init__(self, variant: Variant, out: TextIO, human: int | None) -> None:
        self.variant = variant
        self.rules = compile(variant)
        self.out = out
        self.screen = Screen(out)
        self.human = human
        self.german = self.rules.pack_rules.suits == "german"
        #: the state after the last action printed (for the game record)
        self.last: GameState | None = None

    def say(self, text: str = "") -> None:
        self.out.write(self.screen.lines(text) + "\n")
        self.out.flush()

    def who(self, seat: int) -> str:
        return "you" if seat == self.human else f"seat {seat}"

    # -- the two modes ---------------------------------------------------------------------

    def play(self, state: GameState, bots: list[Bot], call: Replay) -> int:
        """Watch the hand, or play it when there is a human seat."""
        if self.human is None:
            return self.watch(state, bots, call)
        return self.interactive(state, bots, call)

    def watch(self, state: GameState, bots: list[Bot], call: Replay | None) -> int:
        """Print the deal, then every action as the bots play it, then the outcome; ``call``
        is how to deal it again (``None``: given hands, not a seed)."""
        dealt = "given hands" if call is None else f"seed {call.seed}"
        self.say(f"{self.variant.title}: {dealt}, dealer seat {state.dealer}, eldest "
                 f"seat {state.eldest}")
        if call is not None:
            self.say(f"This deal again: {call.command(seat=False)}  (Python: {call.python()})")
        self.deal(state, "The deal:")
        while not state.is_terminal:
            seat = state.player
            state = self.step(state, bots[seat].choose(state.view(seat)))
        self.outcome(state)
        return 0

    def interactive(self, state: GameState, bots: list[Bot], call: Replay) -> int:
        """Play the human's seat from the terminal, the bots the others; end of input quits.
        A move with one legal choice is played for the human, and said so."""
        self.say(f"{self.variant.title}: seed {call.seed}. You are seat {self.human}; the dealer "
                 f"is seat {state.dealer}, eldest is seat {state.eldest}. Answer with a "
                 "choice's number, a card or the choice's text; 'help' explains, 'last' shows "
                 "the last trick, Ctrl-D quits.")
        self.say(f"This deal again: {call.command(seat=True)}")
        self.legend()
        try:
            while not state.is_terminal:
                seat = state.player
                if seat != self.human:
                    action = bots[seat].choose(state.view(seat))
                elif len(choices := state.legal_actions()) == 1:
                    action = choices[0]
                    self.say(f"(your only choice: {action_text(action)})")
                else:
                    action = self.ask(state)
                state = self.step(state, action)
        except EOFError:
            self.say("\nGoodbye.")
            return 0
        except KeyboardInterrupt:
            self.say("\nInterrupted.")
            return 130
        self.outcome(state)
        self.deal(state, "The deal was:")
        self.say(f"\nAnother hand: {call.next_hand()}")
        return 0

    def scripted(self, state: GameState, bots: list[Bot], call: Replay,
                 moves: Iterator[tuple[int, str]]) -> int:
        """Play the human's seat from the numbered move lines, the bots the others; a move
        that is not legal, missing moves or moves left over are one-line errors. A move is
        read as at the terminal: a number (of the menu, in the order the hand is shown), a
        card or a choice's text. The command line names the command in the error."""
        self.say(f"{self.variant.title}: seed {call.seed}, dealer seat {state.dealer}; seat "
                 f"{self.human} plays from the moves given. This deal again: "
                 f"{call.command(seat=True)}")
        while not state.is_terminal:
            seat = state.player
            if seat != self.human:
                state = self.step(state, bots[seat].choose(state.view(seat)))
                continue
            choices = self.menu(state)
            number, text = next(moves, (0, ""))
            if not number:
                raise SoloRulesError(f"--moves: the moves ended before the hand did; seat "
                                     f"{seat} must choose one of: "
                                     f"{', '.join(a.text for a in choices)}")
            try:
                action = self.choice(state, choices, text)
            except SoloRulesError as exc:
                raise SoloRulesError(f"--moves line {number}: {exc}") from None
            state = self.step(state, action)
        left = next(moves, None)
        if left is not None:
            raise SoloRulesError(f"--moves line {left[0]}: {left[1]!r:.60} is left over: the "
                                 "hand is over")
        self.outcome(state)
        self.deal(state, "The deal was:")
        return 0

    def legend(self) -> None:
        """A German-suited pack's names, once: the cards are written ♣A as in the rulebook."""
        if self.german:
            self.say("(German-suited: ♣ Eichel, ♠ Grün, ♥ Rot, ♦ Schellen; Q Ober, J Unter)")

    def deal(self, state: GameState, title: str) -> None:
        """Every seat's hand as dealt (``state.dealt``), then, where a rule of the deal moved
        cards after it (the five-hand purchase, S-NIE), the hands as played."""
        self.say(title)
        for seat in range(state.players):
            self.say(f"  seat {seat}: {self.cards(CardSet(state.dealt[seat]))}")
        played = {seat: state.dealt_hand(seat) for seat in range(state.players)}
        moved = [seat for seat, hand in played.items() if hand.mask != state.dealt[seat]]
        if moved:
            self.say("Then cards changed hands (" + ", ".join(
                f"{self.who(seat)}: {text}" for seat, text in _dealing_actions(state))
                + "); the hands as played:")
            for seat in moved:
                self.say(f"  seat {seat}: {self.cards(played[seat]) or 'sits out'}")
        if self.human is None:
            self.legend()

    # -- the human's turn ------------------------------------------------------------------

    def menu(self, state: GameState) -> list[Action]:
        """The legal choices as the menu lists them: cards in the order the hand is shown."""
        contract = state.contract
        return in_menu_order(self.rules, state.legal_actions(),
                             None if contract is None else contract.trump)

    def ask(self, state: GameState) -> Action:
        """Show the human's view and read a legal choice, asking again after bad input;
        ``help`` and ``last`` answer and ask again."""
        assert self.human is not None
        view = state.view(self.human)
        self.say()
        if state.contract is not None:
            self.say(f"Contract: {self.rules.contract_text(state.contract)}")
        if state.phase == Phase.PLAY or view.tricks:
            self.say(self.trick_count(state))
        if view.trick:
            self.say("Trick so far: " + ", ".join(f"{self.who(s)} {self.card(c)}"
                                                  for s, c in view.trick))
        if view.exposed:
            self.say(f"Face up on the table: {self.cards(view.exposed, view.trump)}")
        self.say(f"{self.screen.bold('Your hand:')} {self.cards(view.hand, view.trump)}")
        choices = self.menu(state)
        for number, action in enumerate(choices, start=1):
            explained = choice_note(self.rules, state, action)
            self.say(f"  {number:2}. {action_text(action)}"
                     + (f"  ({explained})" if explained else ""))
        while True:
            self.out.write(self.screen.bold(f"Your choice (1-{len(choices)}, a card, or "
                                            "help): "))
            self.out.flush()
            try:
                answer = input()
            except UnicodeDecodeError:
                self.say("Not accepted: the answer is not UTF-8 text")
                continue
            command = answer.strip().lower()
            if command in ("help", "?"):
                self.help(state, choices)
                continue
            if command == "last":
                self.say(self.last_trick(state))
                continue
            try:
                return self.choice(state, choices, answer)
            except SoloRulesError as exc:
                self.say(f"Not accepted: {' '.join(str(exc).split())}")

    def choice(self, state: GameState, choices: Sequence[Action], answer: str) -> Action:
        """The legal action an answer names: a number of the menu, a card (``♣Q``, ``CQ`` or
        ``Eichel-Ober`` for the one choice with that card), or a choice's text; anything
        else is refused with why, in the rule's words."""
        answer = answer.strip()
        if not answer:
            raise SoloRulesError("enter a choice's number, a card or the choice's text")
        if _NUMBER.fullmatch(answer):
            if not 1 <= int(answer) <= len(choices):
                raise SoloRulesError(f"there is no choice {answer}: pick 1 to {len(choices)}")
            return choices[int(answer) - 1]
        kinds = {action.kind for action in choices if action.card is not None}
        card: Card | None = None
        with contextlib.suppress(SoloRulesError):
            card = parse_card(answer)
            if len(kinds) == 1:  # a bare card: the choice of that kind with the card
                answer = f"{kinds.pop()} {card.name}"
        try:
            action = state.action(answer)
        except SoloRulesError:
            hint = ("" if card is None or kinds else
                    f"; cards are played with 'play {card.symbol_text}' (or just "
                    f"{card.symbol_text}) once the play begins")
            raise SoloRulesError(
                f"{answer!r:.40} is not one of your choices{hint}: enter 1 to {len(choices)}, "
                "a card or a choice as shown ('help' explains)") from None
        if action in choices:
            return action
        why = self.rules.refusal(state, action.id)[1]
        why = addressed(why, self.human, [f"seat {seat}" for seat in range(state.players)])
        if why.startswith("You "):  # mid-sentence here
            why = "you" + why[3:]
        raise SoloRulesError(f"{action_text(action)} is not legal now: {why}; your choices: "
                             f"{', '.join(action_text(a) for a in choices)}")

    def help(self, state: GameState, choices: Sequence[Action]) -> None:
        """How to answer, with this menu's own choices as the examples, the commands the
        prompt takes, and the rulebook's section on what is being decided now."""
        examples = ", ".join(dict.fromkeys(action_text(a) for a in (choices[0], choices[-1])))
        self.say(f"Answer with a number from 1 to {len(choices)}, with a card (♣Q, or its "
                 f"letters CQ, D10 or DT), or with a choice's text as shown ({examples}); "
                 "suits may be typed as letters (C S H D) or symbols. Other commands: 'last' "
                 "shows the last completed trick, 'help' this text; Ctrl-D quits.")
        self.legend()
        section = self.section_of(state.phase)
        if section:
            self.say(f"The rules of this part of the hand: {section} of the rulebook "
                     f"(solo-rules rules {shlex.quote(self.variant.id)}).")

    def section_of(self, phase: str) -> str:
        """The rulebook's section on ``phase``, by its number and title (``section 4
        (Bidding)``), as ``solo-rules rules`` prints it; ``""`` where no section owns it."""
        slot = phase_slots(self.variant).get(phase)
        for number, section in enumerate(compose(self.variant).sections, start=1):
            if section.slot == slot:
                return f"section {number} ({section.title})"
        return ""

    def trick_count(self, state: GameState) -> str:
        """``Trick 4 of 8; tricks won: you 1, seat 1 0, ...``."""
        done = len(state.tricks)
        number = min(done + 1, self.rules.hand_size)
        out = state.sitting_out
        won = ", ".join(f"{self.who(seat)} {count}" for seat, count in enumerate(state.won)
                        if seat not in out)
        return f"Trick {number} of {self.rules.hand_size}; tricks won: {won}"

    def last_trick(self, state: GameState) -> str:
        """The last completed trick, in playing order, and who won it."""
        if not state.tricks:
            return "No trick has been completed yet."
        trick = state.tricks[-1]
        seats = state.in_turn(trick.leader)
        cards = ", ".join(f"{self.who(seat)} {self.card(Card(card))}"
                          for seat, card in zip(seats, trick.cards, strict=False))
        return f"Trick {len(state.tricks)}: {cards}; {self.who(trick.winner)} won it."

    # -- the running commentary ------------------------------------------------------------

    def step(self, state: GameState, action: Action) -> GameState:
        """Apply ``action`` and print it with short notes on what it did."""
        seat = state.player
        after = state.apply(action)
        self.last = after
        notes = self.notes(state, action, after)
        # the action as the human seat saw it: a card given back face down stays face down
        shown = action if self.human is None else after.view(self.human).history[-1][1]
        text = f"{self.who(seat)}: {action_text(shown)}"
        self.say(text + (f"  ({'; '.join(notes)})" if notes else ""))
        return after

    def notes(self, before: GameState, action: Action, after: GameState) -> list[str]:
        """Short public notes on an action; a watcher (no human seat) also learns secrets."""
        notes: list[str] = []
        phase = before.phase
        if phase == Phase.PLAY:
            notes += self.card_notes(before, play_card(action.id), after)
        elif phase == Phase.DECIDE:
            notes.append(self.rules.means(before, action.id))
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
        return [note for note in notes if note]

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
        paid = self.paid(outcome.scores, outcome.declarer, outcome.partner, total)
        if paid and not outcome.joint:
            self.say(f"  paid: {paid}")
        if outcome.note:  # a payment made outside the hand's value (a purchase, a side payment)
            self.say(f"  also: {outcome.note}")
        self.say("  change: " + ", ".join(f"seat {seat} {score:+d}"
                                          for seat, score in enumerate(outcome.scores)))

    def paid(self, scores: Sequence[int], declarer: int | None, partner: int | None,
             value: int) -> str:
        """Where money changes hands, what each adversary pays for the value and at what
        stake (``each adversary pays 20: the value 4 at stake 5``)."""
        if not self.rules.settlement.zero_sum or declarer is None or not value:
            return ""
        amounts = {-scores[seat] for seat in range(len(scores)) if seat not in (declarer,
                                                                                  partner)}
        if len(amounts) != 1:
            return ""
        amount = amounts.pop()
        verb = "pays" if amount > 0 else "receives"
        stake = f" at stake {abs(amount) // abs(value)}" if abs(amount) % abs(value) == 0 \
            else ""
        return f"each adversary {verb} {abs(amount)}: the value {abs(value)}{stake}"

    # -- card text -------------------------------------------------------------------------

    def card(self, card: Card) -> str:
        return card.symbol_text

    def sorted(self, hand: CardSet, trump: Trump | None) -> list[Card]:
        """Trumps first (highest first), then the plain suits (``display.in_trump_order``)."""
        return in_trump_order(self.rules, hand, trump)

    def cards(self, hand: CardSet, trump: Trump | None = None) -> str:
        return " ".join(self.card(c) for c in self.sorted(hand, trump))

    @staticmethod
    def trump_text(trump: Trump | None) -> str:
        if trump is None:
            return "not yet named"
        return "none" if trump.suit is None else trump.suit.symbol
