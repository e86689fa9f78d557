"""Shared test settings: Hypothesis profiles.

The default profile (20 examples) keeps the README's ``pytest`` within minutes; .ci/run runs
every Hypothesis test again with ``thorough`` (60 examples, ``SOLO_HYPOTHESIS_PROFILE=thorough
pytest -m 'slow or hypothesis'``); ``soak`` selects a long run of the same properties
(``SOLO_HYPOTHESIS_PROFILE=soak pytest -m 'slow or hypothesis' tests/test_properties.py``).

It also gives Ctrl-C back its default: a shell starts a background job with SIGINT ignored,
and every command a test starts would inherit that, so the tests that interrupt a command
would see it run on to the end.
"""

from __future__ import annotations

import os
import signal

from hypothesis import HealthCheck, settings

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

settings.register_profile(
    "fast",
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "soak",
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("SOLO_HYPOTHESIS_PROFILE", "fast"))
