// The Swift blocks of docs/codecs.md, verbatim and in order, compiled and run here with the
// products' public API only (no @testable import). DocSnippetSyncTests fails when a block of the
// document is not found here: copy it in again.
import FixtureFormat
import ReplaySeam
import Testing

/// One todo as the data source returns it.
struct Todo: Equatable, Sendable {
    let id: Int
    let title: String
    let done: Bool
}

enum TodosFailure: String, Error, Sendable { case offline, serverError }

/// One answer of the todos data source, with its echo in the transcript.
struct TodosAnswer: ReplayAnswer {
    let echo: String
    let result: Result<[Todo], TodosFailure>
}

/// `{"todos": [{"id": 1, "title": "Milk", "done": false}, ...]}`, or `{"failure": "offline" | "serverError"}`.
let todosAnswers: ObjectCodec<TodosAnswer> = {
    let id = Field.required("id", JSONCodec.integer(1...999_999))
    let title = Field.required("title", JSONCodec.line)
    let done = Field.optional("done", JSONCodec.bool)
    let todo = ObjectCodec.object(id, title, done) { fields in
        Todo(id: try fields.read(id), title: try fields.read(title), done: try fields.read(done) ?? false)
    }
    let todos = Field.required("todos", JSONCodec.array(of: todo.value))
    func failure(_ kind: TodosFailure) -> ObjectCodec<TodosAnswer>.Variant {
        .when(
            "failure", is: kind.rawValue,
            .object(Field.constant("failure", kind.rawValue)) { _ in
                TodosAnswer(echo: "failure \(kind.rawValue)", result: .failure(kind))
            })
    }
    return .oneOf(
        "a todos answer",
        [
            .has(
                "todos",
                .object(todos) { fields in
                    let list = try fields.read(todos)
                    return TodosAnswer(echo: "todos [\(list.count)]", result: .success(list))
                }),
            failure(.offline),
            failure(.serverError),
        ])
}()

@Test func aTodoWithoutATitleIsNamed() throws {
    let line = try JSONValue.parse(#"{"todos": [{"id": 1, "title": "Milk"}, {"id": 2}]}"#)
    guard case .object(let object) = line else { return }
    #expect(throws: FieldError(field: "todos.title", "element [1]: missing; expected a string")) {
        try todosAnswers.decode(object)
    }
}

// Not from the document: the rest of what the page says of these codecs, checked.
@Suite struct CodecReferenceTests {
    private func object(_ text: String) throws -> JSONObject {
        guard case .object(let object) = try JSONValue.parse(text) else { throw FieldError("not an object") }
        return object
    }

    @Test func aListOfObjectsIsReadInOrderWithItsOptionalFieldDefaulted() throws {
        let answer = try todosAnswers.decode(
            object(#"{"todos": [{"id": 1, "title": "Milk"}, {"id": 2, "title": "Bread", "done": true}]}"#))
        #expect(answer.echo == "todos [2]")
        #expect(
            answer.result
                == .success([Todo(id: 1, title: "Milk", done: false), Todo(id: 2, title: "Bread", done: true)]))
    }

    @Test func eachFailureFormIsReadAndAnUnknownOneIsNamed() throws {
        #expect(try todosAnswers.decode(object(#"{"failure": "offline"}"#)).result == .failure(.offline))
        #expect(throws: FieldError(field: "failure", #"unknown failure "late"; expected offline or serverError"#)) {
            try todosAnswers.decode(object(#"{"failure": "late"}"#))
        }
    }

    @Test func anUnknownFieldOfAnElementIsNamed() throws {
        let refusal = FieldError(field: "todos.colour", "element [0]: unknown field; expected only id, title, done")
        #expect(throws: refusal) {
            try todosAnswers.decode(object(#"{"todos": [{"id": 1, "title": "Milk", "colour": "red"}]}"#))
        }
    }

    @Test func theSchemaOfTheListIsAnArrayOfTheObject() throws {
        let schema = todosAnswers.value.schema.compactText
        #expect(schema.contains(#""todos":{"type":"array","items":{"type":"object""#), "\(schema)")
    }

    @Test func aWholeNumberIsIntegerInBothTrees() throws {
        #expect(try JSONValue.parse("42") == .integer(42))
        #expect(try JSONValue.parse("42.0") == .number(42))
        #expect(CanonicalRender.text(.integer(42)) == "42\n")
    }
}
