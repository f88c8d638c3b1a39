//! The process's one TLS stack: rustls on ring (TOOLCHAIN.md), installed as the default
//! crypto provider the first time anything asks for it. Every outgoing HTTPS client of
//! the platform (captcha, payment portal, upstream loyalty API, third-party proxy,
//! renderer, span export, SMTP) is made after [`install`].

use std::sync::Once;

/// Installs ring as the process's rustls crypto provider, once.
pub fn install() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        // Refused only when something else installed one first: the same stack, or a
        // test's own choice; either way a provider is there.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// A reqwest client builder on the one TLS stack.
pub fn http_client() -> reqwest::ClientBuilder {
    install();
    reqwest::Client::builder()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_client_builds_on_the_installed_provider() {
        super::http_client().build().expect("a client on ring");
        assert!(rustls::crypto::CryptoProvider::get_default().is_some());
    }
}
