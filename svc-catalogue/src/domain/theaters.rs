//! Theater rules: the per-theater ticketing provider with the site-wide fallback, the
//! current theater (docs/pages-and-links.md#current-theater), and hand-off and booking URLs.

use serde::{Deserialize, Serialize};

use super::site::TicketingProvider;

/// A theater, as theaters.json, the store and the ingest API hold it. Every field may be
/// left out (a theater without `id`, `name`, `slug` or `code` is refused, naming the field).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Theater {
    pub id: String,
    pub name: String,
    pub slug: String,
    /// The ticketing site's code for the theater (sales/{code}/book).
    pub code: String,
    pub address: Option<Address>,
    pub phone: String,
    pub email: String,
    /// The theater's own booking site; without a URL the site-wide one applies.
    pub ticketing_provider: Option<TicketingProvider>,
    pub amenities: Vec<String>,
    /// Where the theater is, for "nearest theater"; (0, 0) = not given.
    pub latitude: f64,
    pub longitude: f64,
    pub description: String,
    pub screens: i32,
    /// Notes a visitor with a disability can rely on, one line each.
    pub accessibility: Vec<String>,
    /// Where its clocks are (IANA); empty = the site's time zone. Showtimes are local
    /// times here.
    pub time_zone: String,
    /// Where to park and how, as a visitor reads it.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub parking: String,
    /// When the building is open, one line per set of days.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub opening_hours: Vec<OpeningHours>,
    /// The point of sale a connector keeps its schedule in step with; never shown on the
    /// public API.
    pub point_of_sale: Option<PointOfSale>,
}

/// When a theater is open on some days of the week (schema.org's
/// OpeningHoursSpecification): `closes` before `opens` is past midnight.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct OpeningHours {
    /// English day names, "Monday" to "Sunday".
    pub days: Vec<String>,
    /// HH:MM, local time.
    pub opens: String,
    pub closes: String,
}

/// The days of the week as opening hours name them.
pub const DAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// What a theater's own staff describe it with (DESIGN.md section 13): everything but its
/// identity (id, name, slug, code, screens), its booking site and its point of sale.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct TheaterDetails {
    pub address: Option<Address>,
    pub phone: String,
    pub email: String,
    pub description: String,
    pub amenities: Vec<String>,
    pub accessibility: Vec<String>,
    pub parking: String,
    pub opening_hours: Vec<OpeningHours>,
    pub time_zone: String,
    pub latitude: f64,
    pub longitude: f64,
}

impl Theater {
    pub fn details(&self) -> TheaterDetails {
        TheaterDetails {
            address: self.address.clone(),
            phone: self.phone.clone(),
            email: self.email.clone(),
            description: self.description.clone(),
            amenities: self.amenities.clone(),
            accessibility: self.accessibility.clone(),
            parking: self.parking.clone(),
            opening_hours: self.opening_hours.clone(),
            time_zone: self.time_zone.clone(),
            latitude: self.latitude,
            longitude: self.longitude,
        }
    }

    /// The theater described by `details`, its identity, booking site and point of sale
    /// kept.
    pub fn with_details(self, details: TheaterDetails) -> Theater {
        Theater {
            address: details.address,
            phone: details.phone,
            email: details.email,
            description: details.description,
            amenities: details.amenities,
            accessibility: details.accessibility,
            parking: details.parking,
            opening_hours: details.opening_hours,
            time_zone: details.time_zone,
            latitude: details.latitude,
            longitude: details.longitude,
            ..self
        }
    }
}

/// A theater's link to its point of sale, for a connector that pulls its schedule
/// (docs/ingest.md#veezi-connector).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PointOfSale {
    /// "veezi".
    pub provider: String,
    /// The name of the file holding the cinema's API token, in the connector's token
    /// folder (VEEZI_TOKEN_DIR); empty: the token a theater's staff uploaded in the
    /// studio, kept by the store and never read back through an API.
    #[serde(default)]
    pub token: String,
    /// The cinema's own attribute short names ("OC", "3D") and the vocabulary code each
    /// means; those not named are left out.
    #[serde(default)]
    pub attributes: std::collections::BTreeMap<String, proto::showtime::Attribute>,
}

