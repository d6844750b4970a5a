// Kittens (docs/features/kittens.md).
package mviport

import java.nio.ByteBuffer
import java.nio.charset.CodingErrorAction

sealed class KittenAnswer
class KittenBody(val bytes: ByteArray) : KittenAnswer()
class KittenFailure(val kind: String) : KittenAnswer()

object KittenParser {
    const val maximumBodyBytes = 8_388_608

    /** The urls of a body, or null when it does not parse (kittens.19...24, kittens.45). */
    fun parse(bytes: ByteArray): List<String>? {
        if (bytes.size > maximumBodyBytes) return null
        var text = decodeUtf8(bytes) ?: return null
        if (text.startsWith("\uFEFF")) text = text.substring(1)
        val root = try { parseJson(text) } catch (e: JsonError) { return null }
        if (root !is JArr) return null
        val urls = ArrayList<String>()
        for (element in root.items) {
            if (element !is JObj) return null
            val url = element["url"] as? JStr ?: return null
            urls.add(url.value)
        }
        return urls
    }
}

fun decodeUtf8(bytes: ByteArray): String? = try {
    Charsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString()
} catch (e: java.nio.charset.CharacterCodingException) { null }

sealed class KData
class KImages(val urls: List<String>) : KData()
object KError : KData()

class KittenState(val isLoading: Boolean = false, val data: KData = KImages(emptyList()))

sealed class KittenMsg
object LoadingStarted : KittenMsg()
class LoadingFinished(val urls: List<String>) : KittenMsg()
class LoadingFailed(val reason: String) : KittenMsg()

object Reload

/** The data source: `load(limit, page)`, answering once; cancelling the handle cancels the call. */
interface KittenDataSource { fun load(limit: Int, page: Int, answer: (KittenAnswer) -> Unit): Cancellable }

class KittenStore(private val source: KittenDataSource) : Store<Reload, Reload, KittenMsg, KittenState, Nothing>(KittenState()) {
    override fun reduce(state: KittenState, msg: KittenMsg): KittenState = when (msg) {
        is LoadingStarted -> KittenState(true, state.data)
        is LoadingFinished -> KittenState(false, KImages(msg.urls))
        is LoadingFailed -> KittenState(false, KError)
    }

    override fun executeAction(action: Reload) = load()
    override fun executeIntent(intent: Reload) = load()

    private fun load() {
        cancelJob("load")
        dispatch(LoadingStarted)
        launchCall<KittenAnswer>("load", { source.load(50, 0, it) }) { answer ->
            when (answer) {
                is KittenBody -> {
                    val urls = KittenParser.parse(answer.bytes)
                    dispatch(if (urls != null) LoadingFinished(urls) else LoadingFailed("invalid response"))
                }
                is KittenFailure -> dispatch(LoadingFailed("network"))
            }
        }
    }
}

class KittensSession(ctx: Ctx) : Session(ctx), KittenDataSource {
    override val componentName = "KittenComponent"
    private var store: KittenStore? = null

    override fun load(limit: Int, page: Int, answer: (KittenAnswer) -> Unit): Cancellable {
        val path = "/v1/images/search?limit=$limit&page=$page"
        val headers = ArrayList<Pair<String, String>>()
        headers.add(Pair("Accept", "application/json"))
        val key = ctx.wire?.apiKey
        if (key != null) headers.add(Pair("x-api-key", key))
        return ctx.request("load", "load(limit: $limit, page: $page)", HttpSpec("GET", path, headers)) {
            answer(it as KittenAnswer)
        }
    }

    private fun model(s: KittenState): J {
        val urls = (s.data as? KImages)?.urls ?: emptyList()
        return rec("KittenViewModel", field("isLoading", vBool(s.isLoading)),
            field("isError", vBool(s.data is KError)), field("imageUrls", vStrings(urls)))
    }

    override fun create() {
        val s = KittenStore(this)
        store = s
        s.bootstrap(Reload)
    }

    override fun onStart() = store!!.showWhileStarted { ctx.render(model(it)) }
    override fun onStop() { store?.stopShowing() }
    override fun onDestroy() { store?.dispose() }
    override fun view(ev: JObj) { store?.accept(Reload) }

    override fun memoryAnswer(r: Request, ev: JObj): Any {
        val urls = ev["urls"] as? JArr
        val body = ev.str("body")
        return when {
            urls != null -> {
                val b = StringBuilder("[")
                urls.items.forEachIndexed { k, u ->
                    if (k > 0) b.append(',')
                    b.append("{\"url\":"); quoteJson((u as JStr).value, b); b.append('}')
                }
                b.append(']')
                KittenBody(b.toString().toByteArray(Charsets.UTF_8))
            }
            body != null -> KittenBody(body.toByteArray(Charsets.UTF_8))
            else -> KittenFailure(ev.str("failure") ?: "transport")
        }
    }

    override fun wireAnswer(r: Request, res: HttpResult): Any = when {
        res.timedOut -> KittenFailure("timeout")
        res.error != null -> KittenFailure("transport")
        res.status !in 200..299 -> KittenFailure("httpStatus")
        res.body.isEmpty() -> KittenFailure("emptyResponse")
        else -> KittenBody(res.body)
    }
}
