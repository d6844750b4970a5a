// The News app (docs/features/news-app.md) on navigation as state (docs/navigation.md): routes, a navigator
// that builds each screen when it is reached, deep links, queued navigation, save and restore.
package mviport

/** render.md's quoting of strings. */
fun quoteRender(s: String): String {
    val b = StringBuilder("\"")
    var i = 0
    while (i < s.length) {
        val cp = s.codePointAt(i)
        i += Character.charCount(cp)
        when {
            cp == '"'.toInt() -> b.append("\\\"")
            cp == '\\'.toInt() -> b.append("\\\\")
            cp == 0x0A -> b.append("\\n")
            cp == 0x0D -> b.append("\\r")
            cp == 0x09 -> b.append("\\t")
            invisible(cp) -> b.append("\\u{").append(Integer.toHexString(cp).toUpperCase().padStart(4, '0')).append('}')
            else -> b.appendCodePoint(cp)
        }
    }
    return b.append('"').toString()
}

private fun invisible(cp: Int): Boolean = cp in 0..0x1F || cp in 0x7F..0x9F || cp == 0xA0 || cp == 0xAD ||
    cp == 0x34F || cp == 0x61C || cp == 0x115F || cp == 0x1160 || cp == 0x17B4 || cp == 0x17B5 || cp == 0x180E ||
    cp in 0x2000..0x200F || cp in 0x2028..0x202F || cp in 0x205F..0x206F || cp == 0x3000 || cp == 0x3164 ||
    cp == 0xFEFF || cp == 0xFFA0 || cp in 0xFFF9..0xFFFB || cp in 0xE0000..0xE007F

class Route(val screen: String, val value: String) {
    val text: String get() = when (screen) {
        "top" -> "top"
        "article" -> "article(url: ${quoteRender(value)})"
        else -> "search(q: ${quoteRender(value)})"
    }
    val newsScreen: String get() = if (screen == "top") "headlines" else screen
    override fun equals(other: Any?) = other is Route && other.screen == screen && other.value == value
    override fun hashCode() = screen.hashCode() * 31 + value.hashCode()
}

class NavState(val stack: List<Route>, val modal: Route?) {
    val visible: Route get() = modal ?: stack.last()
    val text: String get() = "[" + stack.joinToString(", ") { it.text } + "]" + (modal?.let { " modal ${it.text}" } ?: "")
    fun contains(r: Route) = stack.contains(r) || modal == r
}

// ---- hosts: what a url's host is (news-app.79) ----

fun urlHost(url: String): String? {
    var i = 0
    if (i >= url.length || !(url[i] in 'a'..'z' || url[i] in 'A'..'Z')) return null
    while (i < url.length && (url[i] in 'a'..'z' || url[i] in 'A'..'Z' || url[i] in '0'..'9' ||
            url[i] == '+' || url[i] == '-' || url[i] == '.')) i++
    if (!url.startsWith("://", i)) return null
    i += 3
    var end = i
    while (end < url.length && url[end] != '/' && url[end] != '?' && url[end] != '#') end++
    val authority = url.substring(i, end)
    for (c in authority) if (c.toInt() < 0x21 || c.toInt() > 0x7E || "\"<>\\^`{|}".indexOf(c) >= 0) return null
    var host = authority.substring(authority.lastIndexOf('@') + 1)
    host = if (host.startsWith("[")) { val k = host.indexOf(']'); if (k >= 0) host.substring(0, k + 1) else host }
    else host.substringBefore(':')
    return if (host.length == 0) null else host
}

fun urlScheme(url: String): String = url.substringBefore("://").toLowerCase()

// ---- deep links (navigation.35 to navigation.62) ----

class DeepLinkError(val position: Int, val reason: String) : Exception(reason)

object NewsDeepLinks {
    private const val unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    private const val rawValue = "$unreserved!$'()*+,;:@/?"
    private val params = mapOf("top" to emptyList(), "article" to listOf("url"), "search" to listOf("q"))

    private fun charText(c: String): String {
        val b = StringBuilder()
        var i = 0
        while (i < c.length) {
            val cp = c.codePointAt(i)
            i += Character.charCount(cp)
            if (cp == 0x20 || cp in 0..0x1F || cp == 0x7F) b.append("U+").append(Integer.toHexString(cp).toUpperCase())
            else b.appendCodePoint(cp)
        }
        return b.toString()
    }

    private fun mustEncode(at: Int, c: String): Nothing =
        throw DeepLinkError(at, "the character \"${charText(c)}\" must be percent-encoded")

    private fun isHex(c: String) = c.length == 1 && c[0] in "0123456789ABCDEFabcdef"

