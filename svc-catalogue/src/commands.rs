//! The svc-catalogue binary's commands beside serving, on the store that DATABASE_URL
//! (or DATA_DIR) names:
//!
//! ```text
//! svc-catalogue import DIR [SITE]        import a bundle (as SITE, default its folder's name)
//! svc-catalogue keys create SITE [LABEL] make an ingest key for SITE; shown once
//! svc-catalogue keys list [SITE]         the keys, never their text
//! svc-catalogue keys revoke ID           the key can no longer write
//! svc-catalogue sites list               every site with its host names and public URL
//! svc-catalogue sites hosts SITE [HOST...]   SITE's host names, in place of its own
//! svc-catalogue sites public-url SITE [URL]  SITE's public URL; none: PUBLIC_URL's
//! ```

use std::path::Path;
use std::process::ExitCode;

use crate::domain::site_address;
use crate::{Config, Error, import};

const USAGE: &str = "usage: svc-catalogue import DIR [SITE] | keys create SITE [LABEL] | keys list [SITE] | keys revoke ID | sites list | sites hosts SITE [HOST...] | sites public-url SITE [URL]";

/// Runs the command `args` names, answering its exit code; `None` when they name none
/// (the binary then serves).
pub async fn run(config: Config, args: Vec<String>) -> Option<ExitCode> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    if !matches!(words.first(), Some(&"import" | &"keys" | &"sites")) {
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
                .map_or_else(|| proto::site::id_of_folder(dir), |site| (*site).to_owned());
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
                .revoke_key(id, None)
                .await
                .map_err(|error| error.to_string())?
            {
                Ok(format!("ingest key {id} revoked"))
            } else {
                Err(format!("no ingest key {id} in use"))
            }
        }
        ["sites", "list"] => {
            let sites = store()
                .await?
                .site_addresses()
                .await
                .map_err(|error| error.to_string())?;
            let mut lines = vec!["site\tpublic URL\thosts".to_owned()];
            lines.extend(sites.iter().map(|site| {
                format!(
                    "{}\t{}\t{}",
                    site.site_id,
                    if site.public_url.is_empty() {
                        "-"
                    } else {
                        &site.public_url
                    },
                    site.hosts.join(" ")
                )
            }));
            Ok(lines.join("\n"))
        }
        ["sites", "hosts", site, hosts @ ..] => {
            let hosts = hosts
                .iter()
                .map(|host| site_address::host(host).map_err(|invalid| invalid.problem))
                .collect::<Result<Vec<_>, _>>()?;
            let commit = store()
                .await?
                .set_site_address(site, Some(&hosts), None)
                .await
                .map_err(|error| Error::from(error).to_string())?;
            Ok(format!(
                "site {site}: hosts {}; revision {}",
                if hosts.is_empty() {
                    "none".to_owned()
                } else {
                    hosts.join(" ")
                },
                commit.revision
            ))
        }
        ["sites", "public-url", site] | ["sites", "public-url", site, _] => {
            let url = match words.get(3) {
                Some(given) => {
                    site_address::public_url(given).map_err(|invalid| invalid.problem)?
                }
                None => String::new(),
            };
            let commit = store()
                .await?
                .set_site_address(site, None, Some(&url))
                .await
                .map_err(|error| Error::from(error).to_string())?;
            Ok(format!(
                "site {site}: public URL {}; revision {}",
                if url.is_empty() { "PUBLIC_URL's" } else { &url },
                commit.revision
            ))
        }
        _ => Err(USAGE.to_owned()),
    }
}

fn check_site_id(site: &str) -> Result<(), String> {
    if proto::site::is_site_id(site) {
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
