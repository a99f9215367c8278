import Testing
import LocationSearch

@Suite("LocationSearch", .timeLimit(.minutes(1)))
struct AsyncLocationSearchTests {
    let search = AsyncFixture.search

    @Test("search answers what the completer answers", arguments: [
        ("cir", CompletionOptions()),
        ("springfield", CompletionOptions(limit: 1)),
        ("spring", CompletionOptions(countries: ["us"])),
        ("zurich", CompletionOptions()),
        ("nowhere at all", CompletionOptions()),
        ("", CompletionOptions()),
    ])
    func answersLikeTheCompleter(_ fragment: String, _ options: CompletionOptions) async throws {
        let completions = try await search.search(fragment, options: options)
        #expect(completions == AsyncFixture.completer.completions(for: fragment, options: options))
    }

    @Test func findsFixturePlaces() async throws {
        #expect(try await search.search("cir").map(\.description) == [
            "Cirencester, England, United Kingdom",
            "Circleville, Ohio, United States",
        ])
    }

    @Test func throwsCancellationErrorWhenItsTaskIsCancelled() async {
        let search = search
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await search.search("cir")
        }
        await #expect(throws: CancellationError.self) {
            try await task.value
        }
    }

    @Test func returnsResultsWhenNotCancelled() async throws {
        let search = search
        let completions = try await Task { try await search.search("lon") }.value
        #expect(completions.map(\.title) == ["London"])
    }

    @Test func manyTasksShareOneSearch() async throws {
        let search = search
        let fragments = ["c", "ci", "cir", "l", "lo", "ly", "s", "sp", "z", "zu", "x"]
        try await withThrowingTaskGroup(of: (String, CompletionOptions, [LocalSearchCompletion]).self) { group in
            for round in 0..<20 {
                for fragment in fragments {
                    let options = CompletionOptions(limit: round % 5 + 1)
                    group.addTask { (fragment, options, try await search.search(fragment, options: options)) }
                }
            }
            for try await (fragment, options, completions) in group {
                #expect(completions == AsyncFixture.completer.completions(for: fragment, options: options))
            }
        }
    }
}
