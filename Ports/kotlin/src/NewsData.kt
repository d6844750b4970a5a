// News data (docs/features/news.md, "Data"): articles, requests, the response parser, errors, dates, local stores.
package mviport

import java.io.File
import java.math.BigDecimal
import java.math.BigInteger
import java.time.LocalDateTime
import java.time.temporal.ChronoField

class Article(
    val sourceId: String?, val sourceName: String, val author: String?, val title: String?,
    val description: String?, val url: String, val urlToImage: String?, val publishedAt: String?,
    val content: String?
) {
    /** The article as NewsAPI writes it, leaving out what is absent (news.90). */
    fun toJson(): J {
        val src = ArrayList<Pair<String, J>>()
        if (sourceId != null) src.add("id" to JStr(sourceId))
        src.add("name" to JStr(sourceName))
        val m = ArrayList<Pair<String, J>>()
        m.add("source" to JObj(src))
        fun opt(k: String, v: String?) { if (v != null) m.add(k to JStr(v)) }
        opt("author", author); opt("title", title); opt("description", description)
        m.add("url" to JStr(url))
        opt("urlToImage", urlToImage); opt("publishedAt", publishedAt); opt("content", content)
        return JObj(m)
    }

    companion object {
        fun generated(n: Long) = Article(null, "News Test", null, "Article $n", null, "https://news.test/$n", null, null, null)

        /** Reads an article; null when it is not one (news.9, news.10). [allowNull]: NewsAPI's nulls (a body). */
        fun read(v: J, allowNull: Boolean): Article? {
            if (v !is JObj) return null
            fun opt(o: JObj, k: String): Pair<Boolean, String?> {
                val x = o[k] ?: return Pair(true, null)
                if (x is JNull) return Pair(allowNull, null)
                if (x is JStr) return Pair(true, x.value)
                return Pair(false, null)
            }
            val source = v["source"] as? JObj ?: return null
            val name = source["name"] as? JStr ?: return null
            val url = v["url"] as? JStr ?: return null
            val id = opt(source, "id"); if (!id.first) return null
            val fields = listOf("author", "title", "description", "urlToImage", "publishedAt", "content").map {
                val r = opt(v, it); if (!r.first) return null; r.second
            }
            return Article(id.second, name.value, fields[0], fields[1], fields[2], url.value, fields[3], fields[4],
                fields[5])
        }
    }
}

class NewsPage(val totalResults: Long, val articles: List<Article>)

sealed class NewsError {
    abstract val userMessage: String
}
class ApiError(val status: Int, val code: String, val message: String?) : NewsError() {
    override val userMessage: String get() = when (code) {
        "apiKeyMissing" -> "No NewsAPI key was sent. Add your key in the settings."
        "apiKeyInvalid" -> "The NewsAPI key is not valid. Check the key in the settings."
        "apiKeyDisabled" -> "The NewsAPI key has been disabled. Use another key."
        "apiKeyExhausted" -> "The NewsAPI key has no requests left today. Try again tomorrow or use another key."
        "rateLimited" -> "Too many requests. Wait a minute and try again."
        "maximumResultsReached" -> "No more articles: NewsAPI shows at most 100 results."
        "parameterInvalid", "parametersMissing", "sourcesTooMany", "sourceDoesNotExist" ->
            "NewsAPI did not accept the request ($code)."
        "unexpectedError" -> "NewsAPI failed to answer. Try again later."
        else -> if (status >= 500) "NewsAPI failed to answer. Try again later."
        else "NewsAPI answered with an error ($code, HTTP $status)."
    }
}
class HttpStatusError(val status: Int) : NewsError() {
    override val userMessage: String get() =
        if (status >= 500) "NewsAPI failed to answer. Try again later." else "NewsAPI answered with HTTP $status."
}
class InvalidResponse(val detail: String) : NewsError() {
    override val userMessage = "NewsAPI sent an answer that could not be read."
}
class TransportError(val detail: String) : NewsError() {
    override val userMessage = "No connection to NewsAPI. Check the network and try again."
}
object TimeoutError : NewsError() {
    override val userMessage = "NewsAPI did not answer in time. Try again."
}

