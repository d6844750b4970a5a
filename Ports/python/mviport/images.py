"""Images (docs/features/images.md): one or two image views, `a` and `b`, sharing one pipeline."""

from .engine import Component, ScenarioError
from .images_pipeline import DiskCache, Entry, MemoryCache, Pipeline, key_without_query
from .values import enum_case, record

DEFAULT_VIEWS = {"a": "https://img.test/cat.jpg"}
CONFIG_FIELDS = {"views", "keyWithoutQuery", "maxAgeSeconds", "memoryCostLimit", "diskSizeLimit", "seed"}


class ImageStore:
    """Idle | Loading | Loaded(bytes, source) | Failed(reason); every change is told to `listener`."""

    def __init__(self, pipeline, url):
        self.pipeline = pipeline
        self.url = url
        self.listener = None
        self.request = None
        self.disposed = False
        hit = pipeline.memory_hit(url)
        self.state = ("loaded", hit.body, "memory") if hit is not None else ("idle",)

    def dispatch(self, state):
        self.state = state
        if self.listener is not None:
            self.listener()

    def load(self):
        if self.disposed or self.state[0] in ("loaded", "loading"):
            return
        hit = self.pipeline.memory_hit(self.url)
        if hit is not None:
            self.dispatch(("loaded", hit.body, "memory"))
            return
        self.dispatch(("loading",))
        handle = None

        def deliver(result):
            if self.request is handle and not self.disposed:
                self.request = None
                self.dispatch(result)

        handle = self.pipeline.load(self.url, deliver)
        self.request = handle

    def cancel(self):
        if self.disposed or self.state[0] != "loading":
            return
        request, self.request = self.request, None
        if request is not None:
            request.cancel()
        self.dispatch(("idle",))

    def dispose(self):
        request, self.request = self.request, None
        if request is not None:
            request.cancel()
        self.disposed = True

    def view_model(self):
        state = self.state
        loaded = state[0] == "loaded"
        return record(
            "ImageViewModel",
            ("isLoading", state[0] == "loading"),
            ("bytes", state[1].decode("utf-8", errors="replace") if loaded else None),
            ("source", enum_case("ImageSource", state[2]) if loaded else None),
            ("errorText", state[1] if state[0] == "failure" else None),
        )


class Images(Component):
    NAME = "images"
    COMPONENT = "ImageComponent"

    def __init__(self, env, config, saved):
        super().__init__(env)
        unknown = set(config) - CONFIG_FIELDS
        if unknown:
            raise ScenarioError(f"unknown images config {sorted(unknown)}")
        self.urls = dict(config.get("views", DEFAULT_VIEWS))
        key = key_without_query if config.get("keyWithoutQuery", False) else (lambda url: url)
        memory = MemoryCache(config.get("memoryCostLimit", 67108864))
        self.disk = DiskCache(config.get("diskSizeLimit", 157286400))
        self.pipeline = Pipeline(env, key, config.get("maxAgeSeconds", 3600), memory, self.disk)
        for seed in config.get("seed", []):
            entry = Entry(seed["body"].encode("utf-8"), seed.get("etag"), self.pipeline.now() - seed.get("ageSeconds", 0))
            if seed["cache"] == "memory":
                memory.put(key(seed["url"]), entry)
            else:
                self.disk.write(key(seed["url"]), entry, self.pipeline.now())
        self.key = key
        self.stores = {}
        for name in sorted(self.urls):
            store = ImageStore(self.pipeline, self.urls[name])
            store.listener = lambda name=name: self._changed(name)
            self.stores[name] = store

    def _changed(self, name):
        if self.bound:
            self.env.outputs.render(self.stores[name].view_model(), name)

    def start(self):
        self.bound = True
        for name, store in self.stores.items():
            self.env.outputs.render(store.view_model(), name)

    def view(self, event):
        name = event["screen"]
        if name not in self.stores:
            names = ", ".join(sorted(self.stores))
            self.env.outputs.rejected(f"view {name}: this scenario has no such view (config.views names {names})")
            return
        if self.bound:
            store = self.stores[name]
            if event["name"] == "disappeared":
                store.cancel()
            else:
                store.load()

    def own_event(self, event):
        kind = event["event"]
        if kind == "clearCaches":
            self.pipeline.clear()
        elif kind == "clearMemory":
            self.pipeline.memory.clear()
        elif kind == "damageDisk":
            if not self.disk.damage(self.key(event["url"]), event["damage"]):
                self.env.outputs.rejected(f"damageDisk: no disk entry for {event['url']}")
        elif kind == "inspectCaches":
            self.env.outputs.reaction("caches", record(
                "ImageCaches", ("memoryKeys", list(self.pipeline.memory.entries)),
                ("diskEntries", len(self.disk.files)), ("corruptDiskEntriesRemoved", self.disk.corrupt_removed)))
        else:
            raise ScenarioError(f"unknown event {kind!r}")

    def dispose(self):
        for store in self.stores.values():
            store.dispose()
