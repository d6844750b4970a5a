#!/usr/bin/env python3
"""Mutation testing of the reference (docs/mutation.md).

universalmutator (pinned by hash in CI/mutation-requirements.txt) writes the mutants of the Swift
files given. Each mutant is applied to a scratch copy of the package (never the working tree),
`conformance` is rebuilt incrementally there and the corpus is replayed. A mutant of a library
(MVICore, MVIStateMachine, MVINavigation, MVIImagePipeline, MVIJSON, MVIEssentials) that the corpus
does not kill then meets that library's own tests (`swift test --filter <Library>Tests`); one of
MVITestSupport, which `conformance` does not link, is built with the tests and judged by them alone.

    python3 CI/mutation.py run Sources/Features --sample 40 --seed 1 --out mutation-report
    python3 CI/mutation.py run Sources/Library/MVICore --shard 2/8 --out shard-2
    python3 CI/mutation.py merge shard-*/mutation.json --out mutation-report
    python3 CI/mutation.py guide <mutant id> [--runs N --seed S --time-budget SEC]
    python3 CI/mutation.py diff --base origin/main
    python3 CI/mutation.py list-check
    python3 CI/mutation.py list-verify [--all] [FILE ...] [--update]
    python3 CI/mutation.py list-add mutation-report/mutation.json <id> ... --kind equivalent --reason "Equivalent: ..."
    python3 CI/mutation.py mutants Sources/Features/MVIKittens/KittenParser.swift

Every mutant ends as one of: `no-build`, `killed` (by the corpus, or for a library by its tests),
`hang` (killed by a hang: the bounded run did not finish), `survived`, or `listed` (it survived and
is on the list of equivalent or unobservable mutants, CI/mutation-equivalents.json).
"""

import argparse
import concurrent.futures
import datetime
import fcntl
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no CI/__pycache__ in the working tree (or the scratch copy)
import mutation_list  # noqa: E402
import mutation_stryker  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIREMENTS = os.path.join(ROOT, "CI", "mutation-requirements.txt")
EQUIVALENTS = os.path.join(ROOT, "CI", "mutation-equivalents.json")
VENV = os.path.join(ROOT, ".build-mutation", "venv")
# What the scratch copy holds: what `conformance` and the tests are built from and read.
# What the build, the corpus and the libraries' tests read: MVIJSONTests replays FuzzTesting/FailCases.
# EquivalentMutantsTests runs CI/mutation.py list-check, so CI/ goes too.
SYNCED = ["Package.swift", "Sources", "Tests", "Fixtures", "TestPlans", "docs", "FuzzTesting", "CI"]
# The libraries the features stand on, each with its own test target.
LIBRARIES = ["MVICore", "MVIStateMachine", "MVINavigation", "MVIImagePipeline", "MVIJSON", "MVIEssentials",
             "MVITestSupport"]
# The libraries that `conformance` does not link: the corpus build never compiles them, so their
# mutants are built with the tests and judged by the tests alone.
TESTS_ONLY = ["MVITestSupport"]
TREE_LOCK = None
# The code that only the wire level reaches (docs/wire.md): the real data sources, the image loader,
# the one URLSession wrapper and the News file stores. A mutant of it that the corpus in memory
# passes meets the corpus at the wire level too (`conformance run --wire`).
WIRE_FILES = [
    "Sources/Features/MVIKittens/KittenHTTPDataSource.swift",
    "Sources/Features/MVINews/Data/NewsHTTPDataSource.swift",
    "Sources/Features/MVINews/Storage/",
    "Sources/Library/MVIImagePipeline/URLSessionImageDataLoader.swift",
    "Sources/Library/MVIEssentials/URLSessionTransfer.swift",
]


def at_the_wire(path):
    """Whether the corpus at the wire level judges mutants of `path` (WIRE_FILES)."""
    return any(path == f or (f.endswith("/") and path.startswith(f)) for f in WIRE_FILES)
OUTCOMES = ["no-build", "killed", "hang", "survived", "listed"]


def fail(message):
    print("mutation: " + message, file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------- the pinned tool

def mutate_tool():
    """The `mutate` command of the pinned universalmutator, installed once into .build-mutation/venv."""
    stamp = os.path.join(VENV, ".installed")
    wanted = open(REQUIREMENTS, "rb").read()
    if not (os.path.exists(stamp) and open(stamp, "rb").read() == wanted):
        shutil.rmtree(VENV, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True, stdout=sys.stderr)
        # --no-deps: universalmutator also names comby and python-levenshtein, which only its
        # --comby mode and its analysis commands import; the requirements list what `mutate` needs.
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "--quiet", "--require-hashes",
                        "--only-binary=:all:", "--no-deps", "-r", REQUIREMENTS],
                       check=True, stdout=sys.stderr)
        with open(stamp, "wb") as f:
            f.write(wanted)
    return os.path.join(VENV, "bin", "mutate")


# ---------------------------------------------------------------- mutants

def swift_files(paths):
    files = []
    for path in paths:
        full = os.path.join(ROOT, path)
        if os.path.isfile(full):
            files.append(os.path.relpath(full, ROOT))
        elif os.path.isdir(full):
            for base, dirs, names in os.walk(full):
                dirs.sort()
                files += [os.path.relpath(os.path.join(base, n), ROOT) for n in sorted(names) if n.endswith(".swift")]
        else:
            fail(f"{path}: no such file or folder")
    return sorted(set(files))


def layer_of(path):
    parts = path.split("/")
    if parts[:2] == ["Sources", "Features"]:
        return "features"
    if parts[:2] == ["Sources", "Library"] and len(parts) > 2:
        return parts[2]
    return "other"


def mutant_id(path, original, replacement):
    """The file name and a hash of the path and both texts without their blanks at either end:
    the same change gets the same id wherever the line moves."""
    digest = hashlib.sha256("\0".join([path, normal(original), normal(replacement)]).encode()).hexdigest()[:10]
    return f"{os.path.basename(path)}:{digest}"


