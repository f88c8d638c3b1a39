//! The ad page path (docs/consent-and-ads.md#ad-targeting):
//! `/{base}/{adClass}/{circuit}/{theater}` on a multi-location site, without the circuit
//! segment on a single-location one; slugs strictly lower-case.

use site_paths::slug::slugify;

pub fn page_path(
    base: &str,
    ad_class: &str,
    is_single_location: bool,
    circuit_name: &str,
    theater_name: &str,
) -> String {
    let mut segments: Vec<String> = vec![base.trim_matches('/').to_owned(), ad_class.to_owned()];
    if !is_single_location {
        segments.push(slugify(circuit_name));
    }
    segments.push(slugify(theater_name));
    let path: Vec<String> = segments.into_iter().filter(|s| !s.is_empty()).collect();
    format!("/{}", path.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multi_location_paths_carry_circuit_and_theater_slugs() {
        assert_eq!(
            page_path(
                "9518146/WMP_US_WEB",
                "allads",
                false,
                "Marquee Cinemas",
                "Harbor IMAX Newport"
            ),
            "/9518146/WMP_US_WEB/allads/marquee-cinemas/harbor-imax-newport"
        );
    }

    #[test]
    fn single_location_paths_omit_the_circuit() {
        assert_eq!(
            page_path(
                "9518146/WMP_US_WEB",
                "restrictedads",
                true,
                "The Bijou",
                "The Bijou"
            ),
            "/9518146/WMP_US_WEB/restrictedads/the-bijou"
        );
    }

    #[test]
    fn without_a_theater_the_path_stops_at_the_circuit() {
        assert_eq!(
            page_path("4242/X", "allads", false, "Ciné Étoile", ""),
            "/4242/X/allads/cine-etoile"
        );
    }
}
