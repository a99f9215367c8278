extension _PrefixIndex {
    /// The index of `gazetteer`'s names: every (place, folded name) once, its whole-name
    /// key, a key at each later word start, and a city's canonical name without its
    /// spaces; each scored by `_Ranking`, sorted, with the lists' tries and views. Each
    /// key's name and score take one word of the fewest bytes that hold them, and at least
    /// `minimumWidth` (tests pass more, to build the layouts a larger gazetteer gets).
    ///
    /// The passes run on two cores where they are independent (`_Concurrently`): the two
    /// halves of the names fold at once and are joined in order (their keys on one core,
    /// the rest on the other); the word keys sort while the whole-name keys sort and lay
    /// out the text; then each list's offsets, trie and views are built at once, with the
    /// whole-name keys' alternate-name bits (`_KeyQualifierBits.alternateKeys`, which come
    /// back too) and the names' columns beside the whole-name list. Each pass is
    /// deterministic, so the index is the same, byte for byte, as one built on one core.
    ///
    /// The names come back too, those that have a fold in the index coded as edits of the
    /// fold where that is shorter (`_NameFolds`), reading it: the folding pass codes each
    /// name over its fold, and the headers get their folds' text numbers once the keys are
    /// sorted.
    ///
    /// `other`, a job of the caller's, runs on another core while the two halves of the
    /// folded names are joined (which is mostly one core's work), and its result comes
    /// back with the index: run alongside the folding instead, it took a third of the two
    /// cores from the halves, unevenly.
    ///
    /// - Complexity: O(*n* log *n*) in the number of keys.
    static func build<Other: Sendable>(
        _ gazetteer: Gazetteer, progress: _BuildProgress? = nil, minimumWidth: Int = 1,
        alongside other: @escaping @Sendable () -> Other
    ) -> (index: _PrefixIndex, names: _CompressedStrings, alternateKeys: _Column<UInt64>, other: Other) {
        // The places split where their names' codes are about halved: folding and coding a
        // name costs about what its bytes do, and the names' lengths differ by place (a
        // country's hundreds of names in many scripts are two or three bytes a letter).
        // Split at half the names instead, the second half took 1.65 times the first's CPU
        // (perf samples); at half the codes, 189 ms against 178 (the fold of ASCII is the
        // cheaper since it reads a table in place, and the second half has fewer ASCII
        // names): at 52%, 182 and 185.
        let placeCount = gazetteer._places.count
        let places = gazetteer._places.buffers, units = gazetteer._names.offsets
        let halfTheUnits = units[gazetteer._names.count] / 100 * 52
        let split = Self.partition(0..<placeCount) { units[Int(places[$0].firstName)] < halfTheUnits }
        let coder = _NameFolds.Coder(table: gazetteer._names.table)
        let halves = _Concurrently.run(
            // (The first part makes room for the second's names, which `append` then copies
            // in place: growing it there copied the first part's 30 MB again, on one core.)
            { FoldedNames(gazetteer, places: 0..<split, room: 0..<placeCount, coder: coder, progress: progress) },
            alongside: { FoldedNames(gazetteer, places: split..<placeCount, coder: coder, progress: nil) })
        let (keys, otherResult) = _Concurrently.run({
            var keys = halves.0
            keys.append(halves.1)
            keys.weighShadowedAliases()
            keys.keepScoreLevels()
            return keys
        }, alongside: other)

        progress?("Sorting keys", 0)
        let folded = keys.folded, whole = keys.whole, words = keys.words, nameCount = keys.nameDisplay.count
        // The whole-name keys of most first bytes sort while the word keys sort, then make
        // the table of the whole-name keys' distinct scores (which needs no order), then
        // the whole-name keys of the last first bytes sort on that core too (the word keys
        // are fewer); the whole-name keys then lay out the text, on both cores. (A word
        // key's score is its name's whole-name key's, and its rank is read from that key's
        // word: `_KeyNameScores`.)
        let (firstBytes, firstCount) = Self.sortSplit(
            _SortedKeys.firstByteCounts(of: whole, folded: folded), words: words.count)
        // (The sorted lists and the other core's working memory are made here, as the
        // build's other large lists are: see `SortScratch`.)
        var scoreRanks: _KeyNameScores.Ranks? = nil, wordsSorted: [_SortedKeys.Entry] = []
        let scratch = _SortedKeys.SortScratch(count: max(words.count, whole.count - firstCount))
        var sortedWhole = [_SortedKeys.Entry](unsafeUninitializedCapacity: whole.count) { wholeBuffer, wholeCount in
            wordsSorted = [_SortedKeys.Entry](unsafeUninitializedCapacity: words.count) { wordBuffer, wordCount in
                let target = KeyLists(whole: wholeBuffer, words: wordBuffer)
                (_, scoreRanks) = _Concurrently.run({
                    _ = _SortedKeys.sort(
                        whole, folded: folded, firstBytes: 0..<firstBytes, count: firstCount,
                        into: UnsafeMutableBufferPointer(rebasing: target.whole[..<firstCount]),
                        scratch: _SortedKeys.SortScratch(count: firstCount))
                }, alongside: {
                    _ = _SortedKeys.sort(words, folded: folded, firstBytes: 0..<256, count: words.count,
                                         into: target.words, scratch: scratch)
                    let ranks = _KeyNameScores.Ranks(_SortedKeys.scores(of: whole))
                    _ = _SortedKeys.sort(
                        whole, folded: folded, firstBytes: firstBytes..<256, count: whole.count - firstCount,
                        into: UnsafeMutableBufferPointer(rebasing: target.whole[firstCount..<whole.count]),
                        scratch: scratch)
                    return ranks
                })
                wordCount = words.count
            }
            wholeCount = whole.count
        }
        let (text, moves) = Self.layOut(&sortedWhole, folded: folded, nameCount: nameCount)
        let wholeSorted = sortedWhole
        guard let ranks = scoreRanks else { preconditionFailure("the word keys' sort ended without the ranks") }
        Self.move(&wordsSorted, moves)
        let wordSorted = wordsSorted
        progress?("Sorting keys", 1)

        let scores = _Column(ranks.table)
        // Each sorted list's ranks, for its entries (the whole-name list's), tree and trie.
        let wholeRanks = ranks.ranks(of: _SortedKeys.scores(of: wholeSorted))
        let wordRanks = ranks.ranks(of: _SortedKeys.scores(of: wordSorted))
        // The text front-coded; each key a reference into it (`_KeyText`, `_KeyOffsets`): a
        // word key as its name's whole-name key and its start in that key's text.
        let (keyText, wholeKey, wordReferences) = Self.references(
            text: text, whole: wholeSorted, words: wordSorted, longest: keys.longest)

        // The whole-name list's entries (each key's rank in the table among them) while the
        // word keys' references to them are laid out; the two joined, then each list's trie
        // and views, the word keys' on another core.
        let namePlace = keys.namePlace
        let (wholeKeys, wordColumns) = _Concurrently.run({
            text.withUnsafeBufferPointer { text in
                _SortedKeys(sorted: wholeSorted, ranks: wholeRanks[...],
                            scores: scores, text: text, key: wholeKey, nameCount: nameCount,
                            minimumWidth: minimumWidth)
            }
        }, alongside: {
            text.withUnsafeBufferPointer { text in
                _SortedKeys.wordColumns(wordSorted, references: wordReferences, wholeCount: wholeSorted.count,
                                        ranks: wordRanks[...], text: text, minimumWidth: minimumWidth)
            }
        })
        let references = wordColumns.references
        guard let wordOffsets = _KeyOffsets(refs: references.refs, refBits: references.refBits,
                                            startBits: references.startBits, whole: wholeKeys.key),
              let wordKeys = _SortedKeys(words: wordColumns, offsets: wordOffsets, whole: wholeKeys)
        else { preconditionFailure("the word keys' references do not fit the whole-name keys") }
        // The word keys' list on another core, and then the names' codes over their folds
        // (the whole-name keys' list takes longer), each header given its fold's text number
        // (a whole-name key's: every distinct text is one text of `keyText`).
        let sourceNames = gazetteer._names, codedNames = keys.codedNames, nameCodes = keys.nameCodes
        let respellable = keys.respellable
        let nameDisplay = keys.nameDisplay
        let ((wholeList, alternateKeys, nameDisplayColumn, namePlaceColumn), (wordList, coded)) = _Concurrently.run(
            {
                let list = Self.list(wholeKeys, sorted: wholeSorted, ranks: wholeRanks, text: text,
                                     namePlace: namePlace, gazetteer: gazetteer)
                let alternateKeys = _KeyQualifierBits.alternateKeys(
                    of: wholeKeys, places: gazetteer._places.buffers, nameDisplay: nameDisplay, namePlace: namePlace)
                return (list, alternateKeys, _StepColumn(nameDisplay), _StepColumn(namePlace))
            },
            alongside: {
                let list = Self.list(wordKeys, sorted: wordSorted, ranks: wordRanks, text: text,
                                     namePlace: namePlace, gazetteer: gazetteer)
                var textNumbers = [UInt32](repeating: UInt32.max, count: nameCount)
                let shift = keyText.shift
                for p in wholeSorted.indices {
                    textNumbers[Int(wholeSorted[p].name)] = UInt32(truncatingIfNeeded: wholeKeys.key[p] >> shift)
                }
                return (list, sourceNames.foldCoded(
                    codedNames, codes: nameCodes, textNumbers: textNumbers, respellable: respellable))
            })
        let index = _PrefixIndex(
            keyText: keyText, nameDisplay: nameDisplayColumn,
            namePlace: namePlaceColumn, whole: wholeList.keys, words: wordList.keys,
            longestName: keys.longest, tries: _ShallowTries(whole: wholeList.trie, words: wordList.trie),
            wholeViews: wholeList.views, wordViews: wordList.views)
        let names = _CompressedStrings(
            table: coded.table, codes: coded.codes, offsets: coded.offsets,
            folds: coded.folds.attaching(text: keyText, longest: index.longestName))
        return (index, names, alternateKeys, otherResult)
    }

    /// The text `layOut` laid out, front-coded (`_KeyText`, references with room for
    /// `longest` bytes and its longest text), the whole-name keys (offsets into `text`) as
    /// references into it (their texts' numbers), and each word key as its name's
    /// whole-name key (its index in `whole`) and its start in that key's text.
    ///
    /// - Complexity: O(*t* + *n*) for *t* bytes of text and *n* keys.
    static func references(
        text: [UInt8], whole: [_SortedKeys.Entry], words: [_SortedKeys.Entry], longest: Int
    ) -> (text: _KeyText, whole: _KeyOffsets, words: (key: [UInt32], start: [UInt32])) {
        // The whole-name keys' offsets rise, each at a text's start, and every text is one's
        // (`layOut`): the texts' starts are their distinct offsets. Each name has one.
        var starts: [Int] = [], numbers: [UInt32] = [], previous = -1
        numbers.reserveCapacity(whole.count)
        for entry in whole {
            if Int(entry.key) != previous {
                previous = Int(entry.key)
                starts.append(previous)
            }
            numbers.append(UInt32(starts.count - 1))
        }
        starts.append(text.count)
        var longest = longest
        for t in 0..<starts.count - 1 { longest = max(longest, starts[t + 1] - starts[t] - 1) }
        let shift = _KeyText.shift(longest: longest)
        precondition(starts.count - 1 <= Int(UInt32.max) >> shift, "the names need references of more than 32 bits")
        // A word key is a later word of its name's text: found (through each name's
        // whole-name key, a random write a key) while the text is front-coded here.
        let texts = starts, textNumbers = numbers
        let (keyText, (wordKey, wordStart, wholeOffsets)) = _Concurrently.run({
            text.withUnsafeBufferPointer { text in
                texts.withUnsafeBufferPointer { _KeyText(text: text, starts: $0, shift: shift) }
            }
        }, alongside: {
            var keyOfName = [UInt32](repeating: 0, count: whole.count)
            for i in whole.indices where Int(whole[i].name) < keyOfName.count {
                keyOfName[Int(whole[i].name)] = UInt32(i)
            }
            var wordKey: [UInt32] = [], wordStart: [UInt32] = []
            wordKey.reserveCapacity(words.count)
            wordStart.reserveCapacity(words.count)
            for entry in words {
                let key = Int(keyOfName[Int(entry.name)]), start = Int(entry.key) - Int(whole[key].key)
                precondition(whole[key].name == entry.name && start > 0 && start < 1 << shift,
                             "a word key outside its name's whole-name key")
                wordKey.append(UInt32(key))
                wordStart.append(UInt32(start))
            }
            return (wordKey, wordStart, _KeyOffsets(textNumbers: textNumbers, refShift: shift))
        })
        return (keyText, wholeOffsets, (wordKey, wordStart))
    }

    /// One sorted list's `keys` (`sorted`, offsets into `text`, whose scores' `ranks` are
    /// given) with its shallow trie and its views.
    ///
    /// - Complexity: O(*n* + *l*) for *n* keys and *l* labels.
    static func list(
        _ keys: _SortedKeys, sorted: [_SortedKeys.Entry], ranks: [UInt32], text: [UInt8], namePlace: [UInt32],
        gazetteer: Gazetteer
    ) -> (keys: _SortedKeys, trie: _ShallowTrie, views: _KeyViews) {
        text.withUnsafeBufferPointer { text in
            let offsets = _KeyOffsets(references: _SortedKeys.keys(of: sorted))
            let trie = ranks.withUnsafeBufferPointer { ranks in
                _ShallowTrie(keys: offsets.buffers, ranks: ranks, text: text)
            }
            let views = namePlace.withUnsafeBufferPointer { namePlace in
                _KeyViews(keys, namePlace: namePlace, places: gazetteer._places.buffers,
                          labelCount: gazetteer._labels.count)
            }
            return (keys, trie, views)
        }
    }

    /// The folded text laid out in whole-key order, each distinct text once (identical
    /// names sort next to each other), with both lists' keys (`whole` sorted, and `words`,
    /// keys into `folded`, each in a name of `nameCount`) moved into it: the whole-name
    /// keys' offsets then rise, which `_KeyOffsets` stores in two bytes a key. A word key
    /// keeps its place in its name's text.
    ///
    /// The keys' two halves are laid out at once (split where a key's text differs from
    /// the one before, so no text is shared across the split), the second half's text
    /// after the first's: the same text, byte for byte, as one pass.
    ///
    /// - Complexity: O(*t* + *n*) for *t* bytes of text and *n* keys.
    static func layOut(
        _ whole: inout [_SortedKeys.Entry], folded: [UInt8], nameCount: Int
    ) -> (text: [UInt8], moves: KeyMoves) {
        // Per name, where its text starts in `folded` and in the new text.
        var from = [UInt32](repeating: 0, count: nameCount), to = [UInt32](repeating: 0, count: nameCount)
        let count = whole.count
        let text = folded.withUnsafeBufferPointer { folded in
            whole.withUnsafeMutableBufferPointer { keys in
                from.withUnsafeMutableBufferPointer { fromBuffer in
                    to.withUnsafeMutableBufferPointer { toBuffer in
                        let whole = keys
                        let buffers = LayOutBuffers(whole: keys, folded: folded, from: fromBuffer, to: toBuffer)
                        // (A small index in one part: a thread costs more than it saves.)
                        var split = count < 1 << 16 ? count : count / 2
                        while split > 0 && split < count
                            && sameText(folded, Int(whole[split - 1].key), Int(whole[split].key)) { split += 1 }
                        let first = 0..<split, rest = split..<count
                        let (firstText, second) = rest.isEmpty
                            ? (layOut(first, of: buffers), [])
                            : _Concurrently.run({ layOut(first, of: buffers) }, alongside: { layOut(rest, of: buffers) })
                        var text = consume firstText  // (its one reference: appended to in place, not copied)
                        // The second part's text goes after the first's.
                        let base = UInt32(text.count)
                        for i in rest {
                            whole[i].key += base
                            toBuffer[Int(whole[i].name)] += base
                        }
                        text.append(contentsOf: second)
                        return text
                    }
                }
            }
        }
        return (text, KeyMoves(from: from, to: to))
    }

    /// Whether the keys at `a` and `b` of `folded` (each ended by a 0) have the same text.
    private static func sameText(_ folded: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Bool {
        var i = 0
        while folded[a + i] == folded[b + i] {
            if folded[a + i] == 0 { return true }
            i += 1
        }
        return false
    }

    /// The buffers `layOut`'s parts read and write. `@unchecked Sendable`: each part writes
    /// only its own keys (`whole`) and their names' entries (`from`, `to`; a name has one
    /// whole-name key), and the buffers outlive the `_Concurrently.run` that runs the parts.
    private struct LayOutBuffers: @unchecked Sendable {
        let whole: UnsafeMutableBufferPointer<_SortedKeys.Entry>
        let folded: UnsafeBufferPointer<UInt8>
        let from: UnsafeMutableBufferPointer<UInt32>, to: UnsafeMutableBufferPointer<UInt32>
    }

    /// `layOut`'s pass over the keys `range` of `buffers.whole`: their text, each distinct
    /// text once, with each key moved to its offset in it and its name's `from` and `to`
    /// recorded (the keys of `range` and their names are this pass's alone).
    private static func layOut(_ range: Range<Int>, of buffers: LayOutBuffers) -> [UInt8] {
        let whole = buffers.whole, folded = buffers.folded, from = buffers.from, to = buffers.to
        var text: [UInt8] = []
        text.reserveCapacity(folded.count)
        var previous = 0..<0  // the last text laid out, in `folded`
        for i in range {
            let start = Int(whole[i].key)
            var end = start
            while folded[end] != 0 { end += 1 }
            let same = i > range.lowerBound
                && UnsafeBufferPointer(rebasing: folded[start..<end])._hasSameBytes(
                    as: UnsafeBufferPointer(rebasing: folded[previous]))
            if !same {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: folded[start...end]))
                previous = start..<end
            }
            let moved = UInt32(text.count - (end - start) - 1)
            from[Int(whole[i].name)] = UInt32(start)
            to[Int(whole[i].name)] = moved
            whole[i].key = moved
        }
        return text
    }

    /// Where the whole-name keys split between two cores' sorts (`_SortedKeys.sort`): the
    /// first bytes below the one returned sort on one core, with how many keys they have;
    /// the rest on the other, after the `words` word keys and the table of scores. Split
    /// so that each core has about half of the work, counting a word key as one and a
    /// quarter whole-name keys (measured on the bundled data: counted alike, the word
    /// keys' side took 108 ms against the other's 78; at one and a half, 93 against 115).
    ///
    /// - Complexity: O(1): 256 counts.
    static func sortSplit(_ counts: [Int], words: Int) -> (firstBytes: Int, count: Int) {
        let whole = counts.reduce(0, +)
        let target = max(0, (whole + words * 5 / 4) / 2)
        var count = 0, byte = 0
        while byte < 256 && count + counts[byte] <= target {
            count += counts[byte]
            byte += 1
        }
        return (byte, count)
    }

    /// New whole-name and word key lists, made on the calling thread and written by the
    /// cores of a `_Concurrently.run` (the sorts; `FoldedNames.append`'s other core).
    /// `@unchecked Sendable`: each core writes its own ranges of them, and nothing reads
    /// them until the `_Concurrently.run` that writes them returns; the lists outlive it.
    fileprivate struct KeyLists: @unchecked Sendable {
        let whole: UnsafeMutableBufferPointer<_SortedKeys.Entry>, words: UnsafeMutableBufferPointer<_SortedKeys.Entry>
    }

    /// Where each name's text starts in the folded text and in the text laid out: what
    /// `move(_:_:)` needs to move the word keys.
    struct KeyMoves: Sendable {
        var from: [UInt32], to: [UInt32]
    }

    /// Moves word keys (offsets into the folded text) into the text `layOut` laid out: a
    /// word key keeps its place in its name's text.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    static func move(_ words: inout [_SortedKeys.Entry], _ moves: KeyMoves) {
        for i in words.indices {
            let name = Int(words[i].name)
            words[i].key = moves.to[name] + (words[i].key - moves.from[name])
        }
    }
}

