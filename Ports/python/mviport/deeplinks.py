"""Deep links (docs/navigation.md, "Deep links"): `<scheme>://<screen>[?<name>=<value>[&...]]`.

`parse(link)` answers the parameters, or raises LinkError whose text is
`<link>: at character N: <reason>`, N counting characters from 1."""

from .mutations import mutation
from .values import quoted

MAX_LENGTH = 2048
UNRESERVED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
RAW_VALUE = UNRESERVED | set("!$'()*+,;:@/?")
NAME = set("abcdefghijklmnopqrstuvwxyz0123456789-._~")
HEX = set("0123456789abcdefABCDEF")


class LinkError(Exception):
    def __init__(self, link, position, reason):
        shown = link if len(link) <= 80 else link[:80] + "..."
        super().__init__(f"{shown}: at character {position}: {reason}")


class Pattern:
    """A screen's link: the parameters it takes, and how their values make a route."""

    def __init__(self, screen, parameters, route):
        self.screen = screen
        self.parameters = parameters
        self.route = route  # route(values) -> route, or raises ValueError((parameter, reason))


def parse(link, scheme, patterns):
    """The route the link names, by its pattern; raises LinkError."""
    if len(link) > MAX_LENGTH:
        raise LinkError(link, MAX_LENGTH + 1, f"the link has {len(link)} characters, more than the limit of {MAX_LENGTH}")
    separator = link.find("://")
    if separator < 0:
        raise LinkError(link, 1, f"expected a link starting {scheme}://")
    given = link[:separator]
    if given.lower() != scheme:
        raise LinkError(link, 1, f"the scheme is {quoted(given)}, expected {quoted(scheme)}")
    start = separator + 3
    end = start
    while end < len(link) and link[end] not in "/?#":
        end += 1
    name = link[start:end]
    if not name:
        raise LinkError(link, start + 1, "no screen after ://")
    pattern = next((p for p in patterns if p.screen == name.lower()), None)
    if pattern is None:
        known = ", ".join(p.screen for p in patterns)
        raise LinkError(link, start + 1, f"unknown screen {quoted(name)} (known: {known})")
    if end < len(link) and link[end] == "/":
        path_end = end
        while path_end < len(link) and link[path_end] not in "?#":
            path_end += 1
        raise LinkError(link, end + 1, f"unexpected path {quoted(link[end:path_end])} after the screen; parameters start with ?")
    fragment = link.find("#", end)
    if fragment >= 0:
        raise LinkError(link, fragment + 1, "a fragment (#) is not part of a deep link")
    values = {}
    positions = {}
    if end + 1 < len(link):  # a "?" with nothing after it gives no parameter
        position = end + 1
        for part in link[end + 1:].split("&"):
            _parameter(link, position, part, pattern, values, positions)
            position += len(part) + 1
    try:
        return pattern.route(values)
    except ValueError as error:
        parameter, reason = error.args[0]
        where = positions.get(parameter, len(link) + 1)
        raise LinkError(link, where, f"{parameter}: {reason}") from None


def _parameter(link, position, part, pattern, values, positions):
    equals = part.find("=")
    if equals == 0:
        raise LinkError(link, position + 1, "a parameter without a name")
    if equals < 0:
        if not part:
            raise LinkError(link, position + 1, "a parameter without a name")
        raise LinkError(link, position + len(part) + 1, f"the parameter {quoted(part)} has no = and value")
    name = part[:equals]
    if not pattern.parameters:
        raise LinkError(link, position + 1, f"the screen {quoted(pattern.screen)} takes no parameters, found {quoted(name)}")
    if name not in pattern.parameters:
        raise LinkError(link, position + 1, f"unknown parameter {quoted(name)} for the screen {quoted(pattern.screen)} "
                                            f"(known: {', '.join(pattern.parameters)})")
    if name in values:
        raise LinkError(link, position + 1, f"the parameter {quoted(name)} is given twice")
    value_start = position + equals + 1
    values[name] = _decode(link, value_start, part[equals + 1:], name)
    positions[name] = value_start + 1


def _decode(link, start, raw, name):
    data = bytearray()
    index = 0
    while index < len(raw):
        char = raw[index]
        if char == "%":
            escape = raw[index + 1:index + 3]
            if len(escape) < 2 or not set(escape) <= HEX:
                raise LinkError(link, start + index + 1,
                                f"{quoted(raw[index:index + 3])} is not a percent-encoded byte (% and two hex digits)")
            data.append(int(escape, 16))
            index += 3
        elif char in RAW_VALUE:
            data.extend(char.encode("ascii"))
            index += 1
        else:
            position = start + index if mutation("news-app-link-position-from-zero") else start + index + 1
            raise LinkError(link, position, f"the character {_scalar(char)} must be percent-encoded")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError(link, start + 1, f"the value of {name} does not decode to UTF-8 text") from None


def _scalar(char):
    """A character as the refusal names it: the space by its code, every other one as itself, unescaped."""
    return '"U+20"' if char == " " else f'"{char}"'


def canonical(value):
    return "".join(char if char in UNRESERVED else "".join(f"%{byte:02X}" for byte in char.encode("utf-8"))
                   for char in value)
