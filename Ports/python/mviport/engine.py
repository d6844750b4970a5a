"""The replay rules every feature shares (docs/fixtures.md): virtual time, the component
lifecycle, numbered requests, and the outputs each step collects."""


class ScenarioError(Exception):
    """A scenario this port cannot replay; answered as `errored`."""


class Outputs:
    """The reactions of the current step, in the order they happen, as protocol JSON."""

    def __init__(self):
        self.items = []

    def request(self, number, description):
        self.items.append({"request": number, "description": description})

    def cancel(self, number):
        self.items.append({"cancel": number})

    def render(self, value, screen=None):
        self.items.append({"render": value} if screen is None else {"render": value, "screen": screen})

    def label(self, value, screen=None):
        self.items.append({"label": value} if screen is None else {"label": value, "screen": screen})

    def reaction(self, keyword, value):
        """A reaction the feature defines on its page: `<keyword> <value>`."""
        self.items.append({"reaction": keyword, "value": value})

    def reaction_line(self, line):
        """A plain log line (`module built top`): its first word is the keyword, the rest a value
        that renders as itself, unquoted (a record without fields renders as its name)."""
        keyword, _, rest = line.partition(" ")
        self.reaction(keyword, {"record": rest, "fields": []})

    def rejected(self, message):
        self.items.append({"rejected": message})

    def saved(self, value):
        self.items.append({"saved": value})

    def take(self):
        items, self.items = self.items, []
        return items


class VirtualClock:
    """Time in whole milliseconds that moves only when told. Work scheduled for the same instant
    runs in the order it was scheduled; work due on the way runs at its own time."""

    def __init__(self):
        self.now = 0
        self._queue = []  # [due, order, action, alive]
        self._order = 0

    def schedule(self, delay_ms, action):
        """Runs `action` after `delay_ms`; returns a handle whose cancel() drops it."""
        self._order += 1
        entry = [self.now + delay_ms, self._order, action, True]
        self._queue.append(entry)
        return _Scheduled(entry)

    def advance(self, ms):
        self._run_until(self.now + ms)

    def run_due(self):
        self._run_until(self.now)

    def _run_until(self, target):
        while True:
            due = [entry for entry in self._queue if entry[3] and entry[0] <= target]
            if not due:
                break
            entry = min(due, key=lambda e: (e[0], e[1]))
            self._queue.remove(entry)
            self.now = entry[0]
            entry[3] = False
            entry[2]()
        self._queue = [entry for entry in self._queue if entry[3]]
        self.now = target


class _Scheduled:
    def __init__(self, entry):
        self._entry = entry

    def cancel(self):
        self._entry[3] = False


class Request:
    """One call to the data source. `deliver(fields)` receives the `respond` line's fields (at the
    wire level, what the real data source read from the HTTP answer, in the same form)."""

    def __init__(self, number, outputs, deliver):
        self.number = number
        self.pending = True
        self.cancelled = False
        self._outputs = outputs
        self.deliver = deliver
        self.exchange = None  # at the wire level, the HTTP request on its way (wire.Exchange)
        self.call = None  # and how its data source reads the answer (wire.HttpCall)

    def cancel(self):
        """Cancels the request; only a pending one records `cancel #n` (and closes its connection)."""
        if self.pending and not self.cancelled:
            self.cancelled = True
            self._outputs.cancel(self.number)
            if self.exchange is not None:
                self.exchange.cancel()


class Requests:
    """Requests numbered from 1 in the order they are made. At the wire level (`wire`, a
    wire.WireClient) each is also sent over HTTP, as `call` (a wire.HttpCall) says."""

    def __init__(self, outputs, wire=None):
        self._outputs = outputs
        self._made = []
        self._wire = wire

    def open(self, description, deliver, call=None):
        request = Request(len(self._made) + 1, self._outputs, deliver)
        self._made.append(request)
        self._outputs.request(request.number, description)
        if self._wire is not None:
            if call is None:
                raise ScenarioError(f"{description} has no HTTP form at the wire level")
            request.call = call
            request.exchange = self._wire.send(call)
        return request

    def respond(self, number, fields):
        if not 1 <= number <= len(self._made):
            raise ScenarioError(f"request #{number} was never made")
        request = self._made[number - 1]
        if not request.pending:
            raise ScenarioError(f"request #{number} was already answered")
        request.pending = False
        if request.exchange is not None:
            if request.cancelled:
                return  # its connection is closed: nothing comes back, and nothing is released
            self._wire.release(request.exchange)
            fields = request.call.read(request.exchange.wait())
        request.deliver(fields)


