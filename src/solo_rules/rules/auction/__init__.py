"""The auction (rulebook slot ``auction``): one module per way of bidding, on shared parts.

- ``auction.immediate_hold``: Altenburg's bidding with immediate hold (S-WIK, AMB-12);
- ``auction.single_round``: Niese's one bid each (S-NIE, AMB-31);
- ``auction.ascending_amounts``: Foster's bidding by amounts (S-FOS, AMB-19);
- ``auction.first_to_declare``: the Münsterland first declaration plays (S-DEWIKI, AMB-43);
- ``auction.ascending_ladder``: the American trick-count bids (S-002, AMB-17).
"""

from solo_rules.rules.auction.amounts import AmountState, AscendingAmounts
from solo_rules.rules.auction.common import AllPass, Auction
from solo_rules.rules.auction.first_to_declare import FirstState, FirstToDeclare
from solo_rules.rules.auction.immediate_hold import HOLD, BidLevel, Duty, HoldState, ImmediateHold
from solo_rules.rules.auction.ladder import AscendingLadder, LadderBid
from solo_rules.rules.auction.single_round import KEEP, RankedBid, RoundState, SingleRound

__all__ = [
    "HOLD",
    "KEEP",
    "AllPass",
    "AmountState",
    "AscendingAmounts",
    "AscendingLadder",
    "Auction",
    "BidLevel",
    "Duty",
    "FirstState",
    "FirstToDeclare",
    "HoldState",
    "ImmediateHold",
    "LadderBid",
    "RankedBid",
    "RoundState",
    "SingleRound",
]
