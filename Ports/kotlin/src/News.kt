// News: the headlines, article and search screens (docs/features/news.md), each a store in MVIKotlin's shape.
package mviport

import java.io.File

class Container(val isLoading: Boolean = false, val errorText: String? = null) {
    fun value(): J {
        val f = ArrayList<Pair<String, J>>()
        f.add("isLoading" to vBool(isLoading))
        if (errorText != null) f.add("errorText" to vStr(errorText))
        return recOf("ContainerState", f)
    }
}

fun rowModel(a: Article): J {
    val f = ArrayList<Pair<String, J>>()
    f.add("url" to vStr(a.url))
    if (a.title != null) f.add("title" to vStr(a.title))
    f.add("sourceName" to vStr(a.sourceName))
    if (a.description != null) f.add("description" to vStr(a.description))
    if (a.urlToImage != null) f.add("imageURL" to vStr(a.urlToImage))
    NewsDate.format(a.publishedAt)?.let { f.add("date" to vStr(it)) }
    return recOf("NewsRowModel", f)
}

/** Appends the articles whose url is not there yet, keeping the first (news.49, news.50, news.87). */
fun appendUnique(into: List<Article>, more: List<Article>): List<Article> {
    val out = ArrayList(into)
    val seen = HashSet<String>()
    for (a in into) seen.add(nfc(a.url))
    for (a in more) if (seen.add(nfc(a.url))) out.add(a)
    return out
}

/** `NewsDataSource.load(request)`: the request's path and query is its description (news.16). */
interface NewsDataSource { fun load(pathAndQuery: String, answer: (NewsAnswer) -> Unit): Cancellable }

fun topHeadlines(page: Int) = "/v2/top-headlines?language=en&page=$page&pageSize=20"
fun everything(query: String) = "/v2/everything?q=${percentEncode(query)}&page=1&pageSize=20"

// ---------------- headlines ----------------

class HeadlinesState(
    val articles: List<Article> = emptyList(), val loadedPage: Int = 0, val totalResults: Long = 0,
    val endReached: Boolean = false, val loadingPage: Int? = null, val container: Container = Container()
) {
    val canLoadMore: Boolean get() = loadedPage >= 1 && !endReached &&
        loadedPage.toLong() * 20 < minOf(totalResults, 100L)
}

sealed class HeadlinesIntent
object Refresh : HeadlinesIntent()
object LoadMore : HeadlinesIntent()
object HeadlinesErrorShown : HeadlinesIntent()

sealed class HeadlinesMsg
class LoadStarted(val page: Int) : HeadlinesMsg()
class PageLoaded(val page: Int, val result: NewsPage) : HeadlinesMsg()
class LoadFailed(val page: Int, val error: NewsError) : HeadlinesMsg()
object HeadlinesErrorCleared : HeadlinesMsg()

object LoadFirstPage

class HeadlinesStore(private val source: NewsDataSource, restored: HeadlinesState?) :
    Store<HeadlinesIntent, LoadFirstPage, HeadlinesMsg, HeadlinesState, Nothing>(restored ?: HeadlinesState()) {

    override fun reduce(state: HeadlinesState, msg: HeadlinesMsg): HeadlinesState = when (msg) {
        is LoadStarted -> HeadlinesState(state.articles, state.loadedPage, state.totalResults, state.endReached,
            msg.page, Container(msg.page == 1, state.container.errorText))
        is PageLoaded -> HeadlinesState(
            if (msg.page == 1) appendUnique(emptyList(), msg.result.articles)
            else appendUnique(state.articles, msg.result.articles),
            msg.page, msg.result.totalResults, msg.result.articles.isEmpty(), null,
            Container(false, state.container.errorText))
        is LoadFailed -> HeadlinesState(state.articles, state.loadedPage, state.totalResults, state.endReached, null,
            Container(false, msg.error.userMessage))
        is HeadlinesErrorCleared -> HeadlinesState(state.articles, state.loadedPage, state.totalResults,
            state.endReached, state.loadingPage, Container(state.container.isLoading, null))
    }

    override fun executeAction(action: LoadFirstPage) = load(1)

    override fun executeIntent(intent: HeadlinesIntent) {
        when (intent) {
            is Refresh -> load(1)
            is LoadMore -> if (state.loadingPage == null && state.canLoadMore) load(state.loadedPage + 1)
            is HeadlinesErrorShown -> dispatch(HeadlinesErrorCleared)
        }
    }

    private fun load(page: Int) {
        cancelJob("load")
        dispatch(LoadStarted(page))
        if (disposed) return
        launchCall<NewsAnswer>("load", { source.load(topHeadlines(page), it) }) { answer ->
            if (answer.page != null) dispatch(PageLoaded(page, answer.page)) else dispatch(LoadFailed(page, answer.error!!))
        }
    }
}

