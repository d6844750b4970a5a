/// Reads a link left to right for `DeepLinkGrammar.parse(_:)`, knowing where it is.
struct DeepLinkReader {
    let link: String
    let characters: [Character]
    /// The next character to read, from 0.
    private(set) var index = 0

    init(link: String) {
        self.link = link
        characters = Array(link)
    }

    /// The error at the character `offset` (from 0).
    func error(at offset: Int, _ reason: DeepLinkError.Reason) -> DeepLinkError {
        DeepLinkError(link: link, position: offset + 1, reason: reason)
    }

    /// Reads `<scheme>://`, the scheme compared case-insensitively.
    mutating func readScheme(expected: String) throws(DeepLinkError) {
        let separator = Array("://")
        var end = 0
        while end + separator.count <= characters.count, Array(characters[end..<end + separator.count]) != separator {
            end += 1
        }
        guard end + separator.count <= characters.count else {
            throw error(at: 0, .wrongScheme(found: "", expected: expected))
        }
        let found = String(characters[0..<end])
        guard found.lowercased() == expected else { throw error(at: 0, .wrongScheme(found: found, expected: expected)) }
        index = end + separator.count
    }

    /// Reads the screen (the host), lower-cased, up to `/`, `?`, `#` or the end.
    mutating func readScreen() throws(DeepLinkError) -> (screen: String, start: Int) {
        let start = index
        while index < characters.count, !"/?#".contains(characters[index]) {
            let character = characters[index]
            guard let ascii = character.asciiValue, PercentEncoding.isUnreserved(ascii) else {
                throw error(at: index, .invalidCharacter(character))
            }
            index += 1
        }
        guard index > start else { throw error(at: start, .missingScreen) }
        if index < characters.count, characters[index] == "/" {
            let pathEnd = characters[index...].firstIndex { $0 == "?" || $0 == "#" } ?? characters.count
            throw error(at: index, .unexpectedPath(String(characters[index..<pathEnd])))
        }
        return (String(characters[start..<index]).lowercased(), start)
    }

    /// The decoded parameters, and where each value starts (from 0), for the pattern's errors.
    struct Parameters {
        var values: [String: String] = [:]
        var valueStarts: [String: Int] = [:]
    }

    /// Reads `?name=value&...` to the end; an empty query (`screen?`) has no parameters.
    mutating func readQuery<Route>(pattern: DeepLinkPattern<Route>) throws(DeepLinkError) -> Parameters {
        var parameters = Parameters()
        guard index < characters.count else { return parameters }
        if characters[index] == "#" { throw error(at: index, .unexpectedFragment) }
        index += 1  // "?"
        guard index < characters.count else { return parameters }
        while true {
            let start = index
            let end = characters[start...].firstIndex { $0 == "&" || $0 == "#" } ?? characters.count
            try read(segment: start..<end, pattern: pattern, into: &parameters)
            if end == characters.count { return parameters }
            if characters[end] == "#" { throw error(at: end, .unexpectedFragment) }
            index = end + 1
        }
    }

    private func read<Route>(
        segment: Range<Int>, pattern: DeepLinkPattern<Route>, into parameters: inout Parameters
    ) throws(DeepLinkError) {
        let equals = characters[segment].firstIndex(of: "=")
        let name = String(characters[segment.lowerBound..<(equals ?? segment.upperBound)])
        guard !name.isEmpty else { throw error(at: segment.lowerBound, .missingParameterName) }
        if let bad = name.first(where: { !($0.asciiValue.map(PercentEncoding.isUnreserved) ?? false) }) {
            let offset = characters[segment].firstIndex(of: bad) ?? segment.lowerBound
            throw error(at: offset, .invalidCharacter(bad))
        }
        guard let equals else { throw error(at: segment.upperBound, .missingEquals(name)) }
        guard pattern.parameters.contains(name) else {
            throw error(
                at: segment.lowerBound, .unknownParameter(name, screen: pattern.screen, known: pattern.parameters))
        }
        guard parameters.values[name] == nil else { throw error(at: segment.lowerBound, .duplicateParameter(name)) }
        let valueStart = equals + 1
        switch PercentEncoding.decode(characters[valueStart..<segment.upperBound]) {
        case .success(let value):
            parameters.values[name] = value
            parameters.valueStarts[name] = valueStart
        case .failure(.invalidCharacter(let character, let offset)):
            throw error(at: valueStart + offset, .invalidCharacter(character))
        case .failure(.badEscape(let escape, let offset)):
            throw error(at: valueStart + offset, .badPercentEscape(escape))
        case .failure(.notUTF8):
            throw error(at: valueStart, .notUTF8(parameter: name))
        }
    }
}
