"""Adapters to the frameworks agents are trained in, each behind its own extra:
``solo_rules.integrations.openspiel`` (``pip install 'solo-rules[openspiel]'``) and
``solo_rules.integrations.pettingzoo`` (``pip install 'solo-rules[pettingzoo]'``).
``solo_rules`` itself never imports them."""
