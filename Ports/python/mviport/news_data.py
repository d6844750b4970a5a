"""What the News screens share (docs/features/news.md, "Data" and "Conformance"): articles, the
requests' text, the answers of a `respond` line, NewsAPI's bodies, error texts, dates, rows and the
container, and the replay's local stores."""

import json
import re
import unicodedata
from datetime import datetime, timedelta, timezone
from urllib.parse import quote

from .engine import ScenarioError
from .values import clusters, enum_case, read_json_strictly, record

PAGE_SIZE = 20
RESULTS_CAP = 100
OPTIONAL_FIELDS = ("author", "title", "description", "urlToImage", "publishedAt", "content")


# Articles: dicts {"source": {"name", "id"?}, "url", and the optional strings when present}.
def article_from_config(value):
    """An article as scenarios write it (no nulls)."""
    if not isinstance(value, dict) or not isinstance(value.get("url"), str):
        raise ScenarioError("an article needs a url")
    source = value.get("source") or {}
    article = {"source": {"name": source.get("name")}, "url": value["url"]}
    if "id" in source:
        article["source"]["id"] = source["id"]
    for field in OPTIONAL_FIELDS:
        if field in value:
            article[field] = value[field]
    return article


def generated_article(n):
    return {"source": {"name": "News Test"}, "title": f"Article {n}", "url": f"https://news.test/{n}"}


def web_host(url):
    """The host of `url` as written (news-app.md, rule news-app.79): `scheme://[userinfo@]host[:port]...`,
    nothing decoded, an IP literal with its brackets; None when `url` has no `scheme://`, an empty host,
    or a character outside printable ASCII or one of space " < > \\ ^ ` { | } in its authority."""
    match = re.match(r"[A-Za-z][A-Za-z0-9+.-]*://([^/?#]*)", url)
    if not match:
        return None
    authority = match.group(1)
    if any(not 0x21 <= ord(c) <= 0x7E or c in ' "<>\\^`{|}' for c in authority):
        return None
    authority = authority.rpartition("@")[2]
    if authority.startswith("[") and "]" in authority:
        host = authority[: authority.index("]") + 1]
    else:
        host = authority.partition(":")[0]
    return host or None


def web_scheme(url):
    """The scheme of `url` in lower case when it has a host (web_host), else None."""
    return url.partition("://")[0].lower() if web_host(url) is not None else None


def bare_article(url):
    """The article a link to a url the app never saw shows: the url alone, its host as the source
    (the url itself when it has none)."""
    host = web_host(url)
    return {"source": {"name": host if host is not None else url}, "url": url}


def dedupe(articles, existing=()):
    """Keeps the first article of each url, leaving out urls already in `existing`; urls are
    compared as canonically equivalent Unicode, as the reference's strings are."""
    seen = {unicodedata.normalize("NFC", article["url"]) for article in existing}
    kept = []
    for article in articles:
        key = unicodedata.normalize("NFC", article["url"])
        if key not in seen:
            seen.add(key)
            kept.append(article)
    return kept


# Requests
def encode(value):
    return quote(str(value), safe="-._~")


def top_headlines(page):
    return f"/v2/top-headlines?language=en&page={page}&pageSize={PAGE_SIZE}"


def everything(query, page=1):
    return f"/v2/everything?q={encode(query)}&page={page}&pageSize={PAGE_SIZE}"


# Answers: ("page", totalResults, articles) or ("error", error); errors are tuples named by kind.
def answer(fields):
    """What the replay data source delivers for a `respond` line's fields."""
    if "articles" in fields:
        articles = [article_from_config(item) for item in fields["articles"]]
        return ("page", fields.get("totalResults", len(articles)), articles)
    if "generated" in fields:
        first, count = fields["generated"]["first"], fields["generated"]["count"]
        return ("page", fields["totalResults"], [generated_article(n) for n in range(first, first + count)])
    if "body" in fields:
        return parse_response(fields.get("status", 200), fields["body"])
    failure = fields.get("failure")
    if failure == "api":
        return ("error", ("api", fields["status"], fields["code"], fields.get("message", "")))
    if failure == "httpStatus":
        return ("error", ("httpStatus", fields["status"]))
    if failure == "invalidResponse":
        return ("error", ("invalidResponse", fields["detail"]))
    if failure == "transport":
        return ("error", ("transport", fields.get("detail", "connection failed")))
    if failure == "timeout":
        return ("error", ("timeout",))
    raise ScenarioError(f"a News answer holds articles, generated, body or failure: {sorted(fields)}")


class _Invalid(Exception):
    pass


def parse_response(status, body):
    """NewsAPI's answer of that status and body (news.md, "Answers and errors")."""
    try:
        value = read_json_strictly(body) if body else None  # news.114, news.115
    except ValueError:
        value = None
    # An error body: status "error", a string code, and a message that is a string, null or missing
    # (a message of another type makes it no error body; news.md, "Answers and errors").
    if isinstance(value, dict) and value.get("status") == "error" \
            and _is_text(value.get("code")) and (_is_text(value.get("message")) or value.get("message") is None):
        message = value.get("message")
        return ("error", ("api", status, value["code"], message if isinstance(message, str) else ""))
    if not 200 <= status <= 299:
        return ("error", ("httpStatus", status))
    try:
        return _page(body, value)
    except _Invalid as invalid:
        return ("error", ("invalidResponse", str(invalid)))


