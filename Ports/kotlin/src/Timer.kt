// Timer (docs/features/timer.md).
package mviport

enum class Phase { Idle, SettingTimer, CountingDown, Paused, Restarting }

class TimerState(val phase: Phase, val value: Long, val elapsedTicks: Long, val backgroundIndex: Long) {
    fun copy(phase: Phase = this.phase, value: Long = this.value, elapsedTicks: Long = this.elapsedTicks,
             backgroundIndex: Long = this.backgroundIndex) = TimerState(phase, value, elapsedTicks, backgroundIndex)
}

/** SplitMix64 (timer.35). */
class SplitMix64(private var state: Long) {
    fun next(): Long {
        state += -0x61c8864680b583ebL
        var z = state
        z = (z xor (z ushr 30)) * -0x40a7b892e31b1a47L
        z = (z xor (z ushr 27)) * -0x6b2fb644ecceee15L
        return z xor (z ushr 31)
    }
}

sealed class TimerIntent
object SettingTime : TimerIntent()
class SetTime(val minutes: Long, val seconds: Long) : TimerIntent()
object StartIntent : TimerIntent()
object PauseIntent : TimerIntent()
object StopIntent : TimerIntent()
object ResetIntent : TimerIntent()

sealed class TimerLabel
class Ignored(val state: Phase, val event: String) : TimerLabel()
class Rejected(val reason: String) : TimerLabel()

sealed class TimerAction
object ResumeAction : TimerAction()

/** A message is one state change: a transition applied, a tick. */
class TimerMsg(val next: TimerState)

class TimerStore(initial: TimerState, private val random: SplitMix64, private val ctx: Ctx) :
    Store<TimerIntent, TimerAction, TimerMsg, TimerState, TimerLabel>(initial) {

    override fun reduce(state: TimerState, msg: TimerMsg) = msg.next

    override fun executeAction(action: TimerAction) {
        // Resume what the phase implies (timer.47...50); no machine event fires.
        when (state.phase) {
            Phase.CountingDown -> startTicking()
            Phase.Restarting -> scheduleRestart()
            else -> {}
        }
    }

    override fun executeIntent(intent: TimerIntent) {
        when (intent) {
            is SettingTime -> fire("OnSetTimer", 0)
            is SetTime -> when {
                intent.minutes !in 0..59 -> publish(Rejected("setTime: minutes must be 0...59, got ${intent.minutes}"))
                intent.seconds !in 0..59 -> publish(Rejected("setTime: seconds must be 0...59, got ${intent.seconds}"))
                else -> fire("OnTimerSet", intent.minutes * 60 + intent.seconds)
            }
            is StartIntent -> if (state.value == 0L) publish(Rejected("start: no time is set")) else fire("OnStart", 0)
            is PauseIntent -> fire("OnPause", 0)
            is StopIntent -> fire("OnStop", 0)
            is ResetIntent -> fire("OnReset", 0)
        }
    }

    /** The state machine (timer.2...12) and each side effect's change and work (timer.24...31). */
    private fun fire(event: String, v: Long) {
        val s = state
        when (Pair(s.phase, event)) {
            Pair(Phase.Idle, "OnSetTimer") -> dispatch(TimerMsg(s.copy(phase = Phase.SettingTimer)))
            Pair(Phase.Idle, "OnStart"), Pair(Phase.Paused, "OnStart"), Pair(Phase.Restarting, "OnStart") -> {
                cancelJob("restart")
                dispatch(TimerMsg(s.copy(phase = Phase.CountingDown)))
                startTicking()
            }
            Pair(Phase.Idle, "OnReset") -> dispatch(TimerMsg(s.copy(phase = Phase.Idle, value = 0, elapsedTicks = 0)))
            Pair(Phase.SettingTimer, "OnTimerSet") -> dispatch(TimerMsg(s.copy(phase = Phase.Idle, value = v, elapsedTicks = 0)))
            Pair(Phase.CountingDown, "OnPause") -> {
                cancelJob("tick")
                dispatch(TimerMsg(s.copy(phase = Phase.Paused)))
            }
            Pair(Phase.CountingDown, "OnStop"), Pair(Phase.Paused, "OnStop") -> {
                cancelJob("tick")
                dispatch(TimerMsg(s.copy(phase = Phase.Idle, elapsedTicks = 0)))
            }
            Pair(Phase.CountingDown, "OnFinish") -> {
                cancelJob("tick")
                dispatch(TimerMsg(s.copy(phase = Phase.Restarting, elapsedTicks = 0, backgroundIndex = pick(s.backgroundIndex))))
                scheduleRestart()
            }
            else -> publish(Ignored(s.phase, event))
        }
    }

    private fun pick(current: Long): Long {
        val candidates = (1L..6L).filter { it != current }
        return candidates[java.lang.Long.remainderUnsigned(random.next(), 5).toInt()]
    }

    private fun startTicking() {
        cancelJob("tick")
        lateinit var tick: () -> Unit
        tick = {
            launch("tick", ctx.sched.after(100, tick))
            val s = state
            dispatch(TimerMsg(s.copy(elapsedTicks = s.elapsedTicks + 1)))
            if (state.elapsedTicks >= state.value * 10) fire("OnFinish", 0)
        }
        launch("tick", ctx.sched.after(100, tick))
    }

    private fun scheduleRestart() {
        launch("restart", ctx.sched.after(3000) { finishJob("restart", this.restartJob()); fire("OnStart", 0) })
    }

    private fun restartJob(): Cancellable = object : Cancellable { override fun cancel() {} }
}

