//! The svc-catalogue binary's commands beside serving, on the store that DATABASE_URL
//! (or DATA_DIR) names:
//!
//! ```text
//! svc-catalogue import DIR [SITE]        import a bundle (as SITE, default its folder's name)
//! svc-catalogue keys create SITE [LABEL] make an ingest key for SITE; shown once
//! svc-catalogue keys list [SITE]         the keys, never their text
//! svc-catalogue keys revoke ID           the key can no longer write
//! ```

use std::path::Path;
use std::process::ExitCode;

use crate::{Config, Error, import};

const USAGE: &str = "usage: svc-catalogue import DIR [SITE] | keys create SITE [LABEL] | keys list [SITE] | keys revoke ID";

/// Runs the command `args` names, answering its exit code; `None` when they name none
/// (the binary then serves).
pub async fn run(config: Config, args: Vec<String>) -> Option<ExitCode> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    if !matches!(words.first(), Some(&"import" | &"keys")) {
        return None;
    }
    Some(match command(&config, &words).await {
        Ok(output) => {
            println!("{output}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("svc-catalogue: {message}");
            ExitCode::FAILURE
        }
    })
}

async fn command(config: &Config, words: &[&str]) -> Result<String, String> {
    let store = || async {
        crate::connect_store(config)
            .await
            .map_err(|error| error.to_string())
    };
    match words {
        ["import", dir] | ["import", dir, _] => {
            let dir = Path::new(dir);
            let site = words
                .get(2)
                .map_or_else(|| import::site_id_of(dir), |site| (*site).to_owned());
            check_site_id(&site)?;
            let clock = crate::clock(config);
            let commit = import::import(&store().await?, &site, dir, clock)
                .await
                .map_err(|error| error.to_string())?;
            Ok(format!(
                "site {site}: revision {}, {} records changed",
                commit.revision, commit.changed
            ))
        }
        ["keys", "create", site] | ["keys", "create", site, _] => {
            let label = words.get(3).copied().unwrap_or("");
            let (key, text) = store()
                .await?
                .create_key(site, label)
                .await
                .map_err(|error| Error::from(error).to_string())?;
            Ok(format!(
                "ingest key {} for site {}: it is shown this once, keep it secret\n{text}",
                key.id, key.site_id
            ))
        }
        ["keys", "list"] | ["keys", "list", _] => {
            let keys = store()
                .await?
                .list_keys(words.get(2).copied())
                .await
                .map_err(|error| error.to_string())?;
            let mut lines = vec!["id\tsite\tcreated\trevoked\tlabel".to_owned()];
            lines.extend(keys.iter().map(|key| {
                format!(
                    "{}\t{}\t{}\t{}\t{}",
                    key.id,
                    key.site_id,
                    timestamp(key.created_at),
                    key.revoked_at.map_or_else(|| "-".to_owned(), timestamp),
                    key.label
                )
            }));
            Ok(lines.join("\n"))
        }
        ["keys", "revoke", id] => {
            if store()
                .await?
                .revoke_key(id)
                .await
                .map_err(|error| error.to_string())?
            {
                Ok(format!("ingest key {id} revoked"))
            } else {
                Err(format!("no ingest key {id} in use"))
            }
        }
        _ => Err(USAGE.to_owned()),
    }
}

fn check_site_id(site: &str) -> Result<(), String> {
    if crate::config::is_site_id(site) {
        Ok(())
    } else {
        Err(format!(
            "'{site}' is not a site id: lower-case letters, digits and '-'"
        ))
    }
}

fn timestamp(seconds: i64) -> String {
    jiff::Timestamp::from_second(seconds).map_or_else(|_| seconds.to_string(), |at| at.to_string())
}
