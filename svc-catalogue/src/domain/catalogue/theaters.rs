//! The site's theaters, each with its ticketing provider and time zone resolved, nearest
//! first when asked from a point, and the current theater
//! (docs/pages-and-links.md#current-theater).

use super::{Catalogue, not_found};
use crate::Error;
use crate::domain::site::TicketingProvider;
use crate::domain::theaters::{self, GeoPoint, Theater, TheaterNear};

impl Catalogue {
    /// The site's theaters by id: `config.theaterIds` if given, else those of theaters.json.
    pub fn theater_ids(&self) -> Vec<String> {
        if self.site.config.theater_ids.is_empty() {
            self.theaters.iter().map(|t| t.id.clone()).collect()
        } else {
            self.site.config.theater_ids.clone()
        }
    }

    pub(super) fn site_wide_provider(&self) -> TicketingProvider {
        self.site
            .settings
            .ticketing_provider
            .clone()
            .unwrap_or_default()
    }

    /// Theaters with the site's ticketing provider and time zone where they name none.
    pub fn theaters(&self) -> Vec<Theater> {
        let site_wide = self.site_wide_provider();
        self.theaters
            .iter()
            .map(|theater| {
                let mut theater = theater.clone();
                theater.ticketing_provider =
                    Some(theaters::ticketing_provider(&theater, &site_wide).clone());
                if theater.time_zone.is_empty() {
                    theater.time_zone.clone_from(&self.site.config.time_zone);
                }
                theater
            })
            .collect()
    }

    /// Theaters in the bundle's order, or nearest `near` first with their distances.
    pub fn theaters_near(&self, near: Option<&GeoPoint>) -> Result<Vec<TheaterNear>, Error> {
        match near {
            None => Ok(self
                .theaters()
                .into_iter()
                .map(|theater| TheaterNear {
                    theater,
                    distance_km: None,
                })
                .collect()),
            Some(here) => {
                theaters::check_point(here).map_err(Error::InvalidArgument)?;
                Ok(theaters::nearest_first(self.theaters(), here))
            }
        }
    }

    pub fn theater(&self, id: &str) -> Result<Theater, Error> {
        self.theaters()
            .into_iter()
            .find(|theater| theater.id == id)
            .ok_or_else(|| not_found("theater", id))
    }

    pub fn current_theater(
        &self,
        page_theater_id: &str,
        selected_theater_id: &str,
    ) -> Option<Theater> {
        let theaters = self.theaters();
        theaters::current_theater(
            &theaters,
            self.site.config.is_single_location,
            page_theater_id,
            selected_theater_id,
        )
        .cloned()
    }
}
