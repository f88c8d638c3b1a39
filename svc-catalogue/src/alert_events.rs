//! The catalogue's events on NATS (docs/architecture.md#catalogue-events):
//! `catalogue.{siteId}.movie.on-sale` and `catalogue.{siteId}.movie.last-chance`, on the
//! JetStream stream `CATALOGUE`, with `Nats-Msg-Id` = eventId. Each is written to the
//! store's outbox in the transaction of the commit that caused it (store::movie_alerts)
//! and relayed by platform::outbox. The events of one commit and kind share a batch, so
//! a consumer can tell a member of them in one message. docs/asyncapi.yaml describes them.

use serde_json::json;

use platform::outbox::{Outbox, OutboxEvent};

use crate::domain::movie_alerts::{AlertKind, MovieAlert};

pub const STREAM: &str = "CATALOGUE";
pub const STREAM_SUBJECTS: &str = "catalogue.>";

/// The store's outbox table.
pub const OUTBOX: Outbox = Outbox::new("catalogue_outbox");

/// The subject of `kind` for `site_id`.
pub fn subject(site_id: &str, kind: AlertKind) -> String {
    format!("catalogue.{site_id}.movie.{}", kind.code())
}

/// The events of one commit and kind: a consumer knows it has them all when it holds
/// `size` events of the batch `id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub id: String,
    pub size: usize,
}

/// What an event names beside its showtime, as the site shows it at the commit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Names {
    pub movie_title: String,
    /// The movie's page, `/movies/{id}-{slug}/`.
    pub movie_path: String,
    pub theater_name: String,
}

/// The event telling of `alert` on `site_id`, as the outbox keeps it.
pub fn event(
    site_id: &str,
    event_id: String,
    occurred_at: jiff::Timestamp,
    batch: &Batch,
    alert: &MovieAlert,
    names: &Names,
) -> OutboxEvent {
    let showtime = &alert.showtime;
    let payload = json!({
        "eventId": event_id,
        "occurredAt": occurred_at.to_string(),
        "siteId": site_id,
        "kind": alert.kind.code(),
        "batch": {"id": batch.id, "size": batch.size},
        "movie": {"id": showtime.movie_id, "title": names.movie_title, "path": names.movie_path},
        "theater": {"id": showtime.theater_id, "name": names.theater_name},
        "showtime": {"id": showtime.id(), "perfCode": showtime.perf_code, "startsAt": showtime.starts_at},
    });
    OutboxEvent {
        subject: subject(site_id, alert.kind),
        event_id,
        payload: payload.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::movie_alerts::Scheduled;

    #[test]
    fn an_on_sale_event_names_the_movie_the_theater_and_the_first_showtime() {
        let starts_at = "2026-12-04T19:00:00-05:00";
        let alert = MovieAlert {
            kind: AlertKind::OnSale,
            showtime: Scheduled {
                theater_id: "riverfront".to_owned(),
                movie_id: "dune".to_owned(),
                perf_code: "P1".to_owned(),
                starts_at: starts_at.to_owned(),
                instant: starts_at.parse().expect("an instant"),
                sold_out: false,
            },
        };
        let names = Names {
            movie_title: "Dune".to_owned(),
            movie_path: "/movies/dune-dune/".to_owned(),
            theater_name: "Riverfront".to_owned(),
        };
        let batch = Batch {
            id: "rev1-on-sale".to_owned(),
            size: 2,
        };
        let at = "2026-12-01T12:00:00Z".parse().expect("an instant");
        let event = event("demo", "e1".to_owned(), at, &batch, &alert, &names);
        assert_eq!(event.subject, "catalogue.demo.movie.on-sale");
        assert_eq!(event.event_id, "e1");
        let payload: serde_json::Value = serde_json::from_str(&event.payload).expect("JSON");
        assert_eq!(
            payload,
            json!({
                "eventId": "e1",
                "occurredAt": "2026-12-01T12:00:00Z",
                "siteId": "demo",
                "kind": "on-sale",
                "batch": {"id": "rev1-on-sale", "size": 2},
                "movie": {"id": "dune", "title": "Dune", "path": "/movies/dune-dune/"},
                "theater": {"id": "riverfront", "name": "Riverfront"},
                "showtime": {"id": "riverfront-P1", "perfCode": "P1", "startsAt": starts_at},
            })
        );
    }
}
