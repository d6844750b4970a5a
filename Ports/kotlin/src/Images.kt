// Images (docs/features/images.md): the pipeline (memory cache, disk cache, one download per key,
// cancellation, revalidation) and the per-view store, in MVIKotlin's shape.
package mviport

import java.io.File
import java.math.BigDecimal
import java.math.RoundingMode

const val imageEpochMs = 1_577_836_800_000L  // 2020-01-01T00:00:00Z (images.66)

class ImageEntry(val bytes: ByteArray, val storedAtMs: Long, val etag: String?)

enum class ImageSourceKind(val spelt: String) { MEMORY("memory"), DISK("disk"), NETWORK("network") }

/** images.30 to images.33: least recently used first out, bounded by bytes and by count. */
class MemoryCache(private val costLimit: Long, private val countLimit: Int = 500, private val fraction: Double = 0.1) {
    private val map = LinkedHashMap<String, ImageEntry>(16, 0.75f, true)
    private var total = 0L

    fun lookup(key: String): ImageEntry? = map[key]

    fun store(key: String, e: ImageEntry) {
        map.remove(key)?.let { total -= it.bytes.size }
        if (e.bytes.size > costLimit * fraction) return
        map[key] = e
        total += e.bytes.size
        while ((total > costLimit || map.size > countLimit) && map.isNotEmpty()) {
            val oldest = map.keys.iterator().next()
            total -= map.remove(oldest)!!.bytes.size
        }
    }

    fun clear() { map.clear(); total = 0 }
    val keys: List<String> get() = map.keys.toList()
}

fun fnv1a64(bytes: ByteArray): String {
    var h = -0x340d631b7bdddcdbL  // 0xcbf29ce484222325
    for (b in bytes) {
        h = h xor (b.toLong() and 0xFF)
        h *= 0x100000001b3L
    }
    return java.lang.Long.toHexString(h).padStart(16, '0')
}

/** images.34 to images.39: one file per key in a folder of its own, with a header line. */
class DiskCache(private val folder: File, private val sizeLimit: Long, trimRatio: Double = 0.7) {
    private val target: Long = Math.floor(sizeLimit.toDouble() * trimRatio).toLong()
    private val sizes = LinkedHashMap<String, Long>(16, 0.75f, true)  // file name -> size, least recent first
    private var total = 0L
    var corruptRemoved = 0L
        private set

    init { folder.mkdirs() }

    fun fileName(key: String) = fnv1a64(key.toByteArray(Charsets.UTF_8)) + ".image"

    private fun escape(s: String) = s.replace("\\", "\\\\").replace("\"", "\\\"")

    private fun storedAtText(ms: Long): String =
        if (ms % 1000 == 0L) (ms / 1000).toString()
        else BigDecimal.valueOf(ms).divide(BigDecimal(1000)).stripTrailingZeros().toPlainString()

    fun header(key: String, e: ImageEntry): String {
        val b = StringBuilder("{\"checksum\":\"").append(fnv1a64(e.bytes)).append('"')
        if (e.etag != null) b.append(",\"etag\":\"").append(escape(e.etag)).append('"')
        b.append(",\"format\":1,\"key\":\"").append(escape(key)).append("\",\"length\":").append(e.bytes.size)
        b.append(",\"storedAt\":").append(storedAtText(e.storedAtMs)).append('}')
        return b.toString()
    }

    private fun remove(name: String) {
        sizes.remove(name)?.let { total -= it }
        File(folder, name).delete()
    }

    fun store(key: String, e: ImageEntry) {
        val name = fileName(key)
        remove(name)
        val content = header(key, e).toByteArray(Charsets.UTF_8) + byteArrayOf(10) + e.bytes
        if (content.size > target) return
        val tmp = File(folder, ".$name.writing")
        tmp.writeBytes(content)
        tmp.renameTo(File(folder, name))
        sizes[name] = content.size.toLong()
        total += content.size
        if (total > sizeLimit) {
            while (total > target) {
                val oldest = sizes.keys.iterator().next()
                if (oldest == name) break
                remove(oldest)
            }
        }
    }

    /** Reads the key's file back; an unreadable one is removed and counted, a miss (images.36). */
    fun lookup(key: String): ImageEntry? {
        val name = fileName(key)
        val f = File(folder, name)
        if (!sizes.containsKey(name) || !f.isFile) { sizes.remove(name)?.let { total -= it }; return null }
        val e = decode(key, f.readBytes())
        if (e == null) { remove(name); corruptRemoved++; return null }
        sizes[name]  // a hit is a use
        return e
    }

