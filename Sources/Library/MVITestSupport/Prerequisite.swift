import Foundation
import MVIEssentials

#if canImport(Testing)
    // Weakly linked, as in IssueReporting.swift: the harness links this module without the testing library.
    @_weakLinked import Testing

    extension Trait where Self == ConditionTrait {
        /// Runs a test that needs something outside the package (a tool on `PATH`, an executable built
        /// beside the tests) when it is there, and skips it with `comment` when it is not, except under
        /// CI (`CI` set to anything but empty, `0` or `false`): there the test runs anyway and fails on
        /// the missing piece, so that a machine without it cannot pass by skipping.
        ///
        /// ```swift
        /// @Suite(.requires(PythonPort.python != nil, "the Python port needs python3 on PATH"))
        /// ```
        public static func requires(_ available: @autoclosure @escaping @Sendable () -> Bool, _ comment: Comment)
            -> Self
        {
            .enabled(if: Prerequisite.shouldRun(available: available()), comment)
        }
    }
#endif

/// The decision behind the `.requires` trait, apart from the testing library so that it can be tested.
public enum Prerequisite {
    /// Whether a test whose prerequisite is `available` runs: always under CI, else when it is there.
    public static func shouldRun(available: Bool, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Bool
    {
        available || ContinuousIntegration.isActive(environment)
    }
}
