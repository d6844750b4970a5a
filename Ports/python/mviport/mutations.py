"""Mutations: one documented rule broken on purpose, switched on by the environment variable
MVI_PORT_MUTATION, so that `conformance fuzz` can show it catches each (Ports/python/mutations.txt,
docs/fuzzing.md). Unset or empty: the port as it is."""

import os
import sys

KNOWN = (
    "kittens-reload-keeps-load",
    "timer-no-restart",
    "timer-seconds-checked-first",
    "news-debounce-short",
    "news-history-keeps-duplicates",
    "news-can-load-more-at-end",
    "news-app-pop-refusal-text",
    "news-app-link-position-from-zero",
    "images-memory-hit-ignored",
    "images-fresh-at-max-age",
)

ACTIVE = os.environ.get("MVI_PORT_MUTATION", "")


def check():
    """Exits with status 2 and the known names when MVI_PORT_MUTATION names no mutation."""
    if ACTIVE and ACTIVE not in KNOWN:
        sys.stderr.write(f"port: MVI_PORT_MUTATION={ACTIVE} is not a mutation; known: {', '.join(KNOWN)}\n")
        sys.exit(2)


def mutation(name):
    """Whether mutation `name` is switched on."""
    return ACTIVE == name
