"""Goofspiel for the RL adapters: its observation encoder and its table encoder."""
