//! A stand-in for the chain's ticketing site, so the whole loyalty hand-off
//! (docs/loyalty.md#ticketing-hand-off) can be followed on a machine without the real one.
//! It answers GET (the version 1 hand-off: token in the query) and POST (version 3: token
//! in a form field) under `/ticketing-sandbox/{return path}` with a page that shows
//! everything it received. Served only when TICKETING_SANDBOX is on (the default with
//! `--embedded`), and every ticketing link the gateway hands out then leads to it instead
//! of the chain's ticketing sites: the loyalty ticketingUrl, the showtimes' and events'
//! booking links and the redirect endpoints, all through
//! [`crate::ticketing_sandbox::TicketingSandbox::link`].

use axum::Router;
use axum::body::Bytes;
use axum::extract::{OriginalUri, Path, State};
use axum::http::{HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};
use axum::routing::any;

use super::redirects::TOKEN_PARAMETERS;
use crate::html::escape;
use crate::site_data::SiteCache;

/// The stand-in pages, which link back to the site's sign-in page of `site`.
pub fn router() -> Router<SiteCache> {
    Router::new()
        .route("/ticketing-sandbox/", any(received_at_root))
        .route("/ticketing-sandbox/{*return_path}", any(received))
}

async fn received_at_root(
    State(site): State<SiteCache>,
    method: Method,
    uri: OriginalUri,
    body: Bytes,
) -> Response {
    page(&site, &method, "", uri.query().unwrap_or_default(), &body)
}

async fn received(
    State(site): State<SiteCache>,
    method: Method,
    Path(return_path): Path<String>,
    uri: OriginalUri,
    body: Bytes,
) -> Response {
    let query = uri.query().unwrap_or_default();
    page(&site, &method, &return_path, query, &body)
}

/// The site's login page, where a real ticketing site sends a visitor who wants to book
/// as a member: `/{loginPage.slug}/?return={path}`.
fn member_sign_in_link(site: &SiteCache, return_path: &str, query: &str) -> Option<String> {
    let slug = site
        .cached()?
        .settings()
        .login_page
        .map(|page| page.slug)
        .filter(|slug| !slug.is_empty())?;
    let back = if query.is_empty() {
        return_path.to_owned()
    } else {
        format!("{return_path}?{query}")
    };
    let encoded = serde_urlencoded::to_string([("return", back)]).ok()?;
    Some(format!("/{slug}/?{encoded}"))
}

/// The name-value pairs of a query string or an url-encoded form body.
fn pairs(encoded: &[u8]) -> Vec<(String, String)> {
    serde_urlencoded::from_bytes(encoded).unwrap_or_default()
}

fn page(
    site: &SiteCache,
    method: &Method,
    return_path: &str,
    query: &str,
    body: &[u8],
) -> Response {
    let sign_in = member_sign_in_link(site, return_path, query);
    let query = pairs(query.as_bytes());
    let form = if method == Method::POST {
        pairs(body)
    } else {
        Vec::new()
    };
    let codes = booking_codes(return_path, &query);
    let member = if carries_a_token(&query, &form) {
        Member::SignedIn
    } else {
        sign_in.map_or(Member::Unknown, Member::SignInAt)
    };
    let html = render(method.as_str(), return_path, &codes, &query, &form, &member);
    let mut response = html.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    // The received token is shown on the page: keep it out of shared caches.
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The theater and performance a ticketing link names, in either shape the site sends:
/// a showtime's booking page `sales/{theaterCode}/book?perfcode=`, or a redirect
/// endpoint's `?theaterCode=&perfCode=`.
#[derive(Debug, Default, PartialEq, Eq)]
struct BookingCodes {
    theater: Option<String>,
    performance: Option<String>,
}

fn booking_codes(return_path: &str, query: &[(String, String)]) -> BookingCodes {
    let named = |name: &str| {
        query
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.clone())
    };
    let booked_theater = match return_path
        .trim_end_matches('/')
        .split('/')
        .collect::<Vec<_>>()[..]
    {
        ["sales", theater, "book"] => Some(theater.to_owned()),
        _ => None,
    };
    BookingCodes {
        theater: booked_theater.or_else(|| named("theaterCode")),
        performance: named("perfCode"),
    }
}

/// Whether the hand-off carries a member's token, in the query or the form.
fn carries_a_token(query: &[(String, String)], form: &[(String, String)]) -> bool {
    query
        .iter()
        .chain(form)
        .any(|(name, value)| TOKEN_PARAMETERS.contains(&name.as_str()) && !value.is_empty())
}

/// Who books, as the stand-in tells it.
enum Member {
    /// The hand-off carried a member's token: the member books.
    SignedIn,
    /// No token: a real ticketing site offers the site's sign-in page, here.
    SignInAt(String),
    /// No token, and the site has no sign-in page.
    Unknown,
}

/// Query parameters and form fields, the hand-off's token among them.
fn table(caption: &str, id: &str, rows: &[(String, String)]) -> String {
    if rows.is_empty() {
        return format!("<h2>{caption}</h2><p data-testid=\"{id}\">None.</p>");
    }
    let body: String = rows
        .iter()
        .map(|(name, value)| {
            format!(
                "<tr><th scope=\"row\">{}</th><td data-name=\"{}\"><code>{}</code></td></tr>",
                escape(name),
                escape(name),
                escape(value)
            )
        })
        .collect();
    format!(
        "<h2>{caption}</h2><table data-testid=\"{id}\"><thead><tr><th scope=\"col\">Name</th>\
         <th scope=\"col\">Value</th></tr></thead><tbody>{body}</tbody></table>"
    )
}

