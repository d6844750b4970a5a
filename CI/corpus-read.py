#!/usr/bin/env python3
"""The yardstick of the corpus's speed (docs/performance.md): a bare read of the corpus, every line
of every scenario parsed as JSON and every golden read as text, with nothing checked. `conformance
run` and `conformance list` are timed against it in the same run, as whole processes, paired run by run (A B A B ...).

    python3 CI/corpus-read.py [FIXTURES]
"""
import json
import pathlib
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Fixtures")
lines = goldens = size = 0
for scenario in sorted(root.glob("*/*.jsonl")):
    data = scenario.read_bytes()
    size += len(data)
    for line in data.decode("utf-8").split("\n"):
        if not line.strip():
            continue
        json.loads(line)
        lines += 1
    golden = scenario.with_name(scenario.name[:-len(".jsonl")] + ".golden.txt")
    if golden.exists():
        size += len(golden.read_text(encoding="utf-8"))
        goldens += 1
print(f"{lines} scenario lines, {goldens} goldens, {size} bytes")
