// Text rules the News screens share (news.67 to news.70, news.11): White_Space trimming, grapheme clusters,
// per-character lowercase mapping and canonical equivalence.
package mviport

import java.text.Normalizer
import java.util.Locale

/** Unicode's White_Space property (PropList.txt), which Java's isWhitespace does not match (U+00A0, U+0085). */
fun isWhiteSpace(cp: Int): Boolean = cp in 0x09..0x0D || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
    cp in 0x2000..0x200A || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000

fun trimWhiteSpace(s: String): String {
    var start = 0
    var end = s.length
    while (start < end) {
        val cp = s.codePointAt(start)
        if (!isWhiteSpace(cp)) break
        start += Character.charCount(cp)
    }
    while (end > start) {
        val cp = s.codePointBefore(end)
        if (!isWhiteSpace(cp)) break
        end -= Character.charCount(cp)
    }
    return s.substring(start, end)
}

fun nfc(s: String): String = Normalizer.normalize(s, Normalizer.Form.NFC)

/** Canonically equivalent, as Swift's String equality compares. */
fun sameText(a: String, b: String): Boolean = a == b || nfc(a) == nfc(b)

/** Lowercase mapping of each character alone (so a final capital sigma is σ, not ς). */
fun lowerEach(s: String): String {
    val b = StringBuilder()
    var i = 0
    while (i < s.length) {
        val cp = s.codePointAt(i)
        b.append(String(Character.toChars(cp)).toLowerCase(Locale.ROOT))
        i += Character.charCount(cp)
    }
    return b.toString()
}

/** The comparison key of case-insensitive matching: lowercase mapping, then NFC. */
fun foldKey(s: String): String = nfc(lowerEach(s))

// ---- extended grapheme clusters (UAX #29), from the JDK's character properties and a few ranges ----

private enum class Gcb { CR, LF, Control, Extend, ZWJ, RI, Prepend, SpacingMark, L, V, T, LV, LVT, Other }

private fun inRanges(cp: Int, r: IntArray): Boolean {
    var k = 0
    while (k < r.size) { if (cp >= r[k] && cp <= r[k + 1]) return true; k += 2 }
    return false
}

private val prepend = intArrayOf(0x0600, 0x0605, 0x06DD, 0x06DD, 0x070F, 0x070F, 0x0890, 0x0891, 0x08E2, 0x08E2,
    0x0D4E, 0x0D4E, 0x110BD, 0x110BD, 0x110CD, 0x110CD, 0x111C2, 0x111C3, 0x1193F, 0x1193F, 0x11941, 0x11941,
    0x11A3A, 0x11A3A, 0x11A84, 0x11A89, 0x11D46, 0x11D46, 0x11F02, 0x11F02)

/** Spacing marks that Grapheme_Extend counts as Extend (GraphemeBreakProperty.txt). */
private val extendMc = intArrayOf(0x09BE, 0x09BE, 0x09D7, 0x09D7, 0x0B3E, 0x0B3E, 0x0B57, 0x0B57, 0x0BBE, 0x0BBE,
    0x0BD7, 0x0BD7, 0x0CC2, 0x0CC2, 0x0CD5, 0x0CD6, 0x0D3E, 0x0D3E, 0x0D57, 0x0D57, 0x0DCF, 0x0DCF, 0x0DDF, 0x0DDF,
    0x1B35, 0x1B35, 0x302E, 0x302F, 0x1D165, 0x1D165, 0x1D16E, 0x1D172)

