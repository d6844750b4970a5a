import MVITestSupport
import Testing

/// A test that needs something outside the package skips without it, except under CI, where it
/// runs and fails: a machine without python3 must not pass the port's tests by skipping them.
@Suite struct PrerequisiteTests {
    @Test func aMissingPrerequisiteSkipsOnADeveloperMachine() {
        #expect(!Prerequisite.shouldRun(available: false, environment: [:]))
        #expect(!Prerequisite.shouldRun(available: false, environment: ["CI": "false"]))
        #expect(!Prerequisite.shouldRun(available: false, environment: ["CI": "0"]))
        #expect(!Prerequisite.shouldRun(available: false, environment: ["CI": ""]))
    }

    @Test func underCIAMissingPrerequisiteRunsSoThatItFails() {
        #expect(Prerequisite.shouldRun(available: false, environment: ["CI": "true"]))
        #expect(Prerequisite.shouldRun(available: false, environment: ["CI": "1"]))
    }

    @Test func anAvailablePrerequisiteAlwaysRuns() {
        #expect(Prerequisite.shouldRun(available: true, environment: [:]))
        #expect(Prerequisite.shouldRun(available: true, environment: ["CI": "true"]))
    }
}