class TimerSession(ctx: Ctx, private val seed: Long) : Session(ctx) {
    override val componentName = "TimerComponent"
    private var store: TimerStore? = null

    private fun newStore(initial: TimerState) {
        val s = TimerStore(initial, SplitMix64(seed), ctx)
        s.onLabel = { ctx.label(label(it)) }
        store = s
        s.bootstrap(ResumeAction)
    }

    override fun create() = newStore(TimerState(Phase.SettingTimer, 0, 0, 1))

    private fun label(l: TimerLabel): J = when (l) {
        is Ignored -> enumCase("TimerLabel", "ignored", field("state", vStr(l.state.name)), field("event", vStr(l.event)))
        is Rejected -> enumCase("TimerLabel", "rejected", field("reason", vStr(l.reason)))
    }

    private fun model(s: TimerState): J {
        val total = s.value * 10
        val progress = if (total == 0L) 0L else minOf(100L, s.elapsedTicks * 100 / total)
        val remaining = (total - s.elapsedTicks) / 10
        val text = String.format("%02d:%02d", remaining / 60, remaining % 60)
        val counting = s.phase == Phase.CountingDown
        val second = if (!counting && progress == 0L) "reset" else "stop"
        return rec("TimerViewModel", field("label", vStr(text)), field("progress", vInt(progress)),
            field("backgroundIndex", vInt(s.backgroundIndex)),
            field("isSettingTimer", vBool(s.phase == Phase.SettingTimer)), field("isCountingDown", vBool(counting)),
            field("isRestarting", vBool(s.phase == Phase.Restarting)),
            field("isPlayPauseEnabled", vBool(s.value > 0 && s.phase != Phase.Restarting)),
            field("secondButton", enumCase("SecondButton", second)))
    }

    private fun saved(s: TimerState): J = rec("TimerState", field("phase", enumCase("TimerPhase", s.phase.name)),
        field("value", vInt(s.value)), field("elapsedTicks", vInt(s.elapsedTicks)),
        field("backgroundIndex", vInt(s.backgroundIndex)))

    override fun onStart() = store!!.showWhileStarted { ctx.render(model(it)) }
    override fun onStop() { store?.stopShowing() }
    override fun onDestroy() { store?.dispose() }

    override fun view(ev: JObj) {
        val s = store ?: return
        when (ev.str("name")) {
            "setTimerTapped" -> s.accept(SettingTime)
            "timeSet" -> {
                val p = ev["payload"] as JObj
                s.accept(SetTime(p.long("minutes")!!, p.long("seconds")!!))
            }
            "startTapped" -> s.accept(StartIntent)
            "pauseTapped" -> s.accept(PauseIntent)
            "stopTapped" -> s.accept(StopIntent)
            "resetTapped" -> s.accept(ResetIntent)
        }
    }

    override fun restore(): J {
        val state = store!!.state
        store!!.dispose()
        newStore(state)
        return saved(state)
    }
}
