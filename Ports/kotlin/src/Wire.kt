// The wire level (docs/porting.md, "The wire level"): the JDK's java.net.http client against the runner's mock server.
package mviport

import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.net.http.HttpTimeoutException
import java.time.Duration
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit

class WireSettings(val baseURL: String, val apiKey: String, val timeoutSeconds: Long) {
    /** One client per scenario, HTTP/1.1 only (no `Upgrade: h2c`), no redirects followed. */
    val client: HttpClient = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .followRedirects(HttpClient.Redirect.NEVER)
        .connectTimeout(Duration.ofSeconds(timeoutSeconds))
        .build()

    /** Sends the request, then waits until the server holds it (its exchange #n is request #n). */
    fun send(number: Int, http: HttpSpec): WireExchange {
        val ex = if (http.bytesAsWritten) UrlConnectionExchange(this, number, http) else JdkHttpExchange(this, number, http)
        ex.start()
        admin("GET", "/__admin/requests/next?timeoutMs=20000", 200)
        return ex
    }

    fun admin(method: String, path: String, expect: Int) {
        val b = HttpRequest.newBuilder(URI.create(baseURL + path)).timeout(Duration.ofSeconds(30))
        if (method == "POST") b.POST(HttpRequest.BodyPublishers.noBody()) else b.GET()
        val res = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray())
        if (res.statusCode() != expect) {
            throw RunError("mock server: $method $path answered ${res.statusCode()}, expected $expect")
        }
    }
}

class HttpResult(
    val status: Int = 0,
    val body: ByteArray = ByteArray(0),
    val headers: Map<String, String> = emptyMap(),
    val error: String? = null,
    val timedOut: Boolean = false
)

fun latin1AsUtf8(s: String): String = String(s.toByteArray(Charsets.ISO_8859_1), Charsets.UTF_8)

/** One request at the wire: sent at once, answered when released, closed when cancelled. */
abstract class WireExchange(protected val settings: WireSettings, val number: Int, protected val http: HttpSpec) {
    abstract fun start()
    protected abstract fun await(): HttpResult
    abstract fun close()
    fun abandon() = close()

    /** `respond #n`: release exchange n, then read the response as the data source does. */
    fun release(): HttpResult {
        settings.admin("POST", "/__admin/requests/$number/release", 204)
        return await()
    }
}

/** java.net.http: Kittens and News. */
class JdkHttpExchange(settings: WireSettings, number: Int, http: HttpSpec) : WireExchange(settings, number, http) {
    private var future: CompletableFuture<HttpResponse<ByteArray>>? = null
    @Volatile private var closed = false

    override fun start() {
        val b = HttpRequest.newBuilder(URI.create(settings.baseURL + http.pathAndQuery))
            .timeout(Duration.ofSeconds(settings.timeoutSeconds))
        if (http.method == "GET") b.GET() else b.method(http.method, HttpRequest.BodyPublishers.noBody())
        for ((name, value) in http.headers) b.header(name, value)
        future = settings.client.sendAsync(b.build(), HttpResponse.BodyHandlers.ofByteArray())
    }

    override fun await(): HttpResult {
        return try {
            val res = future!!.get(settings.timeoutSeconds + 30, TimeUnit.SECONDS)
            val headers = HashMap<String, String>()
            for ((k, v) in res.headers().map()) if (v.isNotEmpty()) headers[k.toLowerCase()] = latin1AsUtf8(v[0])
            HttpResult(res.statusCode(), res.body(), headers)
        } catch (e: ExecutionException) {
            val cause = e.cause ?: e
            if (cause is HttpTimeoutException) HttpResult(timedOut = true, error = "timed out")
            else HttpResult(error = cause.toString())
        }
    }

    /** A cancelled request closes its connection (cancelling the exchange aborts it). */
    override fun close() {
        if (closed) return
        closed = true
        future?.cancel(true)
    }
}

/**
 * HttpURLConnection: the image loader. java.net.http writes header values as US-ASCII (a UTF-8 `ETag` would
 * go out as `?`) and drops an empty query's `?`; HttpURLConnection (JDK 17) writes header values in UTF-8 and sends
 * the URL's file as written. It resends a GET whose connection was reset, but no Images answer resets at the
 * wire (a transport failure has no wire form there, images.102).
 */
class UrlConnectionExchange(settings: WireSettings, number: Int, http: HttpSpec) : WireExchange(settings, number, http) {
    private val result = CompletableFuture<HttpResult>()
    @Volatile private var conn: java.net.HttpURLConnection? = null
    @Volatile private var closed = false

    override fun start() {
        val c = java.net.URL(settings.baseURL + http.pathAndQuery).openConnection() as java.net.HttpURLConnection
        c.requestMethod = http.method
        c.useCaches = false
        c.instanceFollowRedirects = false
        c.connectTimeout = (settings.timeoutSeconds * 1000).toInt()
        c.readTimeout = (settings.timeoutSeconds * 1000).toInt()
        for ((name, value) in http.headers) c.setRequestProperty(name, value)
        conn = c
        val t = Thread {
            val r = try {
                val code = c.responseCode
                val headers = HashMap<String, String>()
                for ((k, v) in c.headerFields) if (k != null && v != null && v.isNotEmpty()) headers[k.toLowerCase()] = latin1AsUtf8(v[0])
                val body = readAll(if (code >= 400) c.errorStream else c.inputStream)
                HttpResult(code, body, headers)
            } catch (e: java.net.SocketTimeoutException) {
                HttpResult(timedOut = true, error = "timed out")
            } catch (e: Exception) {
                HttpResult(error = e.toString())
            } finally {
                c.disconnect()
            }
            result.complete(r)
        }
        t.isDaemon = true
        t.start()
    }

    override fun await(): HttpResult = result.get(settings.timeoutSeconds + 30, TimeUnit.SECONDS)

    override fun close() {
        if (closed) return
        closed = true
        conn?.disconnect()
    }
}

fun readAll(stream: java.io.InputStream?): ByteArray {
    if (stream == null) return ByteArray(0)
    val out = java.io.ByteArrayOutputStream()
    val buf = ByteArray(65536)
    stream.use {
        while (true) {
            val n = it.read(buf)
            if (n < 0) break
            out.write(buf, 0, n)
        }
    }
    return out.toByteArray()
}
