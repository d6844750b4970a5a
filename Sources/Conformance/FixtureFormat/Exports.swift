// The fixture format is written in JSON and escaped text: `JSONValue`, its strict reader and
// `TextEscaping` live in MVIJSON, shared with the features' parsers and the mock server; a file that
// imports FixtureFormat names them without a second import.
@_exported import MVIJSON
