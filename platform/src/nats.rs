//! How a process reaches NATS (docs/operations.md#nats): the URL (NATS_URL,
//! PUBLISH_NATS_URL) carries the user and password of the process's role
//! (`tls://publisher:SECRET@nats:4222`), NATS_CA_FILE names the CA the server's TLS
//! certificate is checked against, and NATS_REPLICAS the replica count of the streams and
//! buckets the process makes (3 on a three-server cluster).

use std::path::PathBuf;

use crate::config::ConfigError;

/// The nats-server of a developer's machine, or of the sidecar next to the service.
pub const DEFAULT_URL: &str = "nats://127.0.0.1:4222";

/// Where a service's events go: NATS_URL, [`DEFAULT_URL`] when unset; an empty value
/// keeps them in its outbox (`None`).
pub fn events_url(lookup: &impl Fn(&str) -> Option<String>) -> Option<String> {
    match lookup("NATS_URL") {
        None => Some(DEFAULT_URL.to_owned()),
        Some(url) => Some(url).filter(|url| !url.is_empty()),
    }
}

/// What every NATS connection of the process shares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NatsAccess {
    /// NATS_CA_FILE: a PEM bundle; the connection then requires TLS.
    pub ca_file: Option<PathBuf>,
    /// NATS_REPLICAS (default 1): replicas of the streams and buckets made here.
    pub replicas: usize,
}

impl Default for NatsAccess {
    fn default() -> NatsAccess {
        NatsAccess {
            ca_file: None,
            replicas: 1,
        }
    }
}

impl NatsAccess {
    pub fn from_lookup(
        lookup: &impl Fn(&str) -> Option<String>,
    ) -> Result<NatsAccess, ConfigError> {
        let ca_file = lookup("NATS_CA_FILE")
            .filter(|file| !file.is_empty())
            .map(PathBuf::from);
        if let Some(file) = &ca_file
            && !file.is_file()
        {
            return Err(ConfigError {
                variable: "NATS_CA_FILE",
                problem: format!("{} is not a readable file", file.display()),
            });
        }
        let replicas = match lookup("NATS_REPLICAS").filter(|value| !value.is_empty()) {
            None => 1,
            Some(value) => match value.parse::<usize>() {
                Ok(replicas @ 1..=5) => replicas,
                _ => {
                    return Err(ConfigError {
                        variable: "NATS_REPLICAS",
                        problem: format!("'{value}' is not a replica count from 1 to 5"),
                    });
                }
            },
        };
        Ok(NatsAccess { ca_file, replicas })
    }

    /// The options of a connection to `url`: its user and password taken from the URL
    /// (async-nats reads them only from its options), the answers it asks for on an inbox
    /// of the user's own (`_INBOX_{user}`: the server lets each role read only its own,
    /// deploy/nats/auth.conf), TLS with NATS_CA_FILE.
    pub fn options(&self, url: &str) -> async_nats::ConnectOptions {
        let mut options = async_nats::ConnectOptions::new();
        if let Some((user, password)) = credentials(url) {
            options = options
                .custom_inbox_prefix(format!("_INBOX_{user}"))
                .user_and_password(user, password);
        }
        if let Some(ca_file) = &self.ca_file {
            options = options
                .add_root_certificates(ca_file.clone())
                .require_tls(true);
        }
        options
    }
}

/// The user and password in `url`'s user information, percent-decoded.
fn credentials(url: &str) -> Option<(String, String)> {
    let url = reqwest::Url::parse(url).ok()?;
    if url.username().is_empty() {
        return None;
    }
    let decoded = |part: &str| {
        percent_encoding::percent_decode_str(part)
            .decode_utf8_lossy()
            .into_owned()
    };
    Some((
        decoded(url.username()),
        decoded(url.password().unwrap_or_default()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_roles_user_and_password_are_read_from_the_url_decoded() {
        assert_eq!(
            credentials("tls://publisher:s%40cret%2F1@nats:4222"),
            Some(("publisher".to_owned(), "s@cret/1".to_owned()))
        );
        assert_eq!(credentials("nats://nats:4222"), None);
    }

    #[test]
    fn replicas_are_one_to_five_and_a_ca_file_must_exist() {
        let with = |name: &'static str, value: &'static str| {
            NatsAccess::from_lookup(&|asked: &str| (asked == name).then(|| value.to_owned()))
        };
        assert_eq!(
            with("NATS_REPLICAS", "3")
                .ok()
                .map(|access| access.replicas),
            Some(3)
        );
        assert_eq!(
            with("NATS_REPLICAS", "0").err().map(|error| error.variable),
            Some("NATS_REPLICAS")
        );
        assert_eq!(
            with("NATS_CA_FILE", "/no/such/ca.pem")
                .err()
                .map(|error| error.variable),
            Some("NATS_CA_FILE")
        );
        assert_eq!(
            NatsAccess::from_lookup(&|_: &str| None).ok(),
            Some(NatsAccess::default())
        );
    }
}