def _page(body, value):
    if not body:
        raise _Invalid("an empty body")
    if value is None:
        raise _Invalid("not valid JSON")
    if not isinstance(value, dict):
        raise _Invalid("expected an object")
    if value.get("status") != "ok":
        raise _Invalid(f'"status" is {json.dumps(value.get("status"))}, expected "ok"')
    total = value.get("totalResults")
    # A whole number, however it is written: 1.0 and 1e0 are 1, 1.5 is no integer (news.md, "Answers and errors").
    if isinstance(total, float) and total.is_integer():
        total = int(total)
    if not isinstance(total, int) or isinstance(total, bool) or not -2**63 <= total < 2**63:
        raise _Invalid("totalResults: expected an integer")
    if total < 0:
        raise _Invalid(f'"totalResults" is {total}, expected 0 or more')
    items = value.get("articles")
    if not isinstance(items, list):
        raise _Invalid("articles: expected an array")
    return ("page", total, [_api_article(item, f"articles[{index}]") for index, item in enumerate(items)])


def _api_article(item, path):
    if not isinstance(item, dict):
        raise _Invalid(f"{path}: expected an object")
    source = item.get("source")
    if not isinstance(source, dict):
        raise _Invalid(f"{path}.source: missing")
    if not _is_text(source.get("name")):
        raise _Invalid(f"{path}.source.name: missing")
    if item.get("url") is None:
        raise _Invalid(f"{path}.url: missing")
    article = {"source": {"name": source["name"]}, "url": _string(item, "url", path)}
    if source.get("id") is not None:
        article["source"]["id"] = _string(source, "id", path + ".source")
    for field in OPTIONAL_FIELDS:
        if item.get(field) is not None:
            article[field] = _string(item, field, path)
    return article


def _is_text(value):
    """A string (a lone surrogate never gets this far: read_json_strictly refuses it, news.114)."""
    return isinstance(value, str)


def _string(item, field, path):
    if not _is_text(item[field]):
        raise _Invalid(f"{path}.{field}: expected a string")
    return item[field]


# Texts the alert shows
API_TEXTS = {
    "apiKeyMissing": "No NewsAPI key was sent. Add your key in the settings.",
    "apiKeyInvalid": "The NewsAPI key is not valid. Check the key in the settings.",
    "apiKeyDisabled": "The NewsAPI key has been disabled. Use another key.",
    "apiKeyExhausted": "The NewsAPI key has no requests left today. Try again tomorrow or use another key.",
    "rateLimited": "Too many requests. Wait a minute and try again.",
    "maximumResultsReached": "No more articles: NewsAPI shows at most 100 results.",
    "unexpectedError": "NewsAPI failed to answer. Try again later.",
}
NOT_ACCEPTED = ("parameterInvalid", "parametersMissing", "sourcesTooMany", "sourceDoesNotExist")
FAILED = "NewsAPI failed to answer. Try again later."


def error_text(error):
    kind = error[0]
    if kind == "api":
        status, code = error[1], error[2]
        if code in API_TEXTS:
            return API_TEXTS[code]
        if code in NOT_ACCEPTED:
            return f"NewsAPI did not accept the request ({code})."
        if status >= 500:
            return FAILED
        return f"NewsAPI answered with an error ({code}, HTTP {status})."
    if kind == "httpStatus":
        return FAILED if error[1] >= 500 else f"NewsAPI answered with HTTP {error[1]}."
    if kind == "invalidResponse":
        return "NewsAPI sent an answer that could not be read."
    if kind == "transport":
        return "No connection to NewsAPI. Check the network and try again."
    if kind == "timeout":
        return "NewsAPI did not answer in time. Try again."
    if kind == "corrupt":
        return (f"The {error[1]} file is damaged and was left as it is ({error[2]}). "
                "Changes are not saved until it is moved away.")
    if kind == "unreadable":
        return f"The saved {error[1]} could not be read ({error[2]})."
    if kind == "unwritable":
        return f"The {error[1]} could not be saved ({error[2]})."
    raise ValueError(f"no text for {error!r}")


# Dates
DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]+))?)?(Z|[+-][0-9]{2}:?[0-9]{2})")


