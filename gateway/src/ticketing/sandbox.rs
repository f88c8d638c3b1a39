//! Whether the gateway stands in for the chain's ticketing sites (TICKETING_SANDBOX):
//! while it does, every ticketing link it hands out (the loyalty ticketingUrl, the
//! showtimes' and events' booking links, the redirect endpoints) leads to its stand-in
//! pages ([`super::sandbox_pages`]) instead, through [`TicketingSandbox::link`].

use axum::http::Uri;
use proto::catalogue::v1::{Event, Showtime};

/// Where the sandbox is served: a ticketing site's root becomes this path.
pub const SANDBOX_PATH: &str = "/ticketing-sandbox/";

/// Whether the sandbox is served and stands in for the chain's ticketing sites
/// (TICKETING_SANDBOX).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TicketingSandbox {
    on: bool,
}

impl TicketingSandbox {
    pub fn new(on: bool) -> TicketingSandbox {
        TicketingSandbox { on }
    }

    pub fn is_on(self) -> bool {
        self.on
    }

    /// Where a link to a ticketing site leads: unchanged while the sandbox is off,
    /// otherwise the same path and query on the sandbox, whichever ticketing provider
    /// it named (`https://tickets.example/sales/101/book?perfcode=7` becomes
    /// `/ticketing-sandbox/sales/101/book?perfcode=7`). No link stays no link.
    pub fn link(self, url: String) -> String {
        if !self.on || url.is_empty() {
            return url;
        }
        let path_and_query = url
            .parse::<Uri>()
            .ok()
            .and_then(|uri| uri.path_and_query().map(ToString::to_string))
            .unwrap_or_default();
        format!("{SANDBOX_PATH}{}", path_and_query.trim_start_matches('/'))
    }

    pub fn showtimes(self, mut showtimes: Vec<Showtime>) -> Vec<Showtime> {
        for showtime in &mut showtimes {
            showtime.ticketing_url = self.link(std::mem::take(&mut showtime.ticketing_url));
        }
        showtimes
    }

    pub fn event(self, mut event: Event) -> Event {
        event.ticketing_url = self.link(std::mem::take(&mut event.ticketing_url));
        event
    }

    pub fn events(self, events: Vec<Event>) -> Vec<Event> {
        events.into_iter().map(|event| self.event(event)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_the_sandbox_on_a_ticketing_sites_link_becomes_the_same_path_on_the_sandbox() {
        let on = TicketingSandbox::new(true);
        for (url, sandboxed) in [
            (
                "https://tickets.example/sales/101/book?perfcode=P%261",
                "/ticketing-sandbox/sales/101/book?perfcode=P%261",
            ),
            (
                "https://boxoffice.example/startticketing?theaterCode=2&perfCode=7",
                "/ticketing-sandbox/startticketing?theaterCode=2&perfCode=7",
            ),
            ("https://tickets.example/", "/ticketing-sandbox/"),
            ("https://tickets.example", "/ticketing-sandbox/"),
            ("", ""),
        ] {
            assert_eq!(on.link(url.to_owned()), sandboxed, "{url}");
        }
        let url = "https://tickets.example/sales/101/book?perfcode=1";
        assert_eq!(TicketingSandbox::new(false).link(url.to_owned()), url);
    }
}