    private fun decode(key: String, data: ByteArray): ImageEntry? {
        val nl = data.indexOf(10.toByte())
        if (nl < 0) return null
        val head = decodeUtf8(data.copyOfRange(0, nl)) ?: return null
        val h = try { parseJson(head) } catch (e: JsonError) { return null } as? JObj ?: return null
        if ((h["format"] as? JNum)?.text != "1") return null
        if (h.str("key") != key) return null
        val length = (h["length"] as? JNum)?.text?.toLongOrNull() ?: return null
        val bytes = data.copyOfRange(nl + 1, data.size)
        if (bytes.size.toLong() != length) return null
        if (h.str("checksum") != fnv1a64(bytes)) return null
        val stored = (h["storedAt"] as? JNum)?.text ?: return null
        val ms = BigDecimal(stored).multiply(BigDecimal(1000)).setScale(0, RoundingMode.HALF_UP).toLong()
        val etag = h["etag"]?.let { (it as? JStr)?.value ?: return null }
        return ImageEntry(bytes, ms, etag)
    }

    fun has(key: String) = sizes.containsKey(fileName(key)) && File(folder, fileName(key)).isFile

    fun damage(key: String, how: String) {
        val name = fileName(key)
        val f = File(folder, name)
        val data = f.readBytes()
        if (data.isEmpty()) return
        val out = if (how == "truncate") data.copyOf(data.size - 1)
        else data.copyOf().also { it[it.size - 1] = (it[it.size - 1].toInt() xor 1).toByte() }
        f.writeBytes(out)
    }

    fun clear() {
        for (name in sizes.keys.toList()) File(folder, name).delete()
        sizes.clear()
        total = 0
    }

    val count: Int get() = sizes.size
}

/** What a download delivers to each requester. */
class ImageResult(val bytes: ByteArray?, val source: ImageSourceKind?, val error: String?)

sealed class LoaderAnswer
class LoaderResponse(val status: Int, val etag: String?, val body: ByteArray) : LoaderAnswer()
class LoaderFailure(val timeout: Boolean, val detail: String) : LoaderAnswer()

interface ImageLoader { fun load(url: String, ifNoneMatch: String?, answer: (LoaderAnswer) -> Unit): Cancellable }

class ImagePipeline(private val sched: Scheduler, private val loader: ImageLoader, val memory: MemoryCache,
                    val disk: DiskCache, private val maxAgeMs: Long, private val keyWithoutQuery: Boolean) {

    fun now(): Long = imageEpochMs + sched.nowMs

    fun key(url: String): String {
        if (!keyWithoutQuery) return url
        var k = url.indexOf('#').let { if (it >= 0) url.substring(0, it) else url }
        k = k.indexOf('?').let { if (it >= 0) k.substring(0, it) else k }
        return k
    }

    fun fresh(e: ImageEntry) = now() - e.storedAtMs < maxAgeMs

    inner class Download(val key: String, val url: String) {
        val waiting = ArrayList<Requester>()
        var job: Cancellable? = null
        var request: Cancellable? = null
        var done = false

        fun run() {
            job = null
            val d = disk.lookup(key)
            if (d != null && fresh(d)) {
                memory.store(key, d)
                finish(ImageResult(d.bytes, ImageSourceKind.DISK, null))
                return
            }
            var stale: ImageEntry? = d
            var staleSource = ImageSourceKind.DISK
            if (d == null) {
                val m = memory.lookup(key)
                if (m != null) { stale = m; staleSource = ImageSourceKind.MEMORY }
            }
            val st = stale
            request = loader.load(url, st?.etag) { answer(it, st, staleSource) }
        }

        private fun fail(reason: String) = ImageResult(null, null, "$url: $reason")

        private fun answer(a: LoaderAnswer, stale: ImageEntry?, staleSource: ImageSourceKind) {
            request = null
            val staleResult = stale?.let { ImageResult(it.bytes, staleSource, null) }
            val result: ImageResult = when (a) {
                is LoaderFailure -> staleResult ?: fail(if (a.timeout) "timed out" else "transport error: ${a.detail}")
                is LoaderResponse -> when {
                    a.status in 200..299 && a.body.isNotEmpty() -> {
                        val e = ImageEntry(a.body, now(), a.etag)
                        memory.store(key, e)
                        disk.store(key, e)
                        ImageResult(a.body, ImageSourceKind.NETWORK, null)
                    }
                    a.status in 200..299 -> fail("empty body")
                    a.status == 304 && stale != null -> {
                        val e = ImageEntry(stale.bytes, now(), a.etag ?: stale.etag)
                        memory.store(key, e)
                        disk.store(key, e)
                        ImageResult(stale.bytes, staleSource, null)
                    }
                    a.status == 304 -> fail("304 Not Modified to a request without If-None-Match")
                    a.status in 500..599 -> staleResult ?: fail("HTTP status ${a.status}")
                    else -> fail("HTTP status ${a.status}")
                }
            }
            finish(result)
        }

        private fun finish(r: ImageResult) {
            done = true
            downloads.remove(key)
            for (w in waiting.toList()) w.deliver(r)
        }

        fun leave(r: Requester) {
            waiting.remove(r)
            if (waiting.isEmpty() && !done) {
                done = true
                downloads.remove(key)
                job?.cancel()
                request?.cancel()
            }
        }
    }

    inner class Requester(val answer: (ImageResult) -> Unit) : Cancellable {
        var download: Download? = null
        var over = false
        fun deliver(r: ImageResult) { if (!over) { over = true; answer(r) } }
        override fun cancel() { if (!over) { over = true; download?.leave(this) } }
    }

    private val downloads = HashMap<String, Download>()

    /** images.8 and images.9: a fresh memory entry answers at once; else join or start a download. */
    fun load(url: String, answer: (ImageResult) -> Unit): Cancellable? {
        val k = key(url)
        val m = memory.lookup(k)
        if (m != null && fresh(m)) { answer(ImageResult(m.bytes, ImageSourceKind.MEMORY, null)); return null }
        val d = downloads[k] ?: Download(k, url).also { dl ->
            downloads[k] = dl
            dl.job = sched.after(0) { dl.run() }
        }
        val r = Requester(answer)
        r.download = d
        d.waiting.add(r)
        return r
    }

    fun freshInMemory(url: String): ImageEntry? = memory.lookup(key(url))?.takeIf { fresh(it) }

    fun clear() { memory.clear(); disk.clear() }
}

