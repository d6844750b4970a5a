/// Why a link was refused: what was wrong, and where (a character position in the link).
public struct DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Hashable, Sendable {
        /// More characters than the grammar's `maxLength`.
        case tooLong(length: Int, limit: Int)
        /// Not `<scheme>://` (`found` is empty when there is no `://` at all, or nothing before it).
        case wrongScheme(found: String, expected: String)
        /// Nothing between `://` and `?`.
        case missingScreen
        /// A screen no pattern has; `known` lists those that are.
        case unknownScreen(String, known: [String])
        /// A `/` after the screen.
        case unexpectedPath(String)
        /// A `#`.
        case unexpectedFragment
        /// A character that must be percent-encoded where it is.
        case invalidCharacter(Character)
        /// A `%` not followed by two hex digits.
        case badPercentEscape(String)
        /// A value whose bytes are not UTF-8.
        case notUTF8(parameter: String)
        /// `?=value` or an empty `&&`.
        case missingParameterName
        /// `?name` with no `=`.
        case missingEquals(String)
        /// A name the screen's pattern does not accept.
        case unknownParameter(String, screen: String, known: [String])
        /// A name given twice.
        case duplicateParameter(String)
        /// A value the pattern refused (`reason` is the pattern's, `missing` for an absent one).
        case invalidValue(parameter: String, reason: String)
    }

    /// The link as given.
    public let link: String
    /// The character where the problem is, from 1; one past the end when something is missing.
    public let position: Int
    public let reason: Reason

    public init(link: String, position: Int, reason: Reason) {
        self.link = link
        self.position = position
        self.reason = reason
    }

    public var description: String {
        let shown = link.count > 80 ? String(link.prefix(80)) + "..." : link
        return "\(shown): at character \(position): \(explanation)"
    }

    private var explanation: String {
        switch reason {
        case .tooLong(let length, let limit):
            "the link has \(length) characters, more than the limit of \(limit)"
        case .wrongScheme(let found, let expected):
            found.isEmpty
                ? "expected a link starting \(expected)://" : "the scheme is \"\(found)\", expected \"\(expected)\""
        case .missingScreen:
            "no screen after ://"
        case .unknownScreen(let screen, let known):
            "unknown screen \"\(screen)\" (known: \(known.joined(separator: ", ")))"
        case .unexpectedPath(let path):
            "unexpected path \"\(path)\" after the screen; parameters start with ?"
        case .unexpectedFragment:
            "a fragment (#) is not part of a deep link"
        case .invalidCharacter(let character):
            "the character \(Self.quoted(character)) must be percent-encoded"
        case .badPercentEscape(let escape):
            "\"\(escape)\" is not a percent-encoded byte (% and two hex digits)"
        case .notUTF8(let parameter):
            "the value of \(parameter) does not decode to UTF-8 text"
        case .missingParameterName:
            "a parameter without a name"
        case .missingEquals(let name):
            "the parameter \"\(name)\" has no = and value"
        case .unknownParameter(let name, let screen, let known):
            known.isEmpty
                ? "the screen \"\(screen)\" takes no parameters, found \"\(name)\""
                : "unknown parameter \"\(name)\" for the screen \"\(screen)\" (known: \(known.joined(separator: ", ")))"
        case .duplicateParameter(let name):
            "the parameter \"\(name)\" is given twice"
        case .invalidValue(let parameter, let reason):
            "\(parameter): \(reason)"
        }
    }

    private static func quoted(_ character: Character) -> String {
        let scalars = character.unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F || scalar == " "
                ? "U+" + String(scalar.value, radix: 16, uppercase: true) : String(scalar)
        }
        return "\"" + scalars.joined() + "\""
    }
}

/// Why a state cannot be printed as a link.
public enum DeepLinkPrintError<Route: NavigationRoute>: Error, Hashable, Sendable, CustomStringConvertible {
    /// No pattern of the grammar prints this route.
    case noPattern(Route)
    /// A link opens `expected`; the state is something else (a deeper stack, or a modal).
    case notALinkStack(NavigationState<Route>, expected: [Route])
    /// The link to this route has more characters than the grammar's `maxLength`, so it would not
    /// parse back (percent-encoding writes a byte of a value as three characters).
    case tooLong(Route, length: Int, limit: Int)

    public var description: String {
        switch self {
        case .noPattern(let route):
            "no deep link pattern prints \(route)"
        case .notALinkStack(let state, let expected):
            "no link opens \(state): a link to its top opens [\(expected.map(\.description).joined(separator: ", "))]"
        case .tooLong(let route, let length, let limit):
            "the link to \(route) would have \(length) characters, more than the limit of \(limit)"
        }
    }
}

/// A pattern the grammar refuses to add.
public enum DeepLinkGrammarError: Error, Hashable, Sendable, CustomStringConvertible {
    case duplicateScreen(String)
    /// A scheme, screen or parameter name outside lower-case `a-z 0-9 - . _ ~` (or empty).
    case invalidName(String)

    public var description: String {
        switch self {
        case .duplicateScreen(let screen): "a pattern for the screen \"\(screen)\" is already in the grammar"
        case .invalidName(let name): "\"\(name)\" is not a valid name: use lower-case a-z, 0-9, -, ., _ or ~"
        }
    }
}