extension _PrefixIndex {
    /// Some places' folded names and keys, before sorting: each (place, folded name) once,
    /// in place order, as `init(_:progress:)` indexes them. Two such parts, of the first
    /// and the second half of the places, folded at once and joined by `append(_:)`, are
    /// what one part of all the places would be.
    struct FoldedNames: Sendable {
        /// The folded names, each followed by a 0 byte.
        var folded: [UInt8] = []
        /// Per indexed name (a key's `name`): its index in the gazetteer's names, and its place.
        var nameDisplay: [UInt32] = [], namePlace: [UInt32] = []
        /// The whole-name keys and the word keys, unsorted, as offsets into `folded`.
        var whole: [_SortedKeys.Entry] = [], words: [_SortedKeys.Entry] = []
        /// The longest folded name, in bytes.
        var longest = 0
        /// Cities' canonical keys and their alternate names' (`weighShadowedAliases`), each
        /// part's as it folded them: `append` keeps the other part's, not a copy of its
        /// million entries (which took one core 17 ms).
        var cityParts: [CityKeys] = []

        /// One part's cities' canonical keys and their alternate names' keys and refs, as
        /// they folded (hashed there, while the halves fold on both cores): an alias that is
        /// another city's name is shadowed (`_Ranking.weights.shadowedAlternateName`). Each
        /// key is `folded[textBase + start ..< textBase + start + length]`, each ref
        /// `refBase + ref`.
        struct CityKeys: Sendable {
            var names: [(hash: UInt64, start: UInt32, length: UInt32)] = []
            var aliases: [(hash: UInt64, ref: UInt32, start: UInt32, length: UInt32)] = []
            var textBase: UInt32 = 0, refBase: UInt32 = 0
        }
        /// The names coded over their folds (`_NameFolds.Coder`), in name order: each
        /// name's codes (their header's text number still 0) end at its `end` in `nameCodes`.
        var codedNames: [_CompressedStrings.FoldCodedName] = []
        var nameCodes: [UInt16] = []
        /// The names a respelling can choose (`_NameFolds.respellable`): each with bytes
        /// beyond ASCII that folds like another name of its place (in no order, some twice).
        var respellable: [UInt32] = []

