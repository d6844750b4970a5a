import MVICore

public final class WeatherComponent: StoreComponent<
    WeatherIntent, WeatherState, Never, WeatherViewModel, WeatherViewEvent
>
{
    public init(dataSource: any WeatherDataSource, scheduler: any Scheduler) {
        super.init(
            name: "WeatherComponent", store: WeatherStore.weather(dataSource: dataSource, scheduler: scheduler),
            stateToModel: WeatherMappers.model, eventToIntent: WeatherMappers.intent)
    }
}