def display_date(text):
    """dd.MM.yyyy in UTC, or None for anything that is not an accepted timestamp."""
    match = DATE.fullmatch(text or "")  # the whole text: no line end after it either
    if not match:
        return None
    year, month, day, hour, minute = (int(match.group(n)) for n in range(1, 6))
    second = int(match.group(6) or 0)
    zone = match.group(8)
    if len(zone) == 6 and zone[3] != ":" or len(zone) == 5 and ":" in zone:
        return None
    try:
        moment = datetime(year, month, day, hour, minute, second, tzinfo=timezone.utc)
    except ValueError:
        return None
    if zone != "Z":
        sign = 1 if zone[0] == "+" else -1
        hours, minutes = int(zone[1:3]), int(zone[-2:])
        if hours > 23 or minutes > 59:
            return None
        try:
            moment -= sign * timedelta(hours=hours, minutes=minutes)
        except OverflowError:
            # Past 9999 or before 0001 in UTC (news.md, "Dates"): 1 January 10000, or 31 December of
            # the year 1 before the era, written 0001.
            return "01.01.10000" if sign < 0 else "31.12.0001"
    return moment.strftime("%d.%m.") + f"{moment.year:04d}"


# Renders
def _present(*pairs):
    return [(name, value) for name, value in pairs if value is not None]


def row(article):
    return record("NewsRowModel", *_present(
        ("url", article["url"]), ("title", article.get("title")), ("sourceName", article["source"]["name"]),
        ("description", article.get("description")), ("imageURL", article.get("urlToImage")),
        ("date", display_date(article.get("publishedAt")))))


NO_ARTICLES_TEXT = "No articles right now."


def present_author(author):
    """An empty or blank author is none, like a missing one (news.md, news.10)."""
    return author if author is not None and trim(author) else None


def article_model(article, is_favorite, container):
    return record("ArticleViewModel", *_present(
        ("url", article["url"]), ("title", article.get("title")), ("sourceName", article["source"]["name"]),
        ("author", present_author(article.get("author"))), ("description", article.get("description")),
        ("content", article.get("content")), ("imageURL", article.get("urlToImage")),
        ("date", display_date(article.get("publishedAt"))), ("isFavorite", is_favorite),
        ("container", container_model(container))))


class Container:
    """The loading overlay and the alert (news.md, "The container")."""

    def __init__(self, is_loading=False, error_text=None):
        self.is_loading = is_loading
        self.error_text = error_text

    def copy(self, **changes):
        fields = dict(is_loading=self.is_loading, error_text=self.error_text)
        fields.update(changes)
        return Container(**fields)

    def with_error(self, text):
        """An empty text shows nothing and keeps what is shown."""
        return self.copy(error_text=text) if text else self.copy()


def container_model(container):
    return record("ContainerState", *_present(("isLoading", container.is_loading), ("errorText", container.error_text)))


# The replay's local stores: they live as long as the scenario.
class LocalStore:
    """A list kept in a "file" that may be corrupt or unreadable (reads fail, and writes fail as the
    read does) or unwritable (writes fail). A successful write is a reaction line: `<keyword> [n]`."""

    def __init__(self, outputs, keyword, store_name, file_name, items, fault=None):
        self._outputs = outputs
        self.keyword = keyword
        self.store_name = store_name
        self.file_name = file_name
        self.items = list(items)
        self.fault = fault

    def read(self):
        """The list, or raises StorageFailure."""
        if self.fault in ("corrupt", "unreadable"):
            raise StorageFailure((self.fault, self.store_name, self.file_name))
        return list(self.items)

    def write(self, items, shown):
        if self.fault is not None:
            raise StorageFailure((self.fault, self.store_name, self.file_name))
        self.items = list(items)
        self._outputs.reaction(self.keyword, [shown(item) for item in self.items])


class StorageFailure(Exception):
    def __init__(self, error):
        super().__init__(error_text(error))
        self.error = error


def favorites_store(outputs, articles, fault=None):
    return LocalStore(outputs, "favorites", "favourites", "favorites.json", articles, fault)


def history_store(outputs, entries, fault=None):
    return LocalStore(outputs, "history", "search history", "search-history.json", entries, fault)


# Unicode White_Space: what a query is trimmed of (str.strip also takes U+001C...U+001F).
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def trim(text):
    return text.strip(WHITE_SPACE)


def characters(text):
    """How many user-perceived characters (grapheme clusters) `text` has (values.clusters)."""
    return len(clusters(text))


def folded(text):
    """What queries and entries are compared by: lowercase mapping of each character on its own (no
    final-sigma rule: Σ is σ wherever it stands), canonically equivalent forms alike."""
    return unicodedata.normalize("NFC", "".join(char.lower() for char in text))


def _starts_with(text, prefix):
    """Whether `text` starts with `prefix` in whole characters: x does not start x + U+0301."""
    return text.startswith(prefix) and (
        len(text) == len(prefix) or characters(text[:len(prefix) + 1]) > characters(prefix))


def search_content(query, history, results, total):
    trimmed = trim(query)
    if not trimmed:
        return enum_case("SearchContent", "history", ("entries", list(history)))
    if characters(trimmed) < 3:
        prefix = folded(trimmed)
        return enum_case("SearchContent", "history",
                         ("entries", [entry for entry in history if _starts_with(folded(trim(entry)), prefix)]))
    return enum_case("SearchContent", "results", ("rows", [row(article) for article in results]), ("totalResults", total))
