// The store and its schedulers, `TestScheduler` among them, come with the test support: a test
// that imports MVITestSupport has what it tests.
@_exported import MVICore
