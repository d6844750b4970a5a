"""Deep links (docs/navigation.md, "Deep links"): `<scheme>://<screen>[?<name>=<value>[&...]]`.

`parse(link)` answers the parameters, or raises LinkError whose text is
`<link>: at character N: <reason>`, N counting characters from 1. A link is read left to right as
user-perceived characters (grapheme clusters) and refused at its first problem."""

from .mutations import mutation
from .values import clusters, quoted

MAX_LENGTH = 2048
UNRESERVED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
RAW_VALUE = UNRESERVED | set("!$'()*+,;:@/?")
HEX = set("0123456789abcdefABCDEF")


class LinkError(Exception):
    def __init__(self, link, position, reason):
        chars = clusters(link)
        shown = link if len(chars) <= 80 else "".join(chars[:80]) + "..."
        super().__init__(f"{shown}: at character {position}: {reason}")


class Pattern:
    """A screen's link: the parameters it takes, and how their values make a route."""

    def __init__(self, screen, parameters, route):
        self.screen = screen
        self.parameters = parameters
        self.route = route  # route(values) -> route, or raises ValueError((parameter, reason))


def parse(link, scheme, patterns):
    """The route the link names, by its pattern; raises LinkError."""
    chars = clusters(link)
    count = len(chars)
    if count > MAX_LENGTH:
        raise LinkError(link, MAX_LENGTH + 1, f"the link has {count} characters, more than the limit of {MAX_LENGTH}")
    separator = next((i for i in range(count - 2) if chars[i:i + 3] == [":", "/", "/"]), None)
    if not separator:  # no "://", or nothing before it: no scheme at all (navigation.45)
        raise LinkError(link, 1, f"expected a link starting {scheme}://")
    given = "".join(chars[:separator])
    if given.lower() != scheme:
        raise LinkError(link, 1, f"the scheme is {_as_is(given)}, expected {quoted(scheme)}")
    start = separator + 3
    end = start
    while end < count and chars[end] not in ("/", "?", "#"):
        if chars[end] not in UNRESERVED:
            raise _invalid(link, end, chars[end])
        end += 1
    if end == start:
        raise LinkError(link, start + 1, "no screen after ://")
    if end < count and chars[end] == "/":
        path_end = end
        while path_end < count and chars[path_end] not in ("?", "#"):
            path_end += 1
        raise LinkError(link, end + 1, f"unexpected path {_as_is(''.join(chars[end:path_end]))} after the screen; "
                                       "parameters start with ?")
    name = "".join(chars[start:end]).lower()
    pattern = next((p for p in patterns if p.screen == name), None)
    if pattern is None:
        known = ", ".join(p.screen for p in patterns)
        raise LinkError(link, start + 1, f"unknown screen {quoted(name)} (known: {known})")
    values = {}
    positions = {}
    index = end
    if index < count and chars[index] == "#":
        raise LinkError(link, index + 1, "a fragment (#) is not part of a deep link")
    index += 1  # "?"; a "?" with nothing after it gives no parameter, an "&" is followed by one
    while index < count or (index == count and chars[index - 1] == "&"):
        stop = next((i for i in range(index, count) if chars[i] in ("&", "#")), count)
        _parameter(link, chars, index, stop, pattern, values, positions)
        if stop == count:
            break
        if chars[stop] == "#":
            raise LinkError(link, stop + 1, "a fragment (#) is not part of a deep link")
        index = stop + 1
    try:
        return pattern.route(values)
    except ValueError as error:
        parameter, reason = error.args[0]
        where = positions.get(parameter, count + 1)
        raise LinkError(link, where, f"{parameter}: {reason}") from None


def _parameter(link, chars, start, stop, pattern, values, positions):
    """Reads the parameter at chars[start:stop] (from 0): its name, its =, then its value."""
    equals = next((i for i in range(start, stop) if chars[i] == "="), None)
    name_end = stop if equals is None else equals
    name = "".join(chars[start:name_end])
    if not name:
        raise LinkError(link, start + 1, "a parameter without a name")
    bad = next((i for i in range(start, name_end) if chars[i] not in UNRESERVED), None)
    if bad is not None:
        raise _invalid(link, bad, chars[bad])
    if equals is None:
        raise LinkError(link, stop + 1, f"the parameter {quoted(name)} has no = and value")
    if not pattern.parameters:
        raise LinkError(link, start + 1, f"the screen {quoted(pattern.screen)} takes no parameters, found {quoted(name)}")
    if name not in pattern.parameters:
        raise LinkError(link, start + 1, f"unknown parameter {quoted(name)} for the screen {quoted(pattern.screen)} "
                                         f"(known: {', '.join(pattern.parameters)})")
    if name in values:
        raise LinkError(link, start + 1, f"the parameter {quoted(name)} is given twice")
    values[name] = _decode(link, chars, equals + 1, stop, name)
    positions[name] = equals + 2


def _decode(link, chars, start, stop, name):
    data = bytearray()
    index = start
    while index < stop:
        char = chars[index]
        if char == "%":
            escape = chars[index + 1:min(index + 3, stop)]
            if len(escape) < 2 or not set(escape) <= HEX:
                raise LinkError(link, index + 1,
                                f"{_as_is('%' + ''.join(escape))} is not a percent-encoded byte (% and two hex digits)")
            data.append(int("".join(escape), 16))
            index += 3
        elif char in RAW_VALUE:
            data.extend(char.encode("ascii"))
            index += 1
        else:
            raise _invalid(link, index, char)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError(link, start + 1, f"the value of {name} does not decode to UTF-8 text") from None


def _invalid(link, index, char):
    """The refusal of the character at `index` (from 0) that must be percent-encoded there."""
    position = index if mutation("news-app-link-position-from-zero") else index + 1
    return LinkError(link, position, f"the character {_scalar(char)} must be percent-encoded")


def _as_is(text):
    """What a refusal quotes from the link (a scheme, a path, an escape): between double quotes,
    nothing escaped, not even `"` or `\\` (navigation.61)."""
    return '"' + text + '"'


def _scalar(char):
    """A character as the refusal names it: each scalar as itself, unescaped, but for U+0000...U+001F,
    U+007F and the space, written by their code (`U+20`)."""
    return _as_is("".join(f"U+{ord(c):X}" if ord(c) < 0x20 or ord(c) == 0x7F or c == " " else c for c in char))


def canonical(value):
    return "".join(char if char in UNRESERVED else "".join(f"%{byte:02X}" for byte in char.encode("utf-8"))
                   for char in value)