private val extPict = intArrayOf(0x00A9, 0x00A9, 0x00AE, 0x00AE, 0x203C, 0x203C, 0x2049, 0x2049, 0x2122, 0x2122,
    0x2139, 0x2139, 0x2194, 0x2199, 0x21A9, 0x21AA, 0x231A, 0x231B, 0x2328, 0x2328, 0x2388, 0x2388, 0x23CF, 0x23CF,
    0x23E9, 0x23F3, 0x23F8, 0x23FA, 0x24C2, 0x24C2, 0x25AA, 0x25AB, 0x25B6, 0x25B6, 0x25C0, 0x25C0, 0x25FB, 0x25FE,
    0x2600, 0x2605, 0x2607, 0x2612, 0x2614, 0x2685, 0x2690, 0x2705, 0x2708, 0x2712, 0x2714, 0x2714, 0x2716, 0x2716,
    0x271D, 0x271D, 0x2721, 0x2721, 0x2728, 0x2728, 0x2733, 0x2734, 0x2744, 0x2744, 0x2747, 0x2747, 0x274C, 0x274C,
    0x274E, 0x274E, 0x2753, 0x2755, 0x2757, 0x2757, 0x2763, 0x2767, 0x2795, 0x2797, 0x27A1, 0x27A1, 0x27B0, 0x27B0,
    0x27BF, 0x27BF, 0x2934, 0x2935, 0x2B05, 0x2B07, 0x2B1B, 0x2B1C, 0x2B50, 0x2B50, 0x2B55, 0x2B55, 0x3030, 0x3030,
    0x303D, 0x303D, 0x3297, 0x3297, 0x3299, 0x3299, 0x1F000, 0x1F0FF, 0x1F10D, 0x1F10F, 0x1F12F, 0x1F12F,
    0x1F16C, 0x1F171, 0x1F17E, 0x1F17F, 0x1F18E, 0x1F18E, 0x1F191, 0x1F19A, 0x1F1AD, 0x1F1E5, 0x1F201, 0x1F20F,
    0x1F21A, 0x1F21A, 0x1F22F, 0x1F22F, 0x1F232, 0x1F23A, 0x1F23C, 0x1F23F, 0x1F249, 0x1F3FA, 0x1F400, 0x1F53D,
    0x1F546, 0x1F64F, 0x1F680, 0x1F6FF, 0x1F774, 0x1F77F, 0x1F7D5, 0x1F7FF, 0x1F80C, 0x1F80F, 0x1F848, 0x1F84F,
    0x1F85A, 0x1F85F, 0x1F888, 0x1F88F, 0x1F8AE, 0x1F8FF, 0x1F90C, 0x1F93A, 0x1F93C, 0x1F945, 0x1F947, 0x1FAFF,
    0x1FC00, 0x1FFFD)

/** Indic_Conjunct_Break=Consonant: the consonants of the six scripts GB9c names. */
private val incbConsonant = intArrayOf(0x0915, 0x0939, 0x0958, 0x095F, 0x0978, 0x097F, 0x0995, 0x09A8, 0x09AA, 0x09B0,
    0x09B2, 0x09B2, 0x09B6, 0x09B9, 0x09DC, 0x09DD, 0x09DF, 0x09DF, 0x09F0, 0x09F1, 0x0A95, 0x0AA8, 0x0AAA, 0x0AB0,
    0x0AB2, 0x0AB3, 0x0AB5, 0x0AB9, 0x0AF9, 0x0AF9, 0x0B15, 0x0B28, 0x0B2A, 0x0B30, 0x0B32, 0x0B33, 0x0B35, 0x0B39,
    0x0B5C, 0x0B5D, 0x0B5F, 0x0B5F, 0x0B71, 0x0B71, 0x0C15, 0x0C28, 0x0C2A, 0x0C39, 0x0C58, 0x0C5A, 0x0D15, 0x0D3A)

private fun isLinker(cp: Int) = cp == 0x094D || cp == 0x09CD || cp == 0x0ACD || cp == 0x0B4D || cp == 0x0C4D || cp == 0x0D4D