        /// The folded names of `gazetteer`'s places in `range`, each name coded over its
        /// fold by `coder` where that is shorter (none without a coder), reporting progress
        /// to `progress`; with room for the names of the places in `room` (those of parts
        /// to be appended too), `range`'s by default.
        ///
        /// - Complexity: O(*b*) for *b* bytes of names (a place's keys are told apart by
        ///   hash once it has many).
        init(
            _ gazetteer: Gazetteer, places range: Range<Int>, room: Range<Int>? = nil, coder: _NameFolds.Coder?,
            progress: _BuildProgress?
        ) {
            var part = FoldedNames()
            gazetteer._names.withCursor { cursor in
                if let coder {
                    coder.encoder.withLookup {
                        part.fold(gazetteer, places: range, room: room ?? range, &cursor, $0,
                                  _NameFolds.Coder.Scratch(coder.table), progress: progress)
                    }
                } else {
                    part.fold(gazetteer, places: range, room: room ?? range, &cursor, nil, nil, progress: progress)
                }
            }
            self = part
        }

        private init() {}

        /// Folds the names of `gazetteer`'s places in `range` into these (`init`), reading
        /// them with `cursor`, and codes them over their folds with `lookup` and `scratch`
        /// (none without them), with room for the names of the places in `room`.
        private mutating func fold(
            _ gazetteer: Gazetteer, places range: Range<Int>, room: Range<Int>,
            _ cursor: inout _CompressedStrings.Cursor,
            _ lookup: _SymbolTable.Encoder.Lookup?, _ scratch: _NameFolds.Coder.Scratch?, progress: _BuildProgress?
        ) {
            let places = gazetteer._places.buffers
            let nameCount = room.isEmpty
                ? 0 : Int(places[room.upperBound - 1].firstName + places[room.upperBound - 1].nameCount)
                    - Int(places[room.lowerBound].firstName)
            // The names' codes take about 0.6 of their UTF-8 (`_CompressedStrings`): twice
            // theirs, and a terminator a name, hold the folded names.
            let codes = gazetteer._names.codes.count * nameCount / max(1, gazetteer._names.count)
            folded.reserveCapacity(codes * 2 + nameCount)
            nameDisplay.reserveCapacity(nameCount)
            namePlace.reserveCapacity(nameCount)
            // (The keys are copied into new lists when the parts are joined: room for this
            // part's names only.)
            let partNames = range.isEmpty
                ? 0 : Int(places[range.upperBound - 1].firstName + places[range.upperBound - 1].nameCount)
                    - Int(places[range.lowerBound].firstName)
            whole.reserveCapacity(partNames)
            words.reserveCapacity(partNames)

            var placeKeys: [Range<Int>] = []  // ranges of `folded`: slices would force copy-on-write
            var placeRefs: [UInt32] = []  // each key's ref
            var placeWide: [Bool] = []  // whether each key's first name has bytes beyond ASCII
            // A place's keys by hash once it has many names (a GeoNames row can hold tens of
            // thousands of alternate names): comparing each with all before it would be
            // quadratic. A hash shared by two different keys falls back to the comparisons.
            var manyKeys = KeysByHash()  // hash -> index in placeKeys
            let fewNames = 16
            let names = gazetteer._names
            // (Names coded over another index's folds are coded over this one's whatever
            // their length: their own codes are not kept.)
            let sourceFolds = names.folds.flags.isEmpty ? nil : names.folds
            // (Local arrays, stored when done: appending to a property costs more.)
            var nameCodes: [UInt16] = [], codedNames: [_CompressedStrings.FoldCodedName] = []
            var respellable: [UInt32] = []
            var cities = CityKeys()
            if lookup != nil {
                nameCodes.reserveCapacity(3 * nameCount)
                codedNames.reserveCapacity(nameCount)
            }
            // (The text too: folded into in place, a property would be checked for
            // exclusive access at run time, byte by byte.)
            var folded = self.folded
            self.folded = []
            defer {
                self.folded = folded
                self.nameCodes = nameCodes
                self.codedNames = codedNames
                self.respellable = respellable
                self.cityParts = [cities]
            }
            for placeIndex in range {
                if let progress, placeIndex & 0x3FFF == 0 {
                    progress("Folding names", Double(placeIndex - range.lowerBound) / Double(range.count))
                }
                let record = places[placeIndex]
                let importance = _Ranking.importance(population: record.population, kind: record.kind)
                placeKeys.removeAll(keepingCapacity: true)
                placeRefs.removeAll(keepingCapacity: true)
                placeWide.removeAll(keepingCapacity: true)
                manyKeys.isActive = false
                for n in 0..<Int(record.nameCount) {
                    let name = Int(record.firstName) + n
                    let display = cursor.bytes(name)
                    let own = sourceFolds?.isFlagged(name) == true ? Int.max : cursor.units.count
                    // The fold is written where it will stay, after the keys before it
                    // (folding into a key of its own and copying it took two appends a
                    // name), and taken back if the name is not indexed.
                    let start = folded.count
                    let count = _Folding.fold(utf8: display, appendingTo: &folded)
                    // (A fold past `longestKey` bytes is indexed by its start: see there.)
                    let length = _PrefixIndex.keyLength(of: folded, start: start, count: count)
                    if length < count { folded.removeLast(count - length) }
                    let key = start..<start + length
                    guard !key.isEmpty else { continue }
                    let wide = display._hasNonASCII
                    var keyHash: UInt64? = nil  // (taken once, if a many-named place or a city needs it)
                    // A name that folds like an earlier one of its place is not indexed
                    // again: it is coded over that one's key.
                    if placeKeys.count < fewNames {
                        if let seen = Self.firstIndex(of: key, among: placeKeys, in: folded) {
                            Self.markRespellable(name, wide: wide, like: seen, placeRefs, placeWide, nameDisplay,
                                                 &respellable)
                            if let lookup, let scratch {
                                Self.code(name, display, own: own, over: key, of: folded, ref: placeRefs[seen],
                                          lookup, scratch, &nameCodes, &codedNames)
                            }
                            folded.removeLast(key.count)
                            continue
                        }
                    } else {
                        if !manyKeys.isActive {
                            manyKeys.reset(keys: Int(record.nameCount))
                            for i in placeKeys.indices { manyKeys.add(Self.hash(folded[placeKeys[i]]), i) }
                        }
                        let hash = Self.hash(folded[key])
                        keyHash = hash
                        if let seen = manyKeys.first(hash) {
                            let same = Self.holds(folded, placeKeys[seen], key)
                                ? seen : Self.firstIndex(of: key, among: placeKeys, in: folded)
                            if let same {
                                Self.markRespellable(name, wide: wide, like: same, placeRefs, placeWide, nameDisplay,
                                                     &respellable)
                                if let lookup, let scratch {
                                    Self.code(name, display, own: own, over: key, of: folded, ref: placeRefs[same],
                                              lookup, scratch, &nameCodes, &codedNames)
                                }
                                folded.removeLast(key.count)
                                continue
                            }
                        } else {
                            manyKeys.add(hash, placeKeys.count)
                        }
                    }
                    folded.append(0)
                    placeKeys.append(key)
                    longest = max(longest, key.count)
                    let ref = UInt32(nameDisplay.count)
                    placeRefs.append(ref)
                    placeWide.append(wide)
                    if let lookup, let scratch {
                        Self.code(name, display, own: own, over: key, of: folded, ref: ref, lookup, scratch,
                                  &nameCodes, &codedNames)
                    }
                    nameDisplay.append(UInt32(name))
                    namePlace.append(UInt32(placeIndex))
                    if record.kind == .city {
                        let keyHash = keyHash ?? Self.hash(folded[key]), start = UInt32(start), length = UInt32(key.count)
                        if n == 0 {
                            cities.names.append((keyHash, start, length))
                        } else {
                            cities.aliases.append((keyHash, ref, start, length))
                        }
                    }
                    var score = importance + (n == 0 ? 0 : _Ranking.weights.alternateName)
                    if n > 0 && _NameQuality.isLowercaseOnly(utf8: display) {
                        score += _Ranking.weights.artefactAlternateName
                    }
                    whole.append(.init(key: UInt32(start), name: ref, score: score))
                    for i in key where folded[i] == 0x20 {
                        words.append(.init(key: UInt32(i + 1), name: ref, score: score))
                    }
                    // A city's canonical name written without spaces, for "newyork" and
                    // "laquila". Its display is the same name; highlighting maps the joined
                    // bytes back. (Other spellings are read from the query instead: see
                    // `LocationCompleter.completions(for:options:)`.)
                    if n == 0 && record.kind == .city && folded[key].contains(0x20) {
                        let joined = folded[key].filter { $0 != 0x20 }
                        let start = folded.count
                        folded.append(contentsOf: joined)
                        folded.append(0)
                        let ref = UInt32(nameDisplay.count)
                        nameDisplay.append(UInt32(name))
                        namePlace.append(UInt32(placeIndex))
                        whole.append(
                            .init(key: UInt32(start), name: ref, score: importance + _Ranking.weights.joinedName))
                    }
                }
            }
        }

