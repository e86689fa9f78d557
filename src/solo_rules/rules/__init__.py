"""Rule modules, one file per rulebook slot; importing this package registers them all."""

from solo_rules.rules import (  # noqa: F401  (imported to register the modules)
    auction,
    contracts,
    deal,
    early_end,
    lancashire,
    partner,
    play,
    pot,
    purchase,
    ranks,
    scoring,
    settlement,
)