/// A theater's postal address, as theaters.json holds it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Address {
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
    pub country: String,
}

/// A point on Earth, in degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeoPoint {
    pub latitude: f64,
    pub longitude: f64,
}

/// A theater listed near a point, with its great-circle distance from it.
#[derive(Debug, Clone, PartialEq)]
pub struct TheaterNear {
    pub theater: Theater,
    /// Kilometres, rounded to 0.1; `None` for a theater without coordinates, or when
    /// the list was not asked for near a point.
    pub distance_km: Option<f64>,
}

/// The mean Earth radius of the great-circle distance, in kilometres.
const EARTH_RADIUS_KM: f64 = 6371.0088;

/// Great-circle distance between two points (haversine), in kilometres.
pub fn distance_km(from: &GeoPoint, to: &GeoPoint) -> f64 {
    let (lat1, lat2) = (from.latitude.to_radians(), to.latitude.to_radians());
    let half_lat = (lat2 - lat1) / 2.0;
    let half_lng = (to.longitude - from.longitude).to_radians() / 2.0;
    let h = half_lat.sin().powi(2) + lat1.cos() * lat2.cos() * half_lng.sin().powi(2);
    2.0 * EARTH_RADIUS_KM * h.sqrt().min(1.0).asin()
}

/// A point's problem, naming the coordinate out of range.
pub fn check_point(point: &GeoPoint) -> Result<(), String> {
    if !point.latitude.is_finite() || !(-90.0..=90.0).contains(&point.latitude) {
        return Err(format!(
            "near: latitude {} is not between -90 and 90",
            point.latitude
        ));
    }
    if !point.longitude.is_finite() || !(-180.0..=180.0).contains(&point.longitude) {
        return Err(format!(
            "near: longitude {} is not between -180 and 180",
            point.longitude
        ));
    }
    Ok(())
}

/// `theaters` nearest first, each with its distance (rounded to 0.1 km); theaters
/// without coordinates (0, 0) follow, in their own order, without one.
pub fn nearest_first(theaters: Vec<Theater>, here: &GeoPoint) -> Vec<TheaterNear> {
    let (located, unlocated): (Vec<Theater>, Vec<Theater>) = theaters
        .into_iter()
        .partition(|theater| theater.latitude != 0.0 || theater.longitude != 0.0);
    let mut listed: Vec<TheaterNear> = located
        .into_iter()
        .map(|theater| {
            let there = GeoPoint {
                latitude: theater.latitude,
                longitude: theater.longitude,
            };
            let distance_km = Some((distance_km(here, &there) * 10.0).round() / 10.0);
            TheaterNear {
                theater,
                distance_km,
            }
        })
        .collect();
    listed.sort_by(|a, b| {
        a.distance_km
            .unwrap_or(0.0)
            .total_cmp(&b.distance_km.unwrap_or(0.0))
    });
    listed.extend(unlocated.into_iter().map(|theater| TheaterNear {
        theater,
        distance_km: None,
    }));
    listed
}

/// The theater's own provider if it names one, else the site-wide provider.
pub fn ticketing_provider<'a>(
    theater: &'a Theater,
    site_wide: &'a TicketingProvider,
) -> &'a TicketingProvider {
    theater
        .ticketing_provider
        .as_ref()
        .filter(|own| !own.url.is_empty())
        .unwrap_or(site_wide)
}

/// docs/pages-and-links.md#current-theater: on a single-location site the first theater;
/// otherwise the theater the page fixes, else the visitor's stored selection, else none.
pub fn current_theater<'a>(
    theaters: &'a [Theater],
    is_single_location: bool,
    page_theater_id: &str,
    selected_theater_id: &str,
) -> Option<&'a Theater> {
    if is_single_location {
        return theaters.first();
    }
    let by_id = |id: &str| {
        theaters
            .iter()
            .find(|theater| !id.is_empty() && theater.id == id)
    };
    if page_theater_id.is_empty() {
        by_id(selected_theater_id)
    } else {
        by_id(page_theater_id)
    }
}

