//! Reading configuration variables the same way in every binary: defaults when unset,
//! and an error naming the variable when a value is bad.

use std::net::SocketAddr;
use std::time::Duration;

use secrecy::{ExposeSecret, SecretString};

#[derive(Debug, thiserror::Error)]
#[error("{variable}: {problem}")]
pub struct ConfigError {
    pub variable: &'static str,
    pub problem: String,
}

/// A listening address such as `127.0.0.1:50051`.
pub fn socket_addr(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    default: &str,
) -> Result<SocketAddr, ConfigError> {
    let value = lookup(variable).unwrap_or_else(|| default.to_owned());
    value.parse().map_err(|_| ConfigError {
        variable,
        problem: format!("'{value}' is not a host:port socket address"),
    })
}

/// A service's database (DATABASE_URL): kept secret, since it carries the password; its
/// Debug shows the URL without its credentials.
#[derive(Clone)]
pub struct DatabaseUrl(SecretString);

impl DatabaseUrl {
    /// The URL itself, for connecting.
    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }

    /// Whether it names a SQLite file (a folder to make, a demo key to write).
    pub fn is_sqlite(&self) -> bool {
        self.expose().starts_with("sqlite:")
    }
}

impl std::fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DatabaseUrl({})", redacted(self.expose()))
    }
}

/// A service's database: DATABASE_URL when it names PostgreSQL (or a SQLite file), else
/// the SQLite file `default_file`, made when missing. A bad value's error leaves out
/// the URL's credentials.
pub fn database_url(
    lookup: &impl Fn(&str) -> Option<String>,
    default_file: &std::path::Path,
) -> Result<DatabaseUrl, ConfigError> {
    let url = match lookup("DATABASE_URL").filter(|url| !url.is_empty()) {
        Some(url)
            if url.starts_with("postgres://")
                || url.starts_with("postgresql://")
                || url.starts_with("sqlite:") =>
        {
            url
        }
        Some(url) => {
            return Err(ConfigError {
                variable: "DATABASE_URL",
                problem: format!(
                    "'{}' is neither a postgres:// nor a sqlite: URL",
                    redacted(&url)
                ),
            });
        }
        None => format!("sqlite://{}?mode=rwc", default_file.display()),
    };
    Ok(DatabaseUrl(SecretString::from(url)))
}

/// `url` without what comes before its host (a user and password), for messages and
/// logs: `postgres://...@db:5432/cinema`.
pub fn redacted(url: &str) -> String {
    match url.rsplit_once('@') {
        Some((before, host)) => {
            let scheme = before.split_once("://").map_or("", |(scheme, _)| scheme);
            format!("{scheme}://...@{host}")
        }
        None => url.to_owned(),
    }
}

/// An http(s) URL, `default` when unset; a bad value's error leaves out credentials.
pub fn http_url(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    default: &str,
) -> Result<String, ConfigError> {
    let url = lookup(variable)
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| default.to_owned());
    if url.starts_with("https://") || url.starts_with("http://") {
        Ok(url)
    } else {
        Err(ConfigError {
            variable,
            problem: format!("'{}' is not an http(s) URL", redacted(&url)),
        })
    }
}

/// The secret in the file `variable` names (a mounted Kubernetes or Docker secret),
/// trimmed: required once `required_by` is set, and neither unreadable nor empty. The
/// error names the variable and the path, never the file's text.
pub fn secret_file(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    required_by: &str,
) -> Result<SecretString, ConfigError> {
    let path = lookup(variable)
        .filter(|path| !path.is_empty())
        .ok_or_else(|| ConfigError {
            variable,
            problem: format!("is required when {required_by} is set"),
        })?;
    let secret = std::fs::read_to_string(&path).map_err(|error| ConfigError {
        variable,
        problem: format!("'{path}' cannot be read: {error}"),
    })?;
    let secret = secret.trim();
    if secret.is_empty() {
        return Err(ConfigError {
            variable,
            problem: format!("'{path}' is empty"),
        });
    }
    Ok(SecretString::from(secret))
}

/// A variable that is `true` or `false`, `default` when unset.
pub fn flag(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    default: bool,
) -> Result<bool, ConfigError> {
    match lookup(variable).as_deref() {
        None => Ok(default),
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(other) => Err(ConfigError {
            variable,
            problem: format!("'{other}' is neither true nor false"),
        }),
    }
}

/// A listening address that is off when its variable is unset (METRICS_ADDR).
pub fn optional_socket_addr(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
) -> Result<Option<SocketAddr>, ConfigError> {
    match lookup(variable) {
        None => Ok(None),
        Some(value) => socket_addr(lookup, variable, &value).map(Some),
    }
}

