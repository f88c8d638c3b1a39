//! Members' alerts as plain rules (docs/loyalty.md#alerts): the catalogue's events as
//! received, what a member chose, a browser's push subscription checked, how long a
//! failed delivery waits, and the words of the e-mail and the notification that tell a
//! member of one batch of events.

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlertKind {
    OnSale,
    LastChance,
}

impl AlertKind {
    /// As the catalogue's subjects end and the store keeps it: `on-sale`, `last-chance`.
    pub fn code(self) -> &'static str {
        match self {
            AlertKind::OnSale => "on-sale",
            AlertKind::LastChance => "last-chance",
        }
    }

    pub fn parse(code: &str) -> Option<AlertKind> {
        match code {
            "on-sale" => Some(AlertKind::OnSale),
            "last-chance" => Some(AlertKind::LastChance),
            _ => None,
        }
    }
}

/// One of the catalogue's events (docs/asyncapi.yaml, `catalogue.{siteId}.movie.*`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueAlert {
    pub event_id: String,
    /// RFC 3339.
    pub occurred_at: String,
    pub site_id: String,
    pub kind: String,
    pub batch: Batch,
    pub movie: AlertMovie,
    pub theater: AlertTheater,
    pub showtime: AlertShowtime,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Batch {
    pub id: String,
    pub size: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct AlertMovie {
    pub id: String,
    pub title: String,
    /// The movie's page on the site, `/movies/{id}-{slug}/`.
    pub path: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct AlertTheater {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AlertShowtime {
    /// RFC 3339 with the theater's offset.
    pub starts_at: String,
}

impl CatalogueAlert {
    /// The event of `payload`; what cannot be one is named (it is not retried).
    pub fn parse(payload: &[u8]) -> Result<(CatalogueAlert, AlertKind), String> {
        let alert: CatalogueAlert = serde_json::from_slice(payload)
            .map_err(|error| format!("not a catalogue alert: {error}"))?;
        let kind = AlertKind::parse(&alert.kind)
            .ok_or_else(|| format!("kind '{}' is neither on-sale nor last-chance", alert.kind))?;
        for (field, value) in [
            ("eventId", &alert.event_id),
            ("siteId", &alert.site_id),
            ("batch.id", &alert.batch.id),
            ("movie.id", &alert.movie.id),
            ("theater.id", &alert.theater.id),
        ] {
            if value.is_empty() {
                return Err(format!("{field} is empty"));
            }
        }
        if alert.batch.size == 0 {
            return Err("batch.size is 0".to_owned());
        }
        // Mailed after the site's origin: a page of the site, never another host.
        if !alert.movie.path.starts_with('/') || alert.movie.path.starts_with("//") {
            return Err(format!(
                "movie.path '{}' is not a page of the site",
                alert.movie.path
            ));
        }
        Ok((alert, kind))
    }

    /// Whether the event came too late to tell of: a last chance whose showtime has
    /// started, or any event a week old (a consumer replaying an old stream).
    pub fn is_stale(&self, kind: AlertKind, now: jiff::Timestamp) -> bool {
        let at = |text: &str| text.parse::<jiff::Timestamp>().ok();
        let week_old = at(&self.occurred_at).is_none_or(|occurred| {
            now.duration_since(occurred) > jiff::SignedDuration::from_hours(7 * 24)
        });
        let started = at(&self.showtime.starts_at).is_some_and(|starts| starts <= now);
        week_old || (kind == AlertKind::LastChance && started)
    }

    /// The movie's page with the theater chosen: `/movies/{id}-{slug}/?theaterId=...`.
    pub fn page(&self) -> String {
        let query =
            serde_urlencoded::to_string([("theaterId", &self.theater.id)]).unwrap_or_default();
        format!("{}?{query}", self.movie.path)
    }

    /// When the showtime starts at the theater: "Friday, December 11 at 7:30 PM".
    fn when(&self) -> String {
        self.showtime
            .starts_at
            .get(..19)
            .and_then(|local| local.parse::<jiff::civil::DateTime>().ok())
            .map(|local| local.strftime("%A, %B %-d at %-I:%M %p").to_string())
            .unwrap_or_else(|| self.showtime.starts_at.clone())
    }
}

/// What a member chose to be told, and how. Nothing until they choose.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AlertPreferences {
    pub on_sale: bool,
    pub last_chance: bool,
    pub email: bool,
    pub push: bool,
}

impl AlertPreferences {
    /// The preferences of an UpdateAlertPreferences payload: every field a boolean.
    pub fn parse(payload: &Value) -> Result<AlertPreferences, String> {
        let read = |name: &str| match payload.get(name) {
            Some(Value::Bool(on)) => Ok(*on),
            Some(_) => Err(format!("payload.{name} must be true or false")),
            None => Err(format!("payload.{name} is required")),
        };
        Ok(AlertPreferences {
            on_sale: read("onSale")?,
            last_chance: read("lastChance")?,
            email: read("email")?,
            push: read("push")?,
        })
    }

    pub fn wants(&self, kind: AlertKind) -> bool {
        match kind {
            AlertKind::OnSale => self.on_sale,
            AlertKind::LastChance => self.last_chance,
        }
    }
}

/// A browser's push subscription (`PushSubscription.toJSON()`): where to post, and the
/// keys RFC 8291 encrypts for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushSubscription {
    pub endpoint: String,
    /// The browser's P-256 public key, base64url: 65 bytes, uncompressed.
    pub p256dh: String,
    /// The shared authentication secret, base64url: 16 bytes.
    pub auth: String,
}

/// The longest endpoint kept: push services' are a few hundred characters.
const ENDPOINT_MAX: usize = 2048;

impl PushSubscription {
    /// The subscription of an AddPushSubscription payload; what is wrong is named.
    /// Endpoints are https only, unless `allow_http` (tests against a local server).
    pub fn parse(payload: &Value, allow_http: bool) -> Result<PushSubscription, String> {
        let text = |value: Option<&Value>, name: &str| match value {
            Some(Value::String(text)) if !text.is_empty() => Ok(text.clone()),
            Some(_) => Err(format!("payload.{name} must be a string")),
            None => Err(format!("payload.{name} is required")),
        };
        let endpoint = text(payload.get("endpoint"), "endpoint")?;
        let url = reqwest::Url::parse(&endpoint).ok();
        let allowed = url.as_ref().is_some_and(|url| {
            url.host_str().is_some()
                && if allow_http {
                    matches!(url.scheme(), "http" | "https")
                } else {
                    platform::public_addresses::check_url(url).is_ok()
                }
        });
        if !allowed || endpoint.len() > ENDPOINT_MAX {
            return Err(format!(
                "payload.endpoint must be an https URL on a public address, of at most \
                 {ENDPOINT_MAX} characters"
            ));
        }
        let keys = payload.get("keys");
        let p256dh = text(keys.and_then(|keys| keys.get("p256dh")), "keys.p256dh")?;
        let auth = text(keys.and_then(|keys| keys.get("auth")), "keys.auth")?;
        let decoded = |text: &str| URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok();
        if decoded(&p256dh).is_none_or(|key| key.len() != 65 || key[0] != 4) {
            return Err(
                "payload.keys.p256dh must be an uncompressed P-256 public key, base64url"
                    .to_owned(),
            );
        }
        if decoded(&auth).is_none_or(|secret| secret.len() != 16) {
            return Err("payload.keys.auth must be 16 bytes, base64url".to_owned());
        }
        Ok(PushSubscription {
            endpoint,
            p256dh: p256dh.trim_end_matches('=').to_owned(),
            auth: auth.trim_end_matches('=').to_owned(),
        })
    }
}

/// Tries of one message before it is given up: about 21 hours of waiting in all (30 s,
/// doubling to an hour, then hourly).
pub const TRIES: i64 = 28;

/// How long a message waits after its `attempts`-th failed try: 30 s, doubling, at
/// most an hour.
pub fn retry_in(attempts: i64) -> Duration {
    let doublings = u32::try_from(attempts.clamp(1, 8) - 1).unwrap_or(0);
    Duration::from_secs(30u64 << doublings).min(Duration::from_secs(60 * 60))
}

/// The site a message comes from, as its words name it.
#[derive(Debug, Clone, Copy)]
pub struct SiteOfMessage<'a> {
    pub site_name: &'a str,
    /// Where its pages are, no trailing '/'.
    pub origin: &'a str,
}

