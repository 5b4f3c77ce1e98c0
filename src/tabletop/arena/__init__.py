"""The arena: seat-rotated matches between bots, ratings, win rates, resumable runs.

``schedule`` decides who plays which seat of game i, ``play`` plays one game and keeps
its record, ``backends`` run games locally or on Ray, ``results`` is the resumable
JSON-lines file, ``stats`` turns records into ratings and intervals, ``runner`` ties
them together. ``tabletop arena`` is the command (``tabletop.cli.arena_cmd``).
"""
