extension _PrefixIndex {
    /// Appends the index's sections: the keys' text (`key.text`, its blocks' starts
    /// `key.text.start`, its number of texts `key.text.count` and its references' start
    /// bits `key.text.shift`: see `_KeyText`), the indexed names' count (`name.count`) and
    /// each one's display name and place (`name.display.base`, `.steps`, `.wide` and
    /// `.planes`, and the same of `name.place`: see `_StepColumn`), the longest name
    /// (`name.longest`), the whole-name keys' distinct scores (`scores`, strictly rising,
    /// which a word key's rank, its whole-name key's, also indexes: see `_KeyNameScores`),
    /// then per list (`whole`, `words`) its keys (`_SortedKeys+File`), its trie
    /// (`trie.<list>`, `_ShallowTrie+File`) and its views (`<list>.vw`, `_KeyViews+File`).
    func write(to writer: inout _IndexFile.Writer) {
        writer.append("key.text", keyText.bytes)
        writer.append("key.text.start", keyText.starts)
        writer.append("key.text.count", value: UInt64(keyText.count))
        writer.append("key.text.shift", value: UInt64(keyText.shift))
        writer.append("name.count", value: UInt64(nameDisplay.count))
        for (prefix, column) in [("name.display", nameDisplay), ("name.place", namePlace)] {
            writer.append(prefix, ["base": column.base, "steps": column.steps, "wide": column.wide])
            writer.append("\(prefix).planes", value: UInt64(column.planes))
        }
        writer.append("name.longest", value: UInt64(longestName))
        writer.append("scores", whole.entries.scores)
        whole.write(to: &writer, prefix: "whole")
        words.write(to: &writer, prefix: "words")
        tries.whole.write(to: &writer, prefix: "trie.whole")
        tries.words.write(to: &writer, prefix: "trie.words")
        wholeViews.write(to: &writer, prefix: "whole.vw")
        wordViews.write(to: &writer, prefix: "words.vw")
    }

    /// What a loaded index is made of, each part checked within itself: its `head`
    /// (`Head(reading:)`) and its two lists (`List.reading(_:_:head:)`), which a loader
    /// reads on two threads at once (`LocationCompleter(reading:)`). Its references into
    /// the gazetteer are checked by `mismatch(labels:)` and `referencesFit(names:places:)`,
    /// which a caller must ask before using it.
    ///
    /// The word list's keys refer to the whole-name list's: `wordOffsets` are their offsets,
    /// checked against it (`_SortedKeys.WordReferences.offsets(whole:)`, then `isConsistent`); `nil`
    /// when its entries do not fit the whole-name list's.
    init?(head: Head, whole: List.Parts, words: List.WordParts, wordOffsets: _KeyOffsets) {
        guard let wordKeys = _SortedKeys(words: words.columns, offsets: wordOffsets, whole: whole.keys)
        else { return nil }
        self.init(
            keyText: head.keyText, nameDisplay: head.nameDisplay, namePlace: head.namePlace, whole: whole.keys,
            words: wordKeys, longestName: head.longestName,
            tries: _ShallowTries(whole: whole.trie, words: words.trie),
            wholeViews: whole.views, wordViews: words.views)
    }

    /// What is wrong with a loaded index's views for a gazetteer of `labels` labels (a view
    /// group per label besides the kind groups), or `nil` when they fit. Its other
    /// references into the gazetteer are `referencesFit(names:places:)`'s.
    ///
    /// - Complexity: O(1).
    func mismatch(labels: Int) -> String? {
        let groups = labels + _KeyViews.kindGroups
        if wholeViews.groupCount != groups { return "the whole.vw key views are damaged" }
        if wordViews.groupCount != groups { return "the words.vw key views are damaged" }
        return nil
    }

    /// Whether every best of the lists' trees, tries and views is at most the count of
    /// scores (a rank plus one: `_KeyNameScores.Best`), so that `Buffers.bound(_:)` reads
    /// inside the table: a loader's check, once both
    /// lists are read (the tries and the scores are read on different threads).
    ///
    /// - Complexity: O(*b*) for *b* bests (vectorised maxima).
    func bestsFit() -> Bool {
        let limit = whole.entries.scores.count + 1
        return whole.tree.allBelow(limit) && words.tree.allBelow(limit) && tries.whole.best.allBelow(limit)
            && tries.words.best.allBelow(limit) && wholeViews.trees.allBelow(limit) && wordViews.trees.allBelow(limit)
    }

    /// Whether every indexed name's display name and place are below `names` and `places`,
    /// the gazetteer's counts: a loader's check, the two columns on two threads (a load
    /// waits for it once both of its threads are done).
    ///
    /// - Complexity: O(*n*) for *n* indexed names (a vectorised maximum).
    func referencesFit(names: Int, places: Int) -> Bool {
        let namePlace = namePlace
        let (displayFits, placesFit) = _Concurrently.run({ nameDisplay.isConsistent(below: names) }, alongside: {
            namePlace.isConsistent(below: places)
        })
        return displayFits && placesFit
    }
}

