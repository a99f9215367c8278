/// A point on Earth, in degrees (WGS 84, as GeoNames gives it).
///
/// ```swift
/// let boston = GeoCoordinate(latitude: 42.36, longitude: -71.06)
/// boston.distance(to: GeoCoordinate(latitude: 40.71, longitude: -74.01))  // ≈ 306_000 (m)
/// ```
public struct GeoCoordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Degrees north of the equator, -90...90.
    public var latitude: Double
    /// Degrees east of Greenwich, -180...180.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and within their ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// The great-circle distance to `other` in metres (haversine, mean Earth radius).
    public func distance(to other: GeoCoordinate) -> Double {
        let radius = 6_371_008.8
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.longitude - longitude) * .pi / 180
        let sinΔφ = _sin(Δφ / 2), sinΔλ = _sin(Δλ / 2)
        let a = sinΔφ * sinΔφ + _cos(φ1) * _cos(φ2) * sinΔλ * sinΔλ
        return 2 * radius * _asin(min(1, a.squareRoot()))
    }

    /// `latitude,longitude`, the form `--near` takes.
    public var description: String { "\(latitude),\(longitude)" }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@inline(__always) private func _sin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func _asin(_ x: Double) -> Double { asin(x) }
