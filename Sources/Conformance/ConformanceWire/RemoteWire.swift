import ConformanceKit
import FixtureFormat
import Foundation
import MockHTTPServer
import ReplaySeam

/// The server side of the wire level as the tap (`WireExchange`) sees it: where requests go, the
/// key and client timeout they are sent with, how the tap learns that a request arrived, and how
/// an answer is sent. In process it is the `WireServer` itself; in the reference's adapter it is
/// `RemoteWire`, a server the runner holds and answers.
protocol WireEnd: Sendable {
    /// `http://127.0.0.1:<port>`: where the feature's data sources send their requests.
    var baseURL: URL { get }
    /// The key every data source sends.
    var apiKey: String { get }
    /// The client's timeout, in seconds.
    var clientTimeout: TimeInterval { get }
    /// How long one look for an arrival waits before the tap checks whether the request was
    /// answered without the network.
    var arrivalWindow: Duration { get }
    /// Whether exchange `sequence` (the next one not seen yet) reached the server within `timeout`.
    func arrived(_ sequence: Int, within timeout: Duration) -> Bool
    /// Answers exchange `sequence`; returns why it cannot, for an answer with no wire form.
    func send(_ answer: WireAnswer, to sequence: Int) -> String?
    /// The client cancelled exchange `sequence`.
    func cancelled(_ sequence: Int)
    /// The wire transcript, when this end keeps one.
    func wireTranscript(title: String, headers: [String]) -> String?
    /// Stops what this end started.
    func close()
}

extension WireServer: WireEnd, WirePortServer {
    var apiKey: String { Self.apiKey }
    var arrivalWindow: Duration { .milliseconds(20) }
    func wireTranscript(title: String, headers: [String]) -> String? { transcript(title: title, headers: headers) }
}

/// The wire level of a scenario the runner holds (`conformance adapter`, docs/porting.md, "The wire
/// level"): the runner's `WireServer` holds the scenario's answers and keeps the transcript, so
/// this end learns of each arrival with the admin call `GET /__admin/requests/next?timeoutMs=N`,
/// and releases an answer with `POST /__admin/requests/<n>/release`.
struct RemoteWire: WireEnd {
    let baseURL: URL
    let apiKey: String
    let clientTimeout: TimeInterval
    /// The server's port on 127.0.0.1.
    private let port: Int

    var arrivalWindow: Duration { .milliseconds(250) }

    /// The `wire` object of a `run` message: `baseURL` (`http://127.0.0.1:<port>`), `apiKey`
    /// and `timeoutSeconds`; throws a message naming the field that is wrong.
    init(_ object: JSONObject) throws(FieldError) {
        guard case .string(let text)? = object["baseURL"], let url = URL(string: text),
            url.scheme == "http", url.host == "127.0.0.1", let port = url.port
        else {
            throw FieldError(field: "wire.baseURL", "expected \"http://127.0.0.1:<port>\"")
        }
        guard case .string(let key)? = object["apiKey"], !key.isEmpty else {
            throw FieldError(field: "wire.apiKey", "expected a non-empty string")
        }
        guard let seconds = object["timeoutSeconds"]?.wholeNumber, (1...600).contains(seconds) else {
            throw FieldError(field: "wire.timeoutSeconds", "expected a whole number of seconds from 1 to 600")
        }
        baseURL = url
        apiKey = key
        clientTimeout = TimeInterval(seconds)
        self.port = port
    }

    /// Asks the server for the next request not yet taken; it is the `sequence`-th one taken, as
    /// requests are looked for one at a time and in order.
    func arrived(_ sequence: Int, within timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = max(1, min(60_000, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        return (try? LoopbackClient(port: port).get("/__admin/requests/next?timeoutMs=\(milliseconds)").status) == 200
    }

    /// Releases the answer the runner staged for exchange `sequence`.
    func send(_ answer: WireAnswer, to sequence: Int) -> String? {
        let status = try? LoopbackClient(port: port).post("/__admin/requests/\(sequence)/release").status
        return status == 204
            ? nil
            : "the mock server did not release exchange #\(sequence) (status \(status.map(String.init) ?? "none"))"
    }
    /// The runner saw the `cancel` output.
    func cancelled(_ sequence: Int) {}
    /// The runner keeps the transcript.
    func wireTranscript(title: String, headers: [String]) -> String? { nil }
    func close() {}
}
