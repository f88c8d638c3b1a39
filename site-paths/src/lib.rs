//! The site's URL vocabulary, shared by the services that build or read its paths: the
//! catalogue (movie pages, hand-off targets), svc-ads (ad page paths) and the gateway
//! (hand-off redirects and their OpenAPI entries).
//!
//! - [`slug`]: URL and ad-path slugs.
//! - [`hand_off`]: the hand-offs to the ticketing site, by route segment.
//! - [`account`]: the member area's screens.
//! - [`reserved`]: the first path segments the site's routes take, which no slug may.
//! - [`theme_fonts`]: the font families and weights a theme may name.

pub mod account;
pub mod hand_off;
pub mod reserved;
pub mod slug;
pub mod theme_fonts;
