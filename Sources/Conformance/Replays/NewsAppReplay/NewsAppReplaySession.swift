import FixtureFormat
import MVICore
import MVINavigation
import MVINews
import MVINewsApp
import NewsReplay
import ReplaySeam

/// One replay of the News app: a `NewsApp` over News's replay data source and stores, its log
/// written to the transcript line for line (renders as News renders them, named by screen).
///
/// `create` makes the app (nothing is built), `start` / `stop` / `destroy` are the app's own,
/// `viewCreated` and `viewDestroyed` only move the engine's lifecycle. `restore` saves the
/// navigation, encodes and decodes it, destroys the app and makes a new one from it; the data
/// source's request numbers and the local stores carry on, as the server and files would.
final class NewsAppReplaySession: FeatureSession {
    private let output: OutputLog
    private let dependencies: NewsAppDependencies
    private var app: NewsApp?
    /// What the next render asks for, from inside the render (`onNextRender`).
    private var onNextRender: NewsNavigationRequest?

    init(environment: FeatureEnvironment, config: NewsAppFeature.Config) {
        output = environment.output
        dependencies = NewsAppDependencies(
            dataSource: NewsFeature.dataSource(environment),
            favorites: NewsFeature.favorites(config.favorites, fault: nil, environment),
            history: NewsFeature.history(config.history, fault: nil, environment),
            scheduler: environment.scheduler)
    }

    func create() {
        do {
            attach(try NewsApp(dependencies: dependencies))
        } catch {
            output.append(.rejected("create: \(error)"))
        }
    }

    func perform(_ event: LifecycleEvent) {
        switch event {
        case .start: app?.start()
        case .stop: app?.stop()
        case .destroy: app?.destroy()
        case .viewCreated, .viewDestroyed: break
        }
    }

    func send(_ input: FeatureInput) throws(FieldError) {
        guard let app else { throw FieldError(field: "event", "news-app has no app before create") }
        switch input {
        case .view(_, let event):
            guard let screenEvent = Self.screenEvent(event) else {
                throw FieldError(field: "name", "not a news-app view event")
            }
            app.send(screenEvent)
        case .custom(_, let value):
            guard let input = value as? NewsAppReplayInput else {
                throw FieldError(field: "event", "not a news-app event")
            }
            switch input {
            case .deepLink(let link): app.open(link)
            case .request(let request): app.request(request)
            case .popToRoot: app.navigator.navigate(.popToRoot)
            case .present(let route): app.navigator.navigate(.present(route))
            case .onNextRender(let request): onNextRender = request
            }
        }
    }

    func restore() throws(FieldError) -> CanonicalValue {
        guard let app else { throw FieldError(field: "event", "restore before create") }
        let saved = app.saved()
        let decoded: SavedNavigation<NewsRoute, NewsSavedScreen>
        do {
            decoded = try SavedNavigation.decode(try saved.encoded())
        } catch {
            throw FieldError(field: "event", "the saved navigation does not read back: \(error)")
        }
        app.destroy()
        self.app = nil
        do {
            attach(try NewsApp(dependencies: dependencies, restoring: decoded))
        } catch {
            throw FieldError(field: "event", "the saved navigation does not restore: \(error)")
        }
        return saved.canonical
    }

    private func attach(_ app: NewsApp) {
        app.onEvent = { [weak self] event in self?.record(event) }
        self.app = app
    }

    /// Writes one event of the app's log: a render as News renders the screen, any other line as
    /// its text (`module built article`: the keyword is the first word).
    private func record(_ event: NewsAppEvent) {
        guard case .rendered(let route, let model) = event else {
            let line = event.description
            let keyword = line.prefix { $0 != " " }
            return output.append(
                .custom(keyword: String(keyword), value: .text(String(line.dropFirst(keyword.count + 1)))))
        }
        output.append(.render(model.canonical, screen: route.newsScreen))
        guard let request = onNextRender, let app else { return }
        onNextRender = nil
        if case .success(.queued(let position)) = app.request(request) {
            output.append(.custom(keyword: "queued", value: .text("\(request) (position \(position))")))
        }
    }

    private static func screenEvent(_ event: any Sendable) -> NewsScreenEvent? {
        switch event {
        case let event as HeadlinesViewEvent: .headlines(event)
        case let event as ArticleViewEvent: .article(event)
        case let event as SearchViewEvent: .search(event)
        default: nil
        }
    }
}
