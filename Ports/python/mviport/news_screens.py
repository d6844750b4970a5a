"""The three News screens' stores (docs/features/news.md): top headlines, article, search.

Each store holds its state, tells `listener` of every state change (one render each while the view
is bound), answers `view_model()`, takes its view events with `view_event(name, payload)`, and
`save()`s and `dispose()`s. They are shared by the `news` and `news-app` features."""

import unicodedata

from . import news_data as data
from .news_data import Container, StorageFailure
from .values import record
from .mutations import mutation
from .wire import news_call


def same_url(one, other):
    """Urls are compared as canonically equivalent Unicode (news.md, news.11)."""
    return unicodedata.normalize("NFC", one) == unicodedata.normalize("NFC", other)


DEBOUNCE_MS = 300
HISTORY_LIMIT = 20


class ScreenStore:
    def __init__(self, env):
        self.env = env
        self.listener = None
        self.disposed = False
        self.container = Container()

    def changed(self):
        """A message was reduced: tell the view (it renders while bound)."""
        if not self.disposed and self.listener is not None:
            self.listener(self)

    def show_error(self, error):
        self.container = self.container.with_error(data.error_text(error))

    def error_shown(self):
        self.container = self.container.copy(error_text=None)
        self.changed()


class HeadlinesStore(ScreenStore):
    SCREEN = "headlines"
    VIEW_EVENTS = ("refreshTriggered", "endReached", "errorShown")

    def __init__(self, env, saved=None):
        super().__init__(env)
        self.articles = list(saved["articles"]) if saved else []
        self.loaded_page = saved["loadedPage"] if saved else 0
        self.total_results = saved["totalResults"] if saved else 0
        self.end_reached = saved["endReached"] if saved else False
        self.loading_page = None
        self.in_flight = None
        if self.loaded_page == 0:
            self.load(1)

    def can_load_more(self):
        return (self.loaded_page >= 1 and (not self.end_reached or mutation("news-can-load-more-at-end"))
                and self.loaded_page * data.PAGE_SIZE < min(self.total_results, data.RESULTS_CAP))

    def view_event(self, name, payload):
        if name == "refreshTriggered":
            self.load(1)
        elif name == "endReached":
            if self.loading_page is None and self.can_load_more():
                self.load(self.loaded_page + 1)
        elif name == "errorShown":
            self.error_shown()

    def load(self, page):
        if self.in_flight is not None:
            self.in_flight.cancel()
            self.in_flight = None
        self.loading_page = page
        if page == 1:
            self.container = self.container.copy(is_loading=True)
        self.changed()
        target = data.top_headlines(page)
        request = self.env.requests.open(target, lambda fields: self.answered(request, page, fields), news_call(target))
        self.in_flight = request

    def answered(self, request, page, fields):
        result = data.answer(fields)
        if self.disposed or request.cancelled or request is not self.in_flight:
            return
        self.in_flight = None
        self.loading_page = None
        if page == 1:
            self.container = self.container.copy(is_loading=False)
        if result[0] == "error":
            self.show_error(result[1])
        else:
            _, total, articles = result
            if page == 1:
                self.articles = data.dedupe(articles)
            else:
                self.articles = self.articles + data.dedupe(articles, self.articles)
            self.loaded_page = page
            self.total_results = total
            self.end_reached = not articles
        self.changed()

    def view_model(self):
        # The "no articles" text once a page loaded and there is no row (news.md, "Top headlines").
        empty = [("emptyText", data.NO_ARTICLES_TEXT)] if self.loaded_page >= 1 and not self.articles else []
        return record(
            "HeadlinesViewModel",
            ("rows", [data.row(article) for article in self.articles]),
            *empty,
            ("isLoadingMore", self.loading_page is not None and self.loading_page > 1),
            ("canLoadMore", self.can_load_more()),
            ("container", data.container_model(self.container)),
        )

    def save(self):
        return {"articles": list(self.articles), "loadedPage": self.loaded_page,
                "totalResults": self.total_results, "endReached": self.end_reached}

    @staticmethod
    def render_saved(saved):
        return record("HeadlinesSavedState", ("articleUrls", [article["url"] for article in saved["articles"]]),
                      ("loadedPage", saved["loadedPage"]), ("totalResults", saved["totalResults"]),
                      ("endReached", saved["endReached"]))

    def dispose(self):
        if self.in_flight is not None:
            self.in_flight.cancel()
            self.in_flight = None
        self.disposed = True


