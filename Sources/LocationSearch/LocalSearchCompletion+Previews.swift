extension LocalSearchCompletion {
    /// Five completions as a search of the bundled gazetteer gives them for "san" (places,
    /// subtitles and highlights), for SwiftUI previews and tests that need rows without a
    /// completer.
    ///
    /// ```swift
    /// #Preview {
    ///     List(LocalSearchCompletion.previewSamples) { completion in
    ///         Text(completion.highlightedTitle())
    ///     }
    /// }
    /// LocalSearchCompletion.previewSamples.map(\.title)
    /// // ["Santiago", "Santo Domingo", "Sanaa", "Santa Cruz de la Sierra", "Santiago de Querétaro"]
    /// ```
    public static let previewSamples: [LocalSearchCompletion] = [
        LocalSearchCompletion(
            place: Place(geonameID: 3871336, name: "Santiago", countryCode: "CL",
                         countryName: "Chile", admin1: "Santiago Metropolitan",
                         admin1Code: "12", population: 4_837_295,
                         timeZone: "America/Santiago",
                         coordinate: GeoCoordinate(latitude: -33.45694, longitude: -70.64827)),
            titleHighlightRanges: [HighlightRange(location: 0, length: 3)]),
        LocalSearchCompletion(
            place: Place(geonameID: 3492908, name: "Santo Domingo", countryCode: "DO",
                         countryName: "Dominican Republic", admin1: "Nacional",
                         admin1Code: "34", population: 2_201_941,
                         timeZone: "America/Santo_Domingo",
                         coordinate: GeoCoordinate(latitude: 18.47186, longitude: -69.89232)),
            titleHighlightRanges: [HighlightRange(location: 0, length: 3)]),
        LocalSearchCompletion(
            place: Place(geonameID: 71137, name: "Sanaa", countryCode: "YE",
                         countryName: "Yemen", admin1: "Amānat al ‘Āşimah",
                         admin1Code: "26", population: 1_937_451,
                         timeZone: "Asia/Aden",
                         coordinate: GeoCoordinate(latitude: 15.35452, longitude: 44.20646)),
            titleHighlightRanges: [HighlightRange(location: 0, length: 3)]),
        LocalSearchCompletion(
            place: Place(geonameID: 3904906, name: "Santa Cruz de la Sierra", countryCode: "BO",
                         countryName: "Bolivia", admin1: "Santa Cruz",
                         admin1Code: "08", population: 1_831_434,
                         timeZone: "America/La_Paz",
                         coordinate: GeoCoordinate(latitude: -17.78629, longitude: -63.18117)),
            titleHighlightRanges: [HighlightRange(location: 0, length: 3)]),
        LocalSearchCompletion(
            place: Place(geonameID: 3991164, name: "Santiago de Querétaro", countryCode: "MX",
                         countryName: "Mexico", admin1: "Querétaro",
                         admin1Code: "22", population: 1_594_212,
                         timeZone: "America/Mexico_City",
                         coordinate: GeoCoordinate(latitude: 20.58806, longitude: -100.38806)),
            titleHighlightRanges: [HighlightRange(location: 0, length: 3)]),
    ]
}
