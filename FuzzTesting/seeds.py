#!/usr/bin/env python3
"""Writes each fuzz target's seed corpus under OUT/<target>/, one input a file.

The seeds are drawn from what the package already holds, so they follow the fixtures as they grow:
the scenarios and their lines under Fixtures/, the mock server's data set (Fixtures/http/), the
deep links, dates and response bodies the scenarios carry, and the stub examples of
docs/mock-server.md. Inputs that appear nowhere in those files (HTTP requests, adapter replies,
disk cache files) are made here from the same data, or are kept in FuzzTesting/Seeds/<target>/.

    python3 FuzzTesting/seeds.py OUT
"""

import base64
import hashlib
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Fixtures"
KEPT = ROOT / "FuzzTesting" / "Seeds"
FEATURES = ["kittens", "timer", "news", "news-app", "images"]


def scenario_lines():
    """(feature, file, [parsed objects]) for every scenario of the corpus."""
    for feature in FEATURES:
        for path in sorted((FIXTURES / feature).glob("*.jsonl")):
            objects = []
            for line in path.read_text(encoding="utf-8").split("\n"):
                try:
                    objects.append(json.loads(line))
                except ValueError:
                    pass
            yield feature, path, objects


def strings_under(value, key):
    """Every string value of `key` anywhere inside `value`."""
    if isinstance(value, dict):
        for name, item in value.items():
            if name == key and isinstance(item, str):
                yield item
            else:
                yield from strings_under(item, key)
    elif isinstance(value, list):
        for item in value:
            yield from strings_under(item, key)


def fnv1a64(data):
    value = 0xCBF29CE484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % value


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def main(out):
    corpora = {}

    def add(target, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        corpora.setdefault(target, {})[hashlib.sha1(data).hexdigest()] = data

    cats = json.loads((FIXTURES / "http" / "cats.json").read_text(encoding="utf-8"))
    news = json.loads((FIXTURES / "http" / "news-articles.json").read_text(encoding="utf-8"))

    # The scenario reader takes whole files; the JSON reader takes every line and the data set.
    for feature, path, objects in scenario_lines():
        add("FuzzScenario", path.read_bytes())
        for line in path.read_text(encoding="utf-8").split("\n"):
            if line:
                add("FuzzJSON", line)
        if feature == "news-app":  # deep links are the url of openLink events, wrong ones included
            for link in strings_under(objects, "url"):
                add("FuzzDeepLink", link)
        for text in strings_under(objects, "publishedAt"):
            add("FuzzNewsDate", text)
        for body in strings_under(objects, "body"):
            add({"kittens": "FuzzCatAPI", "news": "FuzzNewsAPI", "news-app": "FuzzNewsAPI"}.get(feature, "FuzzJSON"), body)
    for path in sorted((FIXTURES / "schema").glob("*.json")) + sorted((FIXTURES / "http").glob("*.json")):
        add("FuzzJSON", path.read_bytes())

    # The mock server's data as its routes serve it: Cat API pages and NewsAPI pages.
    images = cats["images"]
    for size in (0, 1, 5, 50):
        page = [dict(image, url="http://127.0.0.1:8080/images/%s.png" % image["id"]) for image in images[:size]]
        add("FuzzCatAPI", compact(page))
    articles = news["articles"]
    for size in (0, 1, 3, 20):
        add("FuzzNewsAPI", compact({"status": "ok", "totalResults": len(articles), "articles": articles[:size]}))
    add("FuzzNewsAPI", compact({"status": "error", "code": "rateLimited", "message": "Too many requests."}))
    for article in articles:
        if article.get("publishedAt"):
            add("FuzzNewsDate", article["publishedAt"])

    # HTTP requests the clients and the admin API send, alone and pipelined.
    stub_examples = []
    text = (ROOT / "docs" / "mock-server.md").read_text(encoding="utf-8")
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        try:
            value = json.loads(block)
        except ValueError:
            continue
        if isinstance(value, dict) and ("response" in value or "responses" in value):
            stub_examples.append(block.encode("utf-8"))
    for example in stub_examples:
        add("FuzzStub", example)
    requests = [
        b"GET /v1/images/search?limit=50&page=0&order=ASC HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nx-api-key: k\r\n\r\n",
        b"GET /v2/top-headlines?country=us&page=1&pageSize=20 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: key\r\n\r\n",
        b"GET /v2/everything?q=swift%20concurrency&page=2 HTTP/1.0\r\n\r\n",
        b"GET http://127.0.0.1:8080/images/fyOrdbr81.png HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"v1\"\r\n\r\n",
        b"HEAD /__admin/health HTTP/1.1\r\nConnection: close\r\n\r\n",
        b"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
    ]
    for example in stub_examples[:2]:
        requests.append(b"POST /__admin/stubs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(example), example))
        requests.append(b"POST /__admin/stubs HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n%s" % (len(example), example))
    for request in requests:
        add("FuzzHTTPRequest", request)
    add("FuzzHTTPRequest", requests[0] + requests[1] + requests[-1])

    # Disk cache files under the key "key", as the cache writes them.
    for index, image in enumerate(images[:4]):
        body = ("\x89PNG %s %dx%d" % (image["id"], image["width"], image["height"])).encode()
        header = {"checksum": fnv1a64(body), "format": 1, "key": "key", "length": len(body), "storedAt": 1577836800.125 + index}
        if index % 2 == 0:
            header["etag"] = '"v%d"' % index
        add("FuzzDiskEntry", compact(dict(sorted(header.items()))).encode() + b"\n" + body)

    # Kept seeds: inputs written by hand (FuzzTesting/Seeds/<target>/).
    if KEPT.is_dir():
        for folder in sorted(KEPT.iterdir()):
            for path in sorted(folder.iterdir()):
                add(folder.name, path.read_bytes())

    for target, inputs in sorted(corpora.items()):
        folder = pathlib.Path(out) / target
        folder.mkdir(parents=True, exist_ok=True)
        for digest, data in inputs.items():
            (folder / digest).write_bytes(data)
        print("%-18s %5d seeds" % (target, len(inputs)))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: seeds.py OUT")
    main(sys.argv[1])
