import MVIEssentials

/// Carries a value that is not `Sendable` to a scheduler that runs one piece of work at a time (a
/// store's): handed over once, the value is only touched there afterwards.
///
/// The box knows its scheduler and checks every access: in a debug build, reading `value` anywhere
/// else stops the program (swift-nio's `NIOLoopBound` does the same for an event loop). A release
/// build keeps neither the scheduler nor the check: the box is the value alone, a stored property,
/// since a getter (not inlined into the executor's generic timer code) made that code look up the
/// box's type metadata on every tick, 10% more instructions in the replay benchmark.
@usableFromInline
package struct Confined<Value>: @unchecked Sendable {  // `value` is read only on `scheduler`, asserted in debug builds
    #if DEBUG
        @usableFromInline let storage: Value
        @usableFromInline let scheduler: any Scheduler

        /// Hands `value` over to `scheduler`; from now on it may be read only there.
        @inlinable package init(_ value: Value, to scheduler: any Scheduler) {
            storage = value
            self.scheduler = scheduler
        }

        /// The value. Reading it off the scheduler is a programming error.
        @inlinable package var value: Value {
            assert(isAccessibleHere, "a value confined to a scheduler was read off it")
            return storage
        }

        /// Whether the calling code may read `value`: it runs on the value's scheduler.
        @inlinable package var isAccessibleHere: Bool { scheduler.isCurrent }
    #else
        /// The value, read with no check: a stored property, which generic code reads in place.
        @usableFromInline package let value: Value

        @inlinable package init(_ value: Value, to scheduler: any Scheduler) { self.value = value }
    #endif
}

/// Keeps an object alive from a `@Sendable` closure without ever touching it (a stream keeps its
/// store): the box has no accessor, so no thread can use the object through it, and releasing an
/// object is safe from any thread.
package struct KeptAlive: @unchecked Sendable {  // holds the object and offers no way to reach it
    private let object: AnyObject
    package init(_ object: AnyObject) { self.object = object }
}
