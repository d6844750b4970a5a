#!/usr/bin/env python3
"""Checks an HTML report of `conformance report --html DIR` in headless Chromium (docs/reports.md).

    python3 CI/report-browser.py DIR REPORT.json ... [--failing] [--mutation FILE] [--screenshots OUT]

DIR is the report's folder, the JSON reports are the ones it was written from, in the same order;
--mutation FILE is the mutation report in Stryker's schema that it was given.
Chromium is driven through chromedriver (the WebDriver protocol, on loopback), with every network
request sent to a closed loopback port, and the page is checked for:

- counts: each summary table's cells equal the JSON report's counts, per feature and in all;
- diff: (with --failing) the first scenario that did not pass is closed, and opens to its diff
  when its summary is clicked (a <details>, so no script is needed);
- links: every link inside the folder resolves: an anchor to an element, a file to a file;
- offline: the page loaded nothing but its own file (the browser's network log), has no script,
  and its content security policy lets nothing be fetched;
- accessibility: a language, a caption on every table, `scope` on every header cell, a label on
  every navigation and section, no heading level skipped, a summary on every <details>, and a
  table's scrolling box reachable by keyboard and labelled.

With --mutation FILE, mutation.html is checked too, with the same links, offline and accessibility
checks: each count of its per-layer and per-file tables equals the count of FILE's mutants of that
status, each mutant shown on its line is there once (a listed one with its reason), and the first
survivor (or else the first mutant) opens to its line and the mutated line when clicked.

With --screenshots OUT, the summary, a diff, the rules, the runs compared, a fuzz finding and the
mutation page's tables and a mutant are saved at 1280 and 390 pixels wide (the top of each, as
much as the screen shows).
Standard library only. Exit status 0 when every check holds, 1 otherwise, 2 for a usage error.
"""

import base64
import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request


# The key WebDriver gives an element reference in JSON.
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def usage(message):
    sys.stderr.write(f"report-browser.py: {message}\n")
    sys.exit(2)


