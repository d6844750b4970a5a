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
        val ex = WireExchange(this, number, http)
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

class WireExchange(private val settings: WireSettings, val number: Int, private val http: HttpSpec) {
    private var future: CompletableFuture<HttpResponse<ByteArray>>? = null
    @Volatile private var closed = false

    fun start() {
        val b = HttpRequest.newBuilder(URI.create(settings.baseURL + http.pathAndQuery))
            .timeout(Duration.ofSeconds(settings.timeoutSeconds))
        if (http.method == "GET") b.GET() else b.method(http.method, HttpRequest.BodyPublishers.noBody())
        for ((name, value) in http.headers) b.header(name, value)
        future = settings.client.sendAsync(b.build(), HttpResponse.BodyHandlers.ofByteArray())
    }

    /** `respond #n`: release exchange n, then read the response as the data source does. */
    fun release(): HttpResult {
        settings.admin("POST", "/__admin/requests/$number/release", 204)
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
    fun close() {
        if (closed) return
        closed = true
        future?.cancel(true)
    }

    fun abandon() = close()
}
