import LocationSearch

/// How the benchmark turns typo tolerance on.
///
/// FOLLOW-UP(typo tolerance): `CompletionOptions.typoTolerance` is being written on `main`
/// and is not on this branch. When it is merged, make `options` return the default
/// options with it on (for example `var o = CompletionOptions(); o.typoTolerance = ...;
/// return o`); the benchmark then measures the typo-tolerant rows with no other change.
enum TypoTolerance {
    /// Options with typo tolerance on, or `nil` while this build has none.
    static var options: CompletionOptions? { nil }

    /// Whether `CompletionOptions` has a `typoTolerance` property (a runtime check through
    /// reflection), so the benchmark can say that `options` still needs wiring up.
    static var isDeclared: Bool {
        Mirror(reflecting: CompletionOptions()).children.contains { $0.label == "typoTolerance" }
    }
}
