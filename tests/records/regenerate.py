"""Write the golden records of ``tests/records`` anew: one hand of every shipped variant, and a
match. Run it only when a variant file's content (and so its hash) changed on purpose:
``python tests/records/regenerate.py``; then review the diff, which shows what replays
differently."""

from __future__ import annotations

from pathlib import Path

import solo_rules
from solo_rules.bots import HeuristicBot

FOLDER = Path(__file__).resolve().parent
#: The seed of each variant's golden hand (the first seed whose hand the bots play out).
SEED = 11


def main() -> None:
    for vid in solo_rules.available_variants():
        players = solo_rules.compile(solo_rules.load_variant(vid)).players
        bots = [HeuristicBot(seat) for seat in range(players)]
        state = solo_rules.new_game(vid, seed=SEED, dealer=players - 1)
        while not state.is_terminal:
            state = state.apply(bots[state.player].choose(state.view(state.player)))
        solo_rules.record_of(state, seed=SEED).save(FOLDER / f"{vid}.json")
    match = solo_rules.Match.start("niese", seed=SEED)
    bots = [HeuristicBot(seat) for seat in range(4)]
    match = match.play(bots).misdeal().play(bots).play(bots)
    match.to_record().save(FOLDER / "niese-match.yaml")


if __name__ == "__main__":
    main()