extension _PrefixIndex {
    /// The parts of an index that the rest is checked against: the keys' text, each
    /// indexed name's display name and place, the longest name's length and the keys'
    /// scores.
    struct Head: Sendable {
        let keyText: _KeyText
        let nameDisplay: _StepColumn
        let namePlace: _StepColumn
        let longestName: Int
        /// The whole-name keys' distinct scores, rising, which a word key's rank also
        /// indexes: its whole-name key's (`_KeyNameScores`).
        let scores: _Column<Float>

        /// The head `write(to:)` wrote (sections `key.text.*`, `name.*`, `scores`), checked
        /// within itself (that its names and places are the gazetteer's is for
        /// `referencesFit(names:places:)`).
        ///
        /// - Complexity: O(*b* + *s*) for *b* blocks of key text and *s* distinct scores;
        ///   the names' columns are checked against the gazetteer.
        init(reading reader: _IndexFile.Reader) throws {
            guard let count = Int(exactly: try reader.value("key.text.count")),
                  let textShift = Int(exactly: try reader.value("key.text.shift")), (1...32).contains(textShift)
            else { throw reader.invalid("the key text is damaged") }
            keyText = _KeyText(
                bytes: try reader.column("key.text", as: UInt8.self),
                starts: try reader.column("key.text.start", as: UInt32.self), count: count, shift: textShift)
            guard keyText.isConsistent() else { throw reader.invalid("the key text is damaged") }
            // Each indexed name's display name and place, as many as `name.count` (each
            // column's blocks are checked against it by `referencesFit(names:places:)`).
            guard let names = Int(exactly: try reader.value("name.count")), names < Int(UInt32.max) else {
                throw reader.invalid("the name references are damaged")
            }
            func column(_ prefix: String) throws -> _StepColumn {
                let part = reader.columns(prefix)
                guard let planes = Int(exactly: try reader.value("\(prefix).planes")) else {
                    throw reader.invalid("the name references are damaged")
                }
                return _StepColumn(base: try part("base"), steps: try part("steps"), wide: try part("wide"),
                                   count: names, planes: planes)
            }
            nameDisplay = try column("name.display")
            namePlace = try column("name.place")
            // The longest name bounds query lengths (`matches(for:options:)` adds to it): a
            // reference's start bits hold its length. It is 0 only in an index without
            // texts (an empty gazetteer's).
            let longest = try reader.value("name.longest")
            guard longest >= (count == 0 ? 0 : 1), longest < UInt64(1) << UInt64(textShift) else {
                throw reader.invalid("its longest name (\(longest)) is damaged")
            }
            longestName = Int(longest)
            scores = try reader.column("scores", as: Float.self)
            guard _KeyNameScores.scoresAreConsistent(scores) else {
                throw reader.invalid("the keys' scores are damaged")
            }
        }
    }
}

extension _PrefixIndex.List {
    /// One list's keys, trie and views.
    typealias Parts = (keys: _SortedKeys, trie: _ShallowTrie, views: _KeyViews)

    /// List `list`'s keys (sections `<list>.*`), checked within themselves and against
    /// `head`.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    static func readingKeys(
        _ reader: _IndexFile.Reader, _ list: String, head: _PrefixIndex.Head
    ) throws -> _SortedKeys {
        try _SortedKeys(
            reading: reader, prefix: list, text: head.keyText, nameCount: head.nameDisplay.count, scores: head.scores)
    }

    /// The number of keys of list `list`: its words' count, from the length of its
    /// `.entry` section and their width, before the list is checked (`readingKeys`), so
    /// that a loader checks the list's trie (`_ShallowTrie(reading:prefix:keyCount:)`) on
    /// one thread and its keys on another; the keys read must then come to this count.
    ///
    /// - Complexity: O(1).
    static func keyCount(_ reader: _IndexFile.Reader, _ list: String) throws -> Int {
        guard let width = Int(exactly: try reader.value("\(list).entry.width")),
              let words = _PackedWords(bytes: try reader.column("\(list).entry", as: UInt8.self), width: width)
        else { throw reader.invalid("the \(list) key list is damaged") }
        return words.count
    }

    /// The word list's columns (before they are joined to the whole-name list's), trie and
    /// views.
    typealias WordParts = (columns: _SortedKeys.WordColumns, trie: _ShallowTrie, views: _KeyViews)

    /// The word list's parts as `_PrefixIndex.write(to:)` wrote them (sections `words.*`,
    /// `trie.words.*` and `words.vw.*`) beside its `references`, each checked within itself
    /// and against the others, the largest of the references' bits above their fields being
    /// `above` (`references.largest().above`; the references' whole-name keys and starts
    /// are checked against the whole-name list: `_SortedKeys.WordReferences.offsets(whole:)`).
    ///
    /// - Complexity: O(*n*) for *n* keys.
    static func readingWords(
        _ reader: _IndexFile.Reader, references: _SortedKeys.WordReferences, above: UInt64
    ) throws -> WordParts {
        let columns = try _SortedKeys.WordColumns(
            reading: reader, prefix: "words", references: references, above: above)
        return (columns, try _ShallowTrie(reading: reader, prefix: "trie.words", keyCount: columns.count),
                try _KeyViews(reading: reader, prefix: "words.vw"))
    }
}
