import LocationSearch

/// What the demo knows between keys: the query, its completions, the selection.
struct DemoState {
    var editor = LineEditor()
    /// The completions for `editor.text` (empty while loading).
    var results: [LocalSearchCompletion] = []
    /// The selected row, an index into `results`.
    var selection = 0
    /// Whether the places are still loading.
    var loading = true
    /// How long the last query took, in microseconds; `nil` before the first.
    var micros: Int?

    /// Moves the selection by `offset` rows, staying among the `visible` rows.
    mutating func moveSelection(by offset: Int, visible: Int) {
        let last = min(results.count, visible) - 1
        guard last >= 0 else { return }
        selection = min(max(0, selection + offset), last)
    }

    /// The selected completion, if one is on screen.
    func selected(visible: Int) -> LocalSearchCompletion? {
        selection < min(results.count, visible) ? results[selection] : nil
    }
}