    fun parse(link: String): NavState {
        val ch = graphemes(link)
        val n = ch.size
        if (n > 2048) throw DeepLinkError(2049, "the link has $n characters, more than the limit of 2048")
        var sep = -1
        for (k in 0..n - 3) if (ch[k] == ":" && ch[k + 1] == "/" && ch[k + 2] == "/") { sep = k; break }
        if (sep <= 0) throw DeepLinkError(1, "expected a link starting news://")
        val scheme = ch.subList(0, sep).joinToString("")
        if (scheme.toLowerCase() != "news") throw DeepLinkError(1, "the scheme is \"$scheme\", expected \"news\"")
        var i = sep + 3
        val screenStart = i
        while (i < n && ch[i] != "/" && ch[i] != "?" && ch[i] != "#") {
            if (ch[i].length != 1 || unreserved.indexOf(ch[i][0]) < 0) mustEncode(i + 1, ch[i])
            i++
        }
        if (i == screenStart) throw DeepLinkError(screenStart + 1, "no screen after ://")
        val screen = ch.subList(screenStart, i).joinToString("").toLowerCase()
        if (i < n && ch[i] == "/") {
            var e = i
            while (e < n && ch[e] != "?" && ch[e] != "#") e++
            throw DeepLinkError(i + 1, "unexpected path \"${ch.subList(i, e).joinToString("")}\" after the screen; parameters start with ?")
        }
        val known = params[screen] ?: throw DeepLinkError(screenStart + 1,
            "unknown screen \"$screen\" (known: top, article, search)")
        val values = HashMap<String, Pair<String, Int>>()
        if (i < n && ch[i] == "?") {
            i++
            if (i < n) while (true) {
                val nameStart = i
                while (i < n && ch[i] != "=" && ch[i] != "&" && ch[i] != "#") {
                    if (ch[i].length != 1 || unreserved.indexOf(ch[i][0]) < 0) mustEncode(i + 1, ch[i])
                    i++
                }
                val name = ch.subList(nameStart, i).joinToString("")
                if (name.length == 0) throw DeepLinkError(nameStart + 1, "a parameter without a name")
                if (i >= n || ch[i] != "=") throw DeepLinkError(i + 1, "the parameter \"$name\" has no = and value")
                if (!known.contains(name)) {
                    throw DeepLinkError(nameStart + 1, if (known.isEmpty()) "the screen \"$screen\" takes no parameters, found \"$name\""
                    else "unknown parameter \"$name\" for the screen \"$screen\" (known: ${known.joinToString(", ")})")
                }
                if (values.containsKey(name)) throw DeepLinkError(nameStart + 1, "the parameter \"$name\" is given twice")
                i++
                val valueStart = i
                val bytes = java.io.ByteArrayOutputStream()
                while (i < n && ch[i] != "&" && ch[i] != "#") {
                    val c = ch[i]
                    if (c == "%") {
                        var e = i + 1
                        while (e < n && e < i + 3 && ch[e] != "&" && ch[e] != "#") e++
                        if (e - i < 3 || !isHex(ch[i + 1]) || !isHex(ch[i + 2])) {
                            throw DeepLinkError(i + 1, "\"${ch.subList(i, e).joinToString("")}\" is not a percent-encoded byte (% and two hex digits)")
                        }
                        bytes.write(Integer.parseInt(ch[i + 1] + ch[i + 2], 16))
                        i += 3
                        continue
                    }
                    if (c.length != 1 || rawValue.indexOf(c[0]) < 0) mustEncode(i + 1, c)
                    bytes.write(c[0].toInt())
                    i++
                }
                val text = decodeUtf8(bytes.toByteArray())
                    ?: throw DeepLinkError(valueStart + 1, "the value of $name does not decode to UTF-8 text")
                values[name] = Pair(text, valueStart + 1)
                if (i < n && ch[i] == "&") { i++; continue }
                break
            }
        }
        if (i < n && ch[i] == "#") throw DeepLinkError(i + 1, "a fragment (#) is not part of a deep link")
        val top = Route("top", "")
        return when (screen) {
            "top" -> NavState(listOf(top), null)
            "article" -> {
                val (url, at) = values["url"] ?: throw DeepLinkError(n + 1, "url: missing")
                val s = urlScheme(url)
                if (!url.contains("://") || (s != "http" && s != "https") || urlHost(url) == null) {
                    throw DeepLinkError(at, "url: expected an http or https address, found ${quoteRender(url)}")
                }
                NavState(listOf(top, Route("article", url)), null)
            }
            else -> {
                val (q, _) = values["q"] ?: throw DeepLinkError(n + 1, "q: missing")
                NavState(listOf(top, Route("search", q)), null)
            }
        }
    }

