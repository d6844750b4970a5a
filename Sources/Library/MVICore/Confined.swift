import MVIEssentials

/// Carries a value that is not `Sendable` to a scheduler that runs one piece of work at a time (a
/// store's): handed over once, the value is only touched there afterwards. Reading `value` anywhere
/// else stops a debug build (swift-nio's `NIOLoopBound` does the same for an event loop).
package struct Confined<Value>: @unchecked Sendable {  // `value` is read only on `scheduler`, asserted in debug builds
    private let storage: Value
    private let scheduler: any Scheduler

    /// Hands `value` over to `scheduler`; from now on it may be read only there.
    package init(_ value: Value, to scheduler: any Scheduler) {
        storage = value
        self.scheduler = scheduler
    }

    /// The value. Reading it off the scheduler is a programming error.
    package var value: Value {
        assert(isAccessibleHere, "a value confined to a scheduler was read off it")
        return storage
    }

    /// Whether the calling code may read `value`: it runs on the value's scheduler.
    package var isAccessibleHere: Bool { scheduler.isCurrent }
}

/// Keeps an object alive from a `@Sendable` closure without ever touching it (a stream keeps its
/// store): the box has no accessor, so no thread can use the object through it, and releasing an
/// object is safe from any thread.
package struct KeptAlive: @unchecked Sendable {  // holds the object and offers no way to reach it
    private let object: AnyObject
    package init(_ object: AnyObject) { self.object = object }
}
