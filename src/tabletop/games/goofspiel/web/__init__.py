"""Goofspiel's web module, served under ``/static/games/goofspiel/``.

``index.js`` draws the point card, the seats' points, the turns so far and one's hand
as the bid buttons; ``game.css`` its styles; ``en.json`` and ``ja.json`` its strings.
See ``tabletop.web.games``.
"""