    fun shown(link: String): String {
        val ch = graphemes(link)
        return if (ch.size > 80) ch.subList(0, 80).joinToString("") + "..." else link
    }
}

// ---- the app ----

/** A screen module the navigator drives: built lazily, with the lifecycle lines of navigation.md. */
class Module(val route: Route, val screen: NewsScreen) {
    var hasView = false
    var started = false
}

/** What the app asks of itself: a request (`openArticle`, `openSearch`, `back`). */
class AppRequest(val kind: String, val url: String?) {
    val text: String get() = if (kind == "openArticle") "openArticle ${quoteRender(url!!)}" else kind
}

class NewsApp(private val ctx: Ctx, private val stores: NewsStores, private val source: NewsDataSource,
              initial: NavState, private val restoredWith: HashMap<Route, Any>, private val hook: () -> AppRequest?) {
    var state = initial
        private set
    private val modules = HashMap<Route, Module>()
    private val handed = HashMap<String, Article>()
    var hostStarted = false
        private set
    private var destroyed = false
    private var applying = 0
    private val queue = ArrayList<AppRequest>()

    private fun log(line: String) = ctx.logLine(line)

    // -- rendering: only the started module on top renders; a render may ask for navigation --

    private fun render(m: Module) {
        ctx.render(m.screen.model(), m.screen.name)
        val r = hook() ?: return
        ask(r)
    }

    private fun build(route: Route): Module {
        val saved = restoredWith.remove(route)
        val screen: NewsScreen = when (route.screen) {
            "top" -> HeadlinesScreen(ctx, source, saved as? HeadlinesState)
            "article" -> ArticleScreen(ctx, (saved as? Article) ?: articleFor(route.value), stores)
            else -> SearchScreen(ctx, source, stores, (saved as? String) ?: route.value)
        }
        val m = Module(route, screen)
        modules[route] = m
        log("module built ${route.screen}")
        return m
    }

    private fun articleFor(url: String): Article {
        handed[url]?.let { return it }
        try {
            stores.favorites.favorites().firstOrNull { sameText(it.url, url) }?.let { return it }
        } catch (e: StorageFailure) { }
        return Article(null, urlHost(url) ?: url, null, null, null, url, null, null, null)
    }

    private fun lifecycle(m: Module, event: String) {
        log("module ${m.route.screen} $event")
        when (event) {
            "viewCreated" -> m.hasView = true
            "start" -> { m.started = true; render(m); if (m.started) m.screen.subscribe { render(m) } }
            "stop" -> { m.started = false; m.screen.subscribe(null) }
            "viewDestroyed" -> m.hasView = false
            "destroy" -> m.screen.dispose()
        }
    }

    private fun release(m: Module) {
        if (m.started) lifecycle(m, "stop")
        if (m.hasView) lifecycle(m, "viewDestroyed")
        lifecycle(m, "destroy")
        modules.remove(m.route)
        log("module released ${m.route.screen}")
    }

    private fun showVisible() {
        if (!hostStarted) return
        val v = state.visible
        val m = modules[v] ?: build(v)
        if (!m.hasView) lifecycle(m, "viewCreated")
        if (!m.started) lifecycle(m, "start")
    }

    private fun <T> applyingDo(body: () -> T): T {
        applying++
        try { return body() } finally {
            applying--
            if (applying == 0) drain()
        }
    }

    private fun drain() {
        while (queue.isNotEmpty()) {
            val r = queue.removeAt(0)
            perform(r)
        }
    }

    // -- the navigator --

    private fun refusal(op: String, reason: String) = log("refused $op: $reason")

    fun navigate(opText: String, next: (NavState) -> Pair<NavState?, String?>) {
        if (destroyed) { refusal(opText, "the navigator is destroyed"); return }
        val (to, why) = next(state)
        if (to == null) { refusal(opText, why!!); return }
        val all = to.stack + listOfNotNull(to.modal)
        for ((k, r) in all.withIndex()) if (all.subList(0, k).contains(r)) {
            refusal(opText, "${r.text} is already on the stack, and these rules refuse duplicates"); return
        }
        applyingDo {
            val old = state
            state = to
            log("stack ${to.text} after $opText")
            for (u in handed.keys.toList()) if (!to.contains(Route("article", u))) handed.remove(u)
            // which modules stay: the stack's unchanged bottom, and a modal that stays
            var keep = 0
            while (keep < old.stack.size && keep < to.stack.size && old.stack[keep] == to.stack[keep]) keep++
            val leaving = ArrayList<Route>()
            if (old.modal != null && old.modal != to.modal) leaving.add(old.modal)
            for (k in old.stack.size - 1 downTo keep) leaving.add(old.stack[k])
            val wasVisible = modules[old.visible]
            if (wasVisible != null && wasVisible.started && !leaving.contains(old.visible) && to.visible != old.visible) {
                lifecycle(wasVisible, "stop")
            }
            for (r in leaving) {
                modules[r]?.let { release(it) }
                restoredWith.remove(r)
            }
            showVisible()
        }
    }

    fun back() = navigate("back") { s ->
        when {
            s.modal != null -> Pair(NavState(s.stack, null), null)
            s.stack.size == 1 -> Pair(null, "nothing to pop: only the root ${s.stack[0].text} is on the stack")
            else -> Pair(NavState(s.stack.dropLast(1), null), null)
        }
    }

    private fun modalPresented(s: NavState) = "the modal ${s.modal!!.text} is presented: dismiss it before changing the stack"

    fun push(r: Route) = navigate("push ${r.text}") { s ->
        if (s.modal != null) Pair(null, modalPresented(s)) else Pair(NavState(s.stack + r, null), null)
    }

    fun popToRoot() = navigate("popToRoot") { s ->
        if (s.modal != null) Pair(null, modalPresented(s)) else Pair(NavState(listOf(s.stack[0]), null), null)
    }

    fun present(r: Route) = navigate("present ${r.text}") { s ->
        if (s.modal != null) Pair(null, "the modal ${s.modal.text} is already presented: dismiss it first")
        else Pair(NavState(s.stack, r), null)
    }

    fun replace(to: NavState) = navigate("replace ${to.text}") { Pair(to, null) }

    fun openLink(link: String) {
        val to = try { NewsDeepLinks.parse(link) } catch (e: DeepLinkError) {
            log("deep link refused: ${NewsDeepLinks.shown(link)}: at character ${e.position}: ${e.reason}")
            return
        }
        replace(to)
    }

    // -- the app's requests --

    private fun notOnTop(what: String): String {
        val v = state.visible
        return "the $what screen is not on top; ${v.text} (${v.newsScreen}) is"
    }

    private fun rowsOfVisible(): List<Article>? {
        val m = modules[state.visible] ?: return null
        return when (val s = m.screen) {
            is HeadlinesScreen -> s.store.state.articles
            is SearchScreen -> if (characterCount(trimWhiteSpace(s.store.state.query)) >= 3) s.store.state.results else emptyList()
            else -> null
        }
    }

    /** The request's own checks; null when it may go on. */
    private fun check(r: AppRequest): String? = when (r.kind) {
        "openArticle" -> when {
            !hostStarted -> "the app is not started"
            state.visible.screen == "article" -> notOnTop("headlines or search")
            rowsOfVisible()?.any { sameText(it.url, r.url!!) } != true ->
                "the ${state.visible.newsScreen} screen lists no article ${quoteRender(r.url!!)}"
            else -> null
        }
        "openSearch" -> if (state.visible.screen != "top") notOnTop("headlines") else null
        else -> null
    }

    fun ask(r: AppRequest) {
        val why = check(r)
        if (why != null) { log("refused ${r.text}: $why"); return }
        if (applying > 0) {
            queue.add(r)
            log("queued ${r.text} (position ${queue.size})")
            return
        }
        perform(r)
    }

    private fun perform(r: AppRequest) {
        when (r.kind) {
            "openArticle" -> {
                val why = check(r)
                if (why != null) { log("refused ${r.text}: $why"); return }
                val a = rowsOfVisible()!!.first { sameText(it.url, r.url!!) }
                val route = Route("article", r.url!!)
                handed[r.url] = a
                push(route)
                if (!state.contains(route)) handed.remove(r.url)
            }
            "openSearch" -> push(Route("search", ""))
            "back" -> back()
        }
    }

    fun send(screenName: String, echo: String, ev: JObj) {
        val m = modules[state.visible]
        when {
            !hostStarted -> log("refused view $screenName: $echo: the app is not started")
            state.visible.newsScreen != screenName || m == null -> log("refused view $screenName: $echo: ${notOnTop(screenName)}")
            else -> m.screen.view(ev)
        }
    }

    // -- the host's lifecycle --

    fun start() = applyingDo { hostStarted = true; showVisible() }

    fun stop() = applyingDo {
        hostStarted = false
        modules[state.visible]?.let { if (it.started) lifecycle(it, "stop") }
    }

    fun destroy() = applyingDo {
        hostStarted = false
        val order = ArrayList<Route>()
        state.modal?.let { order.add(it) }
        for (k in state.stack.size - 1 downTo 0) order.add(state.stack[k])
        for (r in order) modules[r]?.let { release(it) }
        destroyed = true
    }

    /** `saved()`: each built screen's saved state, the others' as they were restored. */
    fun saved(): Pair<J, HashMap<Route, Any>> {
        val carry = HashMap<Route, Any>()
        fun screen(r: Route): J {
            val m = modules[r]
            val f = ArrayList<Pair<String, J>>()
            f.add("route" to vText(r.text))
            val keep: Any? = when (val s = m?.screen) {
                is HeadlinesScreen -> s.store.state.let { HeadlinesState(it.articles, it.loadedPage, it.totalResults, it.endReached) }
                is ArticleScreen -> s.store.state.article
                is SearchScreen -> s.store.state.query
                else -> restoredWith[r]
            }
            if (keep != null) {
                carry[r] = keep
                f.add("saved" to savedValue(keep))
            }
            return recOf("SavedScreen", f)
        }
        val fields = ArrayList<Pair<String, J>>()
        fields.add("stack" to vList(state.stack.map { screen(it) }))
        state.modal?.let { fields.add("modal" to screen(it)) }
        return Pair(recOf("SavedNavigation", fields), carry)
    }

    private fun savedValue(v: Any): J = when (v) {
        is HeadlinesState -> rec("HeadlinesSavedState", field("articleUrls", vStrings(v.articles.map { it.url })),
            field("loadedPage", vInt(v.loadedPage)), field("totalResults", vInt(v.totalResults)),
            field("endReached", vBool(v.endReached)))
        is Article -> rec("ArticleSavedState", field("url", vStr(v.url)))
        else -> rec("SearchSavedState", field("query", vStr(v as String)))
    }
}

