"""The Labyrinth's web module, served under ``/static/games/wicked-labyrinth/``.

``index.js`` draws the labyrinth, the boards, the declarations and soul processing;
``parts.js`` and ``rounds.js`` its pieces and the corridors' reveal; ``tutorial.js`` the
guided first game; ``game.css`` its styles; ``en.json`` and ``ja.json`` its strings
(which the review reads too). See ``tabletop.web.games``.
"""