        /// A place's keys by their hashes (`fold`, once it has many): open addressing, each
        /// slot a hash and the first of the place's keys with it (a `Dictionary` hashed
        /// each hash again, with SipHash: a twelfth of the folding's instructions).
        struct KeysByHash {
            /// Each slot's hash and key index + 1 (0 for an empty slot).
            private var slots: [(hash: UInt64, key: UInt32)] = []
            private var mask = 0
            /// Whether the slots hold the current place's keys (`reset(keys:)`).
            var isActive = false

            /// Empties the table, with room for `keys` keys, and makes it active. It uses
            /// (and clears) only the slots those need, not all that an earlier place with
            /// more names needed: clearing a row of 40,000 names' table for every later
            /// place with a few dozen would be quadratic.
            mutating func reset(keys: Int) {
                var size = 64
                while size < 2 * keys { size *= 2 }
                if slots.count < size {
                    slots = .init(repeating: (0, 0), count: size)
                } else {
                    slots.withUnsafeMutableBufferPointer {
                        UnsafeMutableBufferPointer(rebasing: $0[..<size]).update(repeating: (0, 0))
                    }
                }
                mask = size - 1
                isActive = true
            }

            /// How many slots the current place's keys use.
            var slotCount: Int { mask + 1 }

            /// The first key added with `hash`, if any.
            func first(_ hash: UInt64) -> Int? {
                var s = _hashSlot(hash, mask: mask)
                while slots[s].key != 0 {
                    if slots[s].hash == hash { return Int(slots[s].key) - 1 }
                    s = (s + 1) & mask
                }
                return nil
            }

