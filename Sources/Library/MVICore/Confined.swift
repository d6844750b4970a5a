/// A value that belongs to a scheduler that runs one piece of work at a time (a store's): made on
/// the scheduler and used only there, so that work the scheduler runs later (a `@Sendable`
/// closure) may carry it. Making it or reading `value` anywhere else stops the program, in
/// release builds too, as swift-nio's `NIOLoopBound` does for an event loop: the one check of the
/// store's confinement that the compiler cannot make.
package struct Confined<Value>: @unchecked Sendable {  // touched only on `scheduler`, checked at init, read
    private let storage: Value
    private let scheduler: any Scheduler

    /// Confines `value` to `scheduler`. Call it on the scheduler.
    package init(_ value: Value, to scheduler: any Scheduler) {
        precondition(scheduler.isCurrent, "a value confined to a scheduler was made off it")
        storage = value
        self.scheduler = scheduler
    }

    /// Hands `value` over to `scheduler` from anywhere: `sending` makes the compiler check that the
    /// caller keeps no other reference to it, so from now on only the scheduler touches it.
    package init(handingOver value: sending Value, to scheduler: any Scheduler) {
        storage = value
        self.scheduler = scheduler
    }

    /// The value. Reading it off the scheduler stops the program.
    package var value: Value {
        precondition(scheduler.isCurrent, "a value confined to a scheduler was read off it")
        return storage
    }

    /// Runs `body` with the value on the scheduler: at once when called there, otherwise as the
    /// scheduler's next work. Callable from any thread.
    package func onScheduler(_ body: @escaping @Sendable (Value) -> Void) {
        if scheduler.isCurrent { return body(storage) }
        scheduler.schedule { body(value) }
    }
}

/// Keeps an object alive from a `@Sendable` closure without ever touching it (a stream keeps its
/// store): the box has no accessor, so no thread can use the object through it, and releasing an
/// object is safe from any thread.
package struct KeptAlive: @unchecked Sendable {  // holds the object and offers no way to reach it
    private let object: AnyObject
    package init(_ object: AnyObject) { self.object = object }
}
