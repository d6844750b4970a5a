import Foundation
import MVIJSON

/// Reads NewsAPI answers: a page on `"status":"ok"`, NewsAPI's error otherwise.
///
/// A pure function of the status and the body, so that it is tested without a network.
public enum NewsResponseParser {
    /// The page in `body`, or why there is none.
    ///
    /// - A body `{"status":"error","code":...,"message":...}` is `.api` with `status`, whatever the status.
    /// - Any other body with a status outside 200...299 is `.httpStatus`.
    /// - A 2xx body that is not `{"status":"ok","totalResults":N,"articles":[...]}` is
    ///   `.invalidResponse`, naming the field (`articles[3].url`) and what was wrong with it.
    public static func parse(status: Int, body: Data) -> Result<NewsPage, NewsError> {
        let ok = (200...299).contains(status)
        // Read strictly first, as every body of the package is (news.md, news.115): a repeated key
        // or a lone surrogate anywhere makes the body no JSON, where the decoder would take the
        // first of two values or skip a field it does not read.
        let strictError = strictJSONError(body)
        if strictError == nil, let error = try? JSONDecoder().decode(ErrorBody.self, from: body),
            error.status == "error"
        {
            return .failure(.api(status: status, code: error.code, message: error.message ?? ""))
        }
        guard ok else { return .failure(.httpStatus(status)) }
        if body.isEmpty { return .failure(.invalidResponse("an empty body")) }
        if let strictError { return .failure(.invalidResponse(strictError)) }
        do {
            let page = try JSONDecoder().decode(PageBody.self, from: body)
            guard page.status == "ok" else {
                return .failure(.invalidResponse("\"status\" is \"\(page.status)\", expected \"ok\""))
            }
            guard page.totalResults >= 0 else {
                return .failure(.invalidResponse("\"totalResults\" is \(page.totalResults), expected 0 or more"))
            }
            return .success(NewsPage(totalResults: page.totalResults, articles: page.articles))
        } catch let error as DecodingError {
            return .failure(.invalidResponse(DecodingErrorText.describe(error)))
        } catch {
            return .failure(.invalidResponse(String(describing: error)))
        }
    }

    /// Why `body` is not one strict JSON text in UTF-8 (`JSONReader`), or nil when it is.
    private static func strictJSONError(_ body: Data) -> String? {
        guard let text = String(validating: body, as: UTF8.self) else { return "the body is not UTF-8" }
        do {
            _ = try JSONValue.parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    private struct ErrorBody: Decodable {
        let status: String
        let code: String
        let message: String?
    }

    private struct PageBody: Decodable {
        let status: String
        let totalResults: Int
        let articles: [NewsArticle]
    }
}

/// Turns `DecodingError`s into one line that names the field: `at articles[3].url: ...`.
enum DecodingErrorText {
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "\(place(context.codingPath + [key])): missing"
        case .valueNotFound(let type, let context):
            "\(place(context.codingPath)): null, expected \(name(of: type))"
        case .typeMismatch(let type, let context):
            "\(place(context.codingPath)): expected \(name(of: type))"
        case .dataCorrupted(let context):
            context.codingPath.isEmpty
                ? "not valid JSON"
                : "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            String(describing: error)
        }
    }

    /// `articles[3].source.name`, or `the top level`.
    static func place(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "the top level" : text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Bool.Type: "a boolean"
        case is [String: Any].Type: "an object"
        default: type is any Collection.Type ? "an array" : "an object"
        }
    }
}
