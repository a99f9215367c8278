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
        let split = _partition(0..<placeCount) { units[Int(places[$0].firstName)] < halfTheUnits }
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

    /// New whole-name and word key lists, made on the calling thread and written by the
    /// cores of a `_Concurrently.run` (the sorts; `FoldedNames.append`'s other core).
    /// `@unchecked Sendable`: each core writes its own ranges of them, and nothing reads
    /// them until the `_Concurrently.run` that writes them returns; the lists outlive it.
    struct KeyLists: @unchecked Sendable {
        let whole: UnsafeMutableBufferPointer<_SortedKeys.Entry>, words: UnsafeMutableBufferPointer<_SortedKeys.Entry>
    }
}
