// The replay engine: virtual time, jobs cancelled by key, requests, the lifecycle and the outputs of a step.
package mviport

import java.util.PriorityQueue

/** An error of the run (fixtures.md, "Lines 2...: events"): the port answers `errored` at that step. */
class RunError(message: String) : Exception(message)

// ---- canonical values (render.md) as the protocol's JSON (porting.md, "Values") ----

fun field(name: String, value: J): Pair<String, J> = Pair(name, value)
fun rec(type: String, vararg fields: Pair<String, J>): J = recOf(type, fields.toList())
fun recOf(type: String, fields: List<Pair<String, J>>): J =
    jobj("record" to JStr(type), "fields" to JArr(fields.map { JArr(listOf(JStr(it.first), it.second)) }))
fun enumCase(type: String, case: String, vararg fields: Pair<String, J>): J =
    jobj("enum" to JStr(type), "case" to JStr(case),
        "fields" to JArr(fields.map { JArr(listOf(JStr(it.first), it.second)) }))
fun vInt(n: Long): J = JNum(n.toString())
fun vInt(n: Int): J = JNum(n.toString())
fun vStr(s: String): J = JStr(s)
fun vBool(b: Boolean): J = JBool(b)
fun vList(items: List<J>): J = JArr(items)
fun vStrings(items: List<String>): J = JArr(items.map { JStr(it) })
/** Text written unquoted (porting.md, "Plain log lines"): a record with no fields. */
fun vText(text: String): J = recOf(text, emptyList())

// ---- virtual time ----

interface Cancellable { fun cancel() }

/** Deterministic virtual-time runner: work runs in (due time, order scheduled) order. */
class Scheduler {
    var nowNs: Long = 0
        private set
    private var order = 0L

    inner class Task(val due: Long, val seq: Long, val body: () -> Unit) : Cancellable {
        var cancelled = false
        override fun cancel() { cancelled = true }
    }

    private val queue = PriorityQueue<Task>(compareBy<Task>({ it.due }, { it.seq }))

    fun after(delayMs: Long, body: () -> Unit): Task {
        val t = Task(nowNs + delayMs * 1_000_000L, order++, body)
        queue.add(t)
        return t
    }

    /** Runs everything due at the current time (fixtures.md rule 1). */
    fun runDue() = runUntil(nowNs)

    fun advance(ms: Long) = runUntil(nowNs + ms * 1_000_000L)

    private fun runUntil(target: Long) {
        while (true) {
            val t = queue.peek() ?: break
            if (t.due > target) break
            queue.poll()
            if (t.cancelled) continue
            nowNs = t.due
            t.body()
        }
        nowNs = target
    }

    val nowMs: Long get() = nowNs / 1_000_000L
}

// ---- requests ----

/** A call the feature made to its data source: `request #n`. */
class Request(val number: Int, val kind: String, private val ctx: Ctx, val deliver: (Any) -> Unit) : Cancellable {
    var cancelled = false
    var answered = false
    var wire: WireExchange? = null

    /** Cancels the request if it is still pending (fixtures.md rule 3); a finished one is forgotten. */
    override fun cancel() {
        if (cancelled || answered) return
        cancelled = true
        ctx.emit(jobj("cancel" to vInt(number)))
        wire?.close()
    }
}

/** What the data sources need to make a request: its description in memory, its HTTP form at the wire. */
class HttpSpec(val method: String, val pathAndQuery: String, val headers: List<Pair<String, String>>,
               val bytesAsWritten: Boolean = false)

// ---- the context a feature runs in ----

class Ctx(val wire: WireSettings?) {
    val sched = Scheduler()
    private val requests = ArrayList<Request>()
    private var outputs = ArrayList<J>()
    private var quiet = false
    private var lastRenderIndex = -1
    private var omitted = 0L

    fun emit(o: J) { outputs.add(o) }

    fun render(value: J, screen: String? = null) {
        val o = if (screen == null) jobj("render" to value) else jobj("render" to value, "screen" to JStr(screen))
        if (quiet && lastRenderIndex >= 0) {
            outputs.removeAt(lastRenderIndex)
            omitted++
        }
        outputs.add(o)
        lastRenderIndex = outputs.size - 1
    }

    fun label(value: J, screen: String? = null) =
        emit(if (screen == null) jobj("label" to value) else jobj("label" to value, "screen" to JStr(screen)))

    fun reaction(keyword: String, value: J) = emit(jobj("reaction" to JStr(keyword), "value" to value))

    /** A log line: its first word is the keyword, the rest an unquoted text (porting.md). */
    fun logLine(line: String) {
        val sp = line.indexOf(' ')
        reaction(line.substring(0, sp), vText(line.substring(sp + 1)))
    }

