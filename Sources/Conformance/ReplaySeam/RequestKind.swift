/// One kind of request a feature's data sources make, and the answers a `respond` line may give
/// it: for a data source with more than one call (`load()` answered with items, `save(...)` with
/// `{"saved": ...}`), so that an answer of one call's form given to another's request is an error
/// of the line that names the field, and the fuzzer answers each request in a form it takes.
///
/// A request's kind is the name its description starts with, before `(`: `load` in
/// `load(limit: 50, page: 0)`. A feature that declares no kinds (`FeatureModule.requests` empty)
/// gives every request any answer of `FeatureModule.responses`, as before; one that declares kinds
/// gives a request whose name has no kind any answer too.
public struct RequestKind: Sendable {
    /// The name request descriptions of this kind start with (`load`).
    public let name: String
    /// The answers this kind takes: some of the forms of the module's `responses`, decoding to the
    /// answer type the data source opens the request with.
    public let answers: ObjectCodec<any ReplayAnswer>

    public init(_ name: String, answers: ObjectCodec<any ReplayAnswer>) {
        self.name = name
        self.answers = answers
    }

    /// The kind name of a request's description: what comes before its first `(` (all of it
    /// when there is none).
    public static func name(of description: String) -> String {
        String(description.prefix { $0 != "(" })
    }
}

extension FeatureModule {
    /// The kind of the request described as `description`, if the module declares one of that name.
    public func requestKind(for description: String) -> RequestKind? {
        let name = RequestKind.name(of: description)
        return requests.first { $0.name == name }
    }
}
