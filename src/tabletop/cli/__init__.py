"""The ``tabletop`` command line: play, simulate, replay and bench every registered game.

Only adapters live here: the commands read views, send actions and print. The typer
app is ``tabletop.cli.app.app``; each command is in its own module.
"""
