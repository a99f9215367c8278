#ifndef LOCATION_SEARCH_GAZETTEER_H
#define LOCATION_SEARCH_GAZETTEER_H

/// The name of the resource bundle SwiftPM builds from this target's `Resources` folder
/// (`<package>_<target>`), with `.resources` beside a Linux executable and `.bundle` in an
/// Apple app. Swift sees it as a `String` constant.
///
/// This target is C, not Swift, so that SwiftPM generates no `Bundle.module` accessor for
/// it: that accessor imports Foundation, whose libraries (with ICU) would then be loaded by
/// every program using LocationSearch, about 4 ms of start-up and 6 MB resident on Linux,
/// where the library itself needs only FoundationEssentials. `LocationSearch` finds the
/// bundle by this name instead (`_BundledData`).
#define LOCATION_SEARCH_GAZETTEER_BUNDLE_NAME "LocationSearch_LocationSearchGazetteerData"

#endif
