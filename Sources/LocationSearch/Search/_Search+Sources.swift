/// Feeding a search: the key ranges of a query's readings, exact and prefix, and the typo
/// walks.
extension _Search {
    /// Adds every reading of `plan`: the query itself, then its abbreviations read both
    /// ways ("st" ↔ "saint"), each scoring `synonymBonus` more.
    mutating func addReadings(of plan: _QueryPlan, synonymBonus: Float) {
        addReadings(ofOne: plan, bonus: 0)
        for key in _Synonyms.variants(of: plan.key) {
            addReadings(ofOne: _QueryPlan(key: key, tokensBeforeComma: plan.tokensBeforeComma), bonus: synonymBonus)
        }
    }

    /// Adds one reading of the query: all of it as (the start of) a name, and its
    /// name/qualifier splits.
    private mutating func addReadings(ofOne reading: _QueryPlan, bonus: Float) {
        addSources(reading.key, bonus: bonus, split: nil, wholeNamesOnly: false)
        // A name followed by a qualifier must be a whole name ("paris tex"), unless a
        // comma marks where the name ends ("san fran, calif"): otherwise "san" + "fr"
        // would read as any name starting with "san" in France.
        // A qualifier token that no region or country word starts with rules its split out.
        for split in reading.splits(maxQualifierWords: completer.qualifiers.longest)
        where split.qualifier.allSatisfy(completer.qualifierPrefixes.mayStart) {
            addSources(split.name, bonus: bonus + _Ranking.weights.qualifiedMatch, split: split,
                       wholeNamesOnly: !split.afterComma)
        }
    }

    /// Whether `plan` is one run-together word long enough to be read as two
    /// ("britishcolumbia"): tried when it matched nothing as it is.
    static func mayBeTwoWords(_ plan: _QueryPlan) -> Bool {
        plan.tokens.count == 1 && plan.key.count >= 6
    }

    /// Adds `plan`'s one word read as two, at every cut that leaves two bytes or more on
    /// each side, each scoring `bonus`; none when the word read as two is longer than the
    /// longest key, which no key can then start with.
    ///
    /// A cut costs a key lookup, so the bound keeps the cuts below the longest key's
    /// length: a one-word query of 64 KB, which a gazetteer with long labels lets through
    /// `mayMatch`, would otherwise look up 65,000 keys that cannot match.
    mutating func addTwoWordReadings(of plan: _QueryPlan, bonus: Float) {
        // Read as two, the word gains a space; a trailing space ends it and is not matched.
        let length = plan.key.count + (plan.key.last == 0x20 ? 0 : 1)
        guard length <= completer.index.longestName else { return }
        for cut in 2...(plan.key.count - 2) {
            let key = Array(plan.key[..<cut]) + [0x20] + Array(plan.key[cut...])
            addSources(key, bonus: bonus, split: nil, wholeNamesOnly: false)
        }
    }

    /// Exact matches are usually few; up to this many are scored one by one.
    static let exactKeysScoredOneByOne = 4096

