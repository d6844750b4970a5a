"""Kittens (docs/features/kittens.md): a list of kitten images with Refresh."""

import json

from .engine import Component, ScenarioError, Store
from .values import read_json_strictly, record
from .mutations import mutation
from .wire import kittens_call

LIMIT, PAGE = 50, 0


# Store: messages are tuples ("started",), ("finished", urls), ("failed", reason).
def reduce(state, message):
    is_loading, data = state
    if message[0] == "started":
        return (True, data)
    if message[0] == "finished":
        return (False, ("images", message[1]))
    return (False, ("error",))


INITIAL = (False, ("images", []))


class ParseError(Exception):
    pass


def parse(body):
    """The body must be a JSON array of objects with a string "url"; other fields are ignored.

    JSON is read strictly (values.read_json_strictly; docs/features/kittens.md, "Parser"), after
    one leading byte-order mark is dropped.
    """
    if body.startswith("\ufeff"):
        body = body[1:]
    try:
        value = read_json_strictly(body)
    except ValueError as error:
        raise ParseError(f"the body is not JSON: {error}") from None
    if not isinstance(value, list):
        raise ParseError("expected a JSON array of images")
    urls = []
    for index, element in enumerate(value):
        if not isinstance(element, dict):
            raise ParseError(f"element [{index}] is not an object")
        if "url" not in element:
            raise ParseError(f'element [{index}] has no "url"')
        if not isinstance(element["url"], str):
            raise ParseError(f'element [{index}] has a "url" that is not a string')
        urls.append(element["url"])
    return urls


def answer_body(fields):
    """The body a `respond` line stands for, or None for a failure (docs/features/kittens.md, "Fixtures")."""
    if "urls" in fields:
        return json.dumps([{"url": url} for url in fields["urls"]])
    if "body" in fields:
        return fields["body"]
    if "failure" in fields:
        return None
    raise ScenarioError("a Kittens answer holds urls, body or failure")


class KittensStore(Store):
    """Reloads once on creation; the newest load wins, an older one is cancelled."""

    def __init__(self, env):
        super().__init__(INITIAL, reduce)
        self.env = env
        self.in_flight = None

    def bootstrap(self):
        self.reload()

    def reload(self):
        if self.disposed:
            return
        if self.in_flight is not None and not mutation("kittens-reload-keeps-load"):
            self.in_flight.cancel()
        self.dispatch(("started",))
        request = self.env.requests.open(f"load(limit: {LIMIT}, page: {PAGE})", lambda fields: self.answered(request, fields),
                                         kittens_call(LIMIT, PAGE))
        self.in_flight = request

    def answered(self, request, fields):
        body = answer_body(fields)
        if request.cancelled or request is not self.in_flight or self.disposed:
            return
        self.in_flight = None
        if body is None:
            self.dispatch(("failed", "network"))
            return
        try:
            urls = parse(body)
        except ParseError as error:
            self.dispatch(("failed", str(error)))
            return
        self.dispatch(("finished", urls))

    def dispose(self):
        if self.in_flight is not None:
            self.in_flight.cancel()
            self.in_flight = None
        self.disposed = True


class Kittens(Component):
    NAME = "kittens"
    COMPONENT = "KittenComponent"

    def __init__(self, env, config, saved):
        super().__init__(env)
        if config:
            raise ScenarioError("Kittens takes no config")
        store = KittensStore(env)
        self.attach(store)
        store.bootstrap()

    def view_model(self, state):
        is_loading, data = state
        urls = data[1] if data[0] == "images" else []
        return record(
            "KittenViewModel", ("isLoading", is_loading), ("isError", data[0] == "error"), ("imageUrls", list(urls))
        )

    def on_view_event(self, name, payload):
        if name == "refreshTriggered":
            self.store.reload()

    def dispose(self):
        self.store.dispose()
