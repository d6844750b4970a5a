// A small JSON value model, a strict reader (RFC 8259, as kittens.23 reads bodies) and a printer.
package mviport

import java.text.Normalizer

sealed class J
object JNull : J()
class JBool(val value: Boolean) : J()
/** A number, kept as written; [long] is its value when it is a whole number. */
class JNum(val text: String) : J() {
    val isWhole: Boolean get() = text.all { it == '-' || it in '0'..'9' }
    val long: Long get() = text.toLong()
}
class JStr(val value: String) : J()
class JArr(val items: List<J>) : J()
class JObj(val members: List<Pair<String, J>>) : J() {
    operator fun get(key: String): J? = members.firstOrNull { it.first == key }?.second
    fun str(key: String): String? = (get(key) as? JStr)?.value
    fun long(key: String): Long? = (get(key) as? JNum)?.long
}

class JsonError(message: String) : Exception(message)

fun jstr(s: String): J = JStr(s)
fun jnum(n: Long): J = JNum(n.toString())
fun jobj(vararg members: Pair<String, J>): JObj = JObj(members.toList())

/** The strict reader: one value, RFC 8259 whitespace only, no repeated key, no lone surrogate, depth <= 256. */
class JsonReader(private val s: String, private val checkDuplicates: Boolean = true) {
    private var i = 0

    fun readDocument(): J {
        skipWs()
        val v = value(1)
        skipWs()
        if (i != s.length) fail("extra text after the value")
        return v
    }

    private fun fail(what: String): Nothing = throw JsonError("at offset $i: $what")

