/// A value that does not fit its description: which field (a dotted path such as `payload.minutes`,
/// or nil for the whole value) and what was expected. The reader adds the file and line.
public struct FieldError: Error, Equatable, Sendable, CustomStringConvertible {
    public let field: String?
    public let message: String

    public init(field: String? = nil, _ message: String) {
        self.field = field
        self.message = message
    }

    /// The same error one level down: `payload` + `minutes` gives `payload.minutes`.
    public func inside(_ parent: String) -> FieldError {
        FieldError(field: field.map { "\(parent).\($0)" } ?? parent, message)
    }

    public var description: String { (field.map { "field \"\($0)\": " } ?? "") + message }

    /// Runs `body`, turning any error it throws into a `FieldError` (closures stored in codecs
    /// throw untyped errors: typed throws in stored function types need macOS 15's runtime).
    static func catching<T>(_ body: () throws -> T) throws(FieldError) -> T {
        do {
            return try body()
        } catch let error as FieldError {
            throw error
        } catch {
            throw FieldError(String(describing: error))
        }
    }
}
