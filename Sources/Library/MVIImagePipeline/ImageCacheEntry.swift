import Foundation

/// Image bytes as the caches keep them: with the `ETag` to revalidate them and the time they
/// were last known to be current (stored, or confirmed by a `304`).
public struct ImageCacheEntry: Equatable, Hashable, Sendable {
    public var bytes: Data
    public var etag: String?
    /// When the bytes were stored or last revalidated, by the pipeline's clock.
    public var storedAt: Date

    public init(bytes: Data, etag: String? = nil, storedAt: Date) {
        self.bytes = bytes
        self.etag = etag
        self.storedAt = storedAt
    }

    /// Whether the entry is still fresh at `now` for a lifetime of `maxAge` seconds.
    /// An entry stored in the future (a clock that went back) counts as fresh.
    ///
    /// Compared in whole milliseconds: two dates far from 1970 subtract with a rounding error, so
    /// an entry exactly `maxAge` old could come out a hair younger and still fresh
    /// (images/fuzz-61204, found by `conformance fuzz`).
    public func isFresh(at now: Date, maxAge: TimeInterval) -> Bool {
        // Whole milliseconds as doubles: exact up to 2^53 ms, and no trap for an unusual date.
        func milliseconds(_ seconds: TimeInterval) -> Double { (seconds * 1000).rounded() }
        return milliseconds(now.timeIntervalSince1970) - milliseconds(storedAt.timeIntervalSince1970)
            < milliseconds(maxAge)
    }
}

/// A cache limit that cannot work, with the parameter it came from.
public struct ImageCacheConfigurationError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The parameter's name, such as `costLimit`.
    public let parameter: String
    /// The value given, as text.
    public let value: String
    /// What the parameter accepts.
    public let expected: String

    public init(parameter: String, value: String, expected: String) {
        self.parameter = parameter
        self.value = value
        self.expected = expected
    }

    public var description: String { "\(parameter) is \(value); expected \(expected)" }

    /// Checks that `value` is at least `minimum`.
    static func requireAtLeast(_ minimum: Int, _ value: Int, _ parameter: String) throws(ImageCacheConfigurationError) {
        guard value >= minimum else {
            throw ImageCacheConfigurationError(
                parameter: parameter, value: String(value), expected: "an integer of at least \(minimum)")
        }
    }

    /// Checks that `value` is a fraction in (0, 1].
    static func requireFraction(_ value: Double, _ parameter: String) throws(ImageCacheConfigurationError) {
        guard value > 0, value <= 1 else {
            throw ImageCacheConfigurationError(
                parameter: parameter, value: String(value), expected: "a fraction greater than 0 and at most 1")
        }
    }
}
