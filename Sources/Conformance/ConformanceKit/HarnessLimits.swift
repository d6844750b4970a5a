import ReplaySeam

/// The bounds every scenario of every feature is held to, whatever it asks for. Spec:
/// docs/fixtures.md, "Limits". Each is refused with a message naming the file, line and field.
public enum HarnessLimits {
    /// The longest scenario line, in UTF-8 bytes, line end excluded: 1 MiB.
    public static let maximumLineBytes = 1 << 20

    /// The largest scenario file, in bytes: 64 MiB.
    public static let maximumFileBytes = 64 << 20

    /// The latest virtual time a scenario may reach, in milliseconds: the sum of its `advance`
    /// steps is at most 2^53 - 1 (about 285,000 years), exact in every language's doubles and,
    /// in nanoseconds, within a signed 64-bit integer.
    public static let maximumVirtualMilliseconds = largestExactInteger

    /// The default wall-clock time one scenario may take, in seconds, before it is reported as
    /// errored and the run goes on (`conformance run --timeout SECONDS`).
    public static let defaultScenarioSeconds = 30.0
}
