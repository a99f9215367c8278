/// Reports how far a long build has got: the step under way ("Folding names") and the
/// fraction of that step done, 0...1. Steps come in order, each starting at 0; called
/// synchronously on the building thread, a few hundred times per build at most.
///
/// A hook for the command-line tool (`location-search build-index`), outside the public
/// API: import with `@_spi(Tools) import LocationSearch`.
@_spi(Tools)
public typealias _BuildProgress = (_ step: String, _ fraction: Double) -> Void
