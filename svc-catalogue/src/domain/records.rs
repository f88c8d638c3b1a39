//! The records the catalogue's writers hand the store (the ingest API, the connectors,
//! the bundles' import): which kind a write or a delete names, a change of seats, and the
//! seats as the store holds them.

use proto::showtime::Availability;

use super::invalid::Invalid;

/// The kinds of record a delete names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    Theater,
    Movie,
    Event,
    Page,
}

impl RecordKind {
    pub fn parse(kind: &str) -> Result<RecordKind, Invalid> {
        match kind {
            "theater" => Ok(RecordKind::Theater),
            "movie" => Ok(RecordKind::Movie),
            "event" => Ok(RecordKind::Event),
            "page" => Ok(RecordKind::Page),
            other => Err(Invalid::new(
                "kind",
                format!("'{other}' is not theater, movie, event or page"),
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            RecordKind::Theater => "theater",
            RecordKind::Movie => "movie",
            RecordKind::Event => "event",
            RecordKind::Page => "page",
        }
    }
}

/// A change of a showtime's seats, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AvailabilityChange {
    pub theater_id: String,
    pub perf_code: String,
    pub seats_available: u32,
    /// Unchanged when `None`.
    pub seats_total: Option<u32>,
    /// `None`: from the seats.
    pub availability: Option<Availability>,
}

/// A showtime's seats as the store holds them.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatCount {
    pub theater_id: String,
    pub perf_code: String,
    pub seats_available: Option<u32>,
    pub seats_total: Option<u32>,
    pub availability: Option<Availability>,
}
