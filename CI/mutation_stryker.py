#!/usr/bin/env python3
"""The driver's report in Stryker's mutation testing report schema (CI/stryker/README.md).

    python3 CI/mutation_stryker.py mutation-report/mutation.json [--out FILE]

CI/mutation.py writes `mutation-report.json` this way beside every `mutation.json`; this command
does it again for a report written before, by default into the same folder. Any reader of the
schema (the mutation-testing-elements HTML report, the Stryker dashboard, `conformance report
--html DIR --mutation FILE`) can then show it.

The driver's outcomes map onto the schema's statuses one to one:

    killed    Killed        killedBy: ["corpus"], or the library's tests ("MVICoreTests")
    hang      Timeout       the bounded run did not finish
    survived  Survived
    listed    Ignored       statusReason: the list's reason; killedBy: the tests that pin it
    no-build  CompileError

A mutant's location is the span of its line that the mutant changes (the common start and end of
the two texts left out), in characters counted from 1, and its replacement is what the mutant
writes there. The file's source is its text at the report's commit.
"""

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA_VERSION = "2"
# The project's bar: a score under `low` is red, from `high` on green (docs/mutation.md asks 95%).
THRESHOLDS = {"high": 95, "low": 80}
STATUS = {"killed": "Killed", "hang": "Timeout", "survived": "Survived", "listed": "Ignored",
          "no-build": "CompileError"}
CORPUS = "corpus"


class ReportError(Exception):
    """A report this converter cannot turn into the schema, with what and where."""


def changed_span(original, mutant):
    """The start (0-based) and end of the part of `original` that `mutant` replaces, and its
    replacement: both texts less their longest common start and end."""
    start = 0
    while start < min(len(original), len(mutant)) and original[start] == mutant[start]:
        start += 1
    end_o, end_m = len(original), len(mutant)
    while end_o > start and end_m > start and original[end_o - 1] == mutant[end_m - 1]:
        end_o -= 1
        end_m -= 1
    return start, end_o, mutant[start:end_m]


def mutator_name(original, mutant):
    """The kind of change, in the names Stryker's readers group by."""
    code = original.strip()
    if mutant.strip() == "/*" + code + "*/":
        return "StatementDeletion"
    if "\n" in mutant:
        return "StatementInsertion"
    start, end, replacement = changed_span(original, mutant)
    removed = original[start:end]
    both = (removed + replacement).strip()
    if both and all(c in "+-*/%<>=!&|^~?:" for c in both):
        return "OperatorReplacement"
    if any(text.strip("()+- ").isdigit() for text in (removed, replacement)):
        return "NumberLiteral"
    if removed.strip() in ("true", "false") or replacement.strip() in ("true", "false"):
        return "BooleanLiteral"
    if '"' in removed or '"' in replacement:
        return "StringLiteral"
    return "Replacement"


def killed_by(mutant):
    """The test ids that killed the mutant, or for a listed one the tests its entry names."""
    if mutant["outcome"] == "killed":
        if mutant.get("corpus") == "fail":
            return [CORPUS]
        return [mutant["layer"] + "Tests"]
    if mutant["outcome"] == "listed":
        tests = mutant.get("killedBy") or []
        return [tests] if isinstance(tests, str) else list(tests)
    return []


def source_at(commit, path, cache):
    """The file's text at the report's commit, or in the working tree when git does not have the
    commit (a report copied from another clone)."""
    if path not in cache:
        text = None
        if commit:
            shown = subprocess.run(["git", "-C", ROOT, "show", f"{commit}:{path}"],
                                   capture_output=True)
            if shown.returncode == 0:
                text = shown.stdout.decode("utf-8")
        if text is None:
            try:
                text = open(os.path.join(ROOT, path), encoding="utf-8").read()
            except OSError as error:
                raise ReportError(f"{path}: the source is neither at commit {commit} nor in the tree ({error.strerror})")
        cache[path] = text
    return cache[path]


