import MVICore

/// The timer feature for a host screen.
public final class TimerComponent: StoreComponent<
    TimerIntent, TimerState, TimerLabel, TimerViewModel, TimerViewEvent
>
{
    /// - Parameters:
    ///   - scheduler: the store's scheduler (`DispatchQueueScheduler.main()` in an app).
    ///   - random: picks backgrounds.
    ///   - restoring: a state saved from an earlier component (`component.store.state`).
    public init(
        scheduler: any Scheduler, random: RandomSource = SystemRandomSource(), restoring saved: TimerState? = nil,
        factory: any StoreFactory = DefaultStoreFactory()
    ) {
        super.init(
            name: "TimerComponent",
            store: TimerStore.timer(scheduler: scheduler, random: random, restoring: saved, factory: factory),
            stateToModel: TimerMappers.model,
            eventToIntent: TimerMappers.intent)
    }
}

/// Owns a `TimerComponent` and destroys it when released.
public typealias TimerComponentHolder = ComponentHolder<TimerComponent>