            /// Adds key `key` with `hash`, unless a key with that hash was added (the
            /// first is kept).
            mutating func add(_ hash: UInt64, _ key: Int) {
                var s = _hashSlot(hash, mask: mask)
                while slots[s].key != 0 {
                    if slots[s].hash == hash { return }
                    s = (s + 1) & mask
                }
                slots[s] = (hash, UInt32(key + 1))
            }

        }

        /// Name `name` (`display`, of `own` codes) coded over its fold, `key` of `folded`, the text of key
        /// `ref`, when that is shorter: its codes appended to `nameCodes` and its entry to
        /// `codedNames`. (A static function, not a closure: a closure that mutates the
        /// arrays would have each access checked at run time.)
        @inline(__always)
        private static func code(
            _ name: Int, _ display: UnsafeBufferPointer<UInt8>, own: Int, over key: Range<Int>, of folded: [UInt8],
            ref: UInt32, _ lookup: _SymbolTable.Encoder.Lookup, _ scratch: _NameFolds.Coder.Scratch,
            _ nameCodes: inout [UInt16], _ codedNames: inout [_CompressedStrings.FoldCodedName]
        ) {
            let coded = folded.withUnsafeBufferPointer { folded in
                _NameFolds.Coder.code(display, fold: UnsafeBufferPointer(rebasing: folded[key]), lookup, below: own,
                                      scratch, into: &nameCodes)
            }
            if coded { codedNames.append(.init(name: UInt32(name), ref: ref, end: UInt32(nameCodes.count))) }
        }