def stryker_report(report, ci=None):
    """The schema's report of one of the driver's reports (a dict as mutation.json holds it)."""
    sources = {}
    files = {}
    tests = {CORPUS}
    for number, m in enumerate(report.get("mutants", []), 1):
        where = f"mutant {number} ({m.get('id', '?')})"
        for field in ("id", "file", "layer", "line", "original", "mutant", "outcome"):
            if field not in m:
                raise ReportError(f"{where}: field `{field}` is missing")
        if m["outcome"] not in STATUS:
            raise ReportError(f"{where}: field `outcome`: {m['outcome']!r} is none of {', '.join(STATUS)}")
        source = source_at(report.get("commit"), m["file"], sources)
        lines = source.split("\n")
        if not (1 <= m["line"] <= len(lines)) or lines[m["line"] - 1] != m["original"]:
            raise ReportError(f"{where}: field `line`: {m['file']}:{m['line']} does not hold the mutant's "
                              f"original text at commit {str(report.get('commit'))[:12]}")
        start, end, replacement = changed_span(m["original"], m["mutant"])
        result = {
            "id": m["id"],
            "mutatorName": mutator_name(m["original"], m["mutant"]),
            "replacement": replacement,
            "description": f"line {m['line']}: `{m['original'].strip()}` became `{m['mutant'].strip()}`",
            "location": {"start": {"line": m["line"], "column": start + 1},
                         "end": {"line": m["line"], "column": end + 1}},
            "status": STATUS[m["outcome"]],
        }
        by = killed_by(m)
        if by:
            result["killedBy"] = by
            tests.update(by)
        if m["outcome"] == "listed":
            result["statusReason"] = m.get("reason", "")
        elif m["outcome"] == "killed":
            result["statusReason"] = ("the corpus failed (conformance run)" if by == [CORPUS]
                                      else f"the corpus passed; swift test --filter {by[0]} failed")
        elif m["outcome"] == "hang":
            result["statusReason"] = "the bounded run did not finish"
        if "seconds" in m:
            result["duration"] = round(m["seconds"] * 1000)
        files.setdefault(m["file"], {"language": "swift", "source": source, "mutants": []})["mutants"].append(result)
    test_files = {}
    for test in sorted(tests):
        if test == CORPUS:
            test_files["Fixtures"] = {"tests": [{"id": CORPUS, "name": "conformance run: every scenario under Fixtures/"}]}
        else:
            suite = test.split("/")[0].split(".")[0]
            test_files.setdefault(f"Tests/{suite}", {"tests": []})["tests"].append({"id": test, "name": f"swift test --filter {test}"})
    return {
        "schemaVersion": SCHEMA_VERSION,
        "thresholds": THRESHOLDS,
        "projectRoot": ".",
        "files": dict(sorted(files.items())),
        "testFiles": test_files,
        "framework": {"name": "CI/mutation.py (universalmutator)"},
        "config": {key: report.get(key) for key in ("commit", "date", "paths", "seed", "sample", "shard", "written")
                   if report.get(key) is not None},
        "system": {"ci": bool(os.environ.get("CI")) if ci is None else ci},
    }


def write(report, out_dir):
    """Writes `mutation-report.json` into `out_dir`; returns its path."""
    path = os.path.join(out_dir, "mutation-report.json")
    converted = stryker_report(report)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(converted, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(path + ".tmp", path)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("report", help="a mutation.json that CI/mutation.py wrote")
    parser.add_argument("--out", help="the file to write (default: mutation-report.json beside REPORT)")
    args = parser.parse_args()
    try:
        report = json.load(open(args.report, encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        print(f"mutation_stryker: {args.report}: {error}", file=sys.stderr)
        return 2
    try:
        if args.out:
            converted = stryker_report(report)
            with open(args.out, "w", encoding="utf-8") as f:
                json.dump(converted, f, indent=1, ensure_ascii=False)
                f.write("\n")
            path = args.out
        else:
            path = write(report, os.path.dirname(os.path.abspath(args.report)))
    except ReportError as error:
        print(f"mutation_stryker: {args.report}: {error}", file=sys.stderr)
        return 2
    print(f"mutation_stryker: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
