#ifndef LOCATION_SEARCH_GAZETTEER_DATA_H
#define LOCATION_SEARCH_GAZETTEER_DATA_H

// This target only carries data: SwiftPM copies its `Resources` folder into a resource
// bundle, `LocationSearch_LocationSearchGazetteerData` (`<package>_<target>`), with
// `.resources` beside a Linux executable and `.bundle` in an Apple app, where
// `LocationSearch` looks for it by that name (`_BundledData`). Nothing imports this module.
//
// The target is C, not Swift, so that SwiftPM generates no `Bundle.module` accessor for
// it: that accessor imports Foundation, whose libraries (with ICU) would then be loaded by
// every program using LocationSearch, about 4 ms of start-up and 6.5 MB resident on Linux,
// where the library itself needs only FoundationEssentials. SwiftPM wants a public headers
// folder for a C target: this header is that folder's content.

#endif