        /// Marks name `name` (with bytes beyond ASCII when `wide`) respellable, and the
        /// first name of its key `seen` of its place (which it folds like), each if it has
        /// bytes beyond ASCII. (Static, as `code` is.)
        @inline(__always)
        private static func markRespellable(
            _ name: Int, wide: Bool, like seen: Int, _ placeRefs: [UInt32], _ placeWide: [Bool],
            _ nameDisplay: [UInt32], _ respellable: inout [UInt32]
        ) {
            if wide { respellable.append(UInt32(name)) }
            if placeWide[seen] { respellable.append(nameDisplay[Int(placeRefs[seen])]) }
        }

        /// The first of `ranges` of `folded` that holds the bytes of its range `key`.
        ///
        /// (Index loops and buffers, here and in the rest of the first build's per-row,
        /// per-name and per-key work: a debug build, the one an app under development runs,
        /// does not specialize generic code, and there `enumerated()`, `elementsEqual`, a
        /// key path's `map` or a `for`-`in` over an array cost 5 to 20 times an index loop.
        /// `docs/decisions/0053-the-debug-first-build.md`.)
        private static func firstIndex(of key: Range<Int>, among ranges: [Range<Int>], in folded: [UInt8]) -> Int? {
            folded.withUnsafeBufferPointer { folded in
                let key = UnsafeBufferPointer(rebasing: folded[key])
                for i in ranges.indices {
                    if UnsafeBufferPointer(rebasing: folded[ranges[i]])._hasSameBytes(as: key) { return i }
                }
                return nil
            }
        }