fun headlinesModel(s: HeadlinesState): J {
    val f = ArrayList<Pair<String, J>>()
    f.add("rows" to vList(s.articles.map { rowModel(it) }))
    if (s.loadedPage >= 1 && s.articles.isEmpty()) f.add("emptyText" to vStr("No articles right now."))
    f.add("isLoadingMore" to vBool(s.loadingPage != null && s.loadingPage > 1))
    f.add("canLoadMore" to vBool(s.canLoadMore))
    f.add("container" to s.container.value())
    return recOf("HeadlinesViewModel", f)
}

// ---------------- article ----------------

class ArticleState(val article: Article, val isFavorite: Boolean = false, val container: Container = Container())

sealed class ArticleIntent
object ToggleFavorite : ArticleIntent()
object ArticleErrorShown : ArticleIntent()

sealed class ArticleMsg
class FavoriteChanged(val on: Boolean) : ArticleMsg()
class ArticleStorageFailed(val error: StorageError) : ArticleMsg()
object ArticleErrorCleared : ArticleMsg()

object ReadFavorite

class ArticleStore(article: Article, private val favorites: FavoritesStore, private val onSaved: (List<Article>) -> Unit) :
    Store<ArticleIntent, ReadFavorite, ArticleMsg, ArticleState, Nothing>(ArticleState(article)) {

    override fun reduce(state: ArticleState, msg: ArticleMsg): ArticleState = when (msg) {
        is FavoriteChanged -> ArticleState(state.article, msg.on, state.container)
        is ArticleStorageFailed -> ArticleState(state.article, state.isFavorite, Container(false, msg.error.text))
        is ArticleErrorCleared -> ArticleState(state.article, state.isFavorite, Container(state.container.isLoading, null))
    }

    override fun executeAction(action: ReadFavorite) {
        try {
            val on = favorites.favorites().any { sameText(it.url, state.article.url) }
            dispatch(FavoriteChanged(on))
        } catch (e: StorageFailure) { dispatch(ArticleStorageFailed(e.error)) }
    }

    override fun executeIntent(intent: ArticleIntent) {
        when (intent) {
            is ToggleFavorite -> {
                val on = !state.isFavorite
                try {
                    onSaved(favorites.setFavorite(on, state.article))
                    dispatch(FavoriteChanged(on))
                } catch (e: StorageFailure) { dispatch(ArticleStorageFailed(e.error)) }
            }
            is ArticleErrorShown -> dispatch(ArticleErrorCleared)
        }
    }
}

fun articleModel(s: ArticleState): J {
    val a = s.article
    val f = ArrayList<Pair<String, J>>()
    f.add("url" to vStr(a.url))
    if (a.title != null) f.add("title" to vStr(a.title))
    f.add("sourceName" to vStr(a.sourceName))
    val author = a.author?.let { if (trimWhiteSpace(it).length == 0) null else it }
    if (author != null) f.add("author" to vStr(author))
    if (a.description != null) f.add("description" to vStr(a.description))
    if (a.content != null) f.add("content" to vStr(a.content))
    if (a.urlToImage != null) f.add("imageURL" to vStr(a.urlToImage))
    NewsDate.format(a.publishedAt)?.let { f.add("date" to vStr(it)) }
    f.add("isFavorite" to vBool(s.isFavorite))
    f.add("container" to s.container.value())
    return recOf("ArticleViewModel", f)
}

