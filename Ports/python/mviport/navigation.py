"""Navigation as state (docs/navigation.md): a stack of routes plus an optional modal, operations
that are applied or refused, and a navigator that builds each screen's module only when its route
becomes visible, drives the modules' lifecycle and queues navigation asked while one is applied.

Routes are tuples whose first item is the screen name; the app gives `route_text(route)`."""

from .mutations import mutation

MAX_DEPTH = 32


class Refused(Exception):
    """An operation that is not applied; the message is the refusal's text."""


class State:
    def __init__(self, stack, modal=None):
        self.stack = list(stack)
        self.modal = modal

    @property
    def visible(self):
        return self.modal if self.modal is not None else self.stack[-1]

    def routes(self):
        return self.stack + ([self.modal] if self.modal is not None else [])

    def __eq__(self, other):
        return isinstance(other, State) and self.stack == other.stack and self.modal == other.modal


def state_text(state, route_text):
    text = "[" + ", ".join(route_text(route) for route in state.stack) + "]"
    return text + (f" modal {route_text(state.modal)}" if state.modal is not None else "")


def operation_text(operation, route_text):
    kind = operation[0]
    if kind in ("push", "present", "popTo"):
        return f"{kind} {route_text(operation[1])}"
    if kind == "replace":
        return f"replace {state_text(operation[1], route_text)}"
    return kind


def apply(state, operation, route_text):
    """The next state, or raises Refused (navigation.md, "The model")."""
    kind = operation[0]
    modal = state.modal
    if kind == "back":
        kind = "dismiss" if modal is not None else "pop"
    under_modal = f"the modal {route_text(modal)} is presented: dismiss it before changing the stack" if modal else None
    if kind == "push":
        if under_modal:
            raise Refused(under_modal)
        new = State(state.stack + [operation[1]])
    elif kind == "pop":
        if len(state.stack) == 1:
            if mutation("news-app-pop-refusal-text"):
                raise Refused(f"cannot pop: {route_text(state.stack[0])} is the root")
            raise Refused(f"nothing to pop: only the root {route_text(state.stack[0])} is on the stack")
        if under_modal:
            raise Refused(under_modal)
        new = State(state.stack[:-1])
    elif kind == "popToRoot":
        if under_modal:
            raise Refused(under_modal)
        new = State(state.stack[:1])
    elif kind == "replace":
        new = operation[1]
    elif kind == "present":
        if modal is not None:
            raise Refused(f"the modal {route_text(modal)} is already presented: dismiss it first")
        new = State(state.stack, operation[1])
    elif kind == "dismiss":
        if modal is None:
            raise Refused("no modal is presented: there is nothing to dismiss")
        new = State(state.stack)
    else:
        raise ValueError(kind)
    routes = new.routes()
    for index, route in enumerate(routes):
        if route in routes[:index]:
            raise Refused(f"{route_text(route)} is already on the stack, and these rules refuse duplicates")
    if len(new.stack) > MAX_DEPTH:
        raise Refused(f"the stack would be {len(new.stack)} deep; at most {MAX_DEPTH} is allowed")
    return new


class Module:
    """A screen built by its factory; `screen` is the object with start/stop/destroy/save."""

    def __init__(self, route, screen):
        self.route = route
        self.screen = screen
        self.started = False