fn render(
    method: &str,
    return_path: &str,
    codes: &BookingCodes,
    query: &[(String, String)],
    form: &[(String, String)],
    member: &Member,
) -> String {
    let shown_path = if return_path.is_empty() {
        "/".to_owned()
    } else {
        format!("/{return_path}")
    };
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Ticketing sandbox</title><style>\
         body{{font-family:system-ui,sans-serif;margin:0;background:#f7f7f7;color:#212020}}\
         main{{max-width:44rem;margin:0 auto;padding:1.5rem}}\
         .banner{{background:#7a1f00;color:#fff;padding:1rem 1.5rem;font-weight:700}}\
         table{{border-collapse:collapse;width:100%;background:#fff}}\
         th,td{{border:1px solid #ccc;padding:.5rem;text-align:left;vertical-align:top}}\
         code{{word-break:break-all}}a{{color:#0b4fa3}}</style></head><body>\
         <div class=\"banner\" role=\"note\">Ticketing sandbox: a stand-in for the chain's \
         ticketing site. Nothing is booked or paid here.</div><main>\
         <h1>What the ticketing site received</h1>\
         <dl><dt>Method</dt><dd data-testid=\"sandbox-method\">{method}</dd>\
         <dt>Return path</dt><dd data-testid=\"sandbox-return-path\"><code>{path}</code></dd>\
         {codes}</dl>{query_table}{form_table}{member}<p><a href=\"/\">Back to the site</a></p></main></body></html>",
        method = escape(method),
        path = escape(&shown_path),
        codes = [
            ("Theater code", "sandbox-theater-code", &codes.theater),
            ("Performance code", "sandbox-perf-code", &codes.performance),
        ]
        .into_iter()
        .filter_map(|(term, id, code)| code.as_deref().map(|code| format!(
            "<dt>{term}</dt><dd data-testid=\"{id}\"><code>{}</code></dd>",
            escape(code)
        )))
        .collect::<String>(),
        query_table = table("Query parameters", "sandbox-query", query),
        form_table = table("Form fields", "sandbox-form", form),
        member = match member {
            Member::SignedIn => "<p data-testid=\"sandbox-member\">The member's token came with \
                 the hand-off: a ticketing site books as the member, with no sign-in.</p>"
                .to_owned(),
            Member::SignInAt(href) => format!(
                "<p>A ticketing site sends members to sign in first: \
                 <a href=\"{}\" data-testid=\"sandbox-sign-in\">Sign in as a member to book</a></p>",
                escape(href)
            ),
            Member::Unknown => String::new(),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(name: &str, value: &str) -> (String, String) {
        (name.to_owned(), value.to_owned())
    }

    #[test]
    fn the_page_says_it_is_a_stand_in_and_shows_what_it_received() {
        let html = render(
            "POST",
            "sales/101/book",
            &BookingCodes {
                theater: Some("101".to_owned()),
                performance: Some("P-1".to_owned()),
            },
            &[pair("perfcode", "P-1")],
            &[pair("sessionToken", "t0k")],
            &Member::SignedIn,
        );
        assert!(html.contains("a stand-in for the chain's ticketing site"));
        assert!(html.contains("<code>/sales/101/book</code>"));
        assert!(html.contains("data-testid=\"sandbox-theater-code\"><code>101</code>"));
        assert!(html.contains("data-testid=\"sandbox-perf-code\"><code>P-1</code>"));
        assert!(html.contains("data-name=\"perfcode\"><code>P-1</code>"));
        assert!(html.contains("data-name=\"sessionToken\"><code>t0k</code>"));
        assert!(html.contains("data-testid=\"sandbox-member\""));
        assert!(
            !html.contains("Sign in as a member"),
            "the member is signed in"
        );
    }

    #[test]
    fn without_a_token_the_member_is_offered_the_sites_sign_in() {
        let query = [pair("perfcode", "P-1"), pair("sessionToken", "")];
        assert!(!carries_a_token(&query, &[]));
        assert!(carries_a_token(&[], &[pair("taposToken", "t")]));
        let html = render(
            "GET",
            "sales/101/book",
            &BookingCodes::default(),
            &query,
            &[],
            &Member::SignInAt("/sign-in/?return=sales%2F101%2Fbook".to_owned()),
        );
        assert!(html.contains("href=\"/sign-in/?return=sales%2F101%2Fbook\""));
        assert!(!html.contains("sandbox-member"));
    }

    #[test]
    fn received_values_are_escaped() {
        let codes = BookingCodes {
            theater: Some("<b>".to_owned()),
            performance: None,
        };
        let html = render(
            "GET",
            "<x>",
            &codes,
            &[pair("a\"", "<script>")],
            &[],
            &Member::Unknown,
        );
        assert!(!html.contains("<script>"));
        assert!(html.contains("&lt;script&gt;"));
        assert!(html.contains("a&quot;"));
        assert!(html.contains("<code>&lt;b&gt;</code>"));
        assert!(!html.contains("sandbox-perf-code"));
    }

    #[test]
    fn the_codes_are_read_from_a_booking_page_or_a_redirect_endpoints_query() {
        let codes = |theater: &str, performance: &str| BookingCodes {
            theater: Some(theater.to_owned()),
            performance: Some(performance.to_owned()),
        };
        assert_eq!(
            booking_codes("sales/101/book", &[pair("perfcode", "P-1")]),
            codes("101", "P-1")
        );
        assert_eq!(
            booking_codes(
                "startticketing",
                &[pair("theaterCode", "102"), pair("perfCode", "P-2")]
            ),
            codes("102", "P-2")
        );
        assert_eq!(booking_codes("giftcards", &[]), BookingCodes::default());
    }

    #[test]
    fn form_bodies_are_decoded() {
        assert_eq!(
            pairs(b"sessionToken=a%2Bb&x=1+2"),
            vec![pair("sessionToken", "a+b"), pair("x", "1 2")]
        );
    }
}