        /// Whether `range` of `folded` holds the bytes of its range `key`.
        private static func holds(_ folded: [UInt8], _ range: Range<Int>, _ key: Range<Int>) -> Bool {
            folded.withUnsafeBufferPointer {
                UnsafeBufferPointer(rebasing: $0[range])._hasSameBytes(as: UnsafeBufferPointer(rebasing: $0[key]))
            }
        }

        /// FNV-1a (`_fnv1a`).
        static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.withUnsafeBufferPointer { _fnv1a($0) } }

        /// Appends `other`, the names of the places after these: its offsets into its text
        /// and its name numbers move past these ones.
        ///
        /// - Complexity: O(*n*) in the size of `other`.
        mutating func append(_ other: FoldedNames) {
            let base = folded.count, ref = UInt32(nameDisplay.count)
            let offset = UInt32(base)
            // The keys, both parts', are written by another core into new lists made here,
            // while this core joins the rest. (Lists made on that core, in its thread's
            // malloc arena, kept 18 MB resident after the build, past `malloc_trim`; and
            // growing these lists here, which wrote the room for the moved keys before that
            // core wrote them, took this core 11 ms.)
            let first = (whole: whole, words: words)
            whole = []
            words = []
            let wholeCount = first.whole.count + other.whole.count, wordCount = first.words.count + other.words.count
            var joinedWords: [_SortedKeys.Entry] = []
            let joinedWhole = [_SortedKeys.Entry](unsafeUninitializedCapacity: wholeCount) { wholeBuffer, wholeDone in
                joinedWords = [_SortedKeys.Entry](unsafeUninitializedCapacity: wordCount) { wordBuffer, wordsDone in
                    let target = KeyLists(whole: wholeBuffer, words: wordBuffer)
                    _ = _Concurrently.run({
                        folded += other.folded
                        nameDisplay += other.nameDisplay
                        namePlace += other.namePlace
                        longest = max(longest, other.longest)
                        for var part in other.cityParts {
                            part.textBase += offset
                            part.refBase += ref
                            cityParts.append(part)
                        }
                        let codeBase = UInt32(nameCodes.count)
                        nameCodes += other.nameCodes
                        // (An index loop into reserved room, not a lazy map appended: the
                        // cities' lists, joined that way, took 25 ms.)
                        codedNames.reserveCapacity(codedNames.count + other.codedNames.count)
                        for i in other.codedNames.indices {
                            let name = other.codedNames[i]
                            codedNames.append(.init(name: name.name, ref: name.ref + ref, end: name.end + codeBase))
                        }
                        respellable += other.respellable
                    }, alongside: {
                        Self.move(first.whole, to: target.whole, at: 0, offset: 0, ref: 0)
                        Self.move(other.whole, to: target.whole, at: first.whole.count, offset: offset, ref: ref)
                        Self.move(first.words, to: target.words, at: 0, offset: 0, ref: 0)
                        Self.move(other.words, to: target.words, at: first.words.count, offset: offset, ref: ref)
                    })
                    wordsDone = wordCount
                }
                wholeDone = wholeCount
            }
            whole = joinedWhole
            words = joinedWords
        }

