"""Code of Nine's web module, served under ``/static/games/code-of-nine/``.

``index.js`` draws the board, the Ruins, the sheets, the memory cards and the scoring
card by card; ``parts.js`` and ``rounds.js`` its pieces and each round's summary;
``tutorial.js`` the guided first game; ``game.css`` its styles; ``en.json`` and
``ja.json`` its strings (the names of locations, items and cards the review uses too).
See ``tabletop.web.games``.
"""