// ---- the per-view store (images.42 to images.55) ----

sealed class ImageState
object ImageIdle : ImageState()
object ImageLoading : ImageState()
class ImageLoaded(val bytes: ByteArray, val source: ImageSourceKind) : ImageState()
class ImageFailed(val reason: String) : ImageState()

enum class ImageIntent { LOAD, CANCEL }

sealed class ImageMsg
object ImageLoadingStarted : ImageMsg()
class ImageLoadingFinished(val bytes: ByteArray, val source: ImageSourceKind) : ImageMsg()
class ImageLoadingFailed(val error: String) : ImageMsg()
object ImageLoadingCancelled : ImageMsg()

class ImageStore(private val url: String, private val pipeline: ImagePipeline) :
    Store<ImageIntent, Nothing, ImageMsg, ImageState, Nothing>(
        pipeline.freshInMemory(url)?.let { ImageLoaded(it.bytes, ImageSourceKind.MEMORY) } ?: ImageIdle) {

    override fun reduce(state: ImageState, msg: ImageMsg): ImageState = when (msg) {
        is ImageLoadingStarted -> ImageLoading
        is ImageLoadingFinished -> ImageLoaded(msg.bytes, msg.source)
        is ImageLoadingFailed -> ImageFailed(msg.error)
        is ImageLoadingCancelled -> ImageIdle
    }

    override fun executeIntent(intent: ImageIntent) {
        when (intent) {
            ImageIntent.LOAD -> if (state is ImageIdle || state is ImageFailed) {
                var synchronous = true
                val handle = pipeline.load(url) { r ->
                    if (!synchronous) cancelJob("load")
                    if (r.bytes != null) dispatch(ImageLoadingFinished(r.bytes, r.source!!))
                    else dispatch(ImageLoadingFailed(r.error!!))
                }
                synchronous = false
                if (handle != null) {
                    dispatch(ImageLoadingStarted)
                    launch("load", handle)
                }
            }
            ImageIntent.CANCEL -> if (state is ImageLoading) {
                cancelJob("load")
                dispatch(ImageLoadingCancelled)
            }
        }
    }
}

fun imageModel(s: ImageState): J {
    val bytes: J = if (s is ImageLoaded) JStr(String(s.bytes, Charsets.UTF_8)) else JNull
    val source: J = if (s is ImageLoaded) enumCase("ImageSource", s.source.spelt) else JNull
    val error: J = if (s is ImageFailed) JStr(s.reason) else JNull
    return rec("ImageViewModel", field("isLoading", vBool(s is ImageLoading)), field("bytes", bytes),
        field("source", source), field("errorText", error))
}

/** The request's path and query, as the wire level sends it to the mock server (images.101). */
fun pathAndQuery(url: String): String {
    val afterScheme = url.indexOf("://").let { if (it >= 0) it + 3 else 0 }
    val slash = url.indexOf('/', afterScheme)
    val query = url.indexOf('?', afterScheme)
    val start = when {
        slash >= 0 && (query < 0 || slash < query) -> slash
        query >= 0 -> query
        else -> url.length
    }
    var rest = url.substring(start)
    rest = rest.substringBefore('#')
    return if (rest.length == 0 || rest.startsWith("?")) "/$rest" else rest
}

