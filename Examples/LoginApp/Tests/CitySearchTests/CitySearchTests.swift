import CitySearch
import MVITestSupport
import Testing

/// Answers at once, from tables; a forecast for a city it does not know fails.
func tableService() -> CityService {
    CityService(
        cities: { query in ["Oslo", "Osaka", "Ottawa"].filter { $0.lowercased().hasPrefix(query.lowercased()) } },
        forecast: { city in
            guard let celsius = ["Oslo": -3, "Osaka": 12][city] else { throw ForecastError.unknown(city) }
            return celsius
        })
}

enum ForecastError: Error { case unknown(String) }

@Test func onlyTheLastQueryIsSearchedAfterTheDebounce() {
    let scheduler = TestScheduler()
    let store = TestStore(makeCityStore(service: tableService(), scheduler: scheduler), scheduler: scheduler)
    store.send(.type("o")) { $0.query = "o" }
    store.advance(by: .milliseconds(200))  // within the debounce: nothing yet
    store.send(.type("os")) { $0.query = "os" }  // cancels the search for "o"
    store.advance(by: .milliseconds(299))
    store.advance(by: .milliseconds(1)) { $0.cities = ["Oslo", "Osaka"] }
    store.receive(message: CityMessage.found(["Oslo", "Osaka"]))
    store.finish()
}

@Test func choosingACityLoadsItsForecastAndANewerChoiceWins() {
    let scheduler = TestScheduler()
    let store = TestStore(makeCityStore(service: tableService(), scheduler: scheduler), scheduler: scheduler)
    store.send(.choose("Oslo")) { $0.chosen = "Oslo" }
    store.send(.choose("Osaka")) { $0.chosen = "Osaka" }  // cancels Oslo's forecast
    store.advance { $0.celsius = 12 }
    store.receive(message: CityMessage.forecast(celsius: 12))
    store.send(.choose("Lima")) {
        $0.chosen = "Lima"
        $0.celsius = nil
    }
    store.advance { $0.error = "unknown(\"Lima\")" }
    store.receive(message: CityMessage.failed("unknown(\"Lima\")"))
    store.finish()
}

@Test func aStaleSearchIsCancelledAndTheTestAnswersTheLastOne() {
    let cities = ControlledCalls<String, [String]>()
    let service = CityService(cities: { try await cities.call($0) }, forecast: { _ in 0 })
    let scheduler = TestScheduler()
    let store = TestStore(makeCityStore(service: service, scheduler: scheduler), scheduler: scheduler)
    store.send(.type("o")) { $0.query = "o" }
    store.advance(by: .milliseconds(300))  // the search for "o" is made
    store.send(.type("os")) { $0.query = "os" }  // and cancelled by the newer query
    store.advance(by: .milliseconds(300))
    #expect(cities.requests == ["o", "os"])
    #expect(cities.cancelled == ["o"])
    cities.answer(with: ["Oslo", "Osaka"])
    store.advance()
    store.receive(message: CityMessage.found(["Oslo", "Osaka"])) { $0.cities = ["Oslo", "Osaka"] }
    store.finish()
}