/** What the data source delivers: a page or an error. */
class NewsAnswer(val page: NewsPage?, val error: NewsError?)

object NewsResponseParser {
    private val maxLong = BigInteger.valueOf(Long.MAX_VALUE)

    private fun wholeNumber(v: J?): Long? {
        if (v !is JNum) return null
        val d = try { BigDecimal(v.text) } catch (e: NumberFormatException) { return null }
        val whole = try { d.toBigIntegerExact() } catch (e: ArithmeticException) { return null }
        if (whole.signum() < 0 || whole > maxLong) return null
        return whole.toLong()
    }

    /** news.17 to news.23, news.113 to news.115. */
    fun parse(status: Int, body: ByteArray): NewsAnswer {
        val ok = status in 200..299
        val root: J? = if (body.isEmpty()) null else decodeUtf8(body)?.let {
            try { parseJson(it) } catch (e: JsonError) { null }
        }
        if (root is JObj) {
            val code = root["code"]
            val message = root["message"]
            if ((root["status"] as? JStr)?.value == "error" && code is JStr &&
                (message == null || message is JNull || message is JStr)) {
                return NewsAnswer(null, ApiError(status, code.value, (message as? JStr)?.value))
            }
        }
        if (!ok) return NewsAnswer(null, HttpStatusError(status))
        if (root == null) return NewsAnswer(null, InvalidResponse(if (body.isEmpty()) "an empty body" else "not valid JSON"))
        val page = readPage(root) ?: return NewsAnswer(null, InvalidResponse("not a page"))
        return NewsAnswer(page, null)
    }

    private fun readPage(root: J): NewsPage? {
        if (root !is JObj) return null
        if ((root["status"] as? JStr)?.value != "ok") return null
        val total = wholeNumber(root["totalResults"]) ?: return null
        val arts = root["articles"] as? JArr ?: return null
        val list = ArrayList<Article>()
        for (a in arts.items) list.add(Article.read(a, true) ?: return null)
        return NewsPage(total, list)
    }
}

// ---- dates (news.31 to news.36) ----

object NewsDate {
    private fun digits(s: String, from: Int, n: Int): Int? {
        if (from + n > s.length) return null
        var v = 0
        for (k in from until from + n) {
            val c = s[k]
            if (c !in '0'..'9') return null
            v = v * 10 + (c - '0')
        }
        return v
    }

