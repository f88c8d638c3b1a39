//! The studio's cookies, host-only (no `Domain`), `HttpOnly`, path `/`; over https also
//! `Secure`, with the `__Host-` prefix that browsers hold to those rules. The session's
//! (`SameSite=Strict`) carries its token, which svc-studio keeps only as its SHA-256. A
//! single sign-on's (`SameSite=Lax`, so that the provider's redirect back brings it; as
//! long as the sign-on may take) carries its state, so that only the browser that began
//! a sign-on can end it.

use axum::http::{HeaderMap, HeaderValue, header};

#[derive(Debug, Clone, Copy)]
pub struct SessionCookie {
    https: bool,
}

impl SessionCookie {
    /// The cookie of a studio reached over https (`https`, from STUDIO_URL) or not.
    pub fn new(https: bool) -> SessionCookie {
        SessionCookie { https }
    }

    /// Whether the studio is reached over https (the cookie is then `Secure`).
    pub fn is_secure(self) -> bool {
        self.https
    }

    fn name(self) -> &'static str {
        if self.https {
            "__Host-studio-session"
        } else {
            "studio-session"
        }
    }

    fn sign_on_name(self) -> &'static str {
        if self.https {
            "__Host-studio-sign-on"
        } else {
            "studio-sign-on"
        }
    }

    /// The session token the request's `Cookie` headers carry.
    pub fn token(self, headers: &HeaderMap) -> Option<String> {
        read(headers, self.name())
    }

    /// The state of the single sign-on the browser began.
    pub fn sign_on_state(self, headers: &HeaderMap) -> Option<String> {
        read(headers, self.sign_on_name())
    }

    /// The `Set-Cookie` value of a single sign-on begun, for `max_age_seconds`.
    pub fn set_sign_on(self, state: &str, max_age_seconds: i64) -> Option<HeaderValue> {
        HeaderValue::from_str(&format!(
            "{}={state}; Max-Age={max_age_seconds}; {}",
            self.sign_on_name(),
            self.attributes("Lax")
        ))
        .ok()
    }

    /// The `Set-Cookie` value that ends the single sign-on's cookie.
    pub fn clear_sign_on(self) -> HeaderValue {
        HeaderValue::from_str(&format!(
            "{}=; Max-Age=0; {}",
            self.sign_on_name(),
            self.attributes("Lax")
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(""))
    }

    /// The `Set-Cookie` value of a session begun, for `max_age_seconds`.
    pub fn set(self, token: &str, max_age_seconds: i64) -> Option<HeaderValue> {
        HeaderValue::from_str(&format!(
            "{}={token}; Max-Age={}; {}",
            self.name(),
            max_age_seconds.max(0),
            self.attributes("Strict")
        ))
        .ok()
    }

    /// The `Set-Cookie` value that ends the cookie.
    pub fn clear(self) -> HeaderValue {
        HeaderValue::from_str(&format!(
            "{}=; Max-Age=0; {}",
            self.name(),
            self.attributes("Strict")
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(""))
    }

    fn attributes(self, same_site: &str) -> String {
        let secure = if self.https { "; Secure" } else { "" };
        format!("Path=/; HttpOnly; SameSite={same_site}{secure}")
    }
}

/// The value of the cookie `name` among the request's `Cookie` headers, when not empty.
fn read(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|cookie| cookie.trim().split_once('='))
        .find(|(cookie, _)| *cookie == name)
        .map(|(_, value)| value.to_owned())
        .filter(|value| !value.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cookies(values: &[&'static str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(header::COOKIE, HeaderValue::from_static(value));
        }
        headers
    }

    #[test]
    fn the_token_is_read_from_among_other_cookies() {
        let cookie = SessionCookie::new(false);
        assert_eq!(
            cookie.token(&cookies(&["theme=dark; studio-session=abc123; x=1"])),
            Some("abc123".to_owned())
        );
        assert_eq!(
            cookie.token(&cookies(&["theme=dark", "studio-session=def"])),
            Some("def".to_owned())
        );
        assert_eq!(cookie.token(&cookies(&["studio-session="])), None);
        assert_eq!(cookie.token(&cookies(&["xstudio-session=abc"])), None);
        // Over https only the prefixed cookie counts: a plain one may have been set by
        // another host of the domain.
        let secure = SessionCookie::new(true);
        assert_eq!(secure.token(&cookies(&["studio-session=abc"])), None);
        assert_eq!(
            secure.token(&cookies(&["__Host-studio-session=abc"])),
            Some("abc".to_owned())
        );
    }

    #[test]
    fn the_cookie_is_host_only_http_only_and_strict_and_secure_over_https() {
        let set = SessionCookie::new(false).set("abc", 43_200).expect("valid");
        assert_eq!(
            set,
            "studio-session=abc; Max-Age=43200; Path=/; HttpOnly; SameSite=Strict"
        );
        let set = SessionCookie::new(true).set("abc", 60).expect("valid");
        assert_eq!(
            set,
            "__Host-studio-session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Strict; Secure"
        );
        assert!(!set.to_str().expect("text").contains("Domain"));
        assert_eq!(
            SessionCookie::new(false).clear(),
            "studio-session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict"
        );
    }

    #[test]
    fn a_single_sign_ons_cookie_is_lax_so_the_providers_redirect_back_brings_it() {
        let set = SessionCookie::new(true)
            .set_sign_on("st4te", 600)
            .expect("valid");
        assert_eq!(
            set,
            "__Host-studio-sign-on=st4te; Max-Age=600; Path=/; HttpOnly; SameSite=Lax; Secure"
        );
        assert_eq!(
            SessionCookie::new(false).clear_sign_on(),
            "studio-sign-on=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"
        );
        let cookie = SessionCookie::new(false);
        let headers = cookies(&["studio-session=abc; studio-sign-on=st4te"]);
        assert_eq!(cookie.sign_on_state(&headers), Some("st4te".to_owned()));
        assert_eq!(cookie.token(&headers), Some("abc".to_owned()));
    }
}
