extension _PrefixIndex.FoldedNames {
    /// Appends `other`, the names of the places after these: its offsets into its text
    /// and its name numbers move past these ones.
    ///
    /// - Complexity: O(*n*) in the size of `other`.
    mutating func append(_ other: _PrefixIndex.FoldedNames) {
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
                let target = _PrefixIndex.KeyLists(whole: wholeBuffer, words: wordBuffer)
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
    ///   names in a `_HashSlots` (a binary search over them, with a cache miss a step,
    ///   took a tenth of a build), the aliases looked up in two halves at once.
    mutating func weighShadowedAliases() {
        var cityCount = 0
        for part in cityParts { cityCount += part.names.count }
        // The city names by hash, each a number into their keys' starts and lengths in
        // `folded`.
        var cities = _HashSlots(capacity: cityCount)
        var starts: [UInt32] = [], lengths: [UInt32] = []
        starts.reserveCapacity(cityCount)
        lengths.reserveCapacity(cityCount)
        for part in cityParts {
            for i in part.names.indices {
                let city = part.names[i]
                cities.insert(city.hash, starts.count)
                starts.append(part.textBase + city.start)
                lengths.append(city.length)
            }
        }
        let table = cities, cityStarts = starts, cityLengths = lengths, parts = cityParts, folded = folded
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
                        var slot = table.firstSlot(of: aliasHash)
                        while let city = table.number(withHash: aliasHash, from: &slot) {
                            let start = Int(cityStarts[city])
                            if UnsafeBufferPointer(rebasing: text[start..<start + Int(cityLengths[city])])
                                ._hasSameBytes(as: aliasKey) {
                                refs.append(part.refBase + alias.ref)
                                break
                            }
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
