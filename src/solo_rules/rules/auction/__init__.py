"""The auction (rulebook slot ``auction``): one module per way of bidding, on shared parts.

- ``auction.immediate_hold``: Altenburg's bidding with immediate hold (S-WIK, AMB-12);
- ``auction.single_round``: Niese's one bid each (S-NIE, AMB-31);
- ``auction.ascending_amounts``: Foster's bidding by amounts (S-FOS, AMB-19).
"""

from solo_rules.rules.auction.amounts import AmountState, AscendingAmounts
from solo_rules.rules.auction.common import AllPass, Auction
from solo_rules.rules.auction.immediate_hold import HOLD, BidLevel, Duty, HoldState, ImmediateHold
from solo_rules.rules.auction.single_round import KEEP, RankedBid, RoundState, SingleRound

__all__ = [
    "HOLD",
    "KEEP",
    "AllPass",
    "AmountState",
    "AscendingAmounts",
    "Auction",
    "BidLevel",
    "Duty",
    "HoldState",
    "ImmediateHold",
    "RankedBid",
    "RoundState",
    "SingleRound",
]
