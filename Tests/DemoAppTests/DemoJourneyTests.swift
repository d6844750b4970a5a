#if os(Linux)
    import ConformanceKit
    import Foundation
    import MVITestSupport
    import ReferenceFeatures
    import Testing

    /// A person's journeys through the built `mvi-demo`, in tmux: keys typed with `send-keys`, the
    /// screen read with `capture-pane` and compared with the goldens under `Screens/` (read by eye
    /// once). Virtual time and the mock server's fixed data make every screen the same each run.
    @Suite(
        .serialized,
        .requires(
            TmuxSession.tmux != nil && demoExecutable() != nil,
            "the journeys need tmux on PATH and mvi-demo built next to the tests"))
    struct DemoJourneyTests {
        /// The demo in an 80x24 window; after it exits, the shell says its status and the terminal's mode.
        static func start(_ arguments: String, columns: Int = 80, rows: Int = 24, virtualTime: Bool = true) throws
            -> TmuxSession
        {
            let executable = try #require(demoExecutable()).path
            let command = """
                cd '\(packageRoot.path)' && '\(executable)' \(virtualTime ? "--virtual-time " : "")--fixtures Fixtures \(arguments); \
                echo "exit status $?"; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; echo "shell done"; sleep 120
                """
            return try TmuxSession(columns: columns, rows: rows, command: command)
        }

        /// A new empty folder under the temporary directory, for a recording and the demo's standard error.
        static func temporaryFolder() throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "mvi-demo-test-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }

        @Test func refreshKittensAndComeBackToAnImageFromMemory() throws {
            let session = try Self.start("--app kittens")
            try session.expectScreen("kittens-loaded")
            try session.press("r")
            try session.press("Down")
            // The second row's own image, not the first one's still shown: keys that arrive together
            // are handled before one frame, and Down then Up in one frame changes nothing.
            _ = try session.waitFor("the second image from the network") {
                $0.contains("> /images/Sk4nAYQlr.png") && $0.contains("source: network")
            }
            try session.press("Up")
            try session.expectScreen("kittens-refreshed-first-again")
        }

        /// The image disk cache outlives a run: the in-process mock server's port changes from run to
        /// run, and the cache is keyed by what names the image, so a second run reads it from disk.
        @Test func aSecondRunWithTheSameDataFolderReadsTheImageFromDisk() throws {
            let folder = try Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            for source in ["network", "disk"] {
                let session = try Self.start("--app kittens --data-dir '\(folder.path)'")
                _ = try session.waitFor("the first image from the \(source)") {
                    $0.contains("> /images/") && $0.contains("source: \(source)")
                }
                try session.press("q")
                _ = try session.waitFor(text: "exit status 0")
            }
            let files = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("images").path)
            #expect(files.count == 1, "one file for the one image seen, whatever the port: \(files)")
        }

        /// `--record`: the session, made by keys on the real clock, is a scenario the reference replays.
        @Test func aKittensSessionRecordedInTheAppReplaysGreen() throws {
            let folder = try Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("refresh-in-the-demo.jsonl")
            let errors = folder.appendingPathComponent("stderr.txt")
            let session = try Self.start("--app kittens --record '\(file.path)' 2>'\(errors.path)'", virtualTime: false)
            let loaded = try session.waitFor("the list loaded, while recording") {
                $0.contains("10 kittens") && !$0.contains("Loading")
                    && $0.contains("recording to refresh-in-the-demo.jsonl, 1 request")
            }
            // One tab: no next app to go to, and Tab writes nothing into the scenario.
            #expect(!loaded.contains("Tab next app"), "\(loaded)")
            try session.press("Tab")
            try session.press("r")
            // Quit once the refresh's answer is shown: its request counted, the list no longer loading.
            _ = try session.waitFor("the refreshed list") {
                $0.contains("10 kittens") && !$0.contains("Loading") && $0.contains("2 requests")
            }
            try session.press("q")
            _ = try session.waitFor(text: "recorded the session to")  // the path wraps at 80 columns
            _ = try session.waitFor(text: "exit status 0")
            guard FileManager.default.fileExists(atPath: file.path) else {
                // What the demo wrote to standard error (a trap's message) is lost on its alternate screen.
                Issue.record(
                    "no recording; the demo's standard error:\n\((try? String(contentsOf: errors, encoding: .utf8)) ?? "(none)")"
                )
                return
            }
            let scenario = try String(contentsOf: file, encoding: .utf8)
            let replayer = ReferenceImplementation(features: .reference)
            let result = try replayer.replay(try replayer.read(scenario, file: file.lastPathComponent))
            let transcript = TranscriptFormatter.text(result)
            #expect(
                scenario.hasPrefix(#"{"format": 1, "id": "kittens/refresh-in-the-demo", "feature": "kittens""#),
                "\(scenario)")
            // The in-process server's port of the moment is not written: its images are named under one fixed origin.
            #expect(!scenario.contains("127.0.0.1"), "\(scenario)")
            #expect(scenario.contains("http://mock-server.test/images/"), "\(scenario)")
            #expect(
                scenario.components(separatedBy: #""event": "stop""#).count == 2, "one stop, the quit's: \(scenario)")
            for line in [
                "> 1 create", "viewCreated", "start", "respond #1", "view refreshTriggered", "request #2", "respond #2",
                "stop", "destroy",
            ] {
                #expect(transcript.contains(line), "the replay shows \(line):\n\(transcript)")
            }
        }

        /// Quitting with the refresh still in flight, the shape of the session that once stopped on
        /// an illegal instruction (FoundationNetworking's task registry, with a URL cache): the
        /// request is cancelled, the scenario written whole, status 0.
        @Test func aRecordingQuitWithARequestInFlightIsWritten() throws {
            let folder = try Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("quit-in-flight.jsonl")
            let errors = folder.appendingPathComponent("stderr.txt")
            for _ in 1...5 {
                let session = try Self.start(
                    "--app kittens --record '\(file.path)' 2>'\(errors.path)'", virtualTime: false)
                _ = try session.waitFor("the list loaded, while recording") {
                    $0.contains("10 kittens") && !$0.contains("Loading") && $0.contains("1 request")
                }
                try session.press("r", "q")
                let after = try session.waitFor(text: "exit status")
                let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
                #expect(after.contains("exit status 0"), "the demo's standard error:\n\(stderr)\n\(after)")
                let scenario = try String(contentsOf: file, encoding: .utf8)
                let replayer = ReferenceImplementation(features: .reference)
                _ = try replayer.replay(try replayer.read(scenario, file: file.lastPathComponent))
                try FileManager.default.removeItem(at: file)
            }
        }

        @Test func aFiveSecondCountdownRunsToItsRestart() throws {
            let session = try Self.start("--app timer")
            try session.waitFor(text: "setting the time")
            try session.type("5")
            try session.press("Enter")
            try session.expectScreen("timer-set")
            try session.press("Space")
            for _ in 1...5 { try session.press("C-t") }
            try session.expectScreen("timer-finished-restarting")
            // "Start (off)": Space does nothing while the timer restarts by itself.
            try session.press("Space")
            try session.press("C-t")
            let later = try session.waitFor(text: "virtual time 0:06")
            #expect(later.contains("Countdown timer: restarting") && later.contains("[Space] Start (off)"), "\(later)")
            for _ in 1...2 { try session.press("C-t") }
            try session.expectScreen("timer-restarted")
        }

        @Test func pageHeadlinesOpenAnArticleAndGoBack() throws {
            let session = try Self.start("--app news")
            try session.expectScreen("news-headlines")
            try session.press("End")
            try session.expectScreen("news-second-page")
            try session.press("Enter")
            try session.waitFor(text: "not a favourite")
            try session.press("f")
            try session.expectScreen("news-article-favourite")
            try session.press("Escape")
            try session.expectScreen("news-back")
        }

        @Test func searchThenOpenADeepLink() throws {
            let session = try Self.start("--app news")
            try session.waitFor(text: "Top headlines: 20 shown")
            try session.press("/")
            try session.waitFor(text: "Search: _")
            try session.type("swift")
            try session.press("C-t")
            try session.expectScreen("news-search")
            // No row is shown selected, so Enter opens nothing.
            try session.press("Enter")
            try session.press("C-o")
            let prompt = try session.waitFor(text: "Open link: news://_")
            #expect(prompt.contains("Search: swift_") && prompt.contains("after push search"), "\(prompt)")
            try session.type("search?q=kotlin")
            try session.press("Enter")
            try session.press("C-t")
            try session.expectScreen("news-deep-link")
            // The whole link, as the docs write it, after the `news://` the prompt starts with.
            try session.press("C-o")
            try session.type("news://search?q=swift")
            try session.waitFor(text: "Open link: news://search?q=swift_")
            try session.press("Enter")
            try session.waitFor(text: #"after replace [top, search(q: "swift")]"#)
            try session.press("C-o")
            try session.type("article?url=ftp%3A%2F%2Fx")
            try session.press("Enter")
            try session.waitFor(text: "deep link refused")
        }

        @Test func aResizeRedrawsAndATooSmallWindowSaysSo() throws {
            let session = try Self.start("--app timer")
            try session.waitFor(text: "setting the time")
            try session.resize(columns: 100, rows: 30)
            try session.expectScreen("resize-100x30")
            try session.resize(columns: 60, rows: 20)
            try session.waitFor(text: "mvi-demo needs at least 80x24; this terminal is 60x20.")
            // Keys behind the request for room do nothing: the digit typed is not in the entry after.
            try session.type("5")
            try session.resize(columns: 80, rows: 24)
            let after = try session.waitFor(text: "setting the time")
            #expect(after.contains("00:00") && !after.contains("00:05"), "\(after)")
            try session.press("C-c")
            let done = try session.waitFor(text: "shell done")
            #expect(done.contains("exit status 0"))
            #expect(done.contains("icanon echo"))
            #expect(try session.pane("#{alternate_on}") == "0")
        }

        /// While recording, the Timer tab shows the store's labels as it does without a recording.
        @Test func aRecordedTimerSessionShowsItsLabels() throws {
            let folder = try Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("rejected-time.jsonl")
            let session = try Self.start("--app timer --record '\(file.path)'", virtualTime: false)
            try session.waitFor(text: "setting the time")
            try session.type("9999")
            try session.waitFor(text: "99:99")
            try session.press("Enter")
            try session.waitFor(text: #"last label: rejected("setTime: minutes must be 0...59, got 99")"#)
            try session.press("C-c")
            _ = try session.waitFor(text: "exit status 0")
        }

        /// `--record` onto a committed fixture is refused as the demo starts, before any session
        /// (it once overwrote `timer/set-and-start` at ^C), and so is another feature's folder.
        @Test func recordingOntoAnExistingFixtureIsRefusedBeforeTheSession() throws {
            let fixture = packageRoot.appendingPathComponent("Fixtures/timer/set-and-start.jsonl")
            let before = try Data(contentsOf: fixture)
            let existing = try Self.start(
                "--app timer --record Fixtures/timer/set-and-start.jsonl", virtualTime: false)
            let refused = try existing.waitFor(text: "exit status 2")
            #expect(refused.contains("the file exists;") && refused.contains("--force"), "\(refused)")
            #expect(!refused.contains("setting the time"), "no session started: \(refused)")
            #expect(try Data(contentsOf: fixture) == before)
            let elsewhere = try Self.start("--app kittens --record Fixtures/timer/kit.jsonl", virtualTime: false)
            let other = try elsewhere.waitFor(text: "exit status 2")
            #expect(other.contains("the folder timer/ holds"), "\(other)")
            #expect(
                !FileManager.default.fileExists(
                    atPath: packageRoot.appendingPathComponent("Fixtures/timer/kit.jsonl").path))
        }

        @Test(arguments: [("TERM", "exit status 0"), ("SEGV", "exit status 139")])
        func theTerminalIsRestoredOnAStopOrACrashSignal(signal: String, status: String) throws {
            let session = try Self.start("--app timer")
            try session.waitFor(text: "setting the time")
            let shell = try session.pane("#{pane_pid}")
            let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
            let demo = try #require(children.split(separator: " ").first)
            let kill = Process()
            kill.executableURL = URL(fileURLWithPath: "/bin/kill")
            kill.arguments = ["-\(signal)", String(demo)]
            try kill.run()
            kill.waitUntilExit()
            let after = try session.waitFor(text: "shell done")
            #expect(after.contains(status))
            #expect(after.contains("icanon echo"))
            #expect(try session.pane("#{alternate_on}") == "0")
        }
    }
#endif
