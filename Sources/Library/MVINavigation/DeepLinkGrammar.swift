/// Deep links of one scheme, `<scheme>://<screen>?<name>=<value>&...`, parsed into a
/// navigation state and printed back.
///
/// - Parsing opens the stack the matching pattern gives (the routes beneath, then the route);
///   anything else is refused with a `DeepLinkError` that says what and where.
/// - Values are percent-decoded (RFC 3986; `+` is a plus sign, not a space) and must be UTF-8.
/// - Printing writes the pattern's parameters in its order, every byte but `A-Z a-z 0-9 - . _ ~`
///   percent-encoded with upper-case hex: the canonical form. A canonical link prints back to
///   itself; a state a link opens parses back from its link.
/// - Scheme and screen compare case-insensitively and print in lower case.
public struct DeepLinkGrammar<Route: NavigationRoute> {
    /// The scheme (`news`).
    public let scheme: String
    /// The longest link accepted, in characters.
    public let maxLength: Int
    private var patterns: [DeepLinkPattern<Route>] = []

    /// - Throws: `DeepLinkGrammarError.invalidName` for a scheme outside lower-case `a-z 0-9 - . _ ~`.
    public init(scheme: String, maxLength: Int = 2048) throws(DeepLinkGrammarError) {
        guard Self.isValidName(scheme) else { throw .invalidName(scheme) }
        self.scheme = scheme
        self.maxLength = max(1, maxLength)
    }

    /// The screens the grammar knows, in the order they were added.
    public var screens: [String] { patterns.map { $0.screen } }  // not `\.screen`: built at run time in generic code

    /// Adds `pattern` (an app adds its own screens this way).
    /// - Throws: when its screen is already known, or a name is not valid.
    public mutating func add(_ pattern: DeepLinkPattern<Route>) throws(DeepLinkGrammarError) {
        for name in [pattern.screen] + pattern.parameters where !Self.isValidName(name) { throw .invalidName(name) }
        guard !screens.contains(pattern.screen) else { throw .duplicateScreen(pattern.screen) }
        patterns.append(pattern)
    }

    // MARK: - Printing

    /// The link that opens `state`.
    /// - Throws: when no pattern prints its top, a link to its top would open another stack
    ///   (a deeper one, or one with a modal), or the link is longer than `maxLength` (it would not
    ///   parse back: percent-encoding makes a value up to three times longer than it reads).
    public func link(for state: NavigationState<Route>) throws(DeepLinkPrintError<Route>) -> String {
        let (pattern, values) = try match(state.top)
        let expected = pattern.stack(for: state.top)
        guard state.modal == nil, expected == state.stack else { throw .notALinkStack(state, expected: expected) }
        return try write(pattern: pattern, values: values, route: state.top)
    }

    /// The link that opens `route` (with the routes its pattern puts beneath it).
    /// - Throws: when no pattern prints `route`, or the link is longer than `maxLength`.
    public func link(for route: Route) throws(DeepLinkPrintError<Route>) -> String {
        let (pattern, values) = try match(route)
        return try write(pattern: pattern, values: values, route: route)
    }

    /// The link, which parses back: no longer than `maxLength`.
    private func write(pattern: DeepLinkPattern<Route>, values: [String: String], route: Route)
        throws(DeepLinkPrintError<Route>) -> String
    {
        let link = Self.write(scheme: scheme, pattern: pattern, values: values)
        guard link.count <= maxLength else { throw .tooLong(route, length: link.count, limit: maxLength) }
        return link
    }

    private func match(_ route: Route) throws(DeepLinkPrintError<Route>) -> (DeepLinkPattern<Route>, [String: String]) {
        for pattern in patterns {
            if let values = pattern.print(route) { return (pattern, values) }
        }
        throw .noPattern(route)
    }

    private static func write(scheme: String, pattern: DeepLinkPattern<Route>, values: [String: String]) -> String {
        let query = pattern.parameters.compactMap { name in
            values[name].map { name + "=" + PercentEncoding.encode($0) }
        }
        return scheme + "://" + pattern.screen + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    // MARK: - Parsing

    /// The state `link` opens.
    /// - Throws: `DeepLinkError` naming what is wrong and the character where it is.
    public func parse(_ link: String) throws(DeepLinkError) -> NavigationState<Route> {
        var reader = DeepLinkReader(link: link)
        guard reader.characters.count <= maxLength else {
            throw reader.error(at: maxLength, .tooLong(length: reader.characters.count, limit: maxLength))
        }
        try reader.readScheme(expected: scheme)
        let (screen, screenStart) = try reader.readScreen()
        guard let pattern = patterns.first(where: { $0.screen == screen }) else {
            throw reader.error(at: screenStart, .unknownScreen(screen, known: screens))
        }
        let parameters = try reader.readQuery(pattern: pattern)
        do {
            let route = try pattern.parse(parameters.values)
            // The stack from a pattern always holds at least the route itself.
            return NavigationState(
                root: pattern.stack(for: route)[0], path: Array(pattern.stack(for: route).dropFirst()))
        } catch {
            let position = parameters.valueStarts[error.parameter] ?? reader.characters.count
            throw reader.error(at: position, .invalidValue(parameter: error.parameter, reason: error.reason))
        }
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { PercentEncoding.isUnreserved($0) && !(65...90).contains($0) }
    }
}