// ---------------- search ----------------

class SearchState(
    val query: String = "", val history: List<String> = emptyList(), val results: List<Article> = emptyList(),
    val totalResults: Long = 0, val searchingQuery: String? = null, val container: Container = Container(),
    val storeFailed: Boolean = false
) {
    fun copy(query: String = this.query, history: List<String> = this.history, results: List<Article> = this.results,
             totalResults: Long = this.totalResults, searchingQuery: String? = this.searchingQuery,
             container: Container = this.container, storeFailed: Boolean = this.storeFailed) =
        SearchState(query, history, results, totalResults, searchingQuery, container, storeFailed)
}

sealed class SearchIntent
class QueryChanged(val text: String) : SearchIntent()
class HistoryEntrySelected(val entry: String) : SearchIntent()
object SearchErrorShown : SearchIntent()

sealed class SearchMsg
class HistoryLoaded(val entries: List<String>) : SearchMsg()
class QueryMsg(val text: String, val forget: Boolean) : SearchMsg()
class HistoryRecorded(val entries: List<String>) : SearchMsg()
class SearchStarted(val query: String) : SearchMsg()
class SearchFinished(val query: String, val page: NewsPage) : SearchMsg()
class SearchFailed(val query: String, val error: NewsError) : SearchMsg()
class SearchStorageFailed(val error: StorageError, val show: Boolean) : SearchMsg()
object SearchCancelled : SearchMsg()
object SearchErrorCleared : SearchMsg()

sealed class SearchAction
object LoadHistory : SearchAction()
class RestoreQuery(val query: String) : SearchAction()

class SearchStore(private val source: NewsDataSource, private val history: HistoryStore,
                  private val onSaved: (List<String>) -> Unit) :
    Store<SearchIntent, SearchAction, SearchMsg, SearchState, Nothing>(SearchState()) {

    override fun reduce(state: SearchState, msg: SearchMsg): SearchState = when (msg) {
        is HistoryLoaded -> state.copy(history = msg.entries)
        is QueryMsg -> if (msg.forget) state.copy(query = msg.text, results = emptyList(), totalResults = 0,
            searchingQuery = null, container = Container(false, state.container.errorText))
        else state.copy(query = msg.text, searchingQuery = null, container = Container(false, state.container.errorText))
        is HistoryRecorded -> state.copy(history = msg.entries)
        is SearchStarted -> state.copy(searchingQuery = msg.query, container = Container(true, state.container.errorText))
        is SearchFinished -> state.copy(results = appendUnique(emptyList(), msg.page.articles),
            totalResults = msg.page.totalResults, searchingQuery = null, container = Container(false, state.container.errorText))
        is SearchFailed -> state.copy(searchingQuery = null, container = Container(false, msg.error.userMessage))
        is SearchStorageFailed -> state.copy(storeFailed = true,
            container = if (msg.show) Container(state.container.isLoading, msg.error.text) else state.container)
        is SearchCancelled -> state.copy(searchingQuery = null, container = Container(false, state.container.errorText))
        is SearchErrorCleared -> state.copy(container = Container(state.container.isLoading, null))
    }

    override fun executeAction(action: SearchAction) {
        when (action) {
            is LoadHistory -> try {
                dispatch(HistoryLoaded(history.entries()))
            } catch (e: StorageFailure) { dispatch(SearchStorageFailed(e.error, true)) }
            is RestoreQuery -> setQuery(action.query, immediate = true)
        }
    }

    override fun executeIntent(intent: SearchIntent) {
        when (intent) {
            is QueryChanged -> if (!sameText(intent.text, state.query)) setQuery(intent.text, immediate = false)
            is HistoryEntrySelected -> setQuery(intent.entry, immediate = true)
            is SearchErrorShown -> dispatch(SearchErrorCleared)
        }
    }

    private fun setQuery(text: String, immediate: Boolean) {
        cancelJob("wait")
        cancelJob("search")
        val trimmed = trimWhiteSpace(text)
        val long = characterCount(trimmed) >= 3
        dispatch(QueryMsg(text, !long))
        if (!long || disposed) return
        if (immediate) search(trimmed)
        else launch("wait", scheduleWait(trimmed))
    }

    private fun scheduleWait(trimmed: String): Cancellable = sched.after(300) {
        cancelJob("wait")
        search(trimmed)
    }

    lateinit var sched: Scheduler

    private fun search(q: String) {
        val old = state.history
        val unchanged = old.isNotEmpty() && sameText(old[0], q)
        if (!unchanged) {
            val key = foldKey(q)
            val entries = (listOf(q) + old.filter { foldKey(trimWhiteSpace(it)) != key }).take(20)
            dispatch(HistoryRecorded(entries))
            if (disposed) return
            try {
                history.save(entries)
                onSaved(entries)
            } catch (e: StorageFailure) {
                if (!state.storeFailed) dispatch(SearchStorageFailed(e.error, true))
            }
        }
        if (disposed) return
        dispatch(SearchStarted(q))
        if (disposed) return
        launchCall<NewsAnswer>("search", { source.load(everything(q), it) }) { answer ->
            if (answer.page != null) dispatch(SearchFinished(q, answer.page)) else dispatch(SearchFailed(q, answer.error!!))
        }
    }
}