    fun rejected(message: String) = emit(jobj("rejected" to JStr(message)))

    fun beginStep(quietStep: Boolean) {
        outputs = ArrayList()
        quiet = quietStep
        lastRenderIndex = -1
        omitted = 0
    }

    fun endStep(): J {
        val list = ArrayList<J>()
        if (omitted > 0) list.add(jobj("omitted" to vInt(omitted)))
        list.addAll(outputs)
        return JArr(list)
    }

    /** Makes request `#n`: writes its line, and at the wire sends it and waits until the server holds it. */
    fun request(kind: String, description: String, http: HttpSpec?, deliver: (Any) -> Unit): Request {
        val r = Request(requests.size + 1, kind, this, deliver)
        requests.add(r)
        emit(jobj("request" to vInt(r.number), "description" to JStr(description)))
        if (wire != null && http != null) r.wire = wire.send(r.number, http)
        return r
    }

    /** A `respond` line: the answer is made from its fields (in memory) or read from the server (wire). */
    fun respond(ev: JObj, memoryAnswer: (Request, JObj) -> Any, wireAnswer: (Request, HttpResult) -> Any) {
        val n = ev.long("request")!!
        if (n < 1 || n > requests.size) throw RunError("respond #$n: no request #$n was made")
        val r = requests[(n - 1).toInt()]
        if (r.answered) throw RunError("respond #$n: request #$n was already answered")
        if (r.cancelled) { r.answered = true; return }
        r.answered = true
        val answer = if (wire != null && r.wire != null) {
            wireAnswer(r, r.wire!!.release())
        } else memoryAnswer(r, ev)
        r.deliver(answer)
    }

    private var tempFolder: java.io.File? = null

    /** The scenario's own folder for the feature's files (at the wire, or always when [always]); removed at its end. */
    fun folder(always: Boolean = false): java.io.File? {
        if (wire == null && !always) return null
        if (tempFolder == null) tempFolder = java.nio.file.Files.createTempDirectory("mvi-kotlin-port-").toFile()
        return tempFolder
    }

    fun closeAll() {
        for (r in requests) r.wire?.abandon()
        tempFolder?.let { f -> f.walkTopDown().forEach { it.setWritable(true, false) }; f.deleteRecursively() }
        tempFolder = null
    }
}

// ---- the component lifecycle (fixtures.md, "Lifecycle refusals") ----

enum class Life(val spelt: String) { NONE("none"), CREATED("created"), VIEW("viewCreated"), STARTED("started"), DESTROYED("destroyed") }

private val callNames = mapOf(
    "viewCreated" to "onViewCreated(view)", "start" to "onStart()", "stop" to "onStop()",
    "viewDestroyed" to "onViewDestroyed()", "destroy" to "onDestroy()")

private fun advice(state: Life, call: String): String = when (state) {
    Life.CREATED -> when (call) {
        "start" -> "no view is attached; call onViewCreated(view) first"
        "stop" -> "onStop() without onViewCreated(view) and onStart()"
        else -> "no view is attached"
    }
    Life.VIEW -> when (call) {
        "viewCreated" -> "a view is already attached; call onViewDestroyed() first"
        "stop" -> "onStop() without onStart()"
        else -> "a view is still attached; call onViewDestroyed() first"
    }
    Life.STARTED -> when (call) {
        "viewCreated" -> "a view is already bound; call onStop() and onViewDestroyed() first"
        "start" -> "onStart() was already called; call onStop() first"
        "viewDestroyed" -> "the view is still bound; call onStop() first"
        else -> "the view is still bound; call onStop() and onViewDestroyed() first"
    }
    else -> "the component is destroyed and cannot be used again"
}

/** One feature's component as the replay drives it. */
abstract class Session(val ctx: Ctx) {
    abstract val componentName: String
    var life = Life.NONE
    val bound: Boolean get() = life == Life.STARTED

    abstract fun create()
    open fun onViewCreated() {}
    open fun onStart() {}
    open fun onStop() {}
    open fun onViewDestroyed() {}
    open fun onDestroy() {}
    /** A `view` event while the view is bound (others are dropped unless [viewAnyTime] says otherwise). */
    abstract fun view(ev: JObj)
    open fun viewAnyTime(ev: JObj): Boolean = false
    /** `restore`: save, destroy, create; returns the saved state's value. */
    open fun restore(): J = throw RunError("restore: this feature has no saved state")
    open fun other(ev: JObj): Unit = throw RunError("unknown event ${ev.str("event")}")
    open fun memoryAnswer(r: Request, ev: JObj): Any = throw RunError("respond: this feature makes no requests")
    open fun wireAnswer(r: Request, res: HttpResult): Any = throw RunError("respond: this feature makes no requests")

