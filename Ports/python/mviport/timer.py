"""Timer (docs/features/timer.md): a countdown driven by a finite state machine."""

from .engine import Component, ScenarioError, Store
from .values import enum_case, record
from .mutations import mutation

TICK_MS = 100
RESTART_MS = 3000
MASK = (1 << 64) - 1

# (state, event) -> (next state, side effect). Every other pair is ignored.
TRANSITIONS = {
    ("Idle", "OnSetTimer"): ("SettingTimer", "SetTimer"),
    ("Idle", "OnStart"): ("CountingDown", "StartCountDown"),
    ("Idle", "OnReset"): ("Idle", "Reset"),
    ("SettingTimer", "OnTimerSet"): ("Idle", "TimerReady"),
    ("CountingDown", "OnPause"): ("Paused", "Pause"),
    ("CountingDown", "OnStop"): ("Idle", "Stop"),
    ("CountingDown", "OnFinish"): ("Restarting", "Restarting"),
    ("Paused", "OnStart"): ("CountingDown", "StartCountDown"),
    ("Paused", "OnStop"): ("Idle", "Stop"),
    ("Restarting", "OnStart"): ("CountingDown", "StartCountDown"),
}


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def pick(current, random):
    candidates = [index for index in range(1, 7) if index != current]
    return candidates[random.next() % len(candidates)]


class TimerState:
    def __init__(self, phase="SettingTimer", value=0, elapsed_ticks=0, background_index=1):
        self.phase = phase
        self.value = value
        self.elapsed_ticks = elapsed_ticks
        self.background_index = background_index

    def copy(self, **changes):
        fields = dict(phase=self.phase, value=self.value, elapsed_ticks=self.elapsed_ticks,
                      background_index=self.background_index)
        fields.update(changes)
        return TimerState(**fields)

    @property
    def total_ticks(self):
        return self.value * 10

    @property
    def progress(self):
        return 0 if self.total_ticks == 0 else min(100, self.elapsed_ticks * 100 // self.total_ticks)

    @property
    def remaining_seconds(self):
        return (self.total_ticks - self.elapsed_ticks) // 10


class TimerStore(Store):
    def __init__(self, env, random, saved):
        super().__init__(saved or TimerState(), lambda state, new_state: new_state)
        self.env = env
        self.random = random
        self.ticking = None
        self.restart = None
        if saved is not None:
            # Resume what the phase implies; no machine event fires.
            if saved.phase == "CountingDown":
                self.start_ticking()
            elif saved.phase == "Restarting":
                self.schedule_restart()

    # Intents
    def intent(self, name, *args):
        if self.disposed:
            return
        if name == "setTime":
            minutes, seconds = args
            parts = (("minutes", minutes), ("seconds", seconds))
            if mutation("timer-seconds-checked-first"):
                parts = parts[::-1]
            for part, number in parts:
                if not 0 <= number <= 59:
                    self.publish(enum_case("TimerLabel", "rejected", ("reason", f"setTime: {part} must be 0...59, got {number}")))
                    return
            self.fire("OnTimerSet", minutes * 60 + seconds)
        elif name == "start":
            if self.state.value == 0:
                self.publish(enum_case("TimerLabel", "rejected", ("reason", "start: no time is set")))
                return
            self.fire("OnStart")
        else:
            self.fire({"settingTime": "OnSetTimer", "pause": "OnPause", "stop": "OnStop", "reset": "OnReset"}[name])

    def fire(self, event, argument=None):
        transition = TRANSITIONS.get((self.state.phase, event))
        if transition is None:
            self.publish(enum_case("TimerLabel", "ignored", ("state", self.state.phase), ("event", event)))
            return
        phase, effect = transition
        state = self.state.copy(phase=phase)
        if effect == "TimerReady":
            state = state.copy(value=argument, elapsed_ticks=0)
        elif effect == "StartCountDown":
            self.cancel_restart()
            self.start_ticking()
        elif effect == "Pause":
            self.stop_ticking()
        elif effect == "Stop":
            state = state.copy(elapsed_ticks=0)
            self.stop_ticking()
        elif effect == "Reset":
            state = state.copy(value=0, elapsed_ticks=0)
        elif effect == "Restarting":
            state = state.copy(elapsed_ticks=0, background_index=pick(state.background_index, self.random))
            self.stop_ticking()
            self.schedule_restart()
        self.dispatch(state)

    # Work in virtual time
    def start_ticking(self):
        self.stop_ticking()
        self.ticking = self.env.clock.schedule(TICK_MS, self.tick)

    def tick(self):
        self.ticking = self.env.clock.schedule(TICK_MS, self.tick)
        self.dispatch(self.state.copy(elapsed_ticks=self.state.elapsed_ticks + 1))
        if self.state.elapsed_ticks >= self.state.total_ticks:
            self.fire("OnFinish")

    def stop_ticking(self):
        if self.ticking is not None:
            self.ticking.cancel()
            self.ticking = None

    def schedule_restart(self):
        if mutation("timer-no-restart"):
            return
        self.restart = self.env.clock.schedule(RESTART_MS, lambda: self.fire("OnStart"))

    def cancel_restart(self):
        if self.restart is not None:
            self.restart.cancel()
            self.restart = None

    def dispose(self):
        self.stop_ticking()
        self.cancel_restart()
        self.disposed = True


VIEW_EVENTS = {
    "setTimerTapped": "settingTime",
    "startTapped": "start",
    "pauseTapped": "pause",
    "stopTapped": "stop",
    "resetTapped": "reset",
}


class Timer(Component):
    NAME = "timer"
    COMPONENT = "TimerComponent"

    def __init__(self, env, config, saved):
        super().__init__(env)
        unknown = set(config) - {"seed"}
        if unknown:
            raise ScenarioError(f"unknown Timer config {sorted(unknown)}")
        store = TimerStore(env, SplitMix64(int(config.get("seed", 1))), saved)
        self.attach(store)

    def view_model(self, state):
        counting = state.phase == "CountingDown"
        restarting = state.phase == "Restarting"
        minutes, seconds = divmod(state.remaining_seconds, 60)
        button = "reset" if not counting and state.progress == 0 else "stop"
        return record(
            "TimerViewModel",
            ("label", f"{minutes:02d}:{seconds:02d}"),
            ("progress", state.progress),
            ("backgroundIndex", state.background_index),
            ("isSettingTimer", state.phase == "SettingTimer"),
            ("isCountingDown", counting),
            ("isRestarting", restarting),
            ("isPlayPauseEnabled", state.value > 0 and not restarting),
            ("secondButton", enum_case("SecondButton", button)),
        )

    def on_view_event(self, name, payload):
        if name == "timeSet":
            self.store.intent("setTime", int(payload["minutes"]), int(payload["seconds"]))
        else:
            self.store.intent(VIEW_EVENTS[name])

    def save(self):
        return self.store.state.copy()

    @staticmethod
    def render_saved(state):
        return record(
            "TimerState",
            ("phase", enum_case("TimerPhase", state.phase)),
            ("value", state.value),
            ("elapsedTicks", state.elapsed_ticks),
            ("backgroundIndex", state.background_index),
        )

    def dispose(self):
        self.store.dispose()
