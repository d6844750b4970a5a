import MVIEssentials

/// A store's bookkeeping flags and counters, kept apart from its generic parts.
///
/// Confined to the store's scheduler, like the rest of the store's mutable state. Its fields are
/// internal and only touched by these small, non-inlinable methods, all inside this module, so the
/// compiler checks exclusive access to them when it builds the module instead of at run time on
/// every intent (a run-time check per access cost more than the rest of an intent). Only the calls
/// on an intent's quiet path (StoreCore.swift, "An intent's route") are `@usableFromInline`.
@usableFromInline
final class RunState {
    /// Whether the executor (or the bootstrapper) is running now.
    var executing = false
    /// Whether subscribers are being told now (a round, or the queue after it).
    var delivering = false
    var disposed = false
    /// The number of the last event produced (every event counts, observed or not).
    var sequence = 0
    var hasEventObservers = false
    var hasPendingIntents = false
    var hasPendingEmissions = false

    @usableFromInline init() {}

    /// Whether the store is not disposed.
    @usableFromInline var isLive: Bool { !disposed }

    var isDisposed: Bool { disposed }

    var isDelivering: Bool { delivering }

    /// The sequence number of the last event.
    var lastSequence: Int { sequence }

    /// Starts running the executor for an intent, unless it is running or subscribers are being
    /// told (then the intent waits) or the store is disposed. Returns whether it started.
    func beginExecuting() -> Bool {
        if executing || delivering || disposed { return false }
        executing = true
        return true
    }

    /// How an intent starts.
    @usableFromInline enum IntentStart {
        /// The executor runs it; no one observes events, and its event is numbered already.
        case run
        /// The executor runs it; the caller emits its event.
        case runObserved
        /// The executor is running or subscribers are being told: the intent waits its turn.
        case wait
        /// The store is disposed: the intent is dropped.
        case drop
    }

    /// Starts running the executor for an intent if it is free (see `IntentStart`).
    @usableFromInline func beginIntent() -> IntentStart {
        if disposed { return .drop }
        if executing || delivering { return .wait }
        executing = true
        if hasEventObservers { return .runObserved }
        sequence &+= 1
        return .run
    }

    /// The quiet path of a message: when the store is live, no one observes events and no round
    /// is running, numbers the message's and the state's events and starts the round that tells
    /// the state; returns the state event's number. Otherwise changes nothing and returns 0.
    @usableFromInline func beginQuietMessage() -> Int {
        if disposed || delivering || hasEventObservers { return 0 }
        sequence &+= 2
        delivering = true
        return sequence
    }

    /// Ends the executor's run; returns whether queued intents should be handled now.
    @usableFromInline func endExecuting() -> Bool {
        executing = false
        return hasPendingIntents && !delivering
    }

    /// Numbers a new event; returns its number, or 0 when no one observes events.
    func nextEvent() -> Int {
        sequence &+= 1
        return hasEventObservers ? sequence : 0
    }

    /// Starts a round; returns false when one is running already (the emission must wait).
    func beginDelivery() -> Bool {
        if delivering {
            hasPendingEmissions = true
            return false
        }
        delivering = true
        return true
    }

    /// What to do when a round ends.
    @usableFromInline enum RoundEnd { case done, tellPending, handleIntents, dropEventObservers }

    /// Ends a round: tell what was queued during it, or drop the event observers of a store
    /// disposed meanwhile, or handle queued intents, or nothing.
    @usableFromInline func endDelivery() -> RoundEnd {
        if hasPendingEmissions {
            hasPendingEmissions = false
            return .tellPending
        }
        delivering = false
        if disposed { return hasEventObservers ? .dropEventObservers : .done }
        return hasPendingIntents && !executing ? .handleIntents : .done
    }

    func setPendingIntents(_ value: Bool) { hasPendingIntents = value }

    func setEventObservers(_ value: Bool) { hasEventObservers = value }

    func markDisposed() -> Bool {
        if disposed { return false }
        disposed = true
        return true
    }

    /// Runs the executor for something other than an intent (a callback, a timer, the
    /// bootstrapper); returns false if it is running already or subscribers are being told.
    func beginTurn() -> Bool {
        if executing || delivering { return false }
        executing = true
        return true
    }
}
