"""Canonical values in the adapter protocol's JSON form (docs/porting.md, "Values").

Booleans, integers, null and strings are themselves; a list is a JSON array. Records and enum
cases are objects whose fields are [name, value] pairs, so their order survives.
"""


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


def text(line):
    """A value whose render is exactly `line`, unquoted: a record with no fields renders as its name."""
    return {"record": line, "fields": []}
