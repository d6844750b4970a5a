import MVICore

public final class WeatherComponent: StoreComponent<WeatherStore, WeatherViewModel, WeatherViewEvent> {
    public init(dataSource: any WeatherDataSource, scheduler: any Scheduler) {
        super.init(
            name: "WeatherComponent", store: .weather(dataSource: dataSource, scheduler: scheduler),
            stateToModel: WeatherMappers.model, eventToIntent: WeatherMappers.intent)
    }
}
