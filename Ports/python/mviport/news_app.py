"""The News app (docs/features/news-app.md): the three News screens behind a navigator, deep
links, a render hook that navigates from inside a render, and process death."""

import re

import unicodedata

from . import news_data as data
from .deeplinks import LinkError, Pattern, parse
from .engine import Component, ScenarioError
from .navigation import Navigator, State
from .news_screens import ArticleStore, HeadlinesStore, SearchStore
from .values import quoted, record, text

NEWS_SCREEN = {"top": "headlines", "article": "article", "search": "search"}
TOP = ("top",)


def route_text(route):
    if route[0] == "article":
        return f"article(url: {quoted(route[1])})"
    if route[0] == "search":
        return f"search(q: {quoted(route[1])})"
    return "top"


def route_from_json(value):
    screen = value.get("screen")
    if screen == "top":
        return TOP
    if screen == "article":
        return ("article", value["url"])
    if screen == "search":
        return ("search", value["q"])
    raise ScenarioError(f"no route for screen {screen!r}")


def _article_route(values):
    if "url" not in values:
        raise ValueError(("url", "missing"))
    url = values["url"]
    if data.web_scheme(url) not in ("http", "https"):
        raise ValueError(("url", f"expected an http or https address, found {quoted(url)}"))
    return ("article", url)


def _search_route(values):
    if "q" not in values:
        raise ValueError(("q", "missing"))
    return ("search", values["q"])


PATTERNS = [
    Pattern("top", [], lambda values: TOP),
    Pattern("article", ["url"], _article_route),
    Pattern("search", ["q"], _search_route),
]


class ScreenModule:
    """A News screen's store bound to its view between start and stop."""

    def __init__(self, app, route, store):
        self.app = app
        self.route = route
        self.store = store
        self.bound = False
        store.listener = lambda _: self._render() if self.bound else None

    def _render(self):
        self.app.rendered(NEWS_SCREEN[self.route[0]], self.store.view_model())

    def start(self):
        self.bound = True
        self._render()

    def stop(self):
        self.bound = False

    def destroy(self):
        self.bound = False
        self.store.dispose()

    def save(self):
        return self.store.save()