class Navigator:
    """`factory(route, saved)` builds a screen; `log(line)` is told every event as its text."""

    def __init__(self, state, factory, route_text, log, restored=None):
        self.state = state
        self.factory = factory
        self.route_text = route_text
        self.log = log
        self.modules = {}  # slot -> Module; a slot is a stack index or "modal"
        self.on_navigated = None  # called with each new state, after its stack line
        self.restored = dict(restored or {})  # slot -> saved state of a screen not built since restore
        self.host_started = False
        self.destroyed = False
        self.busy = False
        self.queue = []

    # Queueing: work asked while other work is applied waits, in order.
    def run(self, work, text=None):
        """Runs `work` now, or queues it (logging `queued <text> (position N)`) while busy."""
        if self.busy:
            self.queue.append(work)
            if text is not None:
                self.log(f"queued {text} (position {len(self.queue)})")
            return
        self.busy = True
        try:
            work()
        finally:
            self.busy = False
        while self.queue and not self.busy:
            self.run(self.queue.pop(0))

    def navigate(self, operation, text=None):
        """Applies `operation` now, or queues it while busy (logging `queued <text>` when given)."""
        self.run(lambda: self._navigate(operation), text)

    def _navigate(self, operation):
        name = operation_text(operation, self.route_text)
        try:
            if self.destroyed:
                raise Refused("the navigator is destroyed")
            new = apply(self.state, operation, self.route_text)
        except Refused as refusal:
            self.log(f"refused {name}: {refusal}")
            return
        old = self.state
        self.log(f"stack {state_text(new, self.route_text)} after {name}")
        self.state = new
        if self.on_navigated is not None:
            self.on_navigated(new)  # told before any screen changes
        kept = self._kept_slots(old, new)
        old_visible = self._visible_slot(old)
        module = self.modules.get(old_visible)
        if module is not None and old_visible in kept and (self._visible_slot(new) != old_visible):
            self._stop(module)
        for slot in self._release_order([slot for slot in self.modules if slot not in kept]):
            self._release(slot)
        self.restored = {slot: saved for slot, saved in self.restored.items() if slot in kept}
        if self.host_started:
            self._show()

    @staticmethod
    def _visible_slot(state):
        return "modal" if state.modal is not None else len(state.stack) - 1

    @staticmethod
    def _kept_slots(old, new):
        kept = set()
        for index in range(min(len(old.stack), len(new.stack))):
            if old.stack[index] != new.stack[index]:
                break
            kept.add(index)
        if old.modal is not None and old.modal == new.modal:
            kept.add("modal")
        return kept

    @staticmethod
    def _release_order(slots):
        return (["modal"] if "modal" in slots else []) + sorted((s for s in slots if s != "modal"), reverse=True)

    def _route(self, slot):
        return self.state.modal if slot == "modal" else self.state.stack[slot]

    def _show(self):
        """Builds the visible screen if it never was, and starts it."""
        slot = self._visible_slot(self.state)
        module = self.modules.get(slot)
        if module is None:
            route = self._route(slot)
            screen = self.factory(route, self.restored.pop(slot, None))
            module = Module(route, screen)
            self.modules[slot] = module
            self.log(f"module built {route[0]}")
            self.log(f"module {route[0]} viewCreated")
        if not module.started:
            module.started = True
            self.log(f"module {module.route[0]} start")
            module.screen.start()

    def _stop(self, module):
        if module.started:
            module.started = False
            self.log(f"module {module.route[0]} stop")
            module.screen.stop()

    def _release(self, slot):
        module = self.modules.pop(slot)
        self._stop(module)
        screen = module.route[0]
        self.log(f"module {screen} viewDestroyed")
        self.log(f"module {screen} destroy")
        module.screen.destroy()
        self.log(f"module released {screen}")

    # The host's lifecycle
    def start(self):
        self.run(self._start)

    def _start(self):
        if self.destroyed or self.host_started:
            return
        self.host_started = True
        self._show()

    def stop(self):
        self.run(self._stop_host)

    def _stop_host(self):
        if not self.host_started:
            return
        self.host_started = False
        module = self.modules.get(self._visible_slot(self.state))
        if module is not None:
            self._stop(module)

    def destroy(self):
        self.run(self._destroy)

    def _destroy(self):
        self.host_started = False
        for slot in self._release_order(list(self.modules)):
            self._release(slot)
        self.destroyed = True

    def visible_module(self):
        return self.modules.get(self._visible_slot(self.state))

    def saved(self):
        """[(route, saved or None)] for the stack, bottom first, and the modal's pair or None."""
        def pair(slot):
            module = self.modules.get(slot)
            saved = module.screen.save() if module is not None else self.restored.get(slot)
            return (self._route(slot), saved)

        stack = [pair(index) for index in range(len(self.state.stack))]
        return stack, (pair("modal") if self.state.modal is not None else None)
