"""The list of equivalent and unobservable mutants, CI/mutation-equivalents.json (docs/mutation.md).

The one checker of the list: `python3 CI/mutation.py list-check` runs it, and so does
ConformanceKitTests' EquivalentMutantsTests (through list-check), so the two cannot differ.

An entry names a file, the enclosing declaration of the mutated line, the line's original and mutated
text, a kind (`equivalent`, or `unobservable` with the tests that kill the mutant in `killedBy`), the
reason, and `checked`: the git blob id of the file when the claim was last run (`list-verify`).
"""

import hashlib
import os
import re

FIELDS = ["file", "declaration", "original", "mutant", "kind", "killedBy", "reason", "checked"]
KINDS = ["equivalent", "unobservable"]

# A line that opens a declaration, once its attributes and modifiers are set aside. `var` and `let`
# count only as a computed property or an observed one (a block with no `=`), not a local closure.
MODIFIERS = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+|(?:public|private|fileprivate|internal|open|package|static|final|"
                       r"override|mutating|nonmutating|nonisolated|convenience|required|lazy|weak|indirect|"
                       r"dynamic|class(?=\s+(?:func|var|let|subscript)))(?:\(set\))?\s+)*")
DECLARATION = re.compile(r"^(?:func|init[?!]?|deinit|subscript|struct|class|enum|protocol|extension|actor|"
                         r"typealias|(?:var|let)(?=[^=]*\{\s*$))\b")


def normal(text):
    """A line's text without the blanks at either end (of each line, for a two-line mutant)."""
    return "\n".join(line.strip() for line in text.split("\n"))


def indent(line):
    return len(line) - len(line.lstrip(" \t"))


def is_declaration(line):
    return bool(DECLARATION.match(MODIFIERS.sub("", line.strip())))


def header(line):
    """How a declaration is named in an entry: its first line, trimmed, without the `{` that opens it."""
    text = line.strip()
    return text[:-1].rstrip() if text.endswith("{") else text


TYPE_NAME = re.compile(r"^(?:struct|class|enum|protocol|extension|actor)\s+([\w.]+)")


def declaration_of(lines, index):
    """The innermost declaration that holds line `index` (0-based): its first line, as `header`
    gives it, after the names of the types around it (`TimerEvent / public var caseName: String`,
    so that the same member of two types is told apart), or "" for a line at the top of the file.
    Found by indentation: the nearest line above that is indented less and opens a declaration,
    then the same from there."""
    found = []
    threshold = indent(lines[index]) if lines[index].strip() else 0
    for j in range(index - 1, -1, -1):
        line = lines[j]
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        if indent(line) < threshold:
            threshold = indent(line)
            if is_declaration(line):
                found.append(line)
        if threshold == 0:
            break
    if not found:
        return ""
    types = [TYPE_NAME.match(MODIFIERS.sub("", line.strip())) for line in reversed(found[1:])]
    names = ".".join(t.group(1) for t in types if t)
    return f"{names} / {header(found[0])}" if names else header(found[0])


def blob_id(path):
    """The git blob id of a file's bytes, as `git hash-object` gives it."""
    data = open(path, "rb").read()
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def places(entry, root, cache=None):
    """The 1-based lines of the entry's file that it matches: the original text, in the declaration."""
    lines = file_lines(entry["file"], root, cache)
    if lines is None:
        return []
    want = normal(entry["original"])
    return [i + 1 for i, line in enumerate(lines)
            if line.strip() == want and declaration_of(lines, i) == entry["declaration"]]


def file_lines(path, root, cache=None):
    if cache is not None and path in cache:
        return cache[path]
    full = os.path.join(root, path)
    lines = open(full, encoding="utf-8").read().split("\n") if os.path.isfile(full) else None
    if cache is not None:
        cache[path] = lines
    return lines


def listed(mutant, entries, root, cache=None):
    """The entry that lists a mutant (file, declaration of its line, both texts), or None. The
    declaration is read at the mutant's line when that line still reads its original text; a mutant
    of an older report whose line has moved since is matched by the declarations of the lines that
    read it now."""
    lines = None
    for entry in entries:
        if entry["file"] != mutant["file"] or normal(entry["original"]) != normal(mutant["original"]) \
                or normal(entry["mutant"]) != normal(mutant["mutant"]):
            continue
        if lines is None:
            lines = file_lines(mutant["file"], root, cache) or []
        index = mutant["line"] - 1
        if 0 <= index < len(lines) and lines[index].strip() == normal(mutant["original"]):
            candidates = [index]
        else:
            candidates = [i for i, line in enumerate(lines) if line.strip() == normal(mutant["original"])]
        if any(declaration_of(lines, i) == entry["declaration"] for i in candidates):
            return entry
    return None


# ---------------------------------------------------------------- the tests a filter can name

TEST_FUNC = re.compile(r"^\s*(?:@Test\b.*?\s)?(?:@MainActor\s+)?(?:(?:nonisolated|static|public|private|internal|"
                       r"override|final)\s+)*func\s+(\w+)\s*\(")
TYPE = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|final)\s+)*"
                  r"(?:struct|class|extension|enum|actor)\s+(\w+)")


def test_index(root):
    """{suite: set of its tests}: every type of Tests/ that holds a test (a function marked @Test, or
    an XCTest method whose name starts with `test`), with the tests in it and in its extensions."""
    suites = {}
    for base, dirs, names in os.walk(os.path.join(root, "Tests")):
        dirs.sort()
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            lines = open(os.path.join(base, name), encoding="utf-8").read().split("\n")
            for i, line in enumerate(lines):
                found = TEST_FUNC.match(line)
                if not found:
                    continue
                test = found.group(1)
                marked = "@Test" in line or test_attribute_above(lines, i)
                if not (marked or test.startswith("test")):
                    continue
                suite = enclosing_type(lines, i)
                if suite:
                    suites.setdefault(suite, set()).add(test)
    return suites


