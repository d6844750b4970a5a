"""News (docs/features/news.md): one feature, three screens; each scenario's config opens one."""

from . import news_data as data
from .engine import Component, ScenarioError
from .news_screens import ArticleStore, HeadlinesStore, SearchStore

SCREENS = {store.SCREEN: store for store in (HeadlinesStore, ArticleStore, SearchStore)}
CONFIG_FIELDS = {"headlines": set(), "article": {"article", "favorites", "storageFault"},
                 "search": {"history", "storageFault"}}


class NewsStores:
    """The replay's favourites and history stores: they outlive the screen (and `restore`)."""

    def __init__(self, env, config):
        screen = config.get("screen")
        fault = config.get("storageFault")
        favorites = [data.bare_article(url) for url in config.get("favorites", [])]
        self.favorites = data.favorites_store(env.outputs, favorites, fault if screen == "article" else None)
        self.history = data.history_store(env.outputs, config.get("history", []), fault if screen == "search" else None)


class News(Component):
    NAME = "news"
    COMPONENT = "NewsScreenComponent"

    def __init__(self, env, config, saved):
        super().__init__(env)
        screen = config.get("screen")
        if screen not in SCREENS:
            raise ScenarioError("a news config needs one of screen")
        unknown = set(config) - {"screen"} - CONFIG_FIELDS[screen]
        if unknown:
            raise ScenarioError(f"unknown news config {sorted(unknown)}")
        self.screen = screen
        if saved is None:
            self.stores = NewsStores(env, config)
        else:
            self.stores, saved = saved
        if screen == "headlines":
            store = HeadlinesStore(env, saved)
        elif screen == "article":
            article = saved if saved is not None else data.article_from_config(config["article"])
            store = ArticleStore(env, article, self.stores.favorites)
        else:
            store = SearchStore(env, self.stores.history, saved or "")
        store.listener = self._changed
        self.store = store

    def _changed(self, store):
        if self.bound:
            self.env.outputs.render(store.view_model(), self.screen)

    def start(self):
        self.bound = True
        self.env.outputs.render(self.store.view_model(), self.screen)

    def view(self, event):
        if event.get("screen") != self.screen:
            self.env.outputs.rejected(f"view {event.get('screen')}: the {self.screen} screen is open")
            return
        self.view_event(event["name"], event.get("payload"))

    def on_view_event(self, name, payload):
        self.store.view_event(name, payload)

    def save(self):
        return (self.stores, self.store.save())

    def render_saved(self, saved):
        return self.store.render_saved(saved[1])

    def dispose(self):
        self.store.dispose()
