"""Kittens and Timer in Python 3, standard library only, written from the project's docs/."""
