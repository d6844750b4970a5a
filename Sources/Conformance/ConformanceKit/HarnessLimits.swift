import ReplaySeam

/// The bounds every scenario of every feature is held to, whatever it asks for. Spec:
/// docs/fixtures.md, "Limits". Each is refused with a message naming the file, line and field.
public enum HarnessLimits {
    /// The longest scenario line, in UTF-8 bytes, line end excluded: 1 MiB.
    public static let maximumLineBytes = 1 << 20

    /// The largest scenario file, in bytes: 64 MiB.
    public static let maximumFileBytes = 64 << 20

    /// The latest virtual time a scenario may reach, in milliseconds: the sum of its `advance`
    /// steps is at most 10^12 ms (about 31.7 years), and so is each one. The virtual clock counts
    /// nanoseconds in a signed 64-bit integer (at most about 9.2 * 10^12 ms); the limit leaves a
    /// feature room to schedule work 250 years past the latest instant without leaving it, and is
    /// exact in every language's doubles. (It was 2^53 - 1 ms until 0.2.0, which the clock could
    /// not hold: it stopped at 9,223,372,036,854 ms without a word.)
    public static let maximumVirtualMilliseconds = 1_000_000_000_000

    /// The default wall-clock time one scenario may take, in seconds, before it is reported as
    /// errored and the run goes on (`conformance run --timeout SECONDS`).
    public static let defaultScenarioSeconds = 30.0
}