    private fun skipWs() {
        while (i < s.length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++
    }

    private fun value(depth: Int): J {
        if (i >= s.length) fail("unexpected end")
        val c = s[i]
        return when {
            c == '{' -> obj(depth)
            c == '[' -> arr(depth)
            c == '"' -> JStr(string())
            c == '-' || c in '0'..'9' -> number()
            s.startsWith("true", i) -> { i += 4; JBool(true) }
            s.startsWith("false", i) -> { i += 5; JBool(false) }
            s.startsWith("null", i) -> { i += 4; JNull }
            else -> fail("unexpected character")
        }
    }

    private fun obj(depth: Int): J {
        if (depth > 256) fail("nested deeper than 256 levels")
        i++
        val members = ArrayList<Pair<String, J>>()
        val seen = HashSet<String>()
        skipWs()
        if (i < s.length && s[i] == '}') { i++; return JObj(members) }
        while (true) {
            skipWs()
            if (i >= s.length || s[i] != '"') fail("expected a key")
            val key = string()
            if (checkDuplicates && !seen.add(Normalizer.normalize(key, Normalizer.Form.NFC))) fail("repeated key")
            skipWs()
            if (i >= s.length || s[i] != ':') fail("expected ':'")
            i++
            skipWs()
            members.add(Pair(key, value(depth + 1)))
            skipWs()
            if (i >= s.length) fail("unexpected end")
            if (s[i] == ',') { i++; continue }
            if (s[i] == '}') { i++; return JObj(members) }
            fail("expected ',' or '}'")
        }
    }

    private fun arr(depth: Int): J {
        if (depth > 256) fail("nested deeper than 256 levels")
        i++
        val items = ArrayList<J>()
        skipWs()
        if (i < s.length && s[i] == ']') { i++; return JArr(items) }
        while (true) {
            skipWs()
            items.add(value(depth + 1))
            skipWs()
            if (i >= s.length) fail("unexpected end")
            if (s[i] == ',') { i++; continue }
            if (s[i] == ']') { i++; return JArr(items) }
            fail("expected ',' or ']'")
        }
    }

    private fun hex4(): Int {
        if (i + 4 > s.length) fail("short \\u escape")
        var v = 0
        for (k in 0 until 4) {
            val d = Character.digit(s[i + k], 16)
            if (d < 0) fail("bad \\u escape")
            v = v * 16 + d
        }
        i += 4
        return v
    }

    private fun string(): String {
        i++
        val b = StringBuilder()
        while (true) {
            if (i >= s.length) fail("unterminated string")
            val c = s[i]
            when {
                c == '"' -> { i++; return b.toString() }
                c == '\\' -> {
                    i++
                    if (i >= s.length) fail("unterminated escape")
                    val e = s[i++]
                    when (e) {
                        '"' -> b.append('"'); '\\' -> b.append('\\'); '/' -> b.append('/')
                        'b' -> b.append('\b'); 'f' -> b.append('\u000C'); 'n' -> b.append('\n')
                        'r' -> b.append('\r'); 't' -> b.append('\t')
                        'u' -> {
                            val u = hex4()
                            if (u in 0xD800..0xDBFF) {
                                if (!s.startsWith("\\u", i)) fail("lone surrogate")
                                i += 2
                                val lo = hex4()
                                if (lo !in 0xDC00..0xDFFF) fail("lone surrogate")
                                b.append(u.toChar()).append(lo.toChar())
                            } else if (u in 0xDC00..0xDFFF) {
                                fail("lone surrogate")
                            } else b.append(u.toChar())
                        }
                        else -> fail("unknown escape")
                    }
                }
                c < ' ' -> fail("control character in a string")
                Character.isHighSurrogate(c) -> {
                    if (i + 1 >= s.length || !Character.isLowSurrogate(s[i + 1])) fail("lone surrogate")
                    b.append(c).append(s[i + 1]); i += 2
                }
                Character.isLowSurrogate(c) -> fail("lone surrogate")
                else -> { b.append(c); i++ }
            }
        }
    }

    private fun number(): J {
        val start = i
        if (s[i] == '-') i++
        if (i >= s.length) fail("bad number")
        if (s[i] == '0') {
            i++
        } else if (s[i] in '1'..'9') {
            while (i < s.length && s[i] in '0'..'9') i++
        } else fail("bad number")
        if (i < s.length && s[i] == '.') {
            i++
            val d = i
            while (i < s.length && s[i] in '0'..'9') i++
            if (i == d) fail("bad number")
        }
        if (i < s.length && (s[i] == 'e' || s[i] == 'E')) {
            i++
            if (i < s.length && (s[i] == '+' || s[i] == '-')) i++
            val d = i
            while (i < s.length && s[i] in '0'..'9') i++
            if (i == d) fail("bad number")
        }
        val text = s.substring(start, i)
        if (java.lang.Double.parseDouble(text).isInfinite()) fail("number out of range")
        return JNum(text)
    }
}

fun parseJson(text: String, checkDuplicates: Boolean = true): J = JsonReader(text, checkDuplicates).readDocument()

fun quoteJson(s: String, out: StringBuilder) {
    out.append('"')
    for (c in s) {
        when {
            c == '"' -> out.append("\\\"")
            c == '\\' -> out.append("\\\\")
            c == '\n' -> out.append("\\n")
            c == '\r' -> out.append("\\r")
            c == '\t' -> out.append("\\t")
            c < ' ' -> out.append(String.format("\\u%04x", c.toInt()))
            else -> out.append(c)
        }
    }
    out.append('"')
}

fun writeJson(v: J, out: StringBuilder = StringBuilder()): StringBuilder {
    when (v) {
        is JNull -> out.append("null")
        is JBool -> out.append(if (v.value) "true" else "false")
        is JNum -> out.append(v.text)
        is JStr -> quoteJson(v.value, out)
        is JArr -> {
            out.append('[')
            v.items.forEachIndexed { k, item -> if (k > 0) out.append(','); writeJson(item, out) }
            out.append(']')
        }
        is JObj -> {
            out.append('{')
            v.members.forEachIndexed { k, m ->
                if (k > 0) out.append(',')
                quoteJson(m.first, out); out.append(':'); writeJson(m.second, out)
            }
            out.append('}')
        }
    }
    return out
}
