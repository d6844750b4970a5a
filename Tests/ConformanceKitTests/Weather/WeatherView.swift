import MVICore

public struct WeatherViewModel: Equatable, Sendable {
    public let city: String
    public let celsius: Int
}

public enum WeatherViewEvent: Equatable, Sendable {
    case refreshTapped
    case citySelected(String)
}

enum WeatherMappers {
    static func model(_ state: WeatherState) -> WeatherViewModel {
        WeatherViewModel(city: state.city, celsius: state.celsius)
    }

    static func intent(_ event: WeatherViewEvent) -> WeatherIntent {
        switch event {
        case .refreshTapped: .refresh
        case .citySelected(let city): .select(city)
        }
    }
}