class ArticleStore(ScreenStore):
    SCREEN = "article"
    VIEW_EVENTS = ("favoriteToggled", "errorShown")

    def __init__(self, env, article, favorites):
        super().__init__(env)
        self.article = article
        self.favorites = favorites
        self.is_favorite = False
        try:
            self.is_favorite = any(same_url(item["url"], article["url"]) for item in favorites.read())
        except StorageFailure as failure:
            self.show_error(failure.error)

    def view_event(self, name, payload):
        if name == "favoriteToggled":
            self.toggle()
        elif name == "errorShown":
            self.error_shown()

    def toggle(self):
        flag = not self.is_favorite
        try:
            others = [item for item in self.favorites.read() if not same_url(item["url"], self.article["url"])]
            self.favorites.write([self.article] + others if flag else others, lambda item: item["url"])
        except StorageFailure as failure:
            self.show_error(failure.error)
        else:
            self.is_favorite = flag
        self.changed()

    def view_model(self):
        return data.article_model(self.article, self.is_favorite, self.container)

    def save(self):
        return self.article

    @staticmethod
    def render_saved(article):
        return record("ArticleSavedState", ("url", article["url"]))

    def dispose(self):
        self.disposed = True


class SearchStore(ScreenStore):
    SCREEN = "search"
    VIEW_EVENTS = ("queryChanged", "historyEntryTapped", "errorShown")

    def __init__(self, env, history_store, query=""):
        super().__init__(env)
        self.history_store = history_store
        self.query = ""
        self.history = []
        self.results = []
        self.total_results = 0
        self.pending = None
        self.in_flight = None
        self.storage_failed = False
        try:
            self.history = history_store.read()
        except StorageFailure as failure:
            self.storage_failed = True
            self.show_error(failure.error)
        if query:
            self.query = query
            if data.characters(data.trim(query)) >= 3:
                self.search(data.trim(query))

    def view_event(self, name, payload):
        if name == "queryChanged":
            self.query_changed(payload)
        elif name == "historyEntryTapped":
            self.query_changed(payload, debounce=False)
        elif name == "errorShown":
            self.error_shown()

    def query_changed(self, text, debounce=True):
        # Canonically equivalent spellings are the same text (news.md, "Search").
        if unicodedata.normalize("NFC", text) == unicodedata.normalize("NFC", self.query) and debounce:
            return
        self.cancel_search()
        self.query = text
        trimmed = data.trim(text)
        if data.characters(trimmed) < 3:
            # A query too short to search forgets the last results (news.md, "Search").
            self.results = []
            self.total_results = 0
        self.changed()
        if self.disposed:
            # Released from inside that render (a navigation it caused): a disposed store starts nothing.
            return
        if data.characters(trimmed) >= 3:
            if debounce:
                delay = DEBOUNCE_MS - 100 if mutation("news-debounce-short") else DEBOUNCE_MS
                self.pending = self.env.clock.schedule(delay, lambda: self.search(trimmed))
            else:
                self.search(trimmed)

    def cancel_search(self):
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        if self.in_flight is not None:
            self.in_flight.cancel()
            self.in_flight = None
            self.container = self.container.copy(is_loading=False)

    def search(self, query):
        # Each render may release the screen (a navigation it caused): a disposed store starts nothing
        # more, neither the history write nor the request (news-app.md, news-app.69).
        self.pending = None
        self.record_history(query)
        if self.disposed:
            return
        self.container = self.container.copy(is_loading=True)
        self.changed()
        if self.disposed:
            return
        target = data.everything(query)
        request = self.env.requests.open(target, lambda fields: self.answered(request, fields), news_call(target))
        self.in_flight = request

    def record_history(self, query):
        key = data.folded(query)
        kept = self.history if mutation("news-history-keeps-duplicates") else [
            entry for entry in self.history if data.folded(data.trim(entry)) != key]
        history = ([query] + kept)[:HISTORY_LIMIT]
        # An unchanged history (canonically equivalent entries) is not written again.
        if [unicodedata.normalize("NFC", entry) for entry in history] == [unicodedata.normalize("NFC", entry) for entry in self.history]:
            return
        self.history = history
        self.changed()
        if self.disposed:
            return
        try:
            self.history_store.write(history, lambda entry: entry)
        except StorageFailure as failure:
            if not self.storage_failed:
                self.storage_failed = True
                self.show_error(failure.error)
                self.changed()

    def answered(self, request, fields):
        result = data.answer(fields)
        if self.disposed or request.cancelled or request is not self.in_flight:
            return
        self.in_flight = None
        self.container = self.container.copy(is_loading=False)
        if result[0] == "error":
            self.show_error(result[1])
        else:
            _, total, articles = result
            self.results = data.dedupe(articles)
            self.total_results = total
        self.changed()

    def shown_results(self):
        """The result rows the screen shows: none while it shows the history (a query under 3 characters)."""
        return self.results if data.characters(data.trim(self.query)) >= 3 else []

    def view_model(self):
        return record(
            "SearchViewModel",
            ("query", self.query),
            ("content", data.search_content(self.query, self.history, self.results, self.total_results)),
            ("container", data.container_model(self.container)),
        )

    def save(self):
        return self.query

    @staticmethod
    def render_saved(query):
        return record("SearchSavedState", ("query", query))

    def dispose(self):
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        if self.in_flight is not None:
            self.in_flight.cancel()
            self.in_flight = None
        self.disposed = True
