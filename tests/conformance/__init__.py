"""The conformance suite: every registered game checked against the contract
(`games.engine`) and the Discord seam (`bot.discord.adapters`).

A game gets every check by being registered (`games.registry.all_games()`); each check
is parametrized over cases (game, seat count, seed, options; see `support.cases`),
all drawn from seeded random playouts that use only the contract:

- test_playouts: playouts driven by `legal_actions` and `expire` end within a step
  bound; a finished game waits for nobody; active seats (only they) have moves;
  deadlines are sane and timed phases have a timeout.
- test_legality: `apply` accepts every listed action, refuses unlisted ones (other
  seats' moves, moves of other states, listed moves with a field changed) with
  `IllegalAction`, never changes its input; `is_legal` agrees; `expire` copies.
- test_replay: states and actions survive JSON and control ids; setup + log replays
  every state and event, also in a fresh interpreter with another hash seed.
- test_views: views are deterministic and JSON-serialisable; a seat sees the public
  view plus its own secrets; a view is unchanged when only what its reader may not
  see changes (`secrets.py` says how, per game); a secret phase's moves do not show.
- test_screens: tables, panels (and their steps), notices, DMs and results stay
  within Discord's limits; every enabled control decodes to a legal action of its
  reader; every legal move can be made from the panel; no missing sentence on screen.
- test_words: every event and refusal key has a sentence with the parameters it uses.

Per-game knobs: `hooks.py` (option variants, seat caps, step bounds) and `secrets.py`
(how to shuffle hidden information). Run: `python -m pytest tests/conformance -q`.
"""
