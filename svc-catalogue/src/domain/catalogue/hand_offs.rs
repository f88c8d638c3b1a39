//! Where a hand-off to the ticketing site leads: the theater's provider (or the site's),
//! the hand-off offered there, never a showtime that has started.

use site_paths::hand_off::{self, HandOffScope};

use super::{Catalogue, not_found};
use crate::Error;
use crate::domain::offered::Offered;
use crate::domain::theaters;

impl Catalogue {
    /// The hand-off URL of a server redirect endpoint, and the theater's code (empty for
    /// a chain's hand-off without a theater).
    pub fn ticketing(
        &self,
        theater_id: &str,
        perf_code: &str,
        segment: &str,
        offered: &Offered,
    ) -> Result<(String, String), Error> {
        let hand_off = hand_off::hand_off(segment).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "kind: '{segment}' is not one of {}",
                hand_off::segments()
            ))
        })?;
        // Hand-off links name a theater by its id or by its ticketing code (theaterCode).
        let theater = if theater_id.is_empty() {
            if hand_off.scope == HandOffScope::Theater {
                return Err(Error::InvalidArgument(format!(
                    "theaterId: required for the '{segment}' hand-off"
                )));
            }
            None
        } else {
            let theater = self
                .theaters()
                .into_iter()
                .find(|theater| theater.id == theater_id || theater.code == theater_id)
                .ok_or_else(|| not_found("theater", theater_id))?;
            Some(theater)
        };
        if let Some(theater) = &theater
            && !perf_code.is_empty()
            && self.showtimes_of(&theater.id, "").any(|showtime| {
                showtime.entry.perf_code == perf_code && offered.has_started(showtime.instant)
            })
        {
            return Err(Error::Started(perf_code.to_owned()));
        }
        let (provider, theater_code) = match theater {
            Some(theater) => (theater.ticketing_provider.unwrap_or_default(), theater.code),
            None => (self.site_wide_provider(), String::new()),
        };
        if !hand_off.offered_among(&provider.hand_offs) {
            return Err(Error::HandOffNotOffered(segment.to_owned()));
        }
        Ok((
            theaters::hand_off_url(&provider, segment, &theater_code, perf_code),
            theater_code,
        ))
    }
}
