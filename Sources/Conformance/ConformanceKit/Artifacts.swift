import Foundation

/// `--artifacts DIR`: each failing scenario's whole transcript, kept for CI to upload.
public enum Artifacts {
    /// The environment variable that names the folder when `--artifacts` is not given.
    public static let environmentVariable = "CONFORMANCE_ARTIFACTS"

    /// Writes the transcript of every report that did not pass and has one to
    /// `folder/<feature>/<name>.golden.txt` (the golden's path under the fixtures folder).
    /// Returns false, having said why on `err` (after `command`'s name), when a file cannot be written.
    public static func write(
        _ results: [ScenarioResult], to folder: URL, command: String = "conformance", err: (String) -> Void
    ) -> Bool {
        var succeeded = true
        for result in results where !result.outcome.isPass {
            guard let transcript = result.transcript, let path = result.goldenPath else { continue }
            let url = folder.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try GoldenFile.writeAtomically(transcript, to: url)
            } catch {
                err("\(command): could not write the artifact \(url.path): \(error)\n")
                succeeded = false
            }
        }
        return succeeded
    }
}
