import Foundation

/// Whether this process runs under CI: `CI` set to anything but empty, `0` or `false`. The one rule
/// for it: the conformance runner refuses to record there, and tests that need something outside the
/// package fail there instead of skipping.
package enum ContinuousIntegration {
    package static func isActive(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !(value.isEmpty || value == "0" || value == "false")
    }
}
