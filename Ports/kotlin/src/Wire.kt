// The wire level (docs/porting.md, "The wire level"): the JDK's HttpURLConnection against the runner's mock server.
package mviport

import java.io.ByteArrayOutputStream
import java.io.InputStream
import java.net.HttpURLConnection
import java.net.SocketTimeoutException
import java.net.URL
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit

class WireSettings(val baseURL: String, val apiKey: String, val timeoutSeconds: Long) {
    /** Sends the request in a thread of its own, then waits until the server holds it (exchange #n). */
    fun send(number: Int, http: HttpSpec): WireExchange {
        val ex = WireExchange(this, number, http)
        ex.start()
        admin("GET", "/__admin/requests/next?timeoutMs=20000", 200)
        return ex
    }

    fun admin(method: String, path: String, expect: Int) {
        val c = URL(baseURL + path).openConnection() as HttpURLConnection
        c.requestMethod = method
        c.connectTimeout = 20_000
        c.readTimeout = 30_000
        if (method == "POST") { c.doOutput = true; c.outputStream.close() }
        val code = c.responseCode
        readAll(if (code >= 400) c.errorStream else c.inputStream)
        c.disconnect()
        if (code != expect) throw RunError("mock server: $method $path answered $code, expected $expect")
    }
}

class HttpResult(
    val status: Int = 0,
    val body: ByteArray = ByteArray(0),
    val headers: Map<String, String> = emptyMap(),
    val error: String? = null,
    val timedOut: Boolean = false
)

fun readAll(stream: InputStream?): ByteArray {
    if (stream == null) return ByteArray(0)
    val out = ByteArrayOutputStream()
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

/** A header value as UTF-8 bytes in the Latin-1 string HttpURLConnection writes byte for byte. */
fun utf8AsLatin1(s: String): String = String(s.toByteArray(Charsets.UTF_8), Charsets.ISO_8859_1)
fun latin1AsUtf8(s: String): String = String(s.toByteArray(Charsets.ISO_8859_1), Charsets.UTF_8)

class WireExchange(private val settings: WireSettings, val number: Int, private val http: HttpSpec) {
    private val result = CompletableFuture<HttpResult>()
    @Volatile private var conn: HttpURLConnection? = null
    @Volatile private var closed = false

    fun start() {
        val c = URL(settings.baseURL + http.pathAndQuery).openConnection() as HttpURLConnection
        c.requestMethod = http.method
        c.useCaches = false
        c.instanceFollowRedirects = false
        c.connectTimeout = (settings.timeoutSeconds * 1000).toInt()
        c.readTimeout = (settings.timeoutSeconds * 1000).toInt()
        for ((name, value) in http.headers) c.setRequestProperty(name, utf8AsLatin1(value))
        conn = c
        val t = Thread {
            val r = try {
                val code = c.responseCode
                val headers = HashMap<String, String>()
                for ((k, v) in c.headerFields) if (k != null && v != null && v.isNotEmpty()) headers[k.toLowerCase()] = latin1AsUtf8(v[0])
                val body = readAll(if (code >= 400) c.errorStream else c.inputStream)
                HttpResult(code, body, headers)
            } catch (e: SocketTimeoutException) {
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

    /** `respond #n`: release exchange n, then read the response as the data source does. */
    fun release(): HttpResult {
        settings.admin("POST", "/__admin/requests/$number/release", 204)
        return result.get(settings.timeoutSeconds + 30, TimeUnit.SECONDS)
    }

    /** A cancelled request closes its connection. */
    fun close() {
        if (closed) return
        closed = true
        conn?.disconnect()
    }

    fun abandon() = close()
}