/// A host:port address whose host may be a name (`svc-catalogue:50051` in compose).
pub fn host_port(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    default: &str,
) -> Result<String, ConfigError> {
    let value = lookup(variable).unwrap_or_else(|| default.to_owned());
    let valid = value
        .rsplit_once(':')
        .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok());
    if valid {
        Ok(value)
    } else {
        Err(ConfigError {
            variable,
            problem: format!("'{value}' is not host:port"),
        })
    }
}

/// The loyalty brand (LOYALTY_BRAND, default `boxoffice`): letters and digits, as it
/// names the session headers and the version 3 query parameters.
pub fn loyalty_brand(lookup: &impl Fn(&str) -> Option<String>) -> Result<String, ConfigError> {
    let brand = lookup("LOYALTY_BRAND").unwrap_or_else(|| "boxoffice".to_owned());
    if brand.is_empty() || !brand.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ConfigError {
            variable: "LOYALTY_BRAND",
            problem: format!("'{brand}' is not a brand name of letters and digits"),
        });
    }
    Ok(brand)
}

/// The deployment's default site (SITE_ID): the site of a call that names none and of
/// data from before sites. Unset, every service takes svc-catalogue's: the site its
/// bundle folder (SITE_DIR, default `site/demo`) is imported as, or `demo` without one,
/// so that the services of one process agree. Lower-case letters, digits and '-'.
pub fn site_id(lookup: &impl Fn(&str) -> Option<String>) -> Result<String, ConfigError> {
    match lookup("SITE_ID").filter(|id| !id.is_empty()) {
        Some(id) if proto::site::is_site_id(&id) => Ok(id),
        Some(id) => Err(ConfigError {
            variable: "SITE_ID",
            problem: format!("'{id}' is not lower-case letters, digits and '-'"),
        }),
        None => Ok(match lookup("SITE_DIR") {
            None => "demo".to_owned(),
            Some(dir) if dir.is_empty() => "demo".to_owned(),
            Some(dir) => proto::site::id_of_folder(std::path::Path::new(&dir)),
        }),
    }
}

/// A positive number of milliseconds.
pub fn millis(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    default: u64,
) -> Result<Duration, ConfigError> {
    match lookup(variable) {
        None => Ok(Duration::from_millis(default)),
        Some(value) => match value.parse::<u64>() {
            Ok(ms) if ms > 0 => Ok(Duration::from_millis(ms)),
            _ => Err(ConfigError {
                variable,
                problem: format!("'{value}' is not a positive number of milliseconds"),
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unset_variables_take_their_defaults() {
        let none = |_: &str| None;
        assert_eq!(
            socket_addr(&none, "X_ADDR", "127.0.0.1:1")
                .map(|a| a.port())
                .ok(),
            Some(1)
        );
        assert_eq!(
            millis(&none, "X_MS", 5).ok(),
            Some(Duration::from_millis(5))
        );
    }

    #[test]
    fn bad_values_name_their_variable() {
        let bad = |_: &str| Some("soon".to_owned());
        let error = socket_addr(&bad, "X_ADDR", "127.0.0.1:1").expect_err("invalid");
        assert_eq!(
            error.to_string(),
            "X_ADDR: 'soon' is not a host:port socket address"
        );
        let error = millis(&bad, "X_MS", 5).expect_err("invalid");
        assert_eq!(error.variable, "X_MS");
        let zero = |_: &str| Some("0".to_owned());
        assert!(millis(&zero, "X_MS", 5).is_err());
    }

    #[test]
    fn a_database_url_keeps_its_password_out_of_debug_and_errors() {
        let url = "postgres://cinema:hunter2@db:5432/cinema";
        let database =
            database_url(&|_: &str| Some(url.to_owned()), "x.db".as_ref()).expect("a postgres URL");
        assert_eq!(database.expose(), url);
        assert!(!database.is_sqlite());
        assert_eq!(
            format!("{database:?}"),
            "DatabaseUrl(postgres://...@db:5432/cinema)"
        );

        let mysql = |_: &str| Some("mysql://user:hunter2@db/cinema".to_owned());
        let error = database_url(&mysql, "x.db".as_ref()).expect_err("not supported");
        assert_eq!(
            error.to_string(),
            "DATABASE_URL: 'mysql://...@db/cinema' is neither a postgres:// nor a sqlite: URL"
        );

        let default = database_url(&|_: &str| None, "/srv/data/x.db".as_ref()).expect("SQLite");
        assert!(default.is_sqlite());
        assert_eq!(default.expose(), "sqlite:///srv/data/x.db?mode=rwc");
        assert_eq!(redacted("sqlite://x.db"), "sqlite://x.db");
    }
}
