import MVINavigation
import Testing

/// `app://home`, `app://list`, `app://item?id=N&from=...`.
private func grammar() throws -> DeepLinkGrammar<TestRoute> {
    var grammar = try DeepLinkGrammar<TestRoute>(scheme: "app", maxLength: 64)
    try grammar.add(DeepLinkPattern(screen: "home", parse: { _ in .home }, print: { $0 == .home ? [:] : nil }))
    try grammar.add(
        DeepLinkPattern(
            screen: "list", beneath: { _ in [.home] }, parse: { _ in .list }, print: { $0 == .list ? [:] : nil }))
    try grammar.add(
        DeepLinkPattern(
            screen: "item", parameters: ["id", "note"], beneath: { _ in [.home, .list] },
            parse: { values throws(DeepLinkValueError) in
                guard let text = values["id"] else { throw .missing("id") }
                guard let id = Int(text), id > 0 else {
                    throw DeepLinkValueError(parameter: "id", reason: "expected a positive integer, found \"\(text)\"")
                }
                return .item(id)
            },
            print: { route in
                guard case .item(let id) = route else { return nil }
                return ["id": String(id)]
            }))
    return grammar
}

/// The error `link` gets, or nil when it parses.
private func failure(_ link: String) throws -> DeepLinkError? {
    do {
        _ = try grammar().parse(link)
        return nil
    } catch let error as DeepLinkError {
        return error
    }
}

@Suite struct DeepLinkTests {
    @Test func aLinkOpensTheStackItsPatternPutsBeneathTheRoute() throws {
        let grammar = try grammar()
        #expect(try grammar.parse("app://home") == state(.home))
        #expect(try grammar.parse("app://list") == state(.home, .list))
        #expect(try grammar.parse("app://item?id=7") == state(.home, .list, .item(7)))
    }

    @Test func aCanonicalLinkPrintsBackToItself() throws {
        let grammar = try grammar()
        for link in ["app://home", "app://list", "app://item?id=7"] {
            #expect(try grammar.link(for: grammar.parse(link)) == link)
        }
    }

    @Test func everyStateALinkOpensParsesBackFromItsLink() throws {
        let grammar = try grammar()
        for opened in [state(.home), state(.home, .list), state(.home, .list, .item(42))] {
            #expect(try grammar.parse(grammar.link(for: opened)) == opened)
        }
    }

    @Test func schemeAndScreenCompareCaseInsensitivelyAndPrintInLowerCase() throws {
        let grammar = try grammar()
        #expect(try grammar.link(for: grammar.parse("APP://Item?id=%37")) == "app://item?id=7")
    }

    @Test func valuesArePercentDecodedAndEncodedAsUTF8() throws {
        var grammar = try DeepLinkGrammar<TestRoute>(scheme: "app")
        // An app's own screen: a route carrying text, here kept in `item` by its length.
        try grammar.add(
            DeepLinkPattern(
                screen: "echo", parameters: ["text"],
                parse: { values throws(DeepLinkValueError) in .item(values["text"]?.count ?? 0) },
                print: { route in
                    guard case .item(let count) = route else { return nil }
                    return ["text": String(repeating: "ü", count: count)]
                }))
        #expect(try grammar.parse("app://echo?text=c%2B%2B%20%26%20%C3%BC+") == state(.item(8)))
        #expect(try grammar.link(for: .item(2)) == "app://echo?text=%C3%BC%C3%BC")
        #expect(try grammar.parse("app://echo?text=") == state(.item(0)))
    }

