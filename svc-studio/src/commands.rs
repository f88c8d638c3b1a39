//! The svc-studio binary's command beside serving, on the store that DATABASE_URL (or
//! DATA_DIR) names:
//!
//! ```text
//! svc-studio invite EMAIL ROLE [SITE [THEATER...]]   an invitation link (24 hours, once)
//! ```

use std::process::ExitCode;

use crate::domain::access::{Grant, Role};
use crate::domain::staff::StaffEmail;
use crate::{Config, Error};

const USAGE: &str = "usage: svc-studio invite EMAIL ROLE [SITE [THEATER...]] (ROLE: operator, admin, editor, theater-manager, support, viewer)";

/// Runs the command `args` names, answering its exit code; `None` when they name none
/// (the binary then serves).
pub async fn run(config: Config, args: Vec<String>) -> Option<ExitCode> {
    if args.first().map(String::as_str) != Some("invite") {
        return None;
    }
    Some(match invite(&config, &args[1..]).await {
        Ok(url) => {
            println!("{url}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("svc-studio: {message}");
            ExitCode::FAILURE
        }
    })
}

/// `EMAIL ROLE [SITE [THEATER...]]` -> the invitation's link.
async fn invite(config: &Config, words: &[String]) -> Result<String, String> {
    let [email, role, scope @ ..] = words else {
        return Err(USAGE.to_owned());
    };
    let email = StaffEmail::parse(email)?;
    let role = Role::parse(role)?;
    let (site, theaters) = match scope {
        [] => (None, &[][..]),
        [site, theaters @ ..] => (Some(site.as_str()), theaters),
    };
    let grant = Grant::new(role, site, theaters)?;
    let studio = crate::studio(config)
        .await
        .map_err(|error: Error| error.to_string())?;
    studio
        .invite(Some(&email), &grant, None)
        .await
        .map_err(|error| error.to_string())
}
