//! Events (a premiere, a festival night, a quiz): as stored and as the ingest API takes
//! them, each with its page.

use serde::{Deserialize, Serialize};

/// An event, as stored and as the ingest API takes it (the bundle's events.json gives a
/// `day`, an offset from today, and a local `time` instead of `startsAt`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventEntry {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub slug: String,
    pub description: String,
    pub theater_id: String,
    #[serde(default)]
    pub movie_id: String,
    /// RFC 3339 with the theater's offset once accepted.
    pub starts_at: String,
    /// When it leaves the site (RFC 3339 with the theater's offset once accepted); empty:
    /// it stays ([`crate::scheduled`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub unpublish_at: String,
    /// Its picture (a media library image, or any JPEG, PNG, GIF or WebP at a path on
    /// the site or an https address); empty: its drawn poster.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub image: String,
    /// Where it is booked (an https address); empty: its theater's ticketing provider.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub booking_url: String,
}

impl EventEntry {
    /// `/events/{id}-{slug}/`.
    pub fn path(&self) -> String {
        format!("/events/{}-{}/", self.id, self.slug())
    }

    /// Its own slug, else one made of its title.
    pub fn slug(&self) -> String {
        if self.slug.is_empty() {
            site_paths::slug::slugify(&self.title)
        } else {
            self.slug.clone()
        }
    }
}