/// An e-mail's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    pub subject: String,
    pub text: String,
}

/// The e-mail telling `first_name` of `alerts` (one batch, of `kind`), with the link
/// that stops them (`unsubscribe`).
pub fn letter(
    kind: AlertKind,
    alerts: &[CatalogueAlert],
    first_name: &str,
    from: SiteOfMessage<'_>,
    unsubscribe: &str,
) -> Letter {
    let subject = match (kind, alerts) {
        (AlertKind::OnSale, [one]) => format!("Tickets are on sale: {}", one.movie.title),
        (AlertKind::OnSale, many) => {
            format!(
                "Tickets are on sale for {} films on your watchlist",
                many.len()
            )
        }
        (AlertKind::LastChance, [one]) => format!(
            "Last chance to see {} at {}",
            one.movie.title, one.theater.name
        ),
        (AlertKind::LastChance, many) => {
            format!("Last chance for {} films on your watchlist", many.len())
        }
    };
    let opening = match kind {
        AlertKind::OnSale => "Tickets are on sale for a film on your watchlist:",
        AlertKind::LastChance => "A film on your watchlist is about to leave your theater:",
    };
    let mut text = match first_name.trim() {
        "" => "Hello,\n\n".to_owned(),
        name => format!("Hello {name},\n\n"),
    };
    text.push_str(opening);
    text.push_str("\n\n");
    for alert in alerts {
        let line = match kind {
            AlertKind::OnSale => format!(
                "- {} at {}, from {}",
                alert.movie.title,
                alert.theater.name,
                alert.when()
            ),
            AlertKind::LastChance => format!(
                "- {} at {}: the last showtime is {}",
                alert.movie.title,
                alert.theater.name,
                alert.when()
            ),
        };
        text.push_str(&format!("{line}\n  {}{}\n", from.origin, alert.page()));
    }
    text.push_str(&format!(
        "\nYou get this because the film is on your watchlist at {}.\n\
         Choose your alerts: {}/account/alerts/\n\
         Stop these e-mails: {unsubscribe}\n",
        from.site_name, from.origin
    ));
    Letter { subject, text }
}