private fun gcb(cp: Int): Gcb {
    if (cp == 0x0D) return Gcb.CR
    if (cp == 0x0A) return Gcb.LF
    if (cp == 0x200D) return Gcb.ZWJ
    if (cp == 0x200C) return Gcb.Extend
    if (cp in 0x1F1E6..0x1F1FF) return Gcb.RI
    if (inRanges(cp, prepend)) return Gcb.Prepend
    if (cp in 0x1100..0x115F || cp in 0xA960..0xA97C) return Gcb.L
    if (cp in 0x1160..0x11A7 || cp in 0xD7B0..0xD7C6) return Gcb.V
    if (cp in 0x11A8..0x11FF || cp in 0xD7CB..0xD7FB) return Gcb.T
    if (cp in 0xAC00..0xD7A3) return if ((cp - 0xAC00) % 28 == 0) Gcb.LV else Gcb.LVT
    if (cp in 0x1F3FB..0x1F3FF || cp in 0xE0020..0xE007F || cp in 0xFF9E..0xFF9F) return Gcb.Extend
    if (inRanges(cp, extendMc)) return Gcb.Extend
    if (cp == 0x0E33 || cp == 0x0EB3) return Gcb.SpacingMark
    return when (Character.getType(cp).toByte()) {
        Character.CONTROL, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.FORMAT,
        Character.SURROGATE, Character.UNASSIGNED -> if (Character.getType(cp).toByte() == Character.UNASSIGNED &&
            !(cp in 0xE0000..0xE0FFF)) Gcb.Other else Gcb.Control
        Character.NON_SPACING_MARK, Character.ENCLOSING_MARK -> Gcb.Extend
        Character.COMBINING_SPACING_MARK -> Gcb.SpacingMark
        else -> Gcb.Other
    }
}

/** The user-perceived characters of [s] (UAX #29 extended grapheme clusters, GB9c included). */
fun graphemes(s: String): List<String> {
    val out = ArrayList<String>()
    var start = 0
    var i = 0
    var prev: Gcb? = null
    var riCount = 0
    var pictState = 0  // 1: ExtPict Extend*, 2: ExtPict Extend* ZWJ
    var conjState = 0  // 1: Consonant [Extend|Linker]*, 2: ... with a Linker seen
    while (i < s.length) {
        val cp = s.codePointAt(i)
        val g = gcb(cp)
        val pict = inRanges(cp, extPict)
        var join = false
        if (prev != null) {
            join = when {
                prev == Gcb.CR && g == Gcb.LF -> true
                prev == Gcb.CR || prev == Gcb.LF || prev == Gcb.Control -> false
                g == Gcb.CR || g == Gcb.LF || g == Gcb.Control -> false
                prev == Gcb.L && (g == Gcb.L || g == Gcb.V || g == Gcb.LV || g == Gcb.LVT) -> true
                (prev == Gcb.LV || prev == Gcb.V) && (g == Gcb.V || g == Gcb.T) -> true
                (prev == Gcb.LVT || prev == Gcb.T) && g == Gcb.T -> true
                g == Gcb.Extend || g == Gcb.ZWJ -> true
                g == Gcb.SpacingMark -> true
                prev == Gcb.Prepend -> true
                conjState == 2 && inRanges(cp, incbConsonant) -> true
                pictState == 2 && pict -> true
                prev == Gcb.RI && g == Gcb.RI && riCount % 2 == 1 -> true
                else -> false
            }
        }
        if (!join && prev != null) { out.add(s.substring(start, i)); start = i }
        // states for the next code point
        riCount = if (g == Gcb.RI) (if (join) riCount + 1 else 1) else 0
        pictState = when {
            pict -> 1
            pictState == 1 && g == Gcb.Extend -> 1
            pictState == 1 && g == Gcb.ZWJ -> 2
            else -> 0
        }
        conjState = when {
            inRanges(cp, incbConsonant) -> 1
            conjState > 0 && isLinker(cp) -> 2
            conjState > 0 && (g == Gcb.Extend || g == Gcb.ZWJ) -> conjState
            else -> 0
        }
        prev = g
        i += Character.charCount(cp)
    }
    if (prev != null) out.add(s.substring(start))
    return out
}

fun characterCount(s: String): Int = graphemes(s).size

/** Percent-encodes a parameter value: every UTF-8 byte but `A-Z a-z 0-9 - . _ ~` (news.15). */
fun percentEncode(s: String): String {
    val b = StringBuilder()
    for (byte in s.toByteArray(Charsets.UTF_8)) {
        val c = byte.toInt() and 0xFF
        if (c in 'A'.toInt()..'Z'.toInt() || c in 'a'.toInt()..'z'.toInt() || c in '0'.toInt()..'9'.toInt() ||
            c == '-'.toInt() || c == '.'.toInt() || c == '_'.toInt() || c == '~'.toInt()) b.append(c.toChar())
        else b.append('%').append("0123456789ABCDEF"[c shr 4]).append("0123456789ABCDEF"[c and 15])
    }
    return b.toString()
}