    fun lifecycle(call: String) {
        val next: Life? = when (life) {
            Life.CREATED -> when (call) { "viewCreated" -> Life.VIEW; "destroy" -> Life.DESTROYED; else -> null }
            Life.VIEW -> when (call) { "start" -> Life.STARTED; "viewDestroyed" -> Life.CREATED; else -> null }
            Life.STARTED -> when (call) { "stop" -> Life.VIEW; else -> null }
            else -> null
        }
        if (next == null) {
            ctx.rejected("$componentName.${callNames[call]} called while ${life.spelt}: ${advice(life, call)}")
            return
        }
        life = next
        when (call) {
            "viewCreated" -> onViewCreated()
            "start" -> onStart()
            "stop" -> onStop()
            "viewDestroyed" -> onViewDestroyed()
            "destroy" -> onDestroy()
        }
    }

    fun apply(ev: JObj) {
        val name = ev.str("event")
        if (name != "create" && life == Life.NONE) throw RunError("$name before create: create must be the first event")
        when (name) {
            "create" -> {
                if (life != Life.NONE) throw RunError("create: the component was already created")
                life = Life.CREATED
                create()
            }
            "viewCreated", "start", "stop", "viewDestroyed", "destroy" -> lifecycle(name)
            "view" -> if (bound || viewAnyTime(ev)) view(ev)
            "advance" -> ctx.sched.advance(ev.long("ms")!!)
            "respond" -> ctx.respond(ev, { r, e -> memoryAnswer(r, e) }, { r, h -> wireAnswer(r, h) })
            "restore" -> {
                if (life == Life.VIEW || life == Life.STARTED || life == Life.DESTROYED) {
                    val spelt = if (life == Life.DESTROYED) "destroyed" else if (life == Life.VIEW) "viewCreated" else "started"
                    throw RunError("restore needs the component without a view (after stop and viewDestroyed); it is $spelt")
                }
                val saved = restore()
                life = Life.CREATED
                ctx.emit(jobj("saved" to saved))
            }
            else -> other(ev)
        }
    }
}

// ---- the store, in MVIKotlin's shape ----

/**
 * Intent, action, message, state, label: the executor turns intents and actions into messages
 * (reduced into the state) and labels; its effects are jobs on the scenario's virtual time,
 * each under a key, cancelled by key and all of them on dispose, as `CoroutineExecutor` runs them.
 */
abstract class Store<Intent, Action, Msg, State, Label>(initial: State) {
    var state: State = initial
        private set
    var disposed = false
        private set
    var onState: ((State) -> Unit)? = null
    var onLabel: ((Label) -> Unit)? = null
    private val jobs = LinkedHashMap<String, Cancellable>()

    protected abstract fun reduce(state: State, msg: Msg): State
    protected abstract fun executeIntent(intent: Intent)
    protected open fun executeAction(action: Action) {}

    fun accept(intent: Intent) { if (!disposed) executeIntent(intent) }
    fun bootstrap(action: Action) { if (!disposed) executeAction(action) }

    protected fun dispatch(msg: Msg) {
        if (disposed) return
        state = reduce(state, msg)
        onState?.invoke(state)
    }

    protected fun publish(label: Label) { if (!disposed) onLabel?.invoke(label) }

    /** Starts a job under [key]; it replaces (and first cancels) the job of that key. */
    protected fun launch(key: String, job: Cancellable) { jobs.remove(key)?.cancel(); jobs[key] = job }
    protected fun cancelJob(key: String) { jobs.remove(key)?.cancel() }
    protected fun finishJob(key: String, job: Cancellable) { if (jobs[key] === job) jobs.remove(key) }
    protected fun hasJob(key: String): Boolean = jobs.containsKey(key)

    /** Starts a call as the job of [key]; the job ends when the call answers, and [answer] handles it. */
    protected fun <A> launchCall(key: String, start: ((A) -> Unit) -> Cancellable, answer: (A) -> Unit) {
        var handle: Cancellable? = null
        handle = start { a ->
            handle?.let { finishJob(key, it) }
            answer(a)
        }
        launch(key, handle)
    }

    /** Renders the state now and on every change until [stopShowing] (the view bound between start and stop). */
    fun showWhileStarted(render: (State) -> Unit) {
        render(state)
        onState = render
    }

    fun stopShowing() { onState = null }

    open fun dispose() {
        if (disposed) return
        val all = jobs.values.toList()
        jobs.clear()
        for (j in all) j.cancel()
        disposed = true
        onState = null
        onLabel = null
    }
}