fun searchModel(s: SearchState): J {
    val trimmed = trimWhiteSpace(s.query)
    val qc = graphemes(trimmed)
    val content = if (qc.size <= 2) {
        val shown = if (qc.isEmpty()) s.history else s.history.filter { startsWithCharacters(trimWhiteSpace(it), qc) }
        enumCase("SearchContent", "history", field("entries", vStrings(shown)))
    } else enumCase("SearchContent", "results", field("rows", vList(s.results.map { rowModel(it) })),
        field("totalResults", vInt(s.totalResults)))
    return rec("SearchViewModel", field("query", vStr(s.query)), field("content", content),
        field("container", s.container.value()))
}

/** news.72, news.73: the entry starts with the query in whole characters, compared after lowercase mapping. */
fun startsWithCharacters(entry: String, query: List<String>): Boolean {
    val e = graphemes(entry)
    if (e.size < query.size) return false
    for (k in query.indices) if (foldKey(e[k]) != foldKey(query[k])) return false
    return true
}

// ---------------- the feature as the replay drives it ----------------

/** The replay's stores, kept for the whole scenario (news.105); at the wire, files in the scenario's folder. */
class NewsStores(favs: List<J>, hist: List<J>, favFault: String?, histFault: String?, folder: File?) {
    val favorites = FavoritesStore(ListStore("favourites", "favorites.json", favs, favFault, folder))
    val history = HistoryStore(ListStore("search history", "search-history.json", hist, histFault, folder))

    companion object {
        /** A `news` config: favourites as urls, the fault under the open screen's store. */
        fun ofNews(config: JObj?, folder: File?): NewsStores {
            val fault = config?.str("storageFault")
            val screen = config?.str("screen")
            val favs = (config?.get("favorites") as? JArr)?.items?.map {
                Article(null, "", null, null, null, (it as JStr).value, null, null, null).toJson()
            } ?: emptyList()
            val hist = (config?.get("history") as? JArr)?.items ?: emptyList()
            return NewsStores(favs, hist, if (screen == "article") fault else null,
                if (screen == "search") fault else null, folder)
        }
    }
}

/** One open News screen: its store, its renders, its saved state. */
abstract class NewsScreen(val name: String, val ctx: Ctx) {
    abstract fun model(): J
    abstract fun subscribe(render: (() -> Unit)?)
    abstract fun view(ev: JObj)
    abstract fun dispose()
    abstract fun saved(): J
    abstract fun recreate(): NewsScreen
}