    /// Adds the keys matching `key` exactly or as a prefix, of whole names and (unless
    /// `wholeNamesOnly`) of later words.
    mutating func addSources(_ key: [UInt8], bonus: Float, split: _QueryPlan.Split?, wholeNamesOnly: Bool) {
        // (`completer.index` each time, not bound to a local: a local copy of the index
        // retains every column.)
        // A trailing space ends the last word: "paris " matches "paris" and "paris 15",
        // not "parish". Keys equal to "paris" sort just before those continuing with a
        // space, so both are one range, its exact part first.
        let word = key.last == 0x20 ? Array(key.dropLast()) : key
        let source = Source(split: split, matchedLength: key.count,
                            firstBytes: split.map { _Qualifiers.firstByteMask($0.qualifier) } ?? 0)
        let whole = completer.index.range(of: word, in: .whole)
        let exactEnd = whole.range.lowerBound + whole.exact
        if recordsRanges {
            var recorded = source
            recorded.sifted = false
            sources.append(recorded)
            let index = sources.count - 1
            counted.append((true, whole.range.lowerBound..<exactEnd, index))
            if !wholeNamesOnly {
                counted.append((true, exactEnd..<end(of: key, word: word, in: .whole, within: whole.range), index))
                let words = completer.index.range(of: word, in: .words).range
                counted.append((false, words.lowerBound..<end(of: key, word: word, in: .words, within: words), index))
            }
            return
        }
        let exactBonus = bonus + _Ranking.exactNameBonus(queryLength: word.count)
        if whole.exact <= Self.exactKeysScoredOneByOne {
            // An exact alternate name is the person naming the place ("new york", "wien"):
            // it keeps only part of the alternate-name penalty. A qualified reading's places
            // are sifted before they enter the walk by their region and country words'
            // first byte and first two bytes: most of a common name's places fail ("san
            // jose l", "paris tx"). Both are read from bits kept beside the keys, not from
            // the places' records.
            let bits = completer.qualifierBits
            let alternates = bits.alternateKeys.buffer, contextBits = bits.contexts.buffer
            let records = completer.gazetteer._places.records.buffer, fields = completer.gazetteer._places.fields
            let keys = completer.index.whole.entries.buffers, namePlace = completer.index.namePlace.buffers
            let sift: UInt64? = split == nil ? nil : source.firstBytes
            let exact = whole.range.lowerBound..<exactEnd
            var added = source
            added.sifted = split != nil
            // (A local function, passed without escaping: no closure context is allocated.)
            func scoreKey(_ i: Int) -> Float? {
                if let sift {
                    let word = records[Int(namePlace[Int(keys.name(i))])].word
                    let known = _KeyQualifierBits.firstBytes(word: word, fields: fields, contexts: contextBits)
                    guard _Qualifiers.mayMatch(sift, known: known) else { return nil }
                }
                let alternate = alternates[i >> 6] & (1 << UInt64(i & 63)) != 0
                return exactBonus + (alternate ? _Ranking.weights.exactAlternateName : 0)
            }
            if let views {
                let joint = nextJoint(views.count)
                for pair in views {
                    walk.add(keys: pair.whole.range(of: exact), of: completer.index.whole, view: pair.whole,
                             joint: joint, bonus: scoreKey)
                    sources.append(added)
                }
            } else {
                walk.add(keys: exact, of: completer.index.whole, bonus: scoreKey)
                sources.append(added)
            }
        } else {
            add(whole.range.lowerBound..<exactEnd, of: completer.index.whole, bonus: exactBonus, source)
        }
        guard !wholeNamesOnly else { return }
        let prefixEnd = end(of: key, word: word, in: .whole, within: whole.range)
        add(exactEnd..<prefixEnd, of: completer.index.whole, bonus: bonus + _Ranking.weights.namePrefix, source)
        let words = completer.index.range(of: word, in: .words).range
        let wordsEnd = end(of: key, word: word, in: .words, within: words)
        add(words.lowerBound..<wordsEnd, of: completer.index.words, bonus: bonus + _Ranking.weights.wordPrefix, source)
    }

    /// Where the keys of `list` starting with `key` end, given `range`, those starting
    /// with `word` (`key` without its trailing space, if it has one).
    private func end(of key: [UInt8], word: [UInt8], in list: _PrefixIndex.List, within range: Range<Int>) -> Int {
        word.count == key.count ? range.upperBound : completer.index.range(of: key, in: list).range.upperBound
    }

    /// Adds the keys within `budget` edits of `key` as a prefix, of whole names and later
    /// words, found best first as `run()` needs them (see `_FuzzyFrontier`), each walk
    /// expanding at most `expansions` nodes.
    mutating func addTypoSources(_ key: [UInt8], budget: Int, expansions: Int) {
        typedLength = key.count
        // (The walks read the index through pointers: the search holds its completer.)
        frontiers = [
            _FuzzyFrontier(query: key, budget: budget, list: .whole, of: completer.index,
                           quality: _Ranking.weights.namePrefix),
            _FuzzyFrontier(query: key, budget: budget, list: .words, of: completer.index,
                           quality: _Ranking.weights.wordPrefix),
        ]
        for i in frontiers.indices { frontiers[i].expansionLimit = expansions }
    }
}