class Lifecycle:
    """The component lifecycle: created -> viewCreated -> started, back, and destroyed.
    A call that is not allowed is not made; `check` returns the message to record instead."""

    METHODS = {
        "viewCreated": "onViewCreated(view)",
        "start": "onStart()",
        "stop": "onStop()",
        "viewDestroyed": "onViewDestroyed()",
        "destroy": "onDestroy()",
    }
    MOVES = {
        ("created", "viewCreated"): "viewCreated",
        ("created", "destroy"): "destroyed",
        ("viewCreated", "start"): "started",
        ("viewCreated", "viewDestroyed"): "created",
        ("started", "stop"): "viewCreated",
    }
    ADVICE = {
        ("started", "start"): "onStart() was already called; call onStop() first",
        ("started", "viewCreated"): "a view is already bound; call onStop() and onViewDestroyed() first",
        ("started", "viewDestroyed"): "the view is still bound; call onStop() first",
        ("started", "destroy"): "the view is still bound; call onStop() and onViewDestroyed() first",
        ("viewCreated", "stop"): "onStop() without onStart()",
        ("viewCreated", "viewCreated"): "a view is already attached; call onViewDestroyed() first",
        ("viewCreated", "destroy"): "a view is still attached; call onViewDestroyed() first",
        ("created", "start"): "no view is attached; call onViewCreated(view) first",
        ("created", "stop"): "onStop() without onViewCreated(view) and onStart()",
        ("created", "viewDestroyed"): "no view is attached",
    }

    def __init__(self, component):
        self.component = component
        self.state = "created"

    def check(self, event):
        """Moves on and returns None, or returns the rejection message and stays."""
        move = self.MOVES.get((self.state, event))
        if move is not None:
            self.state = move
            return None
        if self.state == "destroyed":
            advice = "the component is destroyed and cannot be used again"
        else:
            advice = self.ADVICE.get((self.state, event), "not allowed")
        return f"{self.component}.{self.METHODS[event]} called while {self.state}: {advice}"


class Environment:
    """What a feature gets from the runner: the clock, the requests and the outputs."""

    def __init__(self, wire=None):
        self.outputs = Outputs()
        self.clock = VirtualClock()
        self.wire = wire
        self.requests = Requests(self.outputs, wire)


class Replay:
    """One scenario being replayed, step by step."""

    LIFECYCLE = ("viewCreated", "start", "stop", "viewDestroyed", "destroy")

    def __init__(self, feature, config, wire=None):
        self.env = Environment(wire)
        self.feature = feature
        self.config = config
        self.session = None
        self.lifecycle = Lifecycle(feature.COMPONENT)

    def step(self, event):
        """Applies one scenario line and returns the step's outputs."""
        kind = event.get("event")
        env = self.env
        if kind == "create":
            if self.session is not None:
                raise ScenarioError("create may appear only once, as the first event")
            self.session = self.feature(env, self.config, saved=None)
        elif self.session is None:
            raise ScenarioError("the first event must be create")
        elif kind in self.LIFECYCLE:
            message = self.lifecycle.check(kind)
            if message is None:
                getattr(self.session, _method(kind))()
            else:
                env.outputs.rejected(message)
        elif kind == "restore":
            if self.lifecycle.state != "created":
                raise ScenarioError(f"restore needs the component without a view; it is {self.lifecycle.state}")
            # The one order (fixtures.md, "restore, exactly"): destroy, create from the state, then `saved`.
            saved = self.session.save()
            self.session.destroy()
            self.session = self.feature(env, self.config, saved=saved)
            self.lifecycle = Lifecycle(self.feature.COMPONENT)
            env.outputs.saved(self.session.render_saved(saved))
        elif kind == "view":
            self.session.view(event)
        elif kind == "advance":
            env.clock.advance(int(event["ms"]))
        elif kind == "respond":
            fields = {key: value for key, value in event.items() if key not in ("event", "request")}
            env.requests.respond(int(event["request"]), fields)
        else:
            self.session.own_event(event)
        env.clock.run_due()
        return env.outputs.take()


def _method(event):
    return {
        "viewCreated": "view_created",
        "start": "start",
        "stop": "stop",
        "viewDestroyed": "view_destroyed",
        "destroy": "destroy",
    }[event]


class Store:
    """A store's minimum: a state, a reducer, subscribers told of every new state and label."""

    def __init__(self, state, reduce):
        self.state = state
        self._reduce = reduce
        self._state_listeners = []
        self._label_listeners = []
        self.disposed = False

    def subscribe(self, on_state=None, on_label=None):
        if on_state:
            self._state_listeners.append(on_state)
        if on_label:
            self._label_listeners.append(on_label)

    def dispatch(self, message):
        if self.disposed:
            return
        self.state = self._reduce(self.state, message)
        for listener in list(self._state_listeners):
            listener(self.state)

    def publish(self, label):
        if self.disposed:
            return
        for listener in list(self._label_listeners):
            listener(label)


class Component:
    """The standard component: binds the store to the view between start and stop.
    Subclasses create `self.store` and say how a state becomes a view model."""

    def __init__(self, env):
        self.env = env
        self.bound = False

    def attach(self, store):
        self.store = store
        store.subscribe(on_state=self._on_state, on_label=self._on_label)

    def _on_state(self, state):
        if self.bound:
            self.env.outputs.render(self.view_model(state))

    def _on_label(self, label):
        self.env.outputs.label(label)

    def view_created(self):
        pass

    def start(self):
        self.bound = True
        self.env.outputs.render(self.view_model(self.store.state))

    def stop(self):
        self.bound = False

    def view_destroyed(self):
        pass

    def destroy(self):
        self.dispose()

    def view(self, event):
        """A `view` line; a feature with several screens reads its `screen`."""
        self.view_event(event["name"], event.get("payload"))

    def view_event(self, name, payload):
        if self.bound:
            self.on_view_event(name, payload)

    def own_event(self, event):
        """An event the feature defines on its page; a feature without any refuses it."""
        raise ScenarioError(f"unknown event {event.get('event')!r}")