def test_attribute_above(lines, index):
    """Whether the attributes above a function (back to a blank line or the end of the code before
    it) hold @Test, as `@Test(arguments: [...])` written over several lines does."""
    for j in range(index - 1, -1, -1):
        text = lines[j].strip()
        if not text or text.startswith("}") or re.search(r"\bfunc\s", text):
            return False
        if text.startswith("@Test"):
            return True
    return False


def enclosing_type(lines, index):
    threshold = indent(lines[index])
    for j in range(index - 1, -1, -1):
        line = lines[j]
        if line.strip() and indent(line) < threshold:
            threshold = indent(line)
            found = TYPE.match(line)
            if found:
                return found.group(1)
        if threshold == 0 and line.strip():
            break
    return None


def filter_problem(name, suites):
    """Why `name` is not a `swift test --filter` that selects a test of this package, or None. The
    forms are `Suite` and `Suite/test` (the test's function name)."""
    suite, _, test = name.partition("/")
    if not re.fullmatch(r"\w+", suite) or (test and not re.fullmatch(r"\w+", test)):
        return f"{name!r} is not a filter of the form Suite or Suite/test"
    if suite in suites and (not test or test in suites[suite]):
        return None
    owners = sorted(s for s, tests in suites.items() if test in tests) if test else []
    hint = f" ({test} is in {', '.join(owners)})" if owners else ""
    if suite not in suites:
        return f"no suite of Tests/ is named {suite}{hint}"
    return f"{suite} has no test {test}{hint}"


# A test named in a reason's prose: `Suite.test` or `Suite/test`, or a suite alone.
NAMED_TEST = re.compile(r"\b([A-Z]\w*Tests)(?:[./]([a-z]\w*))?\b")


# ---------------------------------------------------------------- the checker

def entry_problems(data, root, path="CI/mutation-equivalents.json"):
    """Every problem of the list, one line each: the shape of each entry and its fields; a file that
    is gone; an original line that no longer stands in its declaration; a mutant that is no change;
    an entry that repeats another; a killedBy or a test named in a reason that `swift test --filter`
    would not find."""
    if not isinstance(data, dict) or set(data) != {"equivalents"} or not isinstance(data["equivalents"], list):
        return [f'{path}: expected {{"equivalents": [entries]}}']
    problems = []
    suites = test_index(root)
    cache = {}
    seen = {}
    for number, entry in enumerate(data["equivalents"], 1):
        name = f"{path}: entry {number}"
        if not isinstance(entry, dict):
            problems.append(f"{name}: not an object")
            continue
        name += f" ({entry.get('file', '?')})"
        shape = shape_problems(entry)
        if shape:
            problems += [f"{name}: {p}" for p in shape]
            continue
        key = (entry["file"], entry["declaration"], normal(entry["original"]), normal(entry["mutant"]))
        if key in seen:
            problems.append(f"{name}: the same mutant as entry {seen[key]}")
        seen.setdefault(key, number)
        if normal(entry["original"]) == normal(entry["mutant"]):
            problems.append(f"{name}: the mutant is the original line")
        for test in entry.get("killedBy", []):
            problem = filter_problem(test, suites)
            if problem:
                problems.append(f"{name}: killedBy {test}: {problem}")
        for suite, test in NAMED_TEST.findall(entry["reason"]):
            problem = filter_problem(f"{suite}/{test}" if test else suite, suites)
            if problem:
                problems.append(f"{name}: the reason names {suite}{'.' + test if test else ''}: {problem}")
        if file_lines(entry["file"], root, cache) is None:
            problems.append(f"{name}: no such file")
        elif not places(entry, root, cache):
            problems.append(f"{name}: no line of {entry['declaration'] or 'the top level'!r} reads "
                            f"{normal(entry['original'])!r}; the code moved on: kill the mutant now there, or list it again")
    return problems


def shape_problems(entry):
    problems = []
    extra = sorted(set(entry) - set(FIELDS))
    if extra:
        problems.append(f"unknown field {', '.join(extra)}")
    for field in ("file", "original", "mutant", "reason", "kind"):
        if not isinstance(entry.get(field), str) or not entry[field].strip():
            problems.append(f"field {field!r} must be a non-empty string")
    if not isinstance(entry.get("declaration"), str):
        problems.append("field 'declaration' must be a string (\"\" for the top level of the file)")
    if not isinstance(entry.get("checked"), str) or not re.fullmatch(r"[0-9a-f]{40}", entry.get("checked") or ""):
        problems.append("field 'checked' must be the git blob id (40 hex digits) the entry was last checked against")
    kind = entry.get("kind")
    if isinstance(kind, str) and kind not in KINDS:
        problems.append(f"field 'kind' is {kind!r}: expected equivalent or unobservable")
    tests = entry.get("killedBy")
    if kind == "unobservable":
        if not isinstance(tests, list) or not tests or not all(isinstance(t, str) and t for t in tests):
            problems.append("an unobservable entry needs 'killedBy': the tests that kill it, as swift test --filter takes them")
    elif "killedBy" in entry:
        problems.append("only an unobservable entry has 'killedBy'")
    return problems


def stale_checks(entries, root):
    """The entries whose file has changed since they were checked (its blob id differs)."""
    blobs = {}
    out = []
    for entry in entries:
        full = os.path.join(root, entry["file"])
        if entry["file"] not in blobs:
            blobs[entry["file"]] = blob_id(full) if os.path.isfile(full) else None
        if blobs[entry["file"]] != entry.get("checked"):
            out.append(entry)
    return out
