/// One screen of a deep link grammar: `<scheme>://<screen>?<name>=<value>&...`.
///
/// An app adds one per screen a link may open (`DeepLinkGrammar.add(_:)`), and may add its own
/// screens the same way.
public struct DeepLinkPattern<Route: NavigationRoute> {
    /// The screen, as the link's host: lower case, from `a-z 0-9 - . _ ~`.
    public let screen: String
    /// The parameters a link may carry, in the order a printed link lists them.
    public let parameters: [String]
    let parse: ([String: String]) throws(DeepLinkValueError) -> Route
    let print: (Route) -> [String: String]?
    let beneath: (Route) -> [Route]

    /// - Parameters:
    ///   - screen: the link's host that selects this pattern.
    ///   - parameters: the names accepted; any other name is refused.
    ///   - beneath: the routes a link puts under the route it opens (`[.top]` for an article).
    ///   - parse: the route from the decoded parameters; throws `DeepLinkValueError` naming the
    ///     parameter that is missing or wrong.
    ///   - print: the parameters of `route`, or nil when `route` is not this pattern's.
    public init(
        screen: String, parameters: [String] = [], beneath: @escaping (Route) -> [Route] = { _ in [] },
        parse: @escaping ([String: String]) throws(DeepLinkValueError) -> Route,
        print: @escaping (Route) -> [String: String]?
    ) {
        self.screen = screen
        self.parameters = parameters
        self.beneath = beneath
        self.parse = parse
        self.print = print
    }

    /// The stack a link to `route` opens: the routes beneath it, then `route`.
    func stack(for route: Route) -> [Route] { beneath(route) + [route] }
}

/// A parameter a pattern refuses: missing, or a value it cannot use.
public struct DeepLinkValueError: Error, Hashable, Sendable {
    public let parameter: String
    public let reason: String

    public init(parameter: String, reason: String) {
        self.parameter = parameter
        self.reason = reason
    }

    /// The parameter is required and absent.
    public static func missing(_ parameter: String) -> DeepLinkValueError {
        DeepLinkValueError(parameter: parameter, reason: "missing")
    }
}