class NewsAppSession(ctx: Ctx, config: JObj?, folder: java.io.File?) : Session(ctx) {
    override val componentName = "NewsApp"
    private val stores: NewsStores
    private val source = NewsRequests(ctx)
    private var app: NewsApp? = null
    private var hook: AppRequest? = null

    init {
        val favs = (config?.get("favorites") as? JArr)?.items ?: emptyList()
        val hist = (config?.get("history") as? JArr)?.items ?: emptyList()
        stores = NewsStores(favs, hist, null, null, folder)
    }

    private fun takeHook(): AppRequest? { val h = hook; hook = null; return h }

    private fun newApp(state: NavState, restored: HashMap<Route, Any>) =
        NewsApp(ctx, stores, source, state, restored) { takeHook() }

    override fun create() { app = newApp(NavState(listOf(Route("top", "")), null), HashMap()) }
    override fun onStart() { app!!.start() }
    override fun onStop() { app!!.stop() }
    override fun onDestroy() { app!!.destroy() }

    override fun viewAnyTime(ev: JObj): Boolean = true

    override fun view(ev: JObj) {
        val screen = ev.str("screen")!!
        val name = ev.str("name")!!
        val payload = ev.str("payload")
        val echo = if (payload != null) "$name(${quoteRender(payload)})" else name
        app!!.send(screen, echo, ev)
    }