    @Test func aStateNoLinkOpensCannotBePrinted() throws {
        let grammar = try grammar()
        #expect(throws: DeepLinkPrintError.notALinkStack(state(.home, .item(1)), expected: [.home, .list, .item(1)])) {
            try grammar.link(for: state(.home, .item(1)))
        }
        #expect(throws: DeepLinkPrintError.notALinkStack(state(.home, modal: .settings), expected: [.home])) {
            try grammar.link(for: state(.home, modal: .settings))
        }
        #expect(throws: DeepLinkPrintError.noPattern(TestRoute.settings)) { try grammar.link(for: .settings) }
        #expect(
            DeepLinkPrintError.notALinkStack(state(.home, .item(1)), expected: [.home, .list, .item(1)]).description
                == "no link opens [home, item(1)]: a link to its top opens [home, list, item(1)]")
    }

    @Test func aWrongSchemeIsRefusedAtTheStart() throws {
        let error = try #require(try failure("http://item?id=1"))
        #expect(error.position == 1)
        #expect(error.reason == .wrongScheme(found: "http", expected: "app"))
        #expect(error.description == "http://item?id=1: at character 1: the scheme is \"http\", expected \"app\"")
        #expect(try failure("item?id=1")?.reason == .wrongScheme(found: "", expected: "app"))
    }

    @Test func anUnknownOrMissingScreenIsNamedWithTheKnownOnes() throws {
        let unknown = try #require(try failure("app://profile?id=1"))
        #expect(unknown.position == 7)
        #expect(
            unknown.description
                == "app://profile?id=1: at character 7: unknown screen \"profile\" (known: home, list, item)")
        #expect(try failure("app://")?.reason == .missingScreen)
        #expect(try failure("app://?id=1")?.position == 7)
    }

    @Test func aPathOrFragmentIsRefusedWhereItStarts() throws {
        let path = try #require(try failure("app://item/7?id=1"))
        #expect(path.position == 11)
        #expect(path.reason == .unexpectedPath("/7"))
        let fragment = try #require(try failure("app://item?id=1#top"))
        #expect(fragment.position == 16)
        #expect(fragment.reason == .unexpectedFragment)
        #expect(try failure("app://home#x")?.position == 11)
    }

    @Test func badParametersAreRefusedAtTheParameter() throws {
        let unknown = try #require(try failure("app://item?id=1&sort=new"))
        #expect(unknown.position == 17)
        #expect(unknown.reason == .unknownParameter("sort", screen: "item", known: ["id", "note"]))
        #expect(
            try failure("app://home?id=1")?.description
                == "app://home?id=1: at character 12: the screen \"home\" takes no parameters, found \"id\"")
        #expect(try failure("app://item?id=1&id=2")?.reason == .duplicateParameter("id"))
        #expect(try failure("app://item?id=1&id=2")?.position == 17)
        #expect(try failure("app://item?id")?.reason == .missingEquals("id"))
        #expect(try failure("app://item?=3")?.reason == .missingParameterName)
        #expect(try failure("app://item?id=1&")?.reason == .missingParameterName)
        #expect(try failure("app://item?i d=1")?.reason == .invalidCharacter(" "))
    }

    @Test func badValuesAreRefusedAtTheCharacter() throws {
        let escape = try #require(try failure("app://item?id=1%ZZ"))
        #expect(escape.position == 16)
        #expect(escape.reason == .badPercentEscape("%ZZ"))
        #expect(
            escape.description
                == "app://item?id=1%ZZ: at character 16: \"%ZZ\" is not a percent-encoded byte (% and two hex digits)")
        #expect(try failure("app://item?id=1%2")?.reason == .badPercentEscape("%2"))
        let space = try #require(try failure("app://item?id=1 2"))
        #expect(space.position == 16)
        #expect(space.description.hasSuffix("the character \"U+20\" must be percent-encoded"))
        #expect(try failure("app://item?id=é")?.reason == .invalidCharacter("é"))
        #expect(try failure("app://item?id=%FF")?.reason == .notUTF8(parameter: "id"))
    }

    /// A refused character is quoted with every scalar below U+0020, DEL and the space written as
    /// `U+XX`, so that a message never carries an invisible or line-breaking character.
    @Test func aRefusedCharacterIsQuotedWithInvisibleScalarsSpelledOut() throws {
        func message(_ character: Character) -> String {
            String(
                DeepLinkError(link: "app://x", position: 7, reason: .invalidCharacter(character)).description
                    .dropFirst("app://x: at character 7: ".count))
        }
        #expect(message("\u{01}") == "the character \"U+1\" must be percent-encoded")
        #expect(message("\u{1F}") == "the character \"U+1F\" must be percent-encoded")
        #expect(message("\u{7F}") == "the character \"U+7F\" must be percent-encoded")
        #expect(message(" ") == "the character \"U+20\" must be percent-encoded")
        #expect(message("\r\n") == "the character \"U+DU+A\" must be percent-encoded")
        #expect(message("!") == "the character \"!\" must be percent-encoded")
        #expect(message("\u{80}") == "the character \"\u{80}\" must be percent-encoded")
    }

    /// A link written from a route escapes each byte outside the unreserved set as `%` and two upper
    /// case hex digits, a byte below 0x10 included.
    @Test func aWrittenLinkEscapesEveryByteWithTwoHexDigits() throws {
        var grammar = try DeepLinkGrammar<TestRoute>(scheme: "app", maxLength: 64)
        try grammar.add(
            DeepLinkPattern(
                screen: "item", parameters: ["note"], parse: { _ in .item(1) },
                print: { route in
                    guard case .item(let id) = route else { return nil }
                    return ["note": id == 1 ? "a\u{01}\u{0F}\u{10} é~" : "-._~Az09"]
                }))
        #expect(try grammar.link(for: .item(1)) == "app://item?note=a%01%0F%10%20%C3%A9~")
        #expect(try grammar.link(for: .item(2)) == "app://item?note=-._~Az09")
    }

    @Test func aValueThePatternRefusesIsReportedAtTheValue() throws {
        let error = try #require(try failure("app://item?id=-4"))
        #expect(error.position == 15)
        #expect(error.description == "app://item?id=-4: at character 15: id: expected a positive integer, found \"-4\"")
        let missing = try #require(try failure("app://item?note=x"))
        #expect(missing.position == 18)
        #expect(missing.reason == .invalidValue(parameter: "id", reason: "missing"))
    }

    @Test func aLinkLongerThanTheLimitIsRefused() throws {
        let link = "app://item?id=1&note=" + String(repeating: "x", count: 50)
        let error = try #require(try failure(link))
        #expect(error.reason == .tooLong(length: 71, limit: 64))
        #expect(error.position == 65)
        #expect(error.description.contains("the link has 71 characters, more than the limit of 64"))
    }

    @Test func aNameMayHoldDigitsHyphensDotsUnderscoresAndTildes() throws {
        var grammar = try DeepLinkGrammar<TestRoute>(scheme: "my-app.2_~")
        try grammar.add(
            DeepLinkPattern(
                screen: "top-10.v2_~", parameters: ["page-2.x_~"], parse: { _ in .home },
                print: { $0 == .home ? ["page-2.x_~": "1"] : nil }))
        #expect(grammar.screens == ["top-10.v2_~"])
        #expect(try grammar.parse("my-app.2_~://top-10.v2_~?page-2.x_~=1") == NavigationState(root: .home))
        #expect(try grammar.link(for: TestRoute.home) == "my-app.2_~://top-10.v2_~?page-2.x_~=1")
    }

    @Test func theGrammarRefusesADuplicateScreenOrABadName() throws {
        var grammar = try grammar()
        #expect(throws: DeepLinkGrammarError.duplicateScreen("home")) {
            try grammar.add(DeepLinkPattern(screen: "home", parse: { _ in .home }, print: { _ in nil }))
        }
        #expect(throws: DeepLinkGrammarError.invalidName("Home")) {
            try grammar.add(DeepLinkPattern(screen: "Home", parse: { _ in .home }, print: { _ in nil }))
        }
        #expect(throws: DeepLinkGrammarError.invalidName("a b")) {
            try grammar.add(
                DeepLinkPattern(screen: "x", parameters: ["a b"], parse: { _ in .home }, print: { _ in nil }))
        }
        #expect(throws: DeepLinkGrammarError.invalidName("")) { try DeepLinkGrammar<TestRoute>(scheme: "") }
        for upper in ["A", "Z", "appA", "appZ"] {
            #expect(throws: DeepLinkGrammarError.invalidName(upper)) { try DeepLinkGrammar<TestRoute>(scheme: upper) }
        }
        #expect(grammar.screens == ["home", "list", "item"])
        #expect(
            DeepLinkGrammarError.duplicateScreen("home").description
                == "a pattern for the screen \"home\" is already in the grammar")
        #expect(
            DeepLinkGrammarError.invalidName("Home").description
                == "\"Home\" is not a valid name: use lower-case a-z, 0-9, -, ., _ or ~")
    }
}
