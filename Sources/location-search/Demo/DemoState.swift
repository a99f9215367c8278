import LocationSearch

/// What the demo knows between keys: the query, its completions so far, how many there
/// are in all, the selection and the scrolled list.
///
/// The completions are fetched a page at a time (`DemoSession` asks for more as the
/// selection nears the end of those fetched), so `results` may hold fewer than `total`.
struct DemoState {
    var editor = LineEditor()
    /// The completions for `editor.text` fetched so far, best first (empty while loading).
    var results: [LocalSearchCompletion] = []
    /// How many completions the query has in all (`LocationCompleter.matchCount`), at
    /// least `results.count`.
    var total = 0
    /// Whether `results` holds every completion (the last fetch came back short).
    var complete = true
    /// The selected row, an index into `results`.
    var selection = 0
    /// The first row shown: the list scrolls so that the selection stays in view.
    var scroll = 0
    /// Whether the places are still loading.
    var loading = true
    /// How long the last query took, in microseconds; `nil` before the first.
    var micros: Int?

    /// New completions for a new query: the selection back on the first.
    mutating func show(_ results: [LocalSearchCompletion], total: Int, complete: Bool) {
        self.results = results
        self.complete = complete
        self.total = complete ? results.count : max(total, results.count)
        selection = 0
        scroll = 0
    }

    /// More completions of the same query (`results` a longer list that starts with the
    /// old one); the selection and scroll stay.
    mutating func extend(_ results: [LocalSearchCompletion], complete: Bool) {
        self.results = results
        self.complete = complete
        total = complete ? results.count : max(total, results.count)
        selection = min(selection, max(0, results.count - 1))
    }

    /// Moves the selection by `offset` rows within the fetched results, scrolling the list
    /// of `visible` rows so that the selection stays in view.
    mutating func moveSelection(by offset: Int, visible: Int) {
        guard !results.isEmpty else {
            selection = 0
            scroll = 0
            return
        }
        selection = min(max(0, selection + offset), results.count - 1)
        keepSelectionInView(visible: visible)
    }

    /// Scrolls as little as possible so that the selection is one of the `visible` rows.
    mutating func keepSelectionInView(visible: Int) {
        let visible = max(1, visible)
        if selection < scroll { scroll = selection }
        if selection >= scroll + visible { scroll = selection - visible + 1 }
        scroll = max(0, min(scroll, max(0, results.count - visible)))
    }

    /// The selected completion, if there is one.
    var selected: LocalSearchCompletion? {
        results.indices.contains(selection) ? results[selection] : nil
    }
}