def mutants_of(path, tool):
    """The mutants universalmutator writes for one file: each a line (1-based) and what replaces it
    (one line, or two when a line is inserted before it)."""
    original_text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    original = original_text.split("\n")
    found = {}
    with tempfile.TemporaryDirectory() as out:
        source = os.path.join(out, os.path.basename(path))
        shutil.copyfile(os.path.join(ROOT, path), source)
        subprocess.run([tool, source, "swift", "--noCheck", "--mutantDir", out],
                       cwd=out, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for name in os.listdir(out):
            if ".mutant." not in name:
                continue
            lines = open(os.path.join(out, name), encoding="utf-8").read().split("\n")
            extra = len(lines) - len(original)
            if extra < 0:
                continue  # universalmutator never deletes a line (it comments it out); ignore any such
            index = next((i for i in range(len(original)) if i >= len(lines) or original[i] != lines[i]), None)
            if index is None:
                continue
            replacement = lines[index:index + extra + 1]
            if lines[:index] + replacement + lines[index + extra + 1:] != lines or \
                    lines[index + extra + 1:] != original[index + 1:]:
                continue  # not a change of one line: not something this driver reports
            text = "\n".join(replacement)
            if text == original[index]:
                continue
            key = (index, normal(text))  # the same change with other blanks is the same program
            if key not in found:
                found[key] = {"id": mutant_id(path, original[index], text), "file": path,
                              "layer": layer_of(path), "line": index + 1,
                              "original": original[index], "mutant": text}
    return canonical(found.values())


def comment_only(mutant):
    """A change that leaves a line that is only a `//` comment a comment (commented out again, or
    its text changed): the program is the same, so the mutant is not run. A line inserted before
    such a line is code, and is run."""
    original = mutant["original"].strip()
    replacement = mutant["mutant"].strip()
    return original.startswith("//") and "\n" not in replacement and (
        replacement.startswith("//") or replacement == "/*" + original + "*/")


def canonical(mutants):
    """One mutant per change of a line: mutants that differ only in blanks at the ends of lines
    are the same program."""
    found = {}
    for m in mutants:
        if comment_only(m):
            continue
        key = (m["line"], normal(m["mutant"]))
        if key not in found:
            found[key] = dict(m, id=mutant_id(m["file"], m["original"], m["mutant"]))
    return sorted(found.values(), key=lambda m: (m["line"], m["mutant"]))


def cached_mutants_of(path, tool):
    """mutants_of, kept in .build-mutation/mutants/ under the hash of the file and of the pinned
    tool: writing the mutants of every file takes minutes on a loaded machine."""
    key = hashlib.sha256(open(REQUIREMENTS, "rb").read() + b"\0" + path.encode() + b"\0"
                         + open(os.path.join(ROOT, path), "rb").read()).hexdigest()
    cache = os.path.join(ROOT, ".build-mutation", "mutants", key + ".json")
    if os.path.exists(cache):
        return canonical(json.load(open(cache, encoding="utf-8")))
    mutants = mutants_of(path, tool)
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    with open(cache + ".tmp", "w", encoding="utf-8") as f:
        json.dump(mutants, f, ensure_ascii=False)
    os.replace(cache + ".tmp", cache)
    return mutants


def all_mutants(paths):
    tool = mutate_tool()
    # One universalmutator process per file, as many at once as there are cores: writing every
    # file's mutants afresh (a new clone, as in CI) is about a minute on one core.
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        lists = list(pool.map(lambda path: cached_mutants_of(path, tool), swift_files(paths)))
    mutants = [m for found in lists for m in found]
    seen = set()
    unique = []
    for m in mutants:
        if m["id"] not in seen:  # the same change on two equal lines of a file is one id; keep the first
            seen.add(m["id"])
            unique.append(m)
    return unique


def apply(mutant, text):
    lines = text.split("\n")
    index = mutant["line"] - 1
    if lines[index] != mutant["original"]:
        fail(f"{mutant['file']}:{mutant['line']}: the line changed since the mutants were written")
    return "\n".join(lines[:index] + mutant["mutant"].split("\n") + lines[index + 1:])


# ---------------------------------------------------------------- the list of equivalent mutants

def normal(text):
    return mutation_list.normal(text)


def load_equivalents(path=EQUIVALENTS):
    """The committed list: entries keyed by file, enclosing declaration and the exact original and
    mutated line text (compared without leading and trailing blanks), never by line number. An
    entry of the wrong shape stops the run; `list-check` says what else is wrong."""
    data = json.load(open(path, encoding="utf-8"))
    entries = data.get("equivalents") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        fail(f"{os.path.relpath(path, ROOT)}: expected {{\"equivalents\": [entries]}}")
    for number, entry in enumerate(entries, 1):
        problems = mutation_list.shape_problems(entry) if isinstance(entry, dict) else ["not an object"]
        if problems:
            fail(f"{os.path.relpath(path, ROOT)}: entry {number}: {'; '.join(problems)}")
    return entries


def listed(mutant, entries):
    return mutation_list.listed(mutant, entries, ROOT)


def listing(entry):
    """What a listed mutant carries into the report: its entry's reason, kind and killedBy."""
    return {k: entry[k] for k in ("reason", "kind", "killedBy") if k in entry}


def list_check(args):
    """The one check of the list (CI/mutation_list.py), which EquivalentMutantsTests runs too: each
    entry's shape, its line still standing in its declaration, no no-op and no repeated entry, and
    every test named (killedBy, or in the reason) a test that `swift test --filter` finds. Entries
    whose file changed since they were checked are counted: `list-verify` runs them."""
    path = os.path.abspath(args.list) if args.list else EQUIVALENTS
    try:
        data = json.load(open(path, encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"{args.list or os.path.relpath(path, ROOT)}: {error}", file=sys.stderr)
        return 1
    problems = mutation_list.entry_problems(data, ROOT, args.list or os.path.relpath(path, ROOT))
    for p in problems:
        print(p, file=sys.stderr)
    entries = data.get("equivalents") if isinstance(data, dict) else None
    count = len(entries) if isinstance(entries, list) else 0
    unchecked = 0
    if not problems:
        unchecked = len(mutation_list.stale_checks(entries, ROOT))
    print(f"mutation list: {count} entries, {len(problems)} problems; {unchecked} not checked since their file "
          "changed (python3 CI/mutation.py list-verify runs them)")
    return 1 if problems else 0


def list_add(args):
    """Lists mutants of a report with one reason and kind: each must have survived in that report
    (a killed mutant is no candidate) and not be listed already. The entry records the enclosing
    declaration of the mutant's line and, as `checked`, the blob of the file at the report's commit."""
    report = json.load(open(args.report, encoding="utf-8"))
    by_id = {m["id"]: m for m in report["mutants"]}
    data = json.load(open(EQUIVALENTS, encoding="utf-8"))
    entries = data["equivalents"]
    if (args.kind == "unobservable") != bool(args.killed_by):
        fail("list-add: --kind unobservable needs --killed-by (the tests that kill the mutant); --kind equivalent takes none")
    suites = mutation_list.test_index(ROOT)
    for test in args.killed_by or []:
        problem = mutation_list.filter_problem(test, suites)
        if problem:
            fail(f"list-add: --killed-by {test}: {problem}")
    for ident in args.ids:
        m = by_id.get(ident)
        if m is None:
            fail(f"list-add: {ident} is not in {args.report}")
        if m["outcome"] not in ("survived", "listed"):
            fail(f"list-add: {ident} ended {m['outcome']} in {args.report}: only a survivor can be listed")
        if listed(m, entries):
            print(f"list-add: {ident} is listed already")
            continue
        lines = open(os.path.join(ROOT, m["file"]), encoding="utf-8").read().split("\n")
        if not (0 < m["line"] <= len(lines)) or lines[m["line"] - 1].strip() != m["original"].strip():
            fail(f"list-add: {m['file']}:{m['line']} no longer reads the mutant's original line; run it again")
        entry = {"file": m["file"], "declaration": mutation_list.declaration_of(lines, m["line"] - 1),
                 "original": m["original"], "mutant": m["mutant"], "kind": args.kind}
        if args.killed_by:
            entry["killedBy"] = args.killed_by
        entry["reason"] = args.reason
        entry["checked"] = blob_at(report.get("commit"), m["file"])
        entries.append(entry)
        print(f"list-add: {ident} {m['file']}:{m['line']} listed")
    write_equivalents(data)
    return 0


def write_equivalents(data):
    with open(EQUIVALENTS + ".tmp", "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(EQUIVALENTS + ".tmp", EQUIVALENTS)


def blob_at(commit, path):
    """The blob id of a file at a commit, or of the file as it is when the commit cannot be read."""
    if commit:
        found = subprocess.run(["git", "rev-parse", f"{commit}:{path}"], cwd=ROOT, capture_output=True, text=True)
        if found.returncode == 0:
            return found.stdout.strip()
    return mutation_list.blob_id(os.path.join(ROOT, path))


# ---------------------------------------------------------------- the scratch copy

def unsynced(folder):
    """Whether a folder under SYNCED stays out of the copy: build products and caches (FuzzTesting's
    .build, .swiftpm, __pycache__), which no mutant's verdict reads, and which another stage may be
    writing while the copy is made (the fuzzers' corpus grows during CI's mutation stages)."""
    return folder.startswith(".") or folder == "__pycache__"


def sync_tree(tree):
    """Copies the package into `tree`, writing only files whose bytes differ, so that the tree's
    own .build stays incremental. Holds the tree's lock until the process ends: one run or guide
    at a time per tree."""
    os.makedirs(tree, exist_ok=True)
    global TREE_LOCK
    TREE_LOCK = open(os.path.join(tree, ".lock"), "w")
    try:
        fcntl.flock(TREE_LOCK, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fail(f"{tree} is in use by another run or guide; wait for it, or give --tree another folder")
    wanted = set()
    for top in SYNCED:
        source = os.path.join(ROOT, top)
        if os.path.isfile(source):
            pairs = [(source, os.path.join(tree, top))]
        else:
            pairs = []
            for base, dirs, names in os.walk(source):
                dirs[:] = [d for d in dirs if not unsynced(d)]
                for n in names:
                    s = os.path.join(base, n)
                    pairs.append((s, os.path.join(tree, os.path.relpath(s, ROOT))))
        for s, d in pairs:
            wanted.add(os.path.relpath(d, tree))
            data = open(s, "rb").read()
            if not os.path.exists(d) or open(d, "rb").read() != data:
                os.makedirs(os.path.dirname(d), exist_ok=True)
                with open(d, "wb") as f:
                    f.write(data)
    for top in SYNCED:
        for base, dirs, names in os.walk(os.path.join(tree, top)):
            dirs[:] = [d for d in dirs if not unsynced(d)]
            for n in names:
                p = os.path.join(base, n)
                if os.path.relpath(p, tree) not in wanted:
                    os.remove(p)


def kill_session(sid):
    """SIGKILL every process of the session `sid`. A process group is not enough: `swift test`
    starts the test bundle in a process group of its own (in the same session), and a bundle that a
    mutant hung kept spinning on a core after its group's `swift test` was killed."""
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if entry.isdigit():
            try:
                if os.getsid(int(entry)) == sid:
                    os.kill(int(entry), signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
    try:
        os.killpg(sid, signal.SIGKILL)  # where there is no /proc
    except (ProcessLookupError, PermissionError):
        pass


def run_logged(command, cwd, timeout, log):
    """Runs a command in a session of its own, so that a timeout stops everything it started:
    `swift test` runs the test bundle as a child of its own, and a mutant that hangs a test would
    otherwise leave that bundle spinning after `swift test` is stopped."""
    started = time.monotonic()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, errors="replace", start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        kill_session(process.pid)
        output, _ = process.communicate()
        status = None
    if log is not None:
        log.write(f"$ {' '.join(command)}  ({time.monotonic() - started:.1f} s, status {status})\n{output[-4000:]}\n")
    return status, output


def parses(path, log):
    """Whether the mutated file is still Swift syntax: `swiftc -parse`, a twentieth of a second,
    where a failing `swift build` takes one or more. A file that does not parse does not build,
    so the verdict is the same; about two mutants in five end here."""
    status, output = run_logged(["swiftc", "-parse", "-swift-version", "6", "-DSWIFT_PACKAGE", "-DDEBUG", path],
                                os.path.dirname(path), 60, None)
    if status != 0 and log is not None:
        log.write(f"$ swiftc -parse {os.path.basename(path)}  (status {status})\n{output[-2000:]}\n")
    return status == 0


class TypeCheck:
    """`swift-frontend -typecheck` of one mutated file, with the rest of its module as context and
    the other modules read from a snapshot of the unmutated build: a fifth of a second, where a
    `swift build` that fails takes two or more. Only a file that does not type-check ends here
    (`no-build`); one that does still goes through `swift build`, whose later passes (definite
    initialization, a missing return) can fail too. The snapshot matters: the tree's own module
    folder holds whatever the last mutant that built left there.

    The command is the one SwiftPM gives the driver for the module (the tree's .build/debug.yaml),
    less what writes outputs. When it cannot be made, the check steps aside and the build decides."""

    DROPPED = {"-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode",
               "-serialize-diagnostics", "-parseable-output", "-emit-objc-header", "-g"}
    DROPPED_WITH_VALUE = {"-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path"}

    def __init__(self, tree):
        self.tree = tree
        self.snapshot = tree.rstrip("/") + "-modules"
        self.commands = {}
        modules = os.path.join(tree, ".build", "debug", "Modules")
        shutil.rmtree(self.snapshot, ignore_errors=True)
        try:
            shutil.copytree(modules, self.snapshot, symlinks=True)
            self.manifest = open(os.path.join(tree, ".build", "debug.yaml"), encoding="utf-8").read()
        except OSError:
            self.manifest = None

    def command(self, module):
        if module in self.commands:
            return self.commands[module]
        command = None
        found = self.manifest and re.search(r'"C\.' + re.escape(module) + r'-[^"]+-debug\.module":', self.manifest)
        if found:
            lines = self.manifest[found.end():].split("\n")
            args_line = next((l for l in lines[:8] if l.strip().startswith("args: ")), None)
            if args_line:
                args = json.loads(args_line.split("args: ", 1)[1])
                modules = os.path.realpath(os.path.join(self.tree, ".build", "debug", "Modules"))
                kept, sources = [], []
                rest = iter(args[1:])
                for a in rest:
                    if a in self.DROPPED_WITH_VALUE:
                        next(rest, None)
                    elif a == "-Xcc":
                        kept += [a, next(rest, "")]
                    elif a == "-I":
                        where = next(rest, "")
                        kept += [a, self.snapshot if os.path.realpath(where) == modules else where]
                    elif a.startswith("@"):
                        sources = open(a[1:], encoding="utf-8").read().split()
                    elif not (a in self.DROPPED or re.fullmatch(r"-j\d+", a)):
                        kept.append(a)
                # The driver adds the toolchain's macro plugins (the testing library's, Observation's);
                # the frontend, called directly, needs them named.
                toolchain = os.path.dirname(os.path.dirname(os.path.realpath(args[0])))
                for plugins in ("lib/swift/host/plugins", "local/lib/swift/host/plugins"):
                    if os.path.isdir(os.path.join(toolchain, plugins)):
                        kept += ["-plugin-path", os.path.join(toolchain, plugins)]
                if sources:
                    command = (args[0], sources, kept)
        self.commands[module] = command
        return command

    def passes(self, mutant, path, log):
        module = mutant["file"].split("/")[2] if mutant["file"].startswith("Sources/") else None
        command = module and self.command(module)
        if not command:
            return True
        swiftc, sources, kept = command
        if path not in sources:
            return True
        status, output = run_logged([swiftc, "-frontend", "-typecheck", "-primary-file", path]
                                    + [s for s in sources if s != path] + kept, self.tree, 120, None)
        if status != 0 and log is not None:
            log.write(f"$ swift-frontend -typecheck {os.path.basename(path)}  (status {status})\n{output[-2000:]}\n")
        if status != 0 and "could not be found for macro" in output:
            return True  # a macro plugin the check could not load: the build decides
        return status == 0


def build(tree, log, tests=False):
    command = ["swift", "build"] + (["--build-tests"] if tests else ["--product", "conformance"])
    status, _ = run_logged(command, tree, 3600, log)
    return status == 0


def replay_corpus(tree, timeout, log, wire=False):
    """'pass', 'fail' or 'hang': the corpus with a per-scenario wall-clock limit, inside a bound; with
    `wire`, at the wire level (docs/wire.md)."""
    binary = os.path.join(tree, ".build", "debug", "conformance")
    command = [binary, "run", "--record", "never", "--timeout", str(timeout)] + (["--wire"] if wire else [])
    status, output = run_logged(command, tree, timeout * 6, log)
    if status is None or "reached its wall-clock limit" in output:
        return "hang"
    return "pass" if status == 0 else "fail"


def library_tests(tree, library, timeout, log):
    if not build(tree, log, tests=True):
        return "no-build"
    status, output = run_logged(["swift", "test", "--skip-build", "--filter", f"{library}Tests"], tree, timeout * 6, log)
    if status is None:
        return "hang"
    return "pass" if status == 0 else "fail"


# ---------------------------------------------------------------- run

def at_places(values):
    """The `--at FILE:LINE` values as (file, line) pairs; a malformed one ends the command."""
    places = set()
    for place in values:
        name, _, line = place.rpartition(":")
        if not name or not line.isdigit():
            fail(f"--at {place}: expected FILE:LINE, as KittenParser.swift:63")
        places.add((name, int(line)))
    return places


def select(mutants, args):
    chosen = list(mutants)
    rank = {}
    if args.at:
        places = at_places(args.at)
        chosen = [m for m in chosen if (os.path.basename(m["file"]), m["line"]) in places
                  or (m["file"], m["line"]) in places]
    if getattr(args, "lines", None) is not None:  # diff: the lines a change adds or alters
        chosen = [m for m in chosen if m["line"] in args.lines.get(m["file"], ())]
    wanted = None  # ids named by --ids or --survivors-of: only those run
    if getattr(args, "ids", None):
        wanted = {line.strip() for line in open(args.ids, encoding="utf-8") if line.strip()}
    for path in getattr(args, "survivors_of", None) or []:
        survivors = {m["id"] for m in json.load(open(path, encoding="utf-8"))["mutants"] if m["outcome"] == "survived"}
        wanted = survivors if wanted is None else wanted | survivors
    if wanted is not None:
        chosen = [m for m in chosen if m["id"] in wanted]
    if args.sample is not None and args.sample < len(chosen):
        chosen = random.Random(args.seed).sample(chosen, args.sample)
        rank = {m["id"]: k for k, m in enumerate(chosen)}
    chosen.sort(key=lambda m: (m["file"], m["line"], m["mutant"]))
    if args.shard:
        i, n = args.shard
        chosen = [m for k, m in enumerate(chosen) if k % n == i - 1]
    if rank and (getattr(args, "time_budget", None) or getattr(args, "first", None) or getattr(args, "skip", None)
                 or getattr(args, "until_built", None)):
        # A budget may stop the run part way: run a sample in its drawn order, so that the part
        # run is itself a sample of every file, not the first files in name order. --first N
        # runs the part that a budget stopped after N mutants, again.
        chosen.sort(key=lambda m: rank[m["id"]])
    if getattr(args, "first", None):
        chosen = chosen[:args.first]
    if getattr(args, "skip", None):
        chosen = chosen[args.skip:]  # goes on where a budget-stopped run of the same sample ended
    return chosen


def parse_shard(text):
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--shard {text}: expected I/N, as 2/8")
    if not 1 <= i <= n:
        raise argparse.ArgumentTypeError(f"--shard {text}: I must be from 1 to N")
    return (i, n)


def source_trees(commit, paths):
    """The git tree ids of paths at commit: equal ids, equal sources, so the same mutants."""
    try:
        return tuple(subprocess.run(["git", "rev-parse", f"{commit}:{p}"], cwd=ROOT, capture_output=True,
                                    text=True, check=True).stdout.strip() for p in paths)
    except (OSError, subprocess.CalledProcessError):
        return None


def git_commit():
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def run(args):
    entries = load_equivalents()
    mutants = all_mutants(args.paths)
    chosen = select(mutants, args)
    tree = os.path.abspath(args.tree)
    os.makedirs(args.out, exist_ok=True)
    log = open(os.path.join(args.out, "mutation.log"), "w", encoding="utf-8")
    print(f"mutation: {len(mutants)} mutants written for {', '.join(args.paths)}; running {len(chosen)}"
          + (f" (sample of seed {args.seed})" if args.sample is not None else "")
          + (f", shard {args.shard[0]}/{args.shard[1]}" if args.shard else ""), flush=True)
    sync_tree(tree)
    # The tests are built only when a library's mutant gets past the corpus (library_tests): most
    # runs, and the CI sample, never need them.
    if not build(tree, log):
        fail(f"the unmutated package does not build in {tree}: see {args.out}/mutation.log")
    if replay_corpus(tree, args.timeout, log) != "pass":
        fail(f"the unmutated corpus fails in {tree}: see {args.out}/mutation.log")
    typecheck = TypeCheck(tree)
    audit = {"rejected": 0, "built": []}
    report = {"format": 1, "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
              "commit": git_commit(), "paths": args.paths, "written": len(mutants),
              "seed": args.seed, "sample": args.sample,
              "shard": f"{args.shard[0]}/{args.shard[1]}" if args.shard else None, "mutants": []}
    started = time.monotonic()
    current = None  # the file of the tree that holds a mutant
    tests_passed = set()  # the libraries whose unmutated tests passed in the tree
    built = 0  # this run's mutants that built, for --until-built
    for number, m in enumerate(chosen, 1):
        if args.time_budget and time.monotonic() - started > args.time_budget:
            print(f"mutation: time budget of {args.time_budget} s spent; {len(chosen) - number + 1} mutants not run", flush=True)
            report["unrun"] = len(chosen) - number + 1
            break
        if args.until_built and built >= args.until_built:
            print(f"mutation: {args.until_built} mutants built; {len(chosen) - number + 1} mutants not run", flush=True)
            report["unrun"] = len(chosen) - number + 1
            break
        target = os.path.join(tree, m["file"])
        original = open(os.path.join(ROOT, m["file"]), encoding="utf-8").read()
        if current and current != m["file"]:
            restore(tree, current)
        current = m["file"]
        with open(target, "w", encoding="utf-8") as f:
            f.write(apply(m, original))
        begun = time.monotonic()
        log.write(f"\n== {m['id']} {m['file']}:{m['line']}\n- {m['original']}\n+ {m['mutant']}\n")
        result = dict(m)
        quick = parses(target, log) and typecheck.passes(m, target, log)
        if not quick and args.audit_checks:
            audit["rejected"] += 1
            if build(tree, log):
                audit["built"].append(m["id"])
                print(f"mutation: the quick checks rejected {m['id']}, which builds", file=sys.stderr, flush=True)
                quick = True  # the build decides: the mutant goes on to the corpus like any other
        tests_only = m["layer"] in TESTS_ONLY
        if tests_only and quick and m["layer"] not in tests_passed:
            baseline_tests(tree, m, original, target, tests_passed, args, log)
        if not quick or not build(tree, log, tests=tests_only):
            result["outcome"] = "no-build"
        else:
            # A library that `conformance` does not link is judged by its tests alone.
            corpus = "pass" if tests_only else replay_corpus(tree, args.timeout, log)
            if corpus == "pass" and at_the_wire(m["file"]):
                corpus = replay_corpus(tree, args.timeout, log, wire=True)
                result["wire"] = corpus
            if not tests_only:
                result["corpus"] = corpus
            if corpus == "pass" and m["layer"] in LIBRARIES:
                if m["layer"] not in tests_passed:
                    baseline_tests(tree, m, original, target, tests_passed, args, log)
                tests = library_tests(tree, m["layer"], args.timeout * 4, log)
                result["tests"] = tests
                verdict = {"pass": "pass", "fail": "fail", "hang": "hang", "no-build": "fail"}[tests]
            else:
                verdict = corpus
            if verdict == "fail":
                result["outcome"] = "killed"
            elif verdict == "hang":
                result["outcome"] = "hang"
            else:
                entry = listed(m, entries)
                result["outcome"] = "listed" if entry else "survived"
                if entry:
                    result.update(listing(entry))
        result["seconds"] = round(time.monotonic() - begun, 1)
        report["mutants"].append(result)
        built += result["outcome"] != "no-build"
        print(f"  [{number}/{len(chosen)}] {result['outcome']:8} {m['file']}:{m['line']}  {m['id']}  ({result['seconds']} s)", flush=True)
        log.flush()
        if number % 50 == 0:
            write_reports(report, args.out, quiet=True)  # a run stopped by hand keeps what it ran
    if current:
        restore(tree, current)
    if args.audit_checks:
        report["audit"] = audit
        print(f"mutation: audit: the quick checks rejected {audit['rejected']} mutants; {len(audit['built'])} of them build", flush=True)
    write_reports(report, args.out)
    survivors = [m for m in report["mutants"] if m["outcome"] == "survived"]
    if getattr(args, "annotate", False):
        for m in survivors:
            print(annotation("error", m["file"], m["line"],
                             f"mutant {m['id']} survived ({'the corpus' if m['layer'] == 'features' else 'the corpus and ' + m['layer'] + 'Tests'} "
                             f"passed): `{m['original'].strip()}` became `{m['mutant'].strip()}`. Kill it with a scenario "
                             "or a test, or list it in CI/mutation-equivalents.json with its reason (docs/mutation.md)"))
    if survivors and args.fail_on_survivor:
        print(f"mutation: {len(survivors)} sampled mutant(s) survived and are not on {os.path.relpath(EQUIVALENTS, ROOT)}:", file=sys.stderr)
        for m in survivors:
            print(f"  {m['file']}:{m['line']}  {m['id']}\n    - {m['original'].strip()}\n    + {m['mutant'].strip()}", file=sys.stderr)
        print("  kill each with a scenario (python3 CI/mutation.py guide ID helps), or list it with its reason", file=sys.stderr)
        return 1
    return 0


def baseline_tests(tree, m, original, target, tests_passed, args, log):
    """The first time for a library: its unmutated tests must build and pass in the tree, or every
    test run would count as a kill (a file the tests read and the tree lacks once made every MVIJSON
    mutant past the corpus a false kill). The mutant is put back afterwards."""
    restore(tree, m["file"])
    if not build(tree, log, tests=True):
        fail(f"the unmutated tests do not build in {tree}: see {args.out}/mutation.log")
    if library_tests(tree, m["layer"], args.timeout * 4, log) != "pass":
        fail(f"the unmutated {m['layer']}Tests do not pass in {tree}: see {args.out}/mutation.log")
    tests_passed.add(m["layer"])
    with open(target, "w", encoding="utf-8") as f:
        f.write(apply(m, original))


def restore(tree, path):
    shutil.copyfile(os.path.join(ROOT, path), os.path.join(tree, path))


def annotation(level, path, line, message):
    """A GitHub Actions workflow command: shown on the line of the pull request's diff."""
    text = message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return f"::{level} file={path},line={line}::{text}"


# ---------------------------------------------------------------- reports

def scores(mutants, key):
    table = {}
    for m in mutants:
        row = table.setdefault(key(m), {o: 0 for o in OUTCOMES} | {"run": 0, "corpus-kills": 0})
        row["run"] += 1
        row[m["outcome"]] += 1
        if m.get("corpus") in ("fail", "hang"):
            row["corpus-kills"] += 1
    for row in table.values():
        built = row["run"] - row["no-build"]
        counted = built - row["listed"]
        row["built"] = built
        row["score"] = round(100.0 * (row["killed"] + row["hang"]) / counted, 1) if counted else None
        row["corpus-score"] = round(100.0 * row["corpus-kills"] / counted, 1) if counted else None
    return dict(sorted(table.items()))


def write_reports(report, out, quiet=False):
    mutants = report["mutants"]
    report["totals"] = scores(mutants, lambda m: "all")["all"] if mutants else {}
    report["layers"] = scores(mutants, lambda m: m["layer"])
    report["files"] = scores(mutants, lambda m: m["file"])
    with open(os.path.join(out, "mutation.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1, ensure_ascii=False)
        f.write("\n")
    with open(os.path.join(out, "mutation.md"), "w", encoding="utf-8") as f:
        f.write(markdown(report))
    try:
        mutation_stryker.write(report, out)  # the same report in Stryker's schema (CI/stryker/README.md)
    except mutation_stryker.ReportError as error:
        print(f"mutation: {out}/mutation-report.json not written: {error}", file=sys.stderr)
    t = report["totals"]
    if t and not quiet:
        print(f"mutation: {t['run']} run, {t['built']} built, {t['killed']} killed, {t['hang']} killed by a hang, "
              f"{t['survived']} survived, {t['listed']} listed; score {t['score']}%  ->  {out}/mutation.md")


def markdown(report):
    def table(rows, first):
        lines = [f"| {first} | run | built | killed | hang | survived | listed | score | corpus alone |",
                 "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for name, r in rows.items():
            score = "–" if r["score"] is None else f"{r['score']}%"
            corpus = "–" if r["corpus-score"] is None else f"{r['corpus-score']}%"
            lines.append(f"| {name} | {r['run']} | {r['built']} | {r['killed']} | {r['hang']} | {r['survived']} | {r['listed']} | {score} | {corpus} |")
        return "\n".join(lines) + "\n"
    text = [f"# Mutation report\n\n{report['date']}, commit `{report['commit'][:12]}`; paths {', '.join(report['paths'])}; "
            f"{report['written']} mutants written"
            + (f", a sample of {report['sample']} with seed {report['seed']}" if report.get("sample") is not None else "")
            + (f", shard {report['shard']}" if report.get("shard") else "")
            + (f"; the outcomes of {sum(1 for m in report['mutants'] if m.get('again'))} mutants from a later run at "
               + ", ".join(f"`{c[:12]}`" for c in report["again"]) if report.get("again") else "")
            + (f"; parts run at commits {', '.join(f'`{c[:12]}`' for c in report['commits'])}, whose sources of these paths are the same"
               if report.get("commits") else "")
            + (f"; the first {report['first']} in drawn order" if report.get("first") else
               f"; {report['unrun']} not run (time budget or --until-built)" if report.get("unrun") else "") + ".\n",
            "\nscore = (killed + hang) / (built - listed); *corpus alone* counts only what `conformance run` killed "
            "(for a feature the two are the same).\n",
            "\n## Per layer\n\n", table(report["layers"], "layer"),
            "\n## Per file\n\n", table(report["files"], "file")]
    survivors = [m for m in report["mutants"] if m["outcome"] == "survived"]
    text.append(f"\n## Survivors ({len(survivors)})\n\n")
    for m in survivors:
        text.append(f"- `{m['id']}` {m['file']}:{m['line']}\n  - `{m['original'].strip()}`\n  - `{m['mutant'].strip()}`\n")
    listed_ones = [m for m in report["mutants"] if m["outcome"] == "listed"]
    text.append(f"\n## Listed as equivalent or unobservable ({len(listed_ones)})\n\n")
    for m in listed_ones:
        text.append(f"- {m['file']}:{m['line']} `{m['mutant'].strip()}`: {m['reason']}\n")
    return "".join(text)


def merge(args):
    reports = [json.load(open(p, encoding="utf-8")) for p in args.reports]
    if not reports:
        fail("merge: no reports given")
    if args.first:
        # A report lists its mutants in the order they ran. A sample run with a time budget (or
        # --first/--skip) runs in its drawn order, so there the first N are the sample that
        # `run --first N` gives; without them a run goes file by file.
        for r in reports:
            r["unrun"] = r.get("unrun", 0) + max(0, len(r["mutants"]) - args.first)
            r["mutants"] = r["mutants"][:args.first]
    commits = sorted({r["commit"] for r in reports})
    if len(commits) > 1:
        # A sample continued at a later commit (run --skip) draws the same mutants only if the
        # sources it mutates are the same: compare the paths' git trees at each commit.
        trees = {c: source_trees(c, reports[0]["paths"]) for c in commits}
        if None in trees.values() or len(set(trees.values())) > 1:
            fail(f"merge: the reports are of commits whose {', '.join(reports[0]['paths'])} differ "
                 f"(or cannot be read): {', '.join(commits)}")
    seen = {}
    for r in reports:
        for m in r["mutants"]:
            if m["id"] in seen:
                fail(f"merge: mutant {m['id']} is in two reports (shards overlap)")
            seen[m["id"]] = m
    # A later run of some of the same mutants (its survivors' lines run again with --at, once a
    # scenario or a test was written for them) gives their outcome now; its other mutants are not
    # part of the sample and are left out.
    again = {}
    for path in args.again or []:
        later = json.load(open(path, encoding="utf-8"))
        for m in later["mutants"]:
            if m["id"] in seen:
                again[m["id"]] = dict(m, again=later["commit"])
    seen.update(again)
    # The list as it is now: a survivor listed since its run counts as listed, and a listed
    # mutant whose entry has gone counts as a survivor again.
    entries = load_equivalents()
    for m in seen.values():
        if m["outcome"] in ("survived", "listed"):
            entry = listed(m, entries)
            m["outcome"] = "listed" if entry else "survived"
            for field in ("reason", "kind", "killedBy"):
                m.pop(field, None)
            if entry:
                m.update(listing(entry))
    first = reports[0]
    latest = max(reports, key=lambda r: r["date"])
    merged = {"format": 1, "date": latest["date"], "commit": latest["commit"],
              "paths": first["paths"], "written": first["written"], "seed": first["seed"],
              "sample": first["sample"], "shard": None,
              "merged": [r.get("shard") or "whole" for r in reports],
              "mutants": sorted(seen.values(), key=lambda m: (m["file"], m["line"], m["mutant"]))}
    if first.get("sample") and not any(r.get("shard") for r in reports):
        # Parts of one sample (a run and its --skip continuations): what is left of the sample.
        unrun = max(0, min(first["sample"], first["written"]) - len(seen))
    else:
        unrun = sum(r.get("unrun", 0) for r in reports)
    if unrun:
        merged["unrun"] = unrun
    if args.first:
        merged["first"] = args.first
    commits = sorted(set(commits) | {c for r in reports for c in r.get("commits", [])})
    if len(commits) > 1:
        merged["commits"] = commits
    later = {m["again"] for m in again.values()} | {c for r in reports for c in r.get("again", [])}
    if later:  # a merged report given again keeps the runs it took outcomes from
        merged["again"] = sorted(later)
    os.makedirs(args.out, exist_ok=True)
    write_reports(merged, args.out)
    return 1 if args.fail_on_survivor and any(m["outcome"] == "survived" for m in merged["mutants"]) else 0


# ---------------------------------------------------------------- mutation of a change

SCOPE = ["Sources/Features"] + [f"Sources/Library/{name}" for name in LIBRARIES]


def changed_lines(base, paths):
    """{file: set of lines}: the lines of the working tree's Swift files under paths that differ from
    `base` (added or altered; a deleted line leaves nothing to mutate), from `git diff -U0`."""
    found = subprocess.run(["git", "diff", "-U0", "--no-color", "--no-ext-diff", base, "--"] + paths,
                           cwd=ROOT, capture_output=True, text=True)
    if found.returncode != 0:
        fail(f"diff: git diff {base} failed: {found.stderr.strip()}")
    lines, current = {}, None
    for line in found.stdout.split("\n"):
        if line.startswith("+++ "):
            name = line[4:]
            current = name[2:] if name.startswith("b/") and name.endswith(".swift") else None
        elif line.startswith("@@") and current:
            hunk = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", line)
            start, count = int(hunk.group(1)), int(hunk.group(2) or 1)
            lines.setdefault(current, set()).update(range(start, start + count))
    return {f: ls for f, ls in lines.items() if ls and os.path.isfile(os.path.join(ROOT, f))}


def diff(args):
    """Every mutant of the lines a change adds or alters (against --base), judged as `run` judges
    them: a feature's by the corpus, a library's by the corpus and its tests. Each unlisted survivor
    is printed as a GitHub annotation on its line, and fails the run."""
    paths = args.paths or SCOPE
    args.lines = changed_lines(args.base, paths)
    if not args.lines:
        print(f"mutation diff: no Swift line under {', '.join(paths)} differs from {args.base}")
        return 0
    print(f"mutation diff: {sum(len(v) for v in args.lines.values())} lines changed since {args.base} in "
          + ", ".join(sorted(args.lines)), flush=True)
    args.paths = sorted(args.lines)
    for name in ("sample", "at", "shard", "time_budget", "survivors_of", "ids", "until_built", "first", "skip"):
        setattr(args, name, None)
    args.seed, args.audit_checks, args.fail_on_survivor, args.annotate = 1, False, True, True
    return run(args)


# ---------------------------------------------------------------- the list's claims, run again

def list_verify(args):
    """Runs the claims of the list's entries against their mutants: an `equivalent` entry holds when
    the corpus (and for a library its tests) passes with the mutant; an `unobservable` one when its
    killedBy tests fail with it. By default the entries whose file changed since they were checked
    (their `checked` blob id is not the file's); --all runs every entry; --files only those of the
    files given. --update records the file's blob in each entry that holds."""
    data = json.load(open(EQUIVALENTS, encoding="utf-8"))
    # The entries of `data` itself, checked: --update records into them and writes `data` back (it
    # once recorded into a second copy and wrote the list unchanged).
    load_equivalents()
    entries = data["equivalents"]
    problems = mutation_list.entry_problems(data, ROOT, os.path.relpath(EQUIVALENTS, ROOT))
    if problems:
        print("\n".join(problems), file=sys.stderr)
        fail("list-verify: the list has problems (list-check); fix them first")
    chosen = entries if args.all else mutation_list.stale_checks(entries, ROOT)
    if args.files:
        names = set(args.files)
        chosen = [e for e in chosen if e["file"] in names or os.path.basename(e["file"]) in names]
    if args.kind:
        chosen = [e for e in chosen if e["kind"] == args.kind]
    if args.wire_only:
        if args.update:
            fail("list-verify: --wire-only runs no tests, so it cannot --update an entry's check")
        chosen = [e for e in chosen if at_the_wire(e["file"])]
    if args.at:
        places = at_places(args.at)
        chosen = [e for e in chosen if any((n in (e["file"], os.path.basename(e["file"])) and line in
                                            mutation_list.places(e, ROOT)) for n, line in places)]
    # The cheap claims first: an equivalent feature entry needs the corpus alone, any other the tests.
    chosen.sort(key=lambda e: (e["kind"] != "equivalent" or layer_of(e["file"]) in LIBRARIES, e["file"]))
    print(f"mutation list-verify: {len(chosen)} of {len(entries)} entries to run", flush=True)
    os.makedirs(args.out, exist_ok=True)
    log = open(os.path.join(args.out, "verify.log"), "w", encoding="utf-8")
    results = []
    if chosen:
        tree = os.path.abspath(args.tree)
        sync_tree(tree)
        if not build(tree, log) or replay_corpus(tree, args.timeout, log) != "pass":
            fail(f"the unmutated package does not build or its corpus fails in {tree}: see {args.out}/verify.log")
        results = verify_entries(chosen, tree, args, log)
    failed = [r for r in results if r["verdict"] in ("fails", "no-build", "gone")]
    for r in results:
        e = r["entry"]
        where = f"{e['file']}:{r['line']}" if r.get("line") else e["file"]
        print(f"  {r['verdict']:9} {e['kind']:12} {where}  {e['mutant'].strip()}  ({r.get('seconds', 0)} s)")
    for r in failed:
        e = r["entry"]
        print(annotation("error", e["file"], r.get("line") or 1, f"CI/mutation-equivalents.json: {r['why']}"))
    unchecked = sum(r["verdict"] == "unchecked" for r in results)
    if args.update:
        held = {id(r["entry"]) for r in results if r["verdict"] == "holds"}
        for e in entries:
            if id(e) in held:
                e["checked"] = mutation_list.blob_id(os.path.join(ROOT, e["file"]))
        write_equivalents(data)
    with open(os.path.join(args.out, "verify.json"), "w", encoding="utf-8") as f:
        json.dump({"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                   "commit": git_commit(),
                   "entries": [dict(r["entry"], verdict=r["verdict"], line=r.get("line"), why=r.get("why"),
                                    seconds=r.get("seconds")) for r in results]}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"mutation list-verify: {len(results) - unchecked} run, {sum(r['verdict'] == 'holds' for r in results)} hold, "
          f"{len(failed)} fail, {unchecked} not run (time budget)")
    return 1 if failed else 0


def verify_entries(chosen, tree, args, log):
    started = time.monotonic()
    results = []
    baseline = set()  # the test filters whose unmutated run passed in the tree
    for entry in chosen:
        result = {"entry": entry}
        results.append(result)
        if args.time_budget and time.monotonic() - started > args.time_budget:
            result.update(verdict="unchecked", why="the time budget was spent")
            continue
        lines = mutation_list.places(entry, ROOT)
        if not lines:
            result.update(verdict="gone", why=f"no line of {entry['declaration'] or 'the top level'!r} reads "
                                              f"{entry['original'].strip()!r} any more")
            continue
        result["line"] = lines[0]
        mutant = {"file": entry["file"], "line": lines[0], "original": open(os.path.join(ROOT, entry["file"]),
                  encoding="utf-8").read().split("\n")[lines[0] - 1], "mutant": entry["mutant"]}
        begun = time.monotonic()
        log.write(f"\n== {entry['file']}:{lines[0]} ({entry['kind']})\n- {mutant['original']}\n+ {entry['mutant']}\n")
        deadline = started + args.time_budget if args.time_budget else None
        try:
            result.update(verify_one(entry, mutant, tree, args, log, baseline, deadline))
        except OutOfTime:
            result.update(verdict="unchecked", why="the time budget ran out during its build")
        finally:
            restore(tree, entry["file"])
        result["seconds"] = round(time.monotonic() - begun, 1)
        print(f"  [{len(results)}/{len(chosen)}] {result['verdict']:9} {entry['file']}:{lines[0]}  ({result['seconds']} s)",
              flush=True)
        log.flush()
    return results


class OutOfTime(Exception):
    """A build that the time budget stopped: the entry is reported as not run."""


def bounded_build(tree, log, tests, deadline):
    """`build`, stopped when the time budget runs out (a stopped build resumes next time: it is
    incremental), so that a budget bounds a first build of the tests too."""
    timeout = 3600 if deadline is None else max(1, int(deadline - time.monotonic()))
    command = ["swift", "build"] + (["--build-tests"] if tests else ["--product", "conformance"])
    status, _ = run_logged(command, tree, timeout, log)
    if status is None and deadline is not None:
        raise OutOfTime()
    return status == 0


def verify_one(entry, mutant, tree, args, log, baseline, deadline=None):
    layer = layer_of(entry["file"])
    if getattr(args, "wire_only", False):
        return verify_at_the_wire(entry, mutant, tree, args, log, deadline)
    if entry["kind"] == "unobservable":
        filters = entry["killedBy"]
    elif layer in LIBRARIES:
        filters = [f"{layer}Tests"]
    else:
        filters = []
    key = tuple(filters)
    if filters and key not in baseline:
        # The unmutated tests must pass, or a failure with the mutant would prove nothing.
        if not bounded_build(tree, log, True, deadline):
            fail(f"the unmutated tests do not build in {tree}: see {args.out}/verify.log")
        if run_tests(tree, filters, args.timeout * 4, log) != "pass":
            fail(f"the unmutated tests {' '.join(filters)} do not pass in {tree}: see {args.out}/verify.log")
        baseline.add(key)
    target = os.path.join(tree, entry["file"])
    with open(target, "w", encoding="utf-8") as f:
        f.write(apply(mutant, open(os.path.join(ROOT, entry["file"]), encoding="utf-8").read()))
    # An unobservable entry's mutant, and one of a library that `conformance` does not link, are
    # built with the tests; any other is built as `conformance` first, for the corpus.
    builds = bounded_build(tree, log, entry["kind"] == "unobservable" or layer in TESTS_ONLY, deadline)
    if entry["kind"] == "unobservable":
        if not builds:
            # The tests do not compile with the mutant: the test build is what kills it.
            return {"verdict": "holds", "why": "the test build fails with the mutant"}
        if at_the_wire(entry["file"]) and bounded_build(tree, log, False, deadline):
            wire = replay_corpus(tree, args.timeout, log, wire=True)
            if wire != "pass":
                return {"verdict": "fails", "why": f"listed as unobservable, but the corpus at the wire level kills "
                                                   f"`{entry['mutant'].strip()}` ({wire}): remove the entry"}
        verdict = run_tests(tree, filters, args.timeout * 4, log)
        if verdict == "pass":
            return {"verdict": "fails", "why": f"unobservable, but {', '.join(filters)} passed with the mutant "
                                               f"`{entry['mutant'].strip()}`: name a test that kills it, or write one"}
        return {"verdict": "holds", "why": f"{', '.join(filters)}: {verdict}"}
    if not builds:
        return {"verdict": "no-build", "why": f"the mutant `{entry['mutant'].strip()}` no longer builds: remove the entry"}
    corpus = "pass" if layer in TESTS_ONLY else replay_corpus(tree, args.timeout, log)
    if corpus == "pass" and at_the_wire(entry["file"]):
        corpus = replay_corpus(tree, args.timeout, log, wire=True)
    if corpus != "pass":
        return {"verdict": "fails", "why": f"listed as equivalent, but the corpus kills `{entry['mutant'].strip()}` "
                                           f"({corpus}): it is not equivalent any more; kill it or list it again"}
    if filters:
        built = bounded_build(tree, log, True, deadline)
        tests = run_tests(tree, filters, args.timeout * 4, log) if built else "no-build"
        if tests != "pass":
            return {"verdict": "fails", "why": f"listed as equivalent, but {', '.join(filters)} kill "
                                               f"`{entry['mutant'].strip()}` ({tests})"}
    return {"verdict": "holds"}


def verify_at_the_wire(entry, mutant, tree, args, log, deadline):
    """`list-verify --wire-only`: whether the corpus, at either level, kills an entry's mutant of the
    code only the wire level reaches; its tests are not run (the entry's other claims stay as they
    were checked). A mutant it kills is not equivalent nor unobservable: the entry must go."""
    target = os.path.join(tree, entry["file"])
    with open(target, "w", encoding="utf-8") as f:
        f.write(apply(mutant, open(os.path.join(ROOT, entry["file"]), encoding="utf-8").read()))
    if not bounded_build(tree, log, False, deadline):
        return {"verdict": "no-build", "why": f"the mutant `{entry['mutant'].strip()}` no longer builds"}
    for wire in (False, True):
        corpus = replay_corpus(tree, args.timeout, log, wire=wire)
        if corpus != "pass":
            level = "at the wire level" if wire else "in memory"
            return {"verdict": "fails", "why": f"listed as {entry['kind']}, but the corpus {level} kills "
                                               f"`{entry['mutant'].strip()}` ({corpus}): remove the entry"}
    return {"verdict": "holds", "why": "the corpus passes it at both levels (its tests not run)"}


def run_tests(tree, filters, timeout, log):
    command = ["swift", "test", "--skip-build"]
    for f in filters:
        command += ["--filter", f]
    status, output = run_logged(command, tree, timeout * 6, log)
    if status is None:
        return "hang"
    return "pass" if status == 0 else "fail"


# ---------------------------------------------------------------- mutation-guided generation

def find_mutant(ident, paths):
    name = ident.split(":")[0]
    candidates = [f for f in swift_files(paths) if os.path.basename(f) == name]
    if not candidates:
        fail(f"guide: no file named {name} under {', '.join(paths)}")
    tool = mutate_tool()
    for path in candidates:
        for m in cached_mutants_of(path, tool):
            if m["id"] == ident:
                return m
    fail(f"guide: no mutant {ident} (the id is in the report: file name and hash of the change)")


def guide(args):
    """Builds the mutant's `conformance` in a scratch folder, then fuzzes it through the adapter
    protocol against the reference: a shrunk failing scenario is a candidate that kills it."""
    m = find_mutant(args.id, ["Sources"])
    tree = os.path.abspath(args.tree)
    print(f"mutation guide: {m['file']}:{m['line']}\n  - {m['original'].strip()}\n  + {m['mutant'].strip()}", flush=True)
    sync_tree(tree)
    with open(os.path.join(tree, m["file"]), "w", encoding="utf-8") as f:
        f.write(apply(m, open(os.path.join(ROOT, m["file"]), encoding="utf-8").read()))
    try:
        if not build(tree, sys.stderr):
            fail("guide: the mutant does not build")
        mutant_binary = os.path.join(tree, ".build", "debug", "conformance")
        status, _ = run_logged(["swift", "build", "--product", "conformance"], ROOT, 3600, sys.stderr)
        if status != 0:
            fail("guide: the reference's conformance does not build")
        reference = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
        command = [os.path.join(reference, "conformance"), "fuzz"] + args.features + [
            "--adapter", f"{mutant_binary} adapter", "--seed", str(args.seed), "--runs", str(args.runs),
            "--time-budget", str(args.time_budget), "--out", args.out]
        print("$ " + " ".join(command), flush=True)
        status = subprocess.run(command, cwd=ROOT).returncode
    finally:
        restore(tree, m["file"])
    if status == 0:
        print("mutation guide: the fuzzer found no difference; write the scenario by hand, or list the mutant with its reason")
    else:
        print(f"mutation guide: the shrunk scenario under {args.out}/ tells the mutant apart: read it, name it, "
              "cite its rule, and copy it with its golden into Fixtures/")
    return 0


def list_mutants(args):
    for m in all_mutants(args.paths):
        print(json.dumps(m, ensure_ascii=False))
    return 0


def main():
    parser = argparse.ArgumentParser(prog="CI/mutation.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    tree_default = os.path.join(ROOT, ".build-mutation", "tree")

    r = commands.add_parser("run", help="run the mutants of the paths given")
    r.add_argument("paths", nargs="+")
    r.add_argument("--sample", type=int, help="run a seeded sample of this many mutants")
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--at", action="append", metavar="FILE:LINE",
                   help="only the mutants of this line (repeatable; FILE is a path or a file name)")
    r.add_argument("--shard", type=parse_shard, help="I/N: run the I-th of N deterministic partitions")
    r.add_argument("--timeout", type=int, default=20, help="seconds a scenario may take (the corpus run is bounded by 6x this)")
    r.add_argument("--time-budget", type=int, help="stop starting mutants after this many seconds")
    r.add_argument("--survivors-of", action="append", metavar="REPORT",
                   help="only the mutants that survived in this report (repeatable): judge them again once a "
                        "scenario or a test is written, then merge --again")
    r.add_argument("--ids", metavar="FILE", help="only the mutants whose ids FILE lists, one a line")
    r.add_argument("--until-built", type=int, metavar="N",
                   help="stop starting mutants once N of this run's mutants have built (a sample runs in its drawn order)")
    r.add_argument("--first", type=int, metavar="N", help="run only the first N mutants of the sample, in its drawn order")
    r.add_argument("--skip", type=int, metavar="N",
                   help="leave out the first N mutants of the sample in its drawn order (those a budget-stopped run ran)")
    r.add_argument("--out", default="mutation-report")
    r.add_argument("--tree", default=tree_default, help="the scratch copy (kept, so that builds stay incremental)")
    r.add_argument("--audit-checks", action="store_true",
                   help="also build each mutant that swiftc -parse or the type check rejects, and count any that builds")
    r.add_argument("--fail-on-survivor", action="store_true", help="exit 1 when a mutant survives and is not listed")
    r.set_defaults(func=run)

    m = commands.add_parser("merge", help="merge shard reports into one, with the list as it is now")
    m.add_argument("reports", nargs="+")
    m.add_argument("--out", default="mutation-report")
    m.add_argument("--fail-on-survivor", action="store_true")
    m.add_argument("--first", type=int, metavar="N",
                   help="keep the first N mutants each report ran (its drawn order, for a sample run with a budget)")
    m.add_argument("--again", action="append", metavar="REPORT",
                   help="a later run of some of the same mutants (as --at on their lines): its outcomes replace theirs")
    m.set_defaults(func=merge)

    g = commands.add_parser("guide", help="fuzz a mutant's build against the reference for a killing scenario")
    g.add_argument("id")
    g.add_argument("features", nargs="*")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--runs", type=int, default=5000)
    g.add_argument("--time-budget", type=int, default=120)
    g.add_argument("--out", default="fuzz-findings")
    g.add_argument("--tree", default=tree_default, help="the scratch copy (the same as run's: one at a time)")
    g.set_defaults(func=guide)

    c = commands.add_parser("list-check", help="check every entry of the list (the check EquivalentMutantsTests runs)")
    c.add_argument("--list", help="another list to check, of the same format (the tests give one)")
    c.set_defaults(func=list_check)

    a = commands.add_parser("list-add", help="list survivors of a report as equivalent or unobservable, with a reason")
    a.add_argument("report", help="a mutation.json")
    a.add_argument("ids", nargs="+")
    a.add_argument("--reason", required=True)
    a.add_argument("--kind", required=True, choices=mutation_list.KINDS)
    a.add_argument("--killed-by", action="append", metavar="TEST",
                   help="for --kind unobservable: a test that kills the mutant, as Suite or Suite/test (repeatable)")
    a.set_defaults(func=list_add)

    d = commands.add_parser("diff", help="run every mutant of the lines a change adds or alters; annotate survivors")
    d.add_argument("paths", nargs="*", help="the paths to mutate (default: the features and the libraries)")
    d.add_argument("--base", required=True, help="the commit the change is measured against, as origin/main")
    d.add_argument("--timeout", type=int, default=20)
    d.add_argument("--out", default="mutation-diff")
    d.add_argument("--tree", default=tree_default)
    d.set_defaults(func=diff)

    v = commands.add_parser("list-verify", help="run the list's claims against their mutants")
    v.add_argument("files", nargs="*", help="only the entries of these files (paths or file names)")
    v.add_argument("--all", action="store_true", help="every entry, not only those whose file changed since checked")
    v.add_argument("--at", action="append", metavar="FILE:LINE", help="only the entries of this line (repeatable)")
    v.add_argument("--kind", choices=mutation_list.KINDS, help="only the entries of this kind")
    v.add_argument("--update", action="store_true", help="record the file's blob id in each entry that holds")
    v.add_argument("--wire-only", action="store_true",
                   help="only the entries of the code the wire level reaches, judged by the corpus at both levels "
                        "(no tests): which of them the wire level kills")
    v.add_argument("--time-budget", type=int, help="stop starting entries after this many seconds")
    v.add_argument("--timeout", type=int, default=20)
    v.add_argument("--out", default="mutation-verify")
    v.add_argument("--tree", default=tree_default)
    v.set_defaults(func=list_verify)

    s = commands.add_parser("mutants", help="print the mutants of the paths given, one JSON line each")
    s.add_argument("paths", nargs="+")
    s.set_defaults(func=list_mutants)

    args = parser.parse_args()
    sys.exit(args.func(args))


if __name__ == "__main__":
    main()
