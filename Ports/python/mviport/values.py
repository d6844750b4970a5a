"""Canonical values in the adapter protocol's JSON form (docs/porting.md, "Values").

Booleans, integers, null and strings are themselves; a list is a JSON array. Records and enum
cases are objects whose fields are [name, value] pairs, so their order survives.
"""

import json
import math
import re
import unicodedata

MAX_DEPTH = 256
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
SURROGATE = re.compile("[\ud800-\udfff]")


def record(type_name, *fields):
    """A record: record("KittenViewModel", ("isLoading", True), ...)."""
    return {"record": type_name, "fields": [[name, value] for name, value in fields]}


def enum_case(type_name, case, *fields):
    """An enum case: enum_case("SecondButton", "reset") or with fields like a record's."""
    return {"enum": type_name, "case": case, "fields": [[name, value] for name, value in fields]}


_INVISIBLE = (
    (0x0000, 0x001F), (0x007F, 0x009F), (0x00A0, 0x00A0), (0x00AD, 0x00AD), (0x034F, 0x034F),
    (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180E, 0x180E), (0x2000, 0x200F),
    (0x2028, 0x202F), (0x205F, 0x206F), (0x3000, 0x3000), (0x3164, 0x3164), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF9, 0xFFFB), (0xE0000, 0xE007F),
)
_NAMED = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def quoted(text):
    """A string as render.md writes it: in double quotes, escaped scalar by scalar. Values sent to
    the runner are quoted by the runner; this is for text inside a feature's own lines."""
    out = []
    for char in text:
        code = ord(char)
        if char in _NAMED:
            out.append(_NAMED[char])
        elif any(low <= code <= high for low, high in _INVISIBLE):
            out.append(f"\\u{{{code:04X}}}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def clusters(text):
    """`text` cut into user-perceived characters (grapheme clusters), closely enough for the corpus:
    marks, joiners and what a joiner joins, variation selectors, emoji modifiers and tags extend the
    character before them (so do Thai and Lao sara am, spacing marks that are letters); CR LF, a pair
    of regional indicators and a Hangul syllable written in jamo (L V T) are one; and, by Unicode
    15.1's rule GB9c (news.md, news.116), a consonant, a virama and a consonant of the six scripts
    with Indic_Conjunct_Break (`क्ष`) are one."""
    out = []
    previous = None
    regional_open = False
    conjunct = None  # GB9c: "consonant" after a consonant (and marks), "linked" once a virama followed
    for char in text:
        code = ord(char)
        regional = 0x1F1E6 <= code <= 0x1F1FF
        consonant = _incb_consonant(code)
        extends = (unicodedata.category(char) in ("Mn", "Mc", "Me") or code in (0x0E33, 0x0EB3)
                   or _hangul_joins(previous, char) or code == 0x200D or 0xFE00 <= code <= 0xFE0F
                   or 0xE0100 <= code <= 0xE01EF or 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F
                   or previous == "\u200d" or (previous == "\r" and char == "\n") or (regional and regional_open)
                   or (consonant and conjunct == "linked"))
        if previous is None or not extends:
            out.append(char)
        else:
            out[-1] += char
        regional_open = regional and not (regional_open and extends)
        if consonant:
            conjunct = "consonant"
        elif code in _INCB_LINKERS:
            conjunct = "linked" if conjunct else None
        elif not (code == 0x200D or unicodedata.category(char) in ("Mn", "Me")):
            conjunct = None
        previous = char
    return out


# Indic_Conjunct_Break (DerivedCoreProperties.txt): the viramas that link, and the consonants they link,
# of Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam.
_INCB_LINKERS = {0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D}
_INCB_CONSONANTS = (
    (0x0915, 0x0939), (0x0958, 0x095F), (0x0978, 0x097F),
    (0x0995, 0x09A8), (0x09AA, 0x09B0), (0x09B2, 0x09B2), (0x09B6, 0x09B9), (0x09DC, 0x09DD), (0x09DF, 0x09DF),
    (0x09F0, 0x09F1),
    (0x0A95, 0x0AA8), (0x0AAA, 0x0AB0), (0x0AB2, 0x0AB3), (0x0AB5, 0x0AB9), (0x0AF9, 0x0AF9),
    (0x0B15, 0x0B28), (0x0B2A, 0x0B30), (0x0B32, 0x0B33), (0x0B35, 0x0B39), (0x0B5C, 0x0B5D), (0x0B5F, 0x0B5F),
    (0x0B71, 0x0B71),
    (0x0C15, 0x0C28), (0x0C2A, 0x0C39), (0x0C58, 0x0C5A),
    (0x0D15, 0x0D3A),
)


def _incb_consonant(code):
    return any(low <= code <= high for low, high in _INCB_CONSONANTS)


def _hangul(char):
    """The Hangul syllable type of `char` (L, V, T, LV, LVT), or None."""
    if char is None:
        return None
    code = ord(char)
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    return None


def _hangul_joins(previous, char):
    before, after = _hangul(previous), _hangul(char)
    return (before == "L" and after in ("L", "V", "LV", "LVT") or before in ("V", "LV") and after in ("V", "T")
            or before in ("T", "LVT") and after == "T")


def text(line):
    """A value whose render is exactly `line`, unquoted: a record with no fields renders as its name."""
    return {"record": line, "fields": []}


def read_json_strictly(text):
    """One JSON value read as the reference reads every body (kittens.md, kittens.23; news.md,
    news.115): a repeated key (compared as canonically equivalent Unicode), a lone surrogate
    anywhere, NaN or Infinity, a number too large for a double and nesting deeper than 256 levels
    are not JSON. Raises ValueError naming what was wrong."""
    def no_duplicates(pairs):
        keys = [unicodedata.normalize("NFC", key) for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key is repeated")
        return dict(pairs)

    def no_constants(name):
        raise ValueError(f"{name} is not JSON")

    def finite(token):
        number = float(token)
        if math.isinf(number):
            raise ValueError(f"the number {token} is too large")
        return number

    def integer(token):
        if len(token) <= 20:
            number = int(token)
            if INT64_MIN <= number <= INT64_MAX:
                return number
        return finite(token)

    try:
        value = json.loads(
            text, object_pairs_hook=no_duplicates, parse_constant=no_constants, parse_float=finite, parse_int=integer
        )
    except RecursionError:
        raise ValueError(f"nesting deeper than {MAX_DEPTH} levels") from None
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            if SURROGATE.search(item):
                raise ValueError("a lone surrogate")
        elif isinstance(item, (list, dict)):
            if depth > MAX_DEPTH:
                raise ValueError(f"nesting deeper than {MAX_DEPTH} levels")
            if isinstance(item, dict):
                pending.extend((key, depth + 1) for key in item)
                item = item.values()
            pending.extend((child, depth + 1) for child in item)
    return value
