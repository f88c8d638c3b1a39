//! The events the site lists, in order of start, each with its booking link.

use super::{Catalogue, not_found};
use crate::Error;
use crate::domain::events::EventEntry;
use crate::domain::theaters;

/// An event as the site lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub id: String,
    pub title: String,
    pub path: String,
    pub slug: String,
    pub description: String,
    pub theater_id: String,
    /// The movie it shows, if any.
    pub movie_id: String,
    /// RFC 3339 with the theater's offset.
    pub starts_at: String,
    pub poster_url: String,
    /// The theater's ticketing site's link for it; empty when its theater is not listed.
    pub ticketing_url: String,
    /// The local date (YYYY-MM-DD) and time (HH:MM) at the theater.
    pub date: String,
    pub time: String,
}

impl Catalogue {
    /// The events, of a theater or of all, in order of start.
    pub fn events(&self, theater_id: &str) -> Result<Vec<Event>, Error> {
        if !theater_id.is_empty() {
            self.theater(theater_id)?;
        }
        let mut events: Vec<Event> = self
            .events
            .iter()
            .filter(|event| theater_id.is_empty() || event.theater_id == theater_id)
            .map(|event| self.listed_event(event))
            .collect();
        events.sort_by(|a, b| a.starts_at.cmp(&b.starts_at));
        Ok(events)
    }

    pub fn event(&self, id: &str) -> Result<Event, Error> {
        self.events
            .iter()
            .find(|event| event.id == id)
            .map(|event| self.listed_event(event))
            .ok_or_else(|| not_found("event", id))
    }

    fn listed_event(&self, event: &EventEntry) -> Event {
        // Accepted starts are normalised: the local date and time lead.
        let date = event.starts_at.get(..10).unwrap_or_default().to_owned();
        let time = event.starts_at.get(11..16).unwrap_or_default().to_owned();
        let ticketing_url = if event.booking_url.is_empty() {
            self.theater(&event.theater_id)
                .map(|theater| {
                    let provider = theater.ticketing_provider.unwrap_or_default();
                    theaters::booking_url(&provider, &theater.code, &format!("EV{}", event.id))
                })
                .unwrap_or_default()
        } else {
            event.booking_url.clone()
        };
        let poster_url = if event.image.is_empty() {
            format!("/posters/{}.svg", event.id)
        } else {
            event.image.clone()
        };
        Event {
            id: event.id.clone(),
            title: event.title.clone(),
            path: event.path(),
            slug: event.slug(),
            description: event.description.clone(),
            theater_id: event.theater_id.clone(),
            movie_id: event.movie_id.clone(),
            starts_at: event.starts_at.clone(),
            poster_url,
            ticketing_url,
            date,
            time,
        }
    }
}