class HeadlinesScreen(ctx: Ctx, private val source: NewsDataSource, restored: HeadlinesState?) : NewsScreen("headlines", ctx) {
    val store = HeadlinesStore(source, restored)
    init { if (restored == null || restored.loadedPage == 0) store.bootstrap(LoadFirstPage) }
    override fun model() = headlinesModel(store.state)
    override fun subscribe(render: (() -> Unit)?) { store.onState = render?.let { r -> { _: HeadlinesState -> r() } } }
    override fun view(ev: JObj) = when (ev.str("name")) {
        "refreshTriggered" -> store.accept(Refresh)
        "endReached" -> store.accept(LoadMore)
        "errorShown" -> store.accept(HeadlinesErrorShown)
        else -> throw RunError("unknown headlines event ${ev.str("name")}")
    }
    override fun dispose() = store.dispose()
    override fun saved(): J {
        val s = store.state
        return rec("HeadlinesSavedState", field("articleUrls", vStrings(s.articles.map { it.url })),
            field("loadedPage", vInt(s.loadedPage)), field("totalResults", vInt(s.totalResults)),
            field("endReached", vBool(s.endReached)))
    }
    override fun recreate(): NewsScreen {
        val s = store.state
        return HeadlinesScreen(ctx, source, HeadlinesState(s.articles, s.loadedPage, s.totalResults, s.endReached))
    }
}

class ArticleScreen(ctx: Ctx, private val article: Article, private val stores: NewsStores) : NewsScreen("article", ctx) {
    val store = ArticleStore(article, stores.favorites) { list ->
        ctx.reaction("favorites", vStrings(list.map { it.url }))
    }
    init { store.bootstrap(ReadFavorite) }
    override fun model() = articleModel(store.state)
    override fun subscribe(render: (() -> Unit)?) { store.onState = render?.let { r -> { _: ArticleState -> r() } } }
    override fun view(ev: JObj) = when (ev.str("name")) {
        "favoriteToggled" -> store.accept(ToggleFavorite)
        "errorShown" -> store.accept(ArticleErrorShown)
        else -> throw RunError("unknown article event ${ev.str("name")}")
    }
    override fun dispose() = store.dispose()
    override fun saved(): J = rec("ArticleSavedState", field("url", vStr(article.url)))
    override fun recreate(): NewsScreen = ArticleScreen(ctx, article, stores)
}

class SearchScreen(ctx: Ctx, private val source: NewsDataSource, private val stores: NewsStores,
                   restoredQuery: String?) : NewsScreen("search", ctx) {
    val store = SearchStore(source, stores.history) { ctx.reaction("history", vStrings(it)) }
    init {
        store.sched = ctx.sched
        store.bootstrap(LoadHistory)
        if (restoredQuery != null && restoredQuery.isNotEmpty()) store.bootstrap(RestoreQuery(restoredQuery))
    }
    override fun model() = searchModel(store.state)
    override fun subscribe(render: (() -> Unit)?) { store.onState = render?.let { r -> { _: SearchState -> r() } } }
    override fun view(ev: JObj) = when (ev.str("name")) {
        "queryChanged" -> store.accept(QueryChanged(ev.str("payload")!!))
        "historyEntryTapped" -> store.accept(HistoryEntrySelected(ev.str("payload")!!))
        "errorShown" -> store.accept(SearchErrorShown)
        else -> throw RunError("unknown search event ${ev.str("name")}")
    }
    override fun dispose() = store.dispose()
    override fun saved(): J = rec("SearchSavedState", field("query", vStr(store.state.query)))
    override fun recreate(): NewsScreen = SearchScreen(ctx, source, stores, store.state.query)
}