class NewsApp(Component):
    NAME = "news-app"
    COMPONENT = "NewsApp"

    def __init__(self, env, config, saved):
        super().__init__(env)
        unknown = set(config) - {"favorites", "history"}
        if unknown:
            raise ScenarioError(f"unknown news-app config {sorted(unknown)}")
        if saved is None:
            favorites = [data.article_from_config(item) for item in config.get("favorites", [])]
            self.favorites = data.favorites_store(env.outputs, favorites)
            self.history = data.history_store(env.outputs, config.get("history", []))
            state, restored = State([TOP]), {}
        else:
            self.favorites, self.history, state, restored, _ = saved
        self.handed_over = {}
        self.navigator = Navigator(state, self.build, route_text, self.log, restored)
        self.navigator.on_navigated = self._forget_articles_gone

    def _forget_articles_gone(self, state):
        """news-app.16: an article handed over is forgotten at the stack line of the navigation its
        route leaves, before any screen changes; a request a render makes during it hands over anew."""
        routes = state.routes()
        self.handed_over = {url: article for url, article in self.handed_over.items() if ("article", url) in routes}

    def log(self, line):
        self.env.outputs.reaction_line(line)

    # Screens
    def build(self, route, saved):
        env = self.env
        if route[0] == "top":
            store = HeadlinesStore(env, saved)
        elif route[0] == "article":
            store = ArticleStore(env, saved if saved is not None else self.article_for(route[1]), self.favorites)
        else:
            store = SearchStore(env, self.history, saved if saved is not None else route[1])
        return ScreenModule(self, route, store)

    def article_for(self, url):
        if url in self.handed_over:
            return self.handed_over[url]
        for article in self.favorites.items:
            if article["url"] == url:
                return article
        return data.bare_article(url)

    def rendered(self, screen, model):
        self.env.outputs.render(model, screen)
        # The armed request belongs to the scenario, not to this app: it outlives a restore.
        request = getattr(self.env, "armed_request", None)
        if request is not None:
            self.env.armed_request = None
            self.request(request)

    def navigate(self, operation):
        self.navigator.navigate(operation)

    # The lifecycle (viewCreated and viewDestroyed do nothing)
    def start(self):
        self.navigator.start()

    def stop(self):
        self.navigator.stop()

    def destroy(self):
        self.navigator.destroy()

    # View events and the app's own events
    def view(self, event):
        screen, name, payload = event["screen"], event["name"], event.get("payload")
        echo = f"view {screen}: {name}" + (f"({quoted(payload)})" if payload is not None else "")
        reason = self._not_on_top(screen, screen)
        if reason is not None:
            self.log(f"refused {echo}: {reason}")
            return
        self.navigator.visible_module().screen.store.view_event(name, payload)

    def _not_on_top(self, wanted, screen_words):
        if not self.navigator.host_started:
            return "the app is not started"
        route = self.navigator.state.visible
        if NEWS_SCREEN[route[0]] not in wanted.split(" or "):
            return f"the {screen_words} screen is not on top; {route_text(route)} ({NEWS_SCREEN[route[0]]}) is"
        return None

    def own_event(self, event):
        kind = event["event"]
        if kind == "deepLink":
            self.open(event["url"])
        elif kind == "back":
            self.request(("back",))
        elif kind == "openArticle":
            self.request(("openArticle", event["url"]))
        elif kind == "openSearch":
            self.request(("openSearch",))
        elif kind == "popToRoot":
            self.navigate(("popToRoot",))
        elif kind == "present":
            self.navigate(("present", route_from_json(event["route"])))
        elif kind == "onNextRender":
            request = {"openArticle": lambda: ("openArticle", event["url"]),
                       "openSearch": lambda: ("openSearch",), "back": lambda: ("back",)}[event["request"]]()
            self.env.armed_request = request
        else:
            raise ScenarioError(f"unknown event {kind!r}")

    def open(self, link):
        try:
            route = parse(link, "news", PATTERNS)
        except LinkError as error:
            self.log(f"deep link refused: {error}")
            return
        self.navigate(("replace", State([TOP] if route == TOP else [TOP, route])))

    def request(self, request):
        """Checks the request now (refused at once), then applies it, or queues it while busy."""
        words = request[0] if len(request) == 1 else f"{request[0]} {quoted(request[1])}"
        if request[0] == "back":
            self.navigator.navigate(("back",), words)
            return
        if request[0] == "openSearch":
            route = self.navigator.state.visible
            reason = None if route == TOP else f"the headlines screen is not on top; {route_text(route)} ({NEWS_SCREEN[route[0]]}) is"
            if reason is not None:
                self.log(f"refused {words}: {reason}")
                return
            self.navigator.navigate(("push", ("search", "")), words)
            return
        url = request[1]
        reason = self._not_on_top("headlines or search", "headlines or search")
        article = None
        if reason is None:
            store = self.navigator.visible_module().screen.store
            listed = store.articles if isinstance(store, HeadlinesStore) else store.shown_results()
            # Urls compare as canonically equivalent Unicode (docs/porting.md, "Text is compared as Unicode").
            article = next((item for item in listed if unicodedata.normalize("NFC", item["url"]) == unicodedata.normalize("NFC", url)), None)
            if article is None:
                reason = f"the {store.SCREEN} screen lists no article {quoted(url)}"
        if reason is not None:
            self.log(f"refused {words}: {reason}")
            return
        self.handed_over[url] = article
        self.navigator.navigate(("push", ("article", url)), words)

    # Process death
    def save(self):
        stack, modal = self.navigator.saved()
        pairs = stack + ([modal] if modal is not None else [])
        restored = {(index if index < len(stack) else "modal"): saved
                    for index, (_, saved) in enumerate(pairs) if saved is not None}
        state = State([route for route, _ in stack], modal[0] if modal is not None else None)
        return (self.favorites, self.history, state, restored, (stack, modal))

    def render_saved(self, saved):
        stack, modal = saved[4]
        fields = [("stack", [self._saved_screen(route, value) for route, value in stack])]
        if modal is not None:
            fields.append(("modal", self._saved_screen(*modal)))
        return record("SavedNavigation", *fields)

    @staticmethod
    def _saved_screen(route, saved):
        fields = [("route", text(route_text(route)))]
        if saved is not None:
            store = {"top": HeadlinesStore, "article": ArticleStore, "search": SearchStore}[route[0]]
            fields.append(("saved", store.render_saved(saved)))
        return record("SavedScreen", *fields)

    def dispose(self):
        self.navigator.destroy()