        /// Writes `entries` into `list` (uninitialized there) from `start` on, their keys
        /// `offset` bytes on and their names `ref` on.
        private static func move(
            _ entries: [_SortedKeys.Entry], to list: UnsafeMutableBufferPointer<_SortedKeys.Entry>, at start: Int,
            offset: UInt32, ref: UInt32
        ) {
            for i in entries.indices {
                let entry = entries[i]
                list.initializeElement(
                    at: start + i, to: .init(key: entry.key + offset, name: entry.name + ref, score: entry.score))
            }
        }

        /// Weighs down every city's alternate name that is another city's canonical name
        /// (`_Ranking.weights.shadowedAlternateName`), in both lists.
        ///
        /// - Complexity: O(*c* + *a*) expected for *c* city names and *a* aliases: the city
        ///   names in an open-addressing table by hash (a binary search over them, with a
        ///   cache miss a step, took a tenth of a build), the aliases looked up in two
        ///   halves at once.
        mutating func weighShadowedAliases() {
            var cityCount = 0
            for part in cityParts { cityCount += part.names.count }
            var bits = 1
            while 1 << bits < 2 * cityCount { bits += 1 }
            let mask = (1 << bits) - 1
            // A city name's hash and its key's start and length in `folded` (an empty slot's
            // length is 0: no key is empty).
            var slots = [(hash: UInt64, start: UInt32, length: UInt32)](repeating: (0, 0, 0), count: 1 << bits)
            for part in cityParts {
                for i in part.names.indices {
                    let city = part.names[i]
                    var s = _hashSlot(city.hash, mask: mask)
                    while slots[s].length != 0 { s = (s + 1) & mask }
                    slots[s] = (city.hash, part.textBase + city.start, city.length)
                }
            }
            let table = slots, parts = cityParts, folded = folded
            // The refs of the aliases in `range` of all the parts' (in order) that are shadowed.
            @Sendable func shadowedRefs(_ range: Range<Int>) -> [UInt32] {
                var refs: [UInt32] = []
                folded.withUnsafeBufferPointer { text in
                    var partStart = 0
                    for part in parts {
                        let aliases = part.aliases
                        let lower = max(range.lowerBound - partStart, 0)
                        let upper = min(range.upperBound - partStart, aliases.count)
                        partStart += aliases.count
                        guard lower < upper else { continue }
                        for a in lower..<upper {
                            let alias = aliases[a], aliasHash = alias.hash
                            let aliasStart = Int(part.textBase + alias.start)
                            let aliasKey = UnsafeBufferPointer(rebasing: text[aliasStart..<aliasStart + Int(alias.length)])
                            var s = _hashSlot(aliasHash, mask: mask)
                            while table[s].length != 0 {
                                let city = table[s]
                                if city.hash == aliasHash && UnsafeBufferPointer(
                                    rebasing: text[Int(city.start)..<Int(city.start) + Int(city.length)]
                                )._hasSameBytes(as: aliasKey) {
                                    refs.append(part.refBase + alias.ref)
                                    break
                                }
                                s = (s + 1) & mask
                            }
                        }
                    }
                }
                return refs
            }
            var allAliases = 0
            for part in parts { allAliases += part.aliases.count }
            let aliasCount = allAliases, half = aliasCount / 2
            let (first, second) = _Concurrently.run(
                { shadowedRefs(0..<half) }, alongside: { shadowedRefs(half..<aliasCount) })
            // (Freed once weighed, not with the rest of the keys at the end of the build.)
            cityParts = []
            var shadowed = [Bool](repeating: false, count: nameDisplay.count)
            for ref in first + second { shadowed[Int(ref)] = true }
            let shadowedWeight = _Ranking.weights.shadowedAlternateName
            for i in whole.indices where shadowed[Int(whole[i].name)] { whole[i].score += shadowedWeight }
            for i in words.indices where shadowed[Int(words[i].name)] { words[i].score += shadowedWeight }
        }

        /// Puts every key's score on one of the levels its rank has bits for
        /// (`_KeyNameScores.scoreLevels(nameCount:)`, `Levels`), when the whole-name keys
        /// have more distinct scores than that: a word key's score stays its name's
        /// whole-name key's. Before the keys are sorted, which orders a text's keys by score.
        ///
        /// - Complexity: O(*n*) for *n* keys.
        mutating func keepScoreLevels() {
            let levels = _KeyNameScores.Levels(
                _SortedKeys.scores(of: whole), levels: _KeyNameScores.scoreLevels(nameCount: nameDisplay.count))
            guard levels.step > 0 else { return }
            for i in whole.indices { whole[i].score = levels.map(whole[i].score) }
            for i in words.indices { words[i].score = levels.map(words[i].score) }
        }
    }
}
