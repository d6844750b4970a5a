import Foundation

/// How `MockServer.release(_:with:)` ends a held request.
public enum HeldAnswer: Sendable {
    /// This response (its `Content-Length` and `Connection` are the server's to write).
    case response(HTTPResponse)
    /// Close the connection with a TCP reset, without a byte of response.
    case reset
    /// Close the connection without a byte of response.
    case close
}

/// The requests a server configured with `holdsRequests` has read and not answered, by journal
/// sequence: which loop and connection each waits on. Guarded by the server's state lock.
struct HeldRequests {
    struct Place {
        let loop: EventLoop
        let connection: Int
        let method: String
    }

    var waiting: [Int: Place] = [:]
    /// Answers released before the loop had registered their request (a client of the journal can
    /// see an entry a moment before the loop holds it).
    var early: [Int: HeldAnswer] = [:]
    /// Every sequence released so far: a request is released once.
    var released: Set<Int> = []
    /// Answers staged for `POST /__admin/requests/<n>/release`, by sequence; nil: the exchange is
    /// left unanswered when released (the client waits out its timeout).
    var staged: [Int: HeldAnswer?] = [:]
}

extension MockServer {
    /// Ends held request `sequence` (its journal number) with `answer`; the journal records its
    /// status, or its fault for `reset` and `close`. Returns false when the request was already
    /// released, or was never read by a server that holds requests.
    @discardableResult
    public func release(_ sequence: Int, with answer: HeldAnswer) -> Bool {
        guard configuration.holdsRequests, sequence >= 1 else { return false }
        let place = state.withLock { state -> HeldRequests.Place?? in
            guard state.held.released.insert(sequence).inserted else { return .none }
            if let place = state.held.waiting.removeValue(forKey: sequence) { return .some(place) }
            state.held.early[sequence] = answer
            return .some(nil)
        }
        guard let place else { return false }
        record(answer, sequence: sequence)
        if let place { place.loop.post(.answer(connection: place.connection, plan: plan(answer, place))) }
        return true
    }

    /// Stages `answer` for held request `sequence`: it is sent when a client calls
    /// `POST /__admin/requests/<sequence>/release`; nil leaves that exchange unanswered then.
    public func stage(_ sequence: Int, _ answer: HeldAnswer?) {
        state.withLock { $0.held.staged[sequence] = .some(answer) }
    }

    /// `POST /__admin/requests/<sequence>/release`: releases the answer staged for `sequence`.
    /// False when none was staged.
    func releaseStaged(_ sequence: Int) -> Bool {
        let staged = state.withLock { state -> HeldAnswer?? in state.held.staged.removeValue(forKey: sequence) }
        guard let staged else { return false }
        if let answer = staged { release(sequence, with: answer) }
        return true
    }

    /// Called by a loop that read a request while the server holds requests: the request waits for
    /// `release`, unless its answer was released already.
    func hold(_ sequence: Int, _ place: HeldRequests.Place) {
        let early = state.withLock { state -> HeldAnswer? in
            if let answer = state.held.early.removeValue(forKey: sequence) { return answer }
            // A stopping server answers nothing more; its loop closes the connection.
            if !state.stopping { state.held.waiting[sequence] = place }
            return nil
        }
        if let early { place.loop.post(.answer(connection: place.connection, plan: plan(early, place))) }
    }

    private func record(_ answer: HeldAnswer, sequence: Int) {
        journal.update(sequence) { entry in
            switch answer {
            case .response(let response): entry.status = response.status
            case .reset: entry.fault = .connectionReset
            case .close: entry.fault = .emptyResponse
            }
        }
    }

    private func plan(_ answer: HeldAnswer, _ place: HeldRequests.Place) -> ResponsePlan {
        switch answer {
        case .response(let response):
            return ResponsePlan([.write(encode(response, method: place.method, keepAlive: false))], keepAlive: false)
        case .reset: return ResponsePlan([.reset], keepAlive: false)
        case .close: return ResponsePlan([.close], keepAlive: false)
        }
    }
}
