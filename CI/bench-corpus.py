#!/usr/bin/env python3
"""Times `conformance list` and `conformance run` of the whole corpus against the yardstick,
`CI/corpus-read.py`, side by side in one run (docs/performance.md, "The corpus against a bare read
of it"): each round runs the yardstick and then every command once, as whole processes, and a
command's ratio is the median of its ratios to the yardstick of the same round.

    python3 CI/bench-corpus.py [--rounds N] [--fixtures DIR] BINARY [BINARY ...]

Each BINARY is a `conformance` executable (a release build: `swift build -c release`; built as
CI/build-standalone.sh builds it, or an older build kept for comparison). Wall time is read with
perf_counter, CPU time from the children's getrusage: both to the microsecond. A command that exits
with anything but 0 stops the run with its output, so a failing corpus is never timed as a pass.
"""
import argparse
import pathlib
import resource
import statistics
import subprocess
import sys
import time


def timed(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"bench-corpus: {' '.join(command)} exited with {done.returncode}:\n"
                 + done.stdout.decode("utf-8", "replace")[-2000:])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=21, help="rounds (default 21)")
    parser.add_argument("--fixtures", default="Fixtures", help="the corpus (default: Fixtures)")
    parser.add_argument("binaries", nargs="+", help="conformance executables to time")
    options = parser.parse_args()
    if options.rounds < 1:
        parser.error(f"--rounds {options.rounds}: expected 1 or more")
    for binary in options.binaries:
        if not pathlib.Path(binary).is_file():
            parser.error(f"{binary}: no such file (build it first: swift build -c release)")
    yardstick = [sys.executable, str(pathlib.Path(__file__).with_name("corpus-read.py")), options.fixtures]
    commands = {"yardstick": yardstick}
    for binary in options.binaries:
        for sub in ("list", "run"):
            commands[f"{binary} {sub}"] = [binary, sub, "--fixtures", options.fixtures]
    times = {name: [] for name in commands}
    for _ in range(options.rounds):
        for name, command in commands.items():
            times[name].append(timed(command))
    base = times["yardstick"]
    width = max(len(name) for name in commands)
    print(f"{options.rounds} rounds, each command once a round in this order; ratios paired within a round")
    print(f"{'command':{width}}  median wall  median CPU  wall / yardstick  CPU / yardstick")
    for name, samples in times.items():
        wall = statistics.median(s[0] for s in samples) * 1000
        cpu = statistics.median(s[1] for s in samples) * 1000
        line = f"{name:{width}}  {wall:8.1f} ms  {cpu:6.1f} ms"
        if name != "yardstick":
            ratio_wall = statistics.median(s[0] / b[0] for s, b in zip(samples, base))
            ratio_cpu = statistics.median(s[1] / b[1] for s, b in zip(samples, base))
            line += f"  {ratio_wall:15.2f}x  {ratio_cpu:14.2f}x"
        print(line)


if __name__ == "__main__":
    main()