/// `{provider}/{segment}?theaterCode=..&perfCode=..`, the query values percent-encoded
/// and left out when empty.
pub fn hand_off_url(
    provider: &TicketingProvider,
    segment: &str,
    theater_code: &str,
    perf_code: &str,
) -> String {
    let mut url = format!("{}/{segment}", provider.url.trim_end_matches('/'));
    let mut separator = '?';
    for (name, value) in [("theaterCode", theater_code), ("perfCode", perf_code)] {
        if !value.is_empty() {
            url.push(separator);
            url.push_str(name);
            url.push('=');
            url.push_str(&percent_encode(value));
            separator = '&';
        }
    }
    url
}

/// The booking page of one performance on the ticketing site.
pub fn booking_url(provider: &TicketingProvider, theater_code: &str, perf_code: &str) -> String {
    format!(
        "{}/sales/{}/book?perfcode={}",
        provider.url.trim_end_matches('/'),
        percent_encode(theater_code),
        percent_encode(perf_code)
    )
}

fn percent_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The web app's `resolveCurrentTheater` is tested against the same file.
    #[test]
    fn the_current_theater_is_the_one_the_shared_fixture_names() {
        let fixture: serde_json::Value =
            serde_json::from_str(include_str!("../../../fixtures/current-theater.json"))
                .expect("fixtures/current-theater.json is JSON");
        let theaters: Vec<Theater> = fixture["theaters"]
            .as_array()
            .expect("theaters")
            .iter()
            .map(|id| Theater {
                id: id.as_str().expect("an id").to_owned(),
                ..Theater::default()
            })
            .collect();
        for case in fixture["cases"].as_array().expect("cases") {
            let text = |field: &str| case[field].as_str().unwrap_or_default().to_owned();
            let current = current_theater(
                &theaters,
                case["isSingleLocation"].as_bool().unwrap_or_default(),
                &text("pageTheaterId"),
                &text("selectedTheaterId"),
            );
            assert_eq!(
                current.map(|theater| theater.id.as_str()),
                case["expected"].as_str(),
                "{}",
                case["name"]
            );
        }
    }

    fn point(latitude: f64, longitude: f64) -> GeoPoint {
        GeoPoint {
            latitude,
            longitude,
        }
    }

    #[test]
    fn great_circle_distances_match_known_ones() {
        // Paris to London is about 343.5 km; a point to itself is 0.
        let paris = point(48.8566, 2.3522);
        let london = point(51.5074, -0.1278);
        assert!((distance_km(&paris, &london) - 343.5).abs() < 1.0);
        assert!(distance_km(&paris, &paris).abs() < 1e-9);
        // Across the antimeridian the short way round: about 222 km, not 40,000.
        assert!((distance_km(&point(0.0, 179.0), &point(0.0, -179.0)) - 222.4).abs() < 1.0);
    }

    #[test]
    fn theaters_sort_nearest_first_and_unlocated_last() {
        let theater = |id: &str, latitude: f64, longitude: f64| Theater {
            id: id.to_owned(),
            latitude,
            longitude,
            ..Theater::default()
        };
        let sorted = nearest_first(
            vec![
                theater("nowhere", 0.0, 0.0),
                theater("far", 42.36, -71.06),
                theater("near", 41.82, -71.41),
            ],
            &point(41.80, -71.40),
        );
        let ids: Vec<&str> = sorted.iter().map(|t| t.theater.id.as_str()).collect();
        assert_eq!(ids, ["near", "far", "nowhere"]);
        assert_eq!(sorted[0].distance_km, Some(2.4));
        assert_eq!(sorted[2].distance_km, None);
    }

    #[test]
    fn a_distance_is_worked_out_never_read_from_theaters_json() {
        let read = |json: &str| serde_json::from_str::<Theater>(json).map_err(|e| e.to_string());
        assert!(
            read(r#"{"id": "1", "distanceKm": 2.5}"#)
                .is_err_and(|e| e.contains("unknown field `distanceKm`"))
        );
        assert_eq!(
            read(r#"{"id": "1", "address": {"zipCode": "02903"}}"#).map(|t| t.address),
            Ok(Some(Address {
                zip_code: "02903".to_owned(),
                ..Address::default()
            }))
        );
    }

    #[test]
    fn points_out_of_range_are_named() {
        assert!(check_point(&point(91.0, 0.0)).is_err_and(|e| e.contains("latitude 91")));
        assert!(check_point(&point(0.0, -181.0)).is_err_and(|e| e.contains("longitude -181")));
        assert!(check_point(&point(f64::NAN, 0.0)).is_err());
        assert!(check_point(&point(-90.0, 180.0)).is_ok());
    }

    fn provider(url: &str) -> TicketingProvider {
        TicketingProvider {
            name: "X".to_owned(),
            url: url.to_owned(),
            hand_offs: Vec::new(),
        }
    }

    fn theater(id: &str, own: Option<&str>) -> Theater {
        Theater {
            id: id.to_owned(),
            code: format!("C{id}"),
            ticketing_provider: own.map(provider),
            ..Default::default()
        }
    }

    #[test]
    fn a_theater_without_its_own_provider_uses_the_site_wide_one() {
        let site_wide = provider("https://tickets.example.com");
        assert_eq!(
            ticketing_provider(&theater("1", None), &site_wide).url,
            site_wide.url
        );
        assert_eq!(
            ticketing_provider(&theater("1", Some("")), &site_wide).url,
            site_wide.url
        );
        let own = theater("2", Some("https://own.example.com"));
        assert_eq!(
            ticketing_provider(&own, &site_wide).url,
            "https://own.example.com"
        );
    }

    #[test]
    fn the_current_theater_follows_the_spec_order() {
        let theaters = vec![theater("a", None), theater("b", None), theater("c", None)];
        let id = |found: Option<&Theater>| found.map(|t| t.id.clone());
        // Single location: always the first theater.
        assert_eq!(
            id(current_theater(&theaters, true, "c", "b")),
            Some("a".to_owned())
        );
        // The page's theater wins over the stored selection.
        assert_eq!(
            id(current_theater(&theaters, false, "c", "b")),
            Some("c".to_owned())
        );
        // No page theater: the stored selection.
        assert_eq!(
            id(current_theater(&theaters, false, "", "b")),
            Some("b".to_owned())
        );
        // Neither matches: none.
        assert_eq!(id(current_theater(&theaters, false, "", "zzz")), None);
        assert_eq!(id(current_theater(&theaters, false, "", "")), None);
        // A page theater that does not exist is not replaced by the selection.
        assert_eq!(id(current_theater(&theaters, false, "zzz", "b")), None);
    }

    #[test]
    fn hand_off_urls_carry_encoded_codes() {
        let url = hand_off_url(
            &provider("https://t.example.com/"),
            "launch/ticketing",
            "NY 1",
            "P&1",
        );
        assert_eq!(
            url,
            "https://t.example.com/launch/ticketing?theaterCode=NY%201&perfCode=P%261"
        );
        assert_eq!(
            hand_off_url(&provider("https://t.example.com"), "refund", "NY1", ""),
            "https://t.example.com/refund?theaterCode=NY1"
        );
        assert_eq!(
            hand_off_url(&provider("https://t.example.com"), "giftcards", "", ""),
            "https://t.example.com/giftcards"
        );
    }

    #[test]
    fn booking_urls_follow_the_ticketing_sites_shape() {
        assert_eq!(
            booking_url(&provider("https://t.example.com"), "NY1", "000123"),
            "https://t.example.com/sales/NY1/book?perfcode=000123"
        );
    }
}
