import MVIEssentials

/// Values that the harness derives once from a registry's feature descriptions (the readers of
/// each feature's scenario lines) and keeps with the registry, so that reading a scenario does not
/// build them again: one value of each type for each feature, made on first use.
package final class DerivedValues: Sendable {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let feature: String
    }

    private let values = Locked<[Key: any Sendable]>([:])

    package init() {}

    /// The value of type `T` for `feature`, made by `make` the first time it is asked for. Two
    /// threads asking at once may both make it; the first one stored is kept.
    package func value<T: Sendable>(for feature: String, _ make: () -> T) -> T {
        let key = Key(type: ObjectIdentifier(T.self), feature: feature)
        if let value = values.withLock({ $0[key] }) as? T { return value }
        let made = make()
        return values.withLock { values in
            if let stored = values[key] as? T { return stored }
            values[key] = made
            return made
        }
    }
}
