#!/usr/bin/env python3
"""The Python port of the reference features, speaking the adapter protocol on stdin/stdout.

Run it through the conformance runner from the repository root:

    swift run conformance run --adapter "python3 Ports/python/port.py"
"""

import sys

from mviport.mutations import check
from mviport.protocol import serve

if __name__ == "__main__":
    check()
    sys.exit(serve(sys.stdin, sys.stdout))
