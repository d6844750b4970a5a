// The adapter protocol, version 2 (docs/porting.md, "The protocol").
package mviport

import java.io.BufferedReader
import java.io.InputStreamReader
import java.io.PrintStream
import java.io.PrintWriter
import java.io.StringWriter

val featureNames = listOf("kittens", "timer", "news", "news-app", "images")

fun newSession(feature: String, config: JObj?, ctx: Ctx): Session = when (feature) {
    "kittens" -> KittensSession(ctx)
    "timer" -> TimerSession(ctx, config?.long("seed") ?: 1L)
    "news" -> NewsSession(ctx, config, ctx.folder())
    "news-app" -> NewsAppSession(ctx, config, ctx.folder())
    "images" -> ImagesSession(ctx, config)
    else -> throw RunError("feature $feature is not implemented")
}

fun handshake(seq: J): J = jobj(
    "seq" to seq, "version" to vInt(2),
    "implementation" to jobj(
        "name" to JStr("mvi-kotlin-port"), "language" to JStr("Kotlin"), "version" to JStr("0.1.0"),
        "features" to JArr(featureNames.map { JStr(it) }),
        "issues" to JStr("https://github.com/mvi-conformance/mvi-conformance/issues"),
        "wire" to JBool(true)))

var previous: Ctx? = null

fun run(msg: JObj): J {
    val seq = msg["seq"]!!
    previous?.closeAll()
    previous = null
    val header = msg["header"] as JObj
    val events = (msg["events"] as JArr).items
    val w = msg["wire"] as? JObj
    val wire = if (w == null) null else WireSettings(w.str("baseURL")!!, w.str("apiKey")!!, w.long("timeoutSeconds")!!)
    val ctx = Ctx(wire)
    previous = ctx
    val steps = ArrayList<J>()
    var step = 0
    try {
        val session = newSession(header.str("feature")!!, header["config"] as? JObj, ctx)
        for (e in events) {
            step++
            val ev = e as JObj
            ctx.beginStep(ev["quiet"].let { it is JBool && it.value })
            session.apply(ev)
            ctx.sched.runDue()
            steps.add(ctx.endStep())
        }
    } catch (e: Throwable) {
        val trace = StringWriter()
        e.printStackTrace(PrintWriter(trace))
        System.err.println(trace)
        val message = if (e is RunError) e.message ?: "error" else "${e.javaClass.simpleName}: ${e.message}"
        return jobj("seq" to seq, "errored" to jobj("step" to vInt(step), "message" to JStr(message),
            "details" to JStr(trace.toString())))
    }
    return jobj("seq" to seq, "steps" to JArr(steps))
}

fun main() {
    // java.net.http retries an idempotent request whose connection was reset before a byte of answer
    // ("header parser received no bytes"): one exchange would become two. One attempt per request.
    System.setProperty("jdk.httpclient.redirects.retrylimit", "1")
    val input = BufferedReader(InputStreamReader(System.`in`, Charsets.UTF_8))
    val out = PrintStream(java.io.FileOutputStream(java.io.FileDescriptor.out), false, "UTF-8")
    loop@ while (true) {
        val line = input.readLine() ?: break
        if (line.isBlank()) continue
        val msg = parseJson(line, false) as JObj
        val reply = when (msg.str("cmd")) {
            "start" -> handshake(msg["seq"]!!)
            "run" -> run(msg)
            "stop" -> break@loop
            else -> jobj("seq" to (msg["seq"] ?: vInt(0)), "errored" to jobj("step" to vInt(0),
                "message" to JStr("unknown command ${msg.str("cmd")}")))
        }
        out.print(writeJson(reply).append('\n'))
        out.flush()
    }
    previous?.closeAll()
    out.flush()
    System.exit(0)
}