/// The titles a notification names before it counts the rest.
const TITLES_NAMED: usize = 4;

/// A push message as the site's service worker shows it (web/src/lib/push-notification.ts).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Notification {
    pub title: String,
    pub body: String,
    /// A page of the site, site-relative.
    pub url: String,
    /// One notification per batch: a repeat replaces it.
    pub tag: String,
}

/// The notification telling of `alerts` (one batch, of `kind`).
pub fn notification(kind: AlertKind, alerts: &[CatalogueAlert], batch_id: &str) -> Notification {
    // Well under the 4 KB a push service takes: a few titles, then a count.
    let titles = |alerts: &[CatalogueAlert]| {
        let names: Vec<&str> = alerts
            .iter()
            .map(|alert| alert.movie.title.as_str())
            .collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => (*one).to_owned(),
            named if named.len() > TITLES_NAMED => format!(
                "{} and {} more",
                named[..TITLES_NAMED].join(", "),
                named.len() - TITLES_NAMED
            ),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    };
    let (title, body) = match (kind, alerts) {
        (AlertKind::OnSale, [one]) => (
            format!("Tickets on sale: {}", one.movie.title),
            format!("At {}, from {}", one.theater.name, one.when()),
        ),
        (AlertKind::OnSale, many) => (
            format!("Tickets on sale for {} films", many.len()),
            titles(many),
        ),
        (AlertKind::LastChance, [one]) => (
            format!("Last chance: {}", one.movie.title),
            format!(
                "Its last showtime at {} is {}",
                one.theater.name,
                one.when()
            ),
        ),
        (AlertKind::LastChance, many) => (
            format!("Last chance for {} films", many.len()),
            titles(many),
        ),
    };
    Notification {
        title,
        body,
        url: alerts
            .first()
            .map_or_else(|| "/account/watchlist/".to_owned(), CatalogueAlert::page),
        tag: batch_id.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn alert(movie: &str, title: &str, starts_at: &str) -> CatalogueAlert {
        let payload = json!({
            "eventId": format!("e-{movie}"), "occurredAt": "2026-12-01T12:00:00Z",
            "siteId": "demo", "kind": "on-sale", "batch": {"id": "b1-on-sale", "size": 2},
            "movie": {"id": movie, "title": title, "path": format!("/movies/{movie}-x/")},
            "theater": {"id": "101", "name": "Riverfront 12"},
            "showtime": {"id": "101-P1", "perfCode": "P1", "startsAt": starts_at},
        });
        CatalogueAlert::parse(payload.to_string().as_bytes())
            .expect("an alert")
            .0
    }

    const FROM: SiteOfMessage<'static> = SiteOfMessage {
        site_name: "Demo Cinemas",
        origin: "https://demo.example",
    };

    #[test]
    fn an_event_of_the_catalogue_is_read_and_a_malformed_one_is_named() {
        let one = alert("1007", "Dune", "2026-12-11T19:30:00-05:00");
        assert_eq!(one.page(), "/movies/1007-x/?theaterId=101");
        for (broken, named) in [
            (json!({"kind": "sold"}), "not a catalogue alert"),
            (
                json!({"eventId": "e", "occurredAt": "2026-12-01T12:00:00Z", "siteId": "s", "kind": "sold", "batch": {"id": "b", "size": 1},
                       "movie": {"id": "m", "title": "t", "path": "/p/"}, "theater": {"id": "t", "name": "n"},
                       "showtime": {"startsAt": "x"}}),
                "kind 'sold'",
            ),
            (
                json!({"eventId": "e", "occurredAt": "2026-12-01T12:00:00Z", "siteId": "s", "kind": "on-sale", "batch": {"id": "b", "size": 1},
                       "movie": {"id": "m", "title": "t", "path": "//evil.example/"}, "theater": {"id": "t", "name": "n"},
                       "showtime": {"startsAt": "x"}}),
                "movie.path",
            ),
        ] {
            let error = CatalogueAlert::parse(broken.to_string().as_bytes()).expect_err("refused");
            assert!(error.contains(named), "{error}");
        }
    }

    #[test]
    fn a_last_chance_already_started_or_a_week_old_event_is_not_told() {
        let now: jiff::Timestamp = "2026-12-01T12:00:00Z".parse().expect("an instant");
        let soon = alert("1007", "Dune", "2026-12-02T19:30:00-05:00");
        assert!(!soon.is_stale(AlertKind::OnSale, now));
        assert!(!soon.is_stale(AlertKind::LastChance, now));
        let started = alert("1007", "Dune", "2026-12-01T06:30:00-05:00");
        assert!(!started.is_stale(AlertKind::OnSale, now), "still on sale");
        assert!(started.is_stale(AlertKind::LastChance, now));
        let later: jiff::Timestamp = "2026-12-09T12:00:00Z".parse().expect("an instant");
        assert!(soon.is_stale(AlertKind::OnSale, later));
    }

    #[test]
    fn one_film_on_sale_is_named_in_the_subject_and_several_are_counted() {
        let dune = alert("1007", "Dune", "2026-12-11T19:30:00-05:00");
        let wicked = alert("1008", "Wicked", "2026-12-12T14:00:00-05:00");
        let single = letter(
            AlertKind::OnSale,
            std::slice::from_ref(&dune),
            "Ana",
            FROM,
            "https://u",
        );
        assert_eq!(single.subject, "Tickets are on sale: Dune");
        assert!(single.text.starts_with("Hello Ana,\n"), "{}", single.text);
        assert!(
            single.text.contains(
                "- Dune at Riverfront 12, from Friday, December 11 at 7:30 PM\n  https://demo.example/movies/1007-x/?theaterId=101\n"
            ),
            "{}",
            single.text
        );
        assert!(single.text.contains("Stop these e-mails: https://u\n"));
        let both = letter(
            AlertKind::OnSale,
            &[dune.clone(), wicked.clone()],
            "",
            FROM,
            "https://u",
        );
        assert_eq!(
            both.subject,
            "Tickets are on sale for 2 films on your watchlist"
        );
        assert!(both.text.starts_with("Hello,\n"));
        assert!(
            both.text
                .contains("- Wicked at Riverfront 12, from Saturday, December 12 at 2:00 PM")
        );
        let leaving = letter(
            AlertKind::LastChance,
            std::slice::from_ref(&dune),
            "Ana",
            FROM,
            "https://u",
        );
        assert_eq!(leaving.subject, "Last chance to see Dune at Riverfront 12");
        assert!(
            leaving
                .text
                .contains("the last showtime is Friday, December 11 at 7:30 PM")
        );

        let shown = notification(AlertKind::OnSale, &[dune.clone(), wicked], "b1-on-sale");
        assert_eq!(shown.title, "Tickets on sale for 2 films");
        assert_eq!(shown.body, "Dune and Wicked");
        assert_eq!(shown.url, "/movies/1007-x/?theaterId=101");
        assert_eq!(shown.tag, "b1-on-sale");
        let shown = notification(AlertKind::OnSale, &[dune], "b1-on-sale");
        assert_eq!(shown.title, "Tickets on sale: Dune");
        assert_eq!(
            shown.body,
            "At Riverfront 12, from Friday, December 11 at 7:30 PM"
        );
    }

    #[test]
    fn preferences_are_four_booleans_each_named_when_wrong() {
        let chosen = AlertPreferences::parse(
            &json!({"onSale": true, "lastChance": false, "email": true, "push": false}),
        )
        .expect("preferences");
        assert!(chosen.wants(AlertKind::OnSale) && !chosen.wants(AlertKind::LastChance));
        let error = AlertPreferences::parse(&json!({"onSale": "yes"})).expect_err("a string");
        assert_eq!(error, "payload.onSale must be true or false");
        let error = AlertPreferences::parse(&json!({"onSale": true})).expect_err("missing");
        assert_eq!(error, "payload.lastChance is required");
    }

    #[test]
    fn a_push_subscription_needs_an_https_endpoint_and_keys_of_the_right_size() {
        let p256dh = URL_SAFE_NO_PAD.encode([4u8; 65]);
        let auth = URL_SAFE_NO_PAD.encode([7u8; 16]);
        let good = json!({"endpoint": "https://push.example/send/abc", "expirationTime": null,
                          "keys": {"p256dh": p256dh, "auth": auth}});
        let subscription = PushSubscription::parse(&good, false).expect("a subscription");
        assert_eq!(subscription.endpoint, "https://push.example/send/abc");
        let mut local = good.clone();
        local["endpoint"] = json!("http://127.0.0.1:9/push");
        assert!(PushSubscription::parse(&local, false).is_err());
        assert!(PushSubscription::parse(&local, true).is_ok());
        for (field, value, named) in [
            ("endpoint", json!("file:///etc/passwd"), "payload.endpoint"),
            ("endpoint", json!(42), "payload.endpoint"),
            (
                "endpoint",
                json!("https://169.254.169.254/push"),
                "payload.endpoint",
            ),
            ("endpoint", json!("https://[::1]/push"), "payload.endpoint"),
        ] {
            let mut bad = good.clone();
            bad[field] = value;
            let error = PushSubscription::parse(&bad, false).expect_err("refused");
            assert!(error.starts_with(named), "{error}");
        }
        let mut short = good.clone();
        short["keys"]["auth"] = json!(URL_SAFE_NO_PAD.encode([7u8; 8]));
        assert!(
            PushSubscription::parse(&short, false)
                .expect_err("an 8-byte secret")
                .starts_with("payload.keys.auth")
        );
        let mut compressed = good;
        compressed["keys"]["p256dh"] = json!(URL_SAFE_NO_PAD.encode([2u8; 33]));
        assert!(
            PushSubscription::parse(&compressed, false)
                .expect_err("a compressed key")
                .starts_with("payload.keys.p256dh")
        );
    }

    #[test]
    fn a_notification_of_many_films_names_a_few_and_counts_the_rest() {
        let many: Vec<CatalogueAlert> = (0..7)
            .map(|n| {
                alert(
                    &format!("10{n}"),
                    &format!("Film {n}"),
                    "2026-12-11T19:30:00-05:00",
                )
            })
            .collect();
        let shown = notification(AlertKind::OnSale, &many, "b");
        assert_eq!(shown.body, "Film 0, Film 1, Film 2, Film 3 and 3 more");
    }

    #[test]
    fn a_failed_message_waits_longer_each_time_up_to_an_hour() {
        let waits: Vec<u64> = (1..=9)
            .map(|attempts| retry_in(attempts).as_secs())
            .collect();
        assert_eq!(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    }
}
