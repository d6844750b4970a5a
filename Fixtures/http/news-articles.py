#!/usr/bin/env python3
"""Writes Fixtures/http/news-articles.json: the NewsAPI data set the News feature is specified against.

    python3 Fixtures/http/news-articles.py           # (re)write the file next to this script
    python3 Fixtures/http/news-articles.py --check   # exit 1 if the file differs from what this writes

Standard library only, and no randomness from the platform: a SplitMix64 with a fixed seed picks
every value, so the same script always writes the same bytes. docs/features/news.md describes
the data set; change it here, run the script, and commit both files together.
"""
import json
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

SEED = 17
COUNT = 180  # articles before the duplicate is added
HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "news-articles.json"
MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def pick(self, items):
        return items[self.below(len(items))]


SOURCES = [
    ("reuters", "Reuters"), ("bbc-news", "BBC News"), ("associated-press", "Associated Press"),
    ("the-verge", "The Verge"), ("ars-technica", "Ars Technica"), (None, "Example Daily"),
    (None, "Loopback Gazette"), ("le-monde", "Le Monde"), ("rt", "RT"), ("al-jazeera-english", "Al Jazeera English"),
]
TOPICS = ["Swift", "Kotlin", "climate", "space", "kittens", "elections", "football", "markets", "science", "health"]
VERBS = ["rises", "falls", "surprises", "splits", "returns", "stalls", "wins", "changes"]
AUTHORS = ["Ada Byron", "Grace Hopper", "Chris Lattner", "Reporter 7", "Zoë Ångström", "Иван Петров", "أمينة الحسن"]
# Titles whose text is not ASCII, each used once, spread over the set.
NON_ASCII_TITLES = [
    "Économie : la croissance ralentit en novembre",
    "Пушкин и кошки: новая выставка в Москве",
    "كأس العالم: المنتخب يتأهل إلى النهائي",
    "東京の猫カフェが新記録",
    "Zürich Straßenbahn fährt wieder",
    "São Paulo’s “quiet” week — in numbers",
    "Swift 6.3 ships 🎉 with faster builds",
    "Kraków – Gdańsk: high-speed line opens",
    "Ελληνικά νέα: καιρός και θάλασσα",
    "Ñandú sighted near Córdoba",
]
LANGUAGES = [("en", "us")] * 8 + [("en", "gb"), ("fr", "fr"), ("ru", "ru")]
START = datetime(2026, 11, 20, 18, 0, 0, tzinfo=timezone.utc)
WORDS = ("the team said on Tuesday that results would follow within weeks while analysts "
         "expected a slower pace and readers asked what comes next for the city and its people").split()


def body(rng, title):
    """The full text the API would cut: 300-4000 characters."""
    length = 300 + rng.below(3700)
    text = title + ". "
    while len(text) < length:
        text += rng.pick(WORDS) + " "
    return text[:length]


def content(full):
    """NewsAPI's cut: the first 200 characters, then "… [+N chars]" with N the characters left out."""
    return full[:200] + "… [+" + str(len(full) - 200) + " chars]"


def article(rng, index, published):
    topic = rng.pick(TOPICS)
    verb = rng.pick(VERBS)
    if index % 18 == 5:
        title = NON_ASCII_TITLES[(index // 18) % len(NON_ASCII_TITLES)]
    else:
        title = f"{topic} {verb} as week {index % 52 + 1} ends"
    slug = f"story-{index + 1:03d}"
    source_id, source_name = rng.pick(SOURCES)
    language, country = rng.pick(LANGUAGES)
    full = body(rng, title)
    return {
        "source": {"id": source_id, "name": source_name},
        # Some authors, descriptions and images are missing, as in real answers.
        "author": None if index % 7 == 3 else rng.pick(AUTHORS),
        "title": title,
        "description": None if index % 11 == 4 else f"What happened with {topic.lower()} this week, and what comes next.",
        "url": f"https://news.example/{slug}",
        "urlToImage": None if index % 9 == 2 else f"https://news.example/images/{slug}.jpg",
        "publishedAt": published.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "content": None if index % 23 == 11 else content(full),
        "language": language,
        "country": country,
    }


def build():
    rng = SplitMix64(SEED)
    published = START
    articles = []
    for index in range(COUNT):
        articles.append(article(rng, index, published))
        published -= timedelta(minutes=17 + rng.below(157))
    # One duplicate across pages: the English headline that ends page 1 (20 per page) comes
    # again as the first of page 2, as the real API does when new articles arrive while paging.
    english = [i for i, a in enumerate(articles) if a["language"] == "en"]
    last_of_page_one = english[19]
    articles.insert(last_of_page_one + 1, dict(articles[last_of_page_one]))
    return {
        "description": (
            "The NewsAPI data set of the News feature, newest first; generated by news-articles.py "
            "(docs/features/news.md). language and country are used for filtering and are not sent. "
            f"{len(articles)} entries, one of them a duplicate url across the first two English pages."
        ),
        "articles": articles,
    }


def check_invariants(data):
    articles = data["articles"]
    english = [a for a in articles if a["language"] == "en"]
    assert len(articles) >= 150 and len(english) > 100, (len(articles), len(english))
    assert english[19]["url"] == english[20]["url"], "the duplicate must straddle pages 1 and 2"
    assert len({a["url"] for a in articles}) == len(articles) - 1, "exactly one duplicate url"
    for field in ("author", "description", "urlToImage", "content"):
        assert any(a[field] is None for a in articles), f"no article lacks {field}"
    assert sum(1 for a in articles if not a["title"].isascii()) >= 5, "too few non-ASCII titles"
    assert all(a["content"] is None or a["content"].endswith(" chars]") for a in articles)


def render(data):
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main(argv):
    data = build()
    check_invariants(data)
    text = render(data)
    if argv[1:] == ["--check"]:
        if not OUTPUT.exists() or OUTPUT.read_text(encoding="utf-8") != text:
            print(f"{OUTPUT} differs from what {Path(__file__).name} writes: run it and commit the result", file=sys.stderr)
            return 1
        return 0
    if argv[1:]:
        print(f"usage: {Path(__file__).name} [--check]", file=sys.stderr)
        return 2
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT} ({len(data['articles'])} articles)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
