"""Running games between bots, one game or many; no I/O here (the CLI prints)."""
