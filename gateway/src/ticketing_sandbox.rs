//! Whether the gateway stands in for the chain's ticketing sites (TICKETING_SANDBOX):
//! while it does, every ticketing link it hands out (the loyalty ticketingUrl, the
//! showtimes' and events' booking links, the redirect endpoints) leads to its stand-in
//! pages ([`crate::ticketing::sandbox_pages`]) instead. The links are rewritten once,
//! as the catalogue's answers enter the gateway ([`crate::clients::Catalogue`]).

use axum::http::Uri;
use prost_types::value::Kind;
use proto::catalogue::v1::{Event, Showtime, Site, SiteContent};

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

    fn rewrite(self, url: &mut String) {
        *url = self.link(std::mem::take(url));
    }

    pub fn showtimes(self, showtimes: &mut [Showtime]) {
        for showtime in showtimes {
            self.rewrite(&mut showtime.ticketing_url);
        }
    }

    pub fn events(self, events: &mut [Event]) {
        for event in events {
            self.rewrite(&mut event.ticketing_url);
        }
    }

    /// The events' booking links and the loyalty settings' `ticketingUrl`.
    pub fn site_content(self, content: &mut SiteContent) {
        self.events(&mut content.events);
        if let Some(site) = &mut content.site {
            self.site(site);
        }
    }

    /// The loyalty settings' `ticketingUrl`.
    pub fn site(self, site: &mut Site) {
        if let Some(Kind::StringValue(url)) = site
            .loyalty_settings
            .as_mut()
            .and_then(|settings| settings.fields.get_mut("ticketingUrl"))
            .and_then(|value| value.kind.as_mut())
        {
            self.rewrite(url);
        }
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

    #[test]
    fn a_sites_content_leads_to_the_sandbox_from_its_events_and_loyalty_settings() {
        let settings = serde_json::json!({"ticketingUrl": "https://tickets.example/member"});
        let mut content = SiteContent {
            site: Some(proto::catalogue::v1::Site {
                loyalty_settings: settings.as_object().cloned().map(proto::json::to_struct),
                ..Default::default()
            }),
            events: vec![Event {
                ticketing_url: "https://tickets.example/event/9".to_owned(),
                ..Default::default()
            }],
            ..Default::default()
        };
        TicketingSandbox::new(true).site_content(&mut content);
        assert_eq!(
            content.events[0].ticketing_url,
            "/ticketing-sandbox/event/9"
        );
        let loyalty = proto::json::from_struct(
            content
                .site
                .and_then(|site| site.loyalty_settings)
                .expect("settings kept"),
        );
        assert_eq!(loyalty["ticketingUrl"], "/ticketing-sandbox/member");
    }
}