class Driver:
    """A chromedriver process and one session, spoken to over HTTP on loopback."""

    def __init__(self, width, height):
        driver = shutil.which("chromedriver")
        browser = shutil.which("chromium") or shutil.which("chromium-browser")
        if not driver or not browser:
            usage("chromium and chromedriver are needed (bash CI/install-chromium.sh installs them)")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [driver, f"--port={self.port}", "--allowed-ips=127.0.0.1"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                if self.call("GET", "/status")["value"].get("ready"):
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.process.kill()
                usage("chromedriver did not start within 30 s")
            time.sleep(0.1)
        # A closed loopback port as the proxy and no name resolving: a fetch from anywhere fails.
        options = {
            "binary": browser,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", f"--window-size={width},{height}", "--proxy-server=http://127.0.0.1:9",
                "--host-resolver-rules=MAP * ~NOTFOUND", "--no-first-run", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
            ],
        }
        answer = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options,
            "goog:loggingPrefs": {"performance": "ALL"}}}})
        self.session = answer["value"]["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
            headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"WebDriver {method} {path}: {error.read().decode(errors='replace')}") from None

    def session_call(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)["value"]

    def go(self, url):
        self.session_call("POST", "/url", {"url": url})

    def script(self, source, *arguments):
        return self.session_call("POST", "/execute/sync", {"script": source, "args": list(arguments)})

    def element(self, css):
        found = self.session_call("POST", "/element", {"using": "css selector", "value": css})
        return next(iter(found.values()))

    def click(self, element):
        self.session_call("POST", f"/element/{element}/click", {})

    def size(self, width, height):
        self.session_call("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, element, path):
        # An element below the viewport is captured cut to what shows: bring it to the top first.
        self.session_call("POST", "/execute/sync", {
            "script": "arguments[0].scrollIntoView()", "args": [{ELEMENT: element}]})
        time.sleep(0.2)
        png = self.session_call("GET", f"/element/{element}/screenshot")
        pathlib.Path(path).write_bytes(base64.b64decode(png))

    def requests(self):
        urls = []
        for entry in self.session_call("POST", "/se/log", {"type": "performance"}):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                urls.append(message["params"]["request"]["url"])
        return urls

    def close(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


# What the page says, read in the browser: each summary table's counts, links, the structure.
READ_PAGE = r"""
const tables = [...document.querySelectorAll('table.summary')].map(t => ({
  report: Number(t.dataset.report),
  rows: [...t.querySelectorAll('tr[data-feature]')].map(r => {
    const counts = {};
    r.querySelectorAll('td[data-count]').forEach(c => counts[c.dataset.count] = c.textContent.trim());
    return {feature: r.dataset.feature, counts};
  })
}));
const links = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'));
const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
const problems = [];
if (!document.documentElement.lang) problems.push('the <html> element has no lang');
document.querySelectorAll('table').forEach((t, i) => {
  const caption = t.querySelector(':scope > caption');
  if (!caption || !caption.textContent.trim()) problems.push(`table ${i} (${t.className}) has no caption`);
  t.querySelectorAll('th').forEach(th => {
    if (!['col', 'row', 'colgroup', 'rowgroup'].includes(th.getAttribute('scope')))
      problems.push(`table ${i} (${t.className}): a <th> without scope: "${th.textContent.trim().slice(0, 40)}"`);
  });
});
document.querySelectorAll('nav').forEach(n => { if (!n.getAttribute('aria-label')) problems.push('a <nav> without aria-label'); });
document.querySelectorAll('section').forEach(s => {
  const by = s.getAttribute('aria-labelledby');
  if (!by || !document.getElementById(by)) problems.push(`section #${s.id} is not labelled by a heading`);
});
document.querySelectorAll('details').forEach(d => {
  const summary = d.querySelector(':scope > summary');
  if (!summary || !summary.textContent.trim()) problems.push(`details #${d.id} has no summary text`);
});
let level = 0;
document.querySelectorAll('h1, h2, h3, h4, h5, h6').forEach(h => {
  const next = Number(h.tagName[1]);
  if (next > level + 1) problems.push(`heading "${h.textContent.trim().slice(0, 40)}" skips from h${level} to h${next}`);
  level = next;
});
document.querySelectorAll('.wrap').forEach((w, i) => {
  if (w.getAttribute('tabindex') !== '0' || !w.getAttribute('aria-label'))
    problems.push(`the scrolling box of table ${i} cannot be reached by keyboard or has no label`);
});
document.querySelectorAll('img').forEach(i => { if (!i.hasAttribute('alt')) problems.push('an <img> without alt'); });
const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
return {
  tables, links, ids, problems,
  scripts: document.querySelectorAll('script').length,
  csp: csp ? csp.getAttribute('content') : null,
  external: [...document.querySelectorAll('[src], link[href]')].map(e => e.getAttribute('src') || e.getAttribute('href')),
  title: document.querySelector('h1') ? document.querySelector('h1').textContent : null,
};
"""

SHOWN = r"""
const e = document.querySelector(arguments[0]);
if (!e) return null;
const r = e.getBoundingClientRect();
// A closed <details> hides its content by content-visibility: it keeps a box, but is not visible.
return {open: e.closest('details') ? e.closest('details').open : null, visible: e.checkVisibility(), height: r.height,
        rows: e.querySelectorAll('tr.del, tr.add').length, steps: e.querySelectorAll('tr.step').length,
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth};
"""


def click_open(driver, details):
    """A closed <details> and its diff table before and after its summary is clicked: the table's
    state each time (SHOWN), or (None, None) when it has no diff table."""
    before = driver.script(SHOWN, details + " table.diff")
    if before is None:
        return None, None
    driver.click(driver.element(details + " > summary"))
    return before, driver.script(SHOWN, details + " table.diff")


def expected_counts(report):
    """The counts each summary row must show, from the JSON report: per feature and in all."""
    def row(counts, scenarios):
        expected = sum(1 for s in scenarios if s.get("expectedFailure") is not None and s["outcome"] != "passed")
        ran = counts["total"] - counts["skipped"]
        return {
            "passed": str(counts["passed"]), "failed": str(counts["failed"] + counts["recorded"]),
            "errored": str(counts["errored"]), "skipped": str(counts["skipped"]), "expected": str(expected),
            "percent": f"{counts['passed'] * 100 // ran}%" if ran else "–",
        }
    rows = {f["feature"]: row(f["counts"], [s for s in report["scenarios"] if s["feature"] == f["feature"]])
            for f in report["features"]}
    rows[""] = row(report["counts"], report["scenarios"])
    return rows


def page_checks(driver, folder, seen, title):
    """The checks every page gets: its links, that it works offline, what a screen reader needs.
    Returns the problems and the number of internal links."""
    problems = []
    # Links.
    ids = set(seen["ids"])
    internal = 0
    for href in seen["links"]:
        parsed = urllib.parse.urlparse(href)
        if parsed.scheme in ("http", "https", "mailto"):
            continue
        internal += 1
        if href.startswith("#"):
            if urllib.parse.unquote(href[1:]) not in ids:
                problems.append(f"links: {href} names no element of the page")
        elif not parsed.scheme:
            target = (folder / urllib.parse.unquote(parsed.path)).resolve()
            if not target.exists():
                problems.append(f"links: {href} leads to {target}, which does not exist")
            elif parsed.fragment and target.suffix == ".html":
                problems.append(f"links: {href}: anchors in other pages are not checked yet")
        else:
            problems.append(f"links: {href}: a link of scheme {parsed.scheme}")

    # Offline.
    if seen["scripts"]:
        problems.append(f"offline: the page has {seen['scripts']} <script> elements")
    if not seen["csp"] or "default-src 'none'" not in seen["csp"] or "script-src" in seen["csp"]:
        problems.append(f"offline: the content security policy does not forbid every fetch: {seen['csp']}")
    for source in seen["external"]:
        problems.append(f"offline: the page refers to a resource: {source}")
    fetched = [url for url in driver.requests() if not url.startswith(("file:", "data:"))]
    for url in fetched:
        problems.append(f"offline: the page requested {url}")
    if seen["title"] != title:
        problems.append(f"offline: the page did not render its heading (found {seen['title']!r})")

    # Accessibility.
    problems += [f"accessibility: {problem}" for problem in seen["problems"]]

    return problems, internal


# What the mutation page shows: its tables' counts, and each mutant on its line by status.
READ_MUTATION = r"""
const tables = {};
document.querySelectorAll('table.summary[data-table]').forEach(t => {
  tables[t.dataset.table] = [...t.querySelectorAll('tr[data-name]')].map(r => {
    const counts = {};
    r.querySelectorAll('td[data-count]').forEach(c => counts[c.dataset.count] = c.textContent.trim());
    return {name: r.dataset.name, counts};
  });
});
const shown = {};
document.querySelectorAll('details.mutant').forEach(d => shown[d.dataset.status] = (shown[d.dataset.status] || 0) + 1);
const listedWithoutReason = [...document.querySelectorAll('details.mutant[data-status="Ignored"]')]
  .filter(d => ![...d.querySelectorAll('dt')].some(dt => dt.textContent === 'reason')).length;
return {tables, shown, listedWithoutReason};
"""

# The statuses of the page's tables, in their order, and those shown on their lines.
MUTATION_COLUMNS = ["Killed", "Timeout", "Survived", "NoCoverage", "Ignored", "CompileError", "RuntimeError"]
ON_LINES = ["Killed", "Timeout", "Survived", "NoCoverage", "Ignored", "Pending"]


def layer_of(path):
    parts = path.split("/")
    if len(parts) >= 4 and parts[0] == "Sources":
        return parts[2]
    return "/".join(parts[:-1]) if len(parts) > 1 else "."


def mutation_counts(mutants):
    """A table row as the page must show it: each status's count and the score."""
    counts = {status: sum(1 for m in mutants if m["status"] == status) for status in MUTATION_COLUMNS}
    detected = counts["Killed"] + counts["Timeout"]
    valid = detected + counts["Survived"] + counts["NoCoverage"]
    row = {status: str(count) for status, count in counts.items()}
    row["score"] = f"{round(detected * 1000 / valid) / 10}%" if valid else "–"
    return row


def mutation_checks(driver, folder, report, shots):
    """mutation.html against the report in Stryker's schema it was written from."""
    page = folder / "mutation.html"
    if not page.is_file():
        return [f"mutation: {page} does not exist: was the report written with --mutation FILE?"]
    driver.size(1280, 900)
    driver.go(page.as_uri())
    problems, _ = page_checks(driver, folder, driver.script(READ_PAGE), "Mutation report")
    problems = [f"mutation page: {problem}" for problem in problems]
    seen = driver.script(READ_MUTATION)
    files = report["files"]
    layers = {}
    for path, entry in files.items():
        layers.setdefault(layer_of(path), []).extend(entry["mutants"])
    everything = [m for entry in files.values() for m in entry["mutants"]]
    want = {
        "layers": {name: mutation_counts(mutants) for name, mutants in layers.items()} | {"all": mutation_counts(everything)},
        "files": {path: mutation_counts(entry["mutants"]) for path, entry in files.items()} | {"all": mutation_counts(everything)},
    }
    for table, rows in want.items():
        got = {row["name"]: row["counts"] for row in seen["tables"].get(table, [])}
        for name in sorted(set(rows) | set(got)):
            # A column the page leaves out must count nothing in the report (killed, survived and
            # listed are always there).
            shown = got.get(name)
            if shown is not None and name in rows:
                shown = {status: shown.get(status, "0") for status in rows[name]}
                if any(status not in got[name] for status in ("Killed", "Survived", "Ignored", "score")):
                    shown = got[name]
            if shown != rows.get(name):
                problems.append(f"mutation counts: table {table}, row '{name}': the page shows {got.get(name)}, "
                                f"the report {rows.get(name)}")
    for status in ON_LINES:
        expected = sum(1 for m in everything if m["status"] == status)
        if seen["shown"].get(status, 0) != expected:
            problems.append(f"mutation lines: {seen['shown'].get(status, 0)} {status} mutants on their lines, "
                            f"the report has {expected}")
    if seen["listedWithoutReason"]:
        problems.append(f"mutation lines: {seen['listedWithoutReason']} listed mutants show no reason")
    survivor = 'details.mutant[data-status="Survived"]'
    first = survivor if driver.script("return document.querySelector(arguments[0]) !== null", survivor) \
        else "details.mutant"
    before, after = click_open(driver, first)
    if before is None:
        problems.append("mutation: no mutant on its line shows the mutated line")
    else:
        if before["open"] or before["visible"]:
            problems.append("mutation: a mutant is open before it is clicked")
        if not after["open"] or not after["visible"] or after["rows"] != 2:
            problems.append(f"mutation: clicking a mutant did not show its line and the mutant ({after})")
    if shots:
        for name, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
            driver.size(width, height)
            driver.screenshot(driver.element("#layers"), shots / f"{name}-mutation-layers.png")
            driver.screenshot(driver.element(first), shots / f"{name}-mutation-mutant.png")
            overflow = driver.script(SHOWN, "#layers")["overflow"]
            if overflow > 0:
                problems.append(f"mutation layout: at {width} px the page scrolls sideways by {overflow} px")
    return problems


def main(argv):
    args = list(argv)
    failing = "--failing" in args
    if failing:
        args.remove("--failing")
    mutation = None
    if "--mutation" in args:
        index = args.index("--mutation")
        if index + 1 >= len(args):
            usage("--mutation needs a file")
        try:
            mutation = json.loads(pathlib.Path(args[index + 1]).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            usage(f"{args[index + 1]}: {error}")
        del args[index:index + 2]
    shots = None
    if "--screenshots" in args:
        index = args.index("--screenshots")
        if index + 1 >= len(args):
            usage("--screenshots needs a folder")
        shots = pathlib.Path(args[index + 1])
        del args[index:index + 2]
    if len(args) < 2:
        usage("usage: report-browser.py DIR REPORT.json ... [--failing] [--mutation FILE] [--screenshots OUT]")
    folder = pathlib.Path(args[0]).resolve()
    page = folder / "index.html"
    if not page.is_file():
        usage(f"{page} does not exist: write it with conformance report --html {args[0]}")
    reports = []
    for path in args[1:]:
        try:
            reports.append(json.loads(pathlib.Path(path).read_text(encoding="utf-8")))
        except (OSError, ValueError) as error:
            usage(f"{path}: {error}")

    problems = []
    driver = Driver(1280, 900)
    try:
        driver.go(page.as_uri())
        seen = driver.script(READ_PAGE)

        # Counts.
        if len(seen["tables"]) != len(reports):
            problems.append(f"counts: {len(seen['tables'])} summary tables for {len(reports)} JSON reports")
        for table in seen["tables"]:
            want = expected_counts(reports[table["report"]])
            got = {row["feature"]: row["counts"] for row in table["rows"]}
            if got != want:
                for feature in sorted(set(want) | set(got)):
                    if got.get(feature) != want.get(feature):
                        problems.append(f"counts: report {table['report']}, feature '{feature or 'all'}': "
                                        f"the page shows {got.get(feature)}, the JSON report {want.get(feature)}")

        found, internal = page_checks(driver, folder, seen, "Conformance report")
        problems += found

        # Diff.
        first = "#failures details.scenario"
        if failing:
            before, after = click_open(driver, first)
            if before is None:
                problems.append("diff: no scenario that did not pass has a diff table")
            else:
                if before["open"] or before["visible"]:
                    problems.append("diff: the first scenario that did not pass is open before it is clicked")
                if not after["open"] or not after["visible"] or after["height"] <= 0:
                    problems.append("diff: clicking the scenario's summary did not show its diff")
                if after["rows"] == 0 or after["steps"] == 0:
                    problems.append(f"diff: the diff shows {after['rows']} changed lines under {after['steps']} steps")

        if shots:
            shots.mkdir(parents=True, exist_ok=True)
            for name, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
                driver.size(width, height)
                driver.screenshot(driver.element("#summary"), shots / f"{name}-summary.png")
                overflow = driver.script(SHOWN, "#summary")["overflow"]
                if overflow > 0:
                    problems.append(f"layout: at {width} px the page scrolls sideways by {overflow} px")
                # The summary tables fit the screen: no count is hidden behind a sideways scroll.
                cut = driver.script(
                    "return [...document.querySelectorAll('table.summary')]"
                    ".filter(t => t.getBoundingClientRect().width > t.parentElement.clientWidth + 1).length")
                if cut:
                    problems.append(f"layout: at {width} px {cut} summary tables are wider than the screen")
                if failing:
                    driver.screenshot(driver.element(first), shots / f"{name}-diff.png")
                for section in ("rules", "compared"):
                    driver.screenshot(driver.element(f"#{section}"), shots / f"{name}-{section}.png")
                fuzz = "#fuzz details.scenario"
                if driver.script("return document.querySelector(arguments[0]) !== null", fuzz):
                    driver.screenshot(driver.element(fuzz), shots / f"{name}-fuzz.png")
        if mutation is not None:
            problems += mutation_checks(driver, folder, mutation, shots)
    finally:
        driver.close()

    for problem in problems:
        print(f"FAIL  {problem}")
    what = (f"{len(reports)} reports, {internal} internal links" + (", a diff opened" if failing else "")
            + (", the mutation page" if mutation is not None else ""))
    print(f"report-browser.py: {page}: {'ok' if not problems else f'{len(problems)} problems'} ({what})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