    fun format(text: String?): String? {
        if (text == null) return null
        val s = text
        val year = digits(s, 0, 4) ?: return null
        if (s.length < 16 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':') return null
        val month = digits(s, 5, 2) ?: return null
        val day = digits(s, 8, 2) ?: return null
        val hour = digits(s, 11, 2) ?: return null
        val minute = digits(s, 14, 2) ?: return null
        var i = 16
        var second = 0
        if (i < s.length && s[i] == ':') {
            second = digits(s, i + 1, 2) ?: return null
            i += 3
            if (i < s.length && s[i] == '.') {
                i++
                val d = i
                while (i < s.length && s[i] in '0'..'9') i++
                if (i == d) return null
            }
        }
        if (i >= s.length) return null
        var offsetMinutes = 0
        when (s[i]) {
            'Z' -> { i++ }
            '+', '-' -> {
                val sign = if (s[i] == '-') -1 else 1
                val oh = digits(s, i + 1, 2) ?: return null
                val om: Int
                if (i + 3 < s.length && s[i + 3] == ':') {
                    om = digits(s, i + 4, 2) ?: return null
                    i += 6
                } else {
                    om = digits(s, i + 3, 2) ?: return null
                    i += 5
                }
                if (oh > 23 || om > 59) return null
                offsetMinutes = sign * (oh * 60 + om)
            }
            else -> return null
        }
        if (i != s.length) return null
        if (year < 1 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null
        val leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        val days = intArrayOf(31, if (leap) 29 else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
        if (day < 1 || day > days[month - 1]) return null
        val utc = LocalDateTime.of(year, month, day, hour, minute, second).minusMinutes(offsetMinutes.toLong())
        val y = utc.get(ChronoField.YEAR_OF_ERA)
        val ys = y.toString().padStart(4, '0')
        return "%02d.%02d.%s".format(utc.dayOfMonth, utc.monthValue, ys)
    }
}

// ---- local stores (news.27 to news.30, news.91, news.119, news.123) ----

class StorageError(val kind: String, val store: String, val file: String) {
    val text: String get() = when (kind) {
        "corrupt" -> "The $store file is damaged and was left as it is ($file). Changes are not saved until it is moved away."
        "unwritable" -> "The $store could not be saved ($file)."
        else -> "The saved $store could not be read ($file)."
    }
}

class StorageFailure(val error: StorageError) : Exception(error.text)

/**
 * A list kept by a local store: in memory with the scenario's fault (the replay's stores), or, at the wire,
 * a JSON file `{"value": [...], "version": 1}` in the scenario's folder, its fault made real there.
 */
class ListStore(val storeName: String, val fileName: String, private var items: List<J>, fault: String?, folder: File?) {
    private val memoryFault = if (folder == null) fault else null
    private val file: File? = folder?.let { File(it, fileName) }

    init {
        if (file != null) {
            if (items.isNotEmpty() || fault == "corrupt") writeFile(items)
            when (fault) {
                "corrupt" -> file.writeBytes("not valid JSON".toByteArray())
                "unreadable" -> { file.delete(); file.mkdirs() }
                "unwritable" -> folder!!.setWritable(false, false)
            }
        }
    }

    private fun fail(kind: String): Nothing = throw StorageFailure(StorageError(kind, storeName, fileName))

    fun read(): List<J> {
        if (memoryFault == "corrupt") fail("corrupt")
        if (memoryFault == "unreadable") fail("unreadable")
        val f = file ?: return items
        if (!f.exists()) return emptyList()
        val bytes = try { f.readBytes() } catch (e: java.io.IOException) { fail("unreadable") }
        val text = decodeUtf8(bytes) ?: fail("corrupt")
        val root = try { parseJson(text) } catch (e: JsonError) { fail("corrupt") }
        if (root !is JObj || (root["version"] as? JNum)?.text != "1") fail("corrupt")
        val value = root["value"] as? JArr ?: fail("corrupt")
        return value.items
    }

    fun write(newItems: List<J>) {
        read()
        if (memoryFault == "unwritable") fail("unwritable")
        if (file == null) { items = newItems; return }
        try { writeFile(newItems) } catch (e: java.io.IOException) { fail("unwritable") }
    }

    private fun writeFile(value: List<J>) {
        val f = file!!
        f.parentFile.mkdirs()
        val tmp = File(f.parentFile, ".$fileName.tmp")
        tmp.writeBytes(writeJson(jobj("value" to JArr(value), "version" to vInt(1))).toString().toByteArray())
        if (!tmp.renameTo(f)) { tmp.delete(); throw java.io.IOException("rename failed") }
    }
}

/** Favourites: articles, most recently added first; identity is the url (news.11, news.27, news.60). */
class FavoritesStore(private val list: ListStore) {
    fun favorites(): List<Article> = list.read().map { Article.read(it, false) ?: throw StorageFailure(
        StorageError("corrupt", list.storeName, list.fileName)) }

    fun setFavorite(on: Boolean, article: Article): List<Article> {
        val rest = favorites().filter { !sameText(it.url, article.url) }
        val now = if (on) listOf(article) + rest else rest
        list.write(now.map { it.toJson() })
        return now
    }
}

class HistoryStore(private val list: ListStore) {
    fun entries(): List<String> = list.read().map { (it as? JStr)?.value ?: throw StorageFailure(
        StorageError("corrupt", list.storeName, list.fileName)) }

    fun save(entries: List<String>) = list.write(entries.map { JStr(it) })
}