/** The data source of the replay: `request #n <path and query>`; at the wire, GET of that path. */
class NewsRequests(private val ctx: Ctx) : NewsDataSource {
    override fun load(pathAndQuery: String, answer: (NewsAnswer) -> Unit): Cancellable {
        val headers = ArrayList<Pair<String, String>>()
        headers.add(Pair("Accept", "application/json"))
        ctx.wire?.let { headers.add(Pair("X-Api-Key", it.apiKey)) }
        return ctx.request("news", pathAndQuery, HttpSpec("GET", pathAndQuery, headers)) { answer(it as NewsAnswer) }
    }
}

/** A `respond` line's answer in memory (news.98, news.99). */
fun newsMemoryAnswer(ev: JObj): NewsAnswer {
    val total = ev["totalResults"]?.let { (it as JNum).long }
    (ev["articles"] as? JArr)?.let { arts ->
        val list = arts.items.map { Article.read(it, false) ?: throw RunError("respond: an article that is not one") }
        return NewsAnswer(NewsPage(total ?: list.size.toLong(), list), null)
    }
    (ev["generated"] as? JObj)?.let { g ->
        val first = g.long("first")!!
        val count = g.long("count")!!
        return NewsAnswer(NewsPage(total!!, (first until first + count).map { Article.generated(it) }), null)
    }
    ev.str("body")?.let { body ->
        return NewsResponseParser.parse((ev.long("status") ?: 200L).toInt(), body.toByteArray(Charsets.UTF_8))
    }
    val status = (ev.long("status") ?: 0L).toInt()
    val error: NewsError = when (ev.str("failure")) {
        "api" -> ApiError(status, ev.str("code") ?: "", ev.str("message"))
        "httpStatus" -> HttpStatusError(status)
        "invalidResponse" -> InvalidResponse(ev.str("detail") ?: "")
        "transport" -> TransportError(ev.str("detail") ?: "connection failed")
        "timeout" -> TimeoutError
        else -> throw RunError("respond: unknown answer")
    }
    return NewsAnswer(null, error)
}

fun newsWireAnswer(res: HttpResult): NewsAnswer = when {
    res.timedOut -> NewsAnswer(null, TimeoutError)
    res.error != null -> NewsAnswer(null, TransportError(res.error))
    else -> NewsResponseParser.parse(res.status, res.body)
}

fun openNewsScreen(ctx: Ctx, config: JObj?, source: NewsDataSource, stores: NewsStores): NewsScreen =
    when (val screen = config?.str("screen")) {
        "headlines" -> HeadlinesScreen(ctx, source, null)
        "article" -> ArticleScreen(ctx, Article.read(config["article"]!!, false)
            ?: throw RunError("config: the article is not one"), stores)
        "search" -> SearchScreen(ctx, source, stores, null)
        else -> throw RunError("a news config needs one of screen (got $screen)")
    }

class NewsSession(ctx: Ctx, private val config: JObj?, folder: File?) : Session(ctx) {
    override val componentName = "NewsScreenComponent"
    private val stores = NewsStores.ofNews(config, folder)
    private val source = NewsRequests(ctx)
    private var screen: NewsScreen? = null
    private val openName: String = config?.str("screen") ?: ""

    override fun create() { screen = openNewsScreen(ctx, config, source, stores) }

    private fun renderNow() { val s = screen!!; ctx.render(s.model(), s.name) }

    override fun onStart() { renderNow(); screen!!.subscribe { renderNow() } }
    override fun onStop() { screen?.subscribe(null) }
    override fun onDestroy() { screen?.dispose() }

    override fun viewAnyTime(ev: JObj): Boolean = ev.str("screen") != openName

    override fun view(ev: JObj) {
        val target = ev.str("screen")
        if (target != openName) {
            ctx.rejected("view ${target}: the $openName screen is open")
            return
        }
        screen!!.view(ev)
    }

    override fun restore(): J {
        val old = screen!!
        val saved = old.saved()
        old.dispose()
        screen = old.recreate()
        return saved
    }

    override fun memoryAnswer(r: Request, ev: JObj): Any = newsMemoryAnswer(ev)
    override fun wireAnswer(r: Request, res: HttpResult): Any = newsWireAnswer(res)
}
