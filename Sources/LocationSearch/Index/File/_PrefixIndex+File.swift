extension _PrefixIndex {
    /// Appends the index's sections: the folded keys (`folded`), each indexed name's
    /// display name (`name.display.base`, `.delta` and `.shift`: see `_RisingColumn`) and
    /// place (`name.place.base`, `.steps` and `.wide`: see `_StepColumn`), the longest name
    /// (`name.longest`), the distinct scores of both lists' keys (`scores`, strictly rising:
    /// see `_KeyNameScores`), then per list (`whole`, `words`) its keys (`_SortedKeys+File`),
    /// its trie (`trie.<list>`, `_ShallowTrie+File`) and its views (`<list>.vw`,
    /// `_KeyViews+File`).
    func write(to writer: inout _IndexFile.Writer) {
        writer.append("folded", folded)
        writer.append("name.display", ["base": nameDisplay.base, "delta": nameDisplay.delta])
        writer.append("name.display.shift", value: UInt64(nameDisplay.shift))
        writer.append("name.place", ["base": namePlace.base, "steps": namePlace.steps, "wide": namePlace.wide])
        writer.append("name.longest", value: UInt64(longestName))
        writer.append("scores", whole.entries.scores)
        whole.write(to: &writer, prefix: "whole")
        words.write(to: &writer, prefix: "words")
        tries.whole.write(to: &writer, prefix: "trie.whole")
        tries.words.write(to: &writer, prefix: "trie.words")
        wholeViews.write(to: &writer, prefix: "whole.vw")
        wordViews.write(to: &writer, prefix: "words.vw")
    }

    /// The index `write(to:)` wrote, over a gazetteer of `names` names, `places` places
    /// and `labels` labels: every reference checked to be in bounds.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    init(reading reader: _IndexFile.Reader, names: Int, places: Int, labels: Int) throws {
        let folded = try reader.column("folded", as: UInt8.self)
        guard folded.isEmpty || folded[folded.count - 1] == 0 else {
            throw reader.invalid("the folded keys are damaged")
        }
        let display = reader.columns("name.display"), place = reader.columns("name.place")
        guard let shift = Int(exactly: try reader.value("name.display.shift")) else {
            throw reader.invalid("the name references are damaged")
        }
        let nameDisplay = _RisingColumn(base: try display("base"), delta: try display("delta"), shift: shift)
        let namePlace = _StepColumn(base: try place("base"), steps: try place("steps"), wide: try place("wide"),
                                    count: nameDisplay.count)
        guard nameDisplay.isConsistent(below: names), namePlace.isConsistent(below: places)
        else { throw reader.invalid("the name references are damaged") }
        // The longest name bounds query lengths (`matches(for:options:)` adds to it): no
        // name is longer than all the folded text.
        let longest = try reader.value("name.longest")
        guard longest >= 1, longest <= UInt64(folded.count) else {
            throw reader.invalid("its longest name (\(longest)) is damaged")
        }
        let scores: _Column<Float> = try reader.column("scores", as: Float.self)
        guard _KeyNameScores.scoresAreConsistent(scores) else { throw reader.invalid("the keys' scores are damaged") }
        func keys(_ list: String) throws -> _SortedKeys {
            try _SortedKeys(reading: reader, prefix: list, textCount: folded.count, nameCount: nameDisplay.count,
                            scores: scores)
        }
        let whole = try keys("whole"), words = try keys("words")
        let tries = _ShallowTries(
            whole: try _ShallowTrie(reading: reader, prefix: "trie.whole", keyCount: whole.count),
            words: try _ShallowTrie(reading: reader, prefix: "trie.words", keyCount: words.count))
        let groups = labels + _KeyViews.kindGroups
        self.init(
            folded: folded, nameDisplay: nameDisplay, namePlace: namePlace, whole: whole, words: words,
            longestName: Int(longest), tries: tries,
            wholeViews: try _KeyViews(reading: reader, prefix: "whole.vw", groups: groups),
            wordViews: try _KeyViews(reading: reader, prefix: "words.vw", groups: groups))
    }
}