    override fun other(ev: JObj) {
        val a = app!!
        when (ev.str("event")) {
            "deepLink" -> a.openLink(ev.str("url")!!)
            "back" -> a.ask(AppRequest("back", null))
            "openArticle" -> a.ask(AppRequest("openArticle", ev.str("url")!!))
            "openSearch" -> a.ask(AppRequest("openSearch", null))
            "popToRoot" -> a.popToRoot()
            "present" -> {
                val r = ev["route"] as JObj
                a.present(when (val s = r.str("screen")) {
                    "top" -> Route("top", "")
                    "article" -> Route("article", r.str("url")!!)
                    "search" -> Route("search", r.str("q")!!)
                    else -> throw RunError("present: unknown screen $s")
                })
            }
            "onNextRender" -> hook = AppRequest(ev.str("request")!!, ev.str("url"))
            else -> throw RunError("unknown event ${ev.str("event")}")
        }
    }

    override fun restore(): J {
        val a = app!!
        val (saved, carry) = a.saved()
        val state = a.state
        a.destroy()
        app = newApp(state, carry)
        return saved
    }

    override fun memoryAnswer(r: Request, ev: JObj): Any = newsMemoryAnswer(ev)
    override fun wireAnswer(r: Request, res: HttpResult): Any = newsWireAnswer(res)
}