class ImagesSession(ctx: Ctx, config: JObj?) : Session(ctx), ImageLoader {
    override val componentName = "ImageComponent"
    private val views = ArrayList<Pair<String, String>>()
    private val pipeline: ImagePipeline
    private val stores = LinkedHashMap<String, ImageStore>()

    init {
        val v = config?.get("views") as? JObj
        views.add(Pair("a", v?.str("a") ?: "https://img.test/cat.jpg"))
        v?.str("b")?.let { views.add(Pair("b", it)) }
        val maxAge = (config?.long("maxAgeSeconds") ?: 3600L) * 1000
        val memory = MemoryCache(config?.long("memoryCostLimit") ?: 67_108_864L)
        val disk = DiskCache(File(ctx.folder(always = true), "images"), config?.long("diskSizeLimit") ?: 157_286_400L)
        pipeline = ImagePipeline(ctx.sched, this, memory, disk, maxAge, (config?.get("keyWithoutQuery") as? JBool)?.value == true)
        for (s in (config?.get("seed") as? JArr)?.items ?: emptyList()) {
            val seed = s as JObj
            val key = pipeline.key(seed.str("url")!!)
            val e = ImageEntry(seed.str("body")!!.toByteArray(Charsets.UTF_8),
                pipeline.now() - (seed.long("ageSeconds") ?: 0L) * 1000, seed.str("etag"))
            if (seed.str("cache") == "memory") memory.store(key, e) else disk.store(key, e)
        }
    }

    override fun load(url: String, ifNoneMatch: String?, answer: (LoaderAnswer) -> Unit): Cancellable {
        val headers = ArrayList<Pair<String, String>>()
        if (ifNoneMatch != null) headers.add(Pair("If-None-Match", ifNoneMatch))
        val description = "get $url" + (ifNoneMatch?.let { " if-none-match $it" } ?: "")
        return ctx.request("image", description, HttpSpec("GET", pathAndQuery(url), headers, bytesAsWritten = true)) {
            answer(it as LoaderAnswer)
        }
    }

    override fun create() { for ((name, url) in views) stores[name] = ImageStore(url, pipeline) }

    override fun onStart() {
        for ((name, s) in stores) s.showWhileStarted { ctx.render(imageModel(it), name) }
    }

    override fun onStop() { for (s in stores.values) s.stopShowing() }
    override fun onDestroy() { for (s in stores.values) s.dispose() }

    override fun viewAnyTime(ev: JObj): Boolean = views.none { it.first == ev.str("screen") }

    override fun view(ev: JObj) {
        val name = ev.str("screen")
        val s = stores[name]
        if (views.none { it.first == name } || s == null) {
            ctx.rejected("view $name: this scenario has no such view (config.views names ${views.joinToString(" and ") { it.first }})")
            return
        }
        when (ev.str("name")) {
            "appeared", "retryTapped" -> s.accept(ImageIntent.LOAD)
            "disappeared" -> s.accept(ImageIntent.CANCEL)
            else -> throw RunError("unknown image view event ${ev.str("name")}")
        }
    }

    override fun other(ev: JObj) {
        when (ev.str("event")) {
            "clearCaches" -> pipeline.clear()
            "clearMemory" -> pipeline.memory.clear()
            "damageDisk" -> {
                val url = ev.str("url")!!
                val key = pipeline.key(url)
                if (!pipeline.disk.has(key)) ctx.rejected("damageDisk: no disk entry for $url")
                else pipeline.disk.damage(key, ev.str("damage")!!)
            }
            "inspectCaches" -> ctx.reaction("caches", rec("ImageCaches",
                field("memoryKeys", vStrings(pipeline.memory.keys)),
                field("diskEntries", vInt(pipeline.disk.count)),
                field("corruptDiskEntriesRemoved", vInt(pipeline.disk.corruptRemoved))))
            else -> throw RunError("unknown event ${ev.str("event")}")
        }
    }

    override fun memoryAnswer(r: Request, ev: JObj): Any {
        ev.long("status")?.let { status ->
            return LoaderResponse(status.toInt(), ev.str("etag"), (ev.str("body") ?: "").toByteArray(Charsets.UTF_8))
        }
        return when (ev.str("failure")) {
            "timeout" -> LoaderFailure(true, "")
            else -> LoaderFailure(false, ev.str("detail") ?: "connection failed")
        }
    }

    override fun wireAnswer(r: Request, res: HttpResult): Any = when {
        res.timedOut -> LoaderFailure(true, "")
        res.error != null -> LoaderFailure(false, res.error)
        else -> LoaderResponse(res.status, res.headers["etag"], res.body)
    }
}
