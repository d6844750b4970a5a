import Foundation
import MVICore
import MVITestSupport
import Testing

@testable import MVINews

/// `Fixtures/http/news-articles.json`, served the way NewsAPI pages it.
private struct DataSet {
    let articles: [NewsArticle]
    let english: [NewsArticle]

    init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Fixtures/http/news-articles.json"))
        struct File: Decodable {
            struct Entry: Decodable { let language: String }
            let articles: [NewsArticle]
            let entries: [Entry]
            enum CodingKeys: String, CodingKey { case articles }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                articles = try container.decode([NewsArticle].self, forKey: .articles)
                entries = try container.decode([Entry].self, forKey: .articles)
            }
        }
        let file = try JSONDecoder().decode(File.self, from: data)
        articles = file.articles
        english = zip(file.articles, file.entries).filter { $0.1.language == "en" }.map(\.0)
    }

    /// Page `number` (from 1) of the English headlines, or NewsAPI's 426 past the cap.
    func headlines(page number: Int, pageSize: Int) -> Result<NewsPage, NewsError> {
        let start = (number - 1) * pageSize
        guard start + pageSize <= NewsRequest.resultCap else {
            return .failure(.api(status: 426, code: "maximumResultsReached", message: "max of 100 results"))
        }
        let slice = english.dropFirst(start).prefix(pageSize)
        return .success(NewsPage(totalResults: english.count, articles: Array(slice)))
    }
}

@Suite struct DataSetTests {
    @Test func theDataSetHasWhatTheSpecPromises() throws {
        let set = try DataSet()
        #expect(set.articles.count >= 150)
        #expect(set.english.count > NewsRequest.resultCap)
        #expect(Set(set.articles.map(\.url)).count == set.articles.count - 1)
        #expect(set.articles.contains { $0.author == nil })
        #expect(set.articles.contains { $0.urlToImage == nil })
        #expect(set.articles.contains { $0.description == nil })
        #expect(set.articles.contains { !($0.title ?? "").allSatisfy(\.isASCII) })
        #expect(set.articles.allSatisfy { NewsDate.format($0.publishedAt) != nil })
        #expect(set.articles.allSatisfy { $0.content.map { $0.contains("… [+") && $0.hasSuffix(" chars]") } ?? true })
    }

    @Test func pagingTheHeadlinesShowsNinetyNineArticlesAndStopsAtTheCap() throws {
        let set = try DataSet()
        let scheduler = TestScheduler()
        let dataSource = FakeNewsDataSource()
        let store = HeadlinesStore.headlines(dataSource: dataSource, scheduler: scheduler)
        for index in 0..<10 {
            guard index < dataSource.calls.count, case .topHeadlines(let page, let size) = dataSource.requests[index]
            else { break }
            dataSource.calls[index].completion(set.headlines(page: page, pageSize: size))
            scheduler.advance()
            store.accept(.loadMore)
        }
        #expect(dataSource.requests == (1...5).map { .topHeadlines(page: $0, pageSize: 20) })
        // 100 results asked for, one of them the duplicate that straddles pages 1 and 2.
        #expect(store.state.articles.count == 99)
        #expect(store.state.container.errorText == nil)
    }
}
