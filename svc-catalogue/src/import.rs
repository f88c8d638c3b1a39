//! Importing a bundle (the demo's format) into the store, as the site named after its
//! folder: once, and then again whenever its files change or the site's day turns, so
//! its days relative to today stay relative. A broken bundle is reported (an error log
//! line, and the metrics `catalogue_bundle_rejected` = 1 and
//! `catalogue_bundle_rejections_total`) and the store keeps what it had.

use std::path::{Path, PathBuf};
use std::time::Duration;

use jiff::civil::Date;
use jiff::tz::TimeZone;

use crate::Error;
use crate::bundle::{self, BundleError};
use crate::domain::SiteContent;
use crate::store::{Author, Commit, Store};
use crate::version::Clock;

/// The bundles in `dir`: each folder holding a `site.json`, as the site named after it
/// ([`proto::site::id_of_folder`]), in the order of their names.
pub fn bundles_in(dir: &Path) -> Result<Vec<(String, PathBuf)>, Error> {
    let unreadable = |source| Error::DataDir {
        dir: dir.display().to_string(),
        source,
    };
    let mut bundles = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(unreadable)? {
        let path = entry.map_err(unreadable)?.path();
        if path.join("site.json").is_file() {
            bundles.push((proto::site::id_of_folder(&path), path));
        }
    }
    bundles.sort();
    Ok(bundles)
}

/// Gives each of `sites` that has no host name yet its local ones: `{id}.localhost`
/// (browsers resolve every `*.localhost` to loopback), and for `default_site` also
/// 127.0.0.1 and localhost. The local demo of many sites; a site given hosts otherwise
/// keeps them.
pub async fn serve_on_localhost(
    store: &Store,
    default_site: &str,
    sites: &[String],
) -> Result<(), Error> {
    let addresses = store.site_addresses().await?;
    for address in addresses
        .iter()
        .filter(|address| sites.contains(&address.site_id) && address.hosts.is_empty())
    {
        let id = address.site_id.as_str();
        let mut hosts = vec![format!("{id}.localhost")];
        if id == default_site {
            hosts.extend(["127.0.0.1".to_owned(), "localhost".to_owned()]);
        }
        match store.set_site_address(id, Some(&hosts), None).await {
            Ok(_) => {
                tracing::info!(site = id, hosts = ?hosts, "site served on its local host names")
            }
            Err(error) => tracing::warn!(site = id, %error, "site left without local host names"),
        }
    }
    Ok(())
}

/// The writer an import is in the history.
const IMPORT: &str = "bundle import";

/// Reads the bundle in `dir` as of today and writes it to the store as `site_id`.
pub async fn import(
    store: &Store,
    site_id: &str,
    dir: &Path,
    clock: Clock,
) -> Result<Commit, Error> {
    let content = read(dir, clock).await?;
    let commit = store
        .replace_site(site_id, &content, Author::named(IMPORT))
        .await?;
    tracing::info!(
        site = site_id,
        bundle = %dir.display(),
        revision = %commit.revision,
        changed = commit.changed,
        "site bundle imported"
    );
    Ok(commit)
}

/// The templates a new site is made from, by name: each a bundle in the templates folder
/// (SITE_TEMPLATES_DIR) named after it.
pub const TEMPLATES: [&str; 2] = ["empty", "demo"];

/// What a new site is made of: the bundle of the template `template` in `templates_dir` as
/// of today, named `name`. A template not installed is refused, naming the folder.
pub async fn from_template(
    templates_dir: &Path,
    template: &str,
    name: &str,
    clock: Clock,
) -> Result<SiteContent, Error> {
    let dir = templates_dir.join(template);
    if !TEMPLATES.contains(&template) || !dir.join("site.json").is_file() {
        // Where it was looked for is for the logs, not for the caller.
        tracing::error!(template, file = %dir.join("site.json").display(), "site template not installed (SITE_TEMPLATES_DIR)");
        return Err(Error::NoTemplate(format!(
            "the template '{template}' is not installed on this deployment"
        )));
    }
    let mut content = read(&dir, clock).await?;
    content.settings["name"] = serde_json::Value::from(name);
    if let Some(entity) = content.settings["relatedEntity"].as_object_mut() {
        entity.insert("name".to_owned(), serde_json::Value::from(name));
    }
    Ok(content)
}

/// Where the embedded demo keeps the ingest key of `site_id`.
pub fn demo_key_file(data_dir: &Path, site_id: &str) -> PathBuf {
    data_dir.join("ingest").join(format!("{site_id}.key"))
}

/// Makes an ingest key for the imported site `site_id` on the embedded demo's first
/// start and writes it to [`demo_key_file`], readable by its owner alone; the log says
/// where. A file already there is kept.
pub async fn write_demo_key(store: &Store, site_id: &str, data_dir: &Path) -> Result<(), Error> {
    let file = demo_key_file(data_dir, site_id);
    if file.exists() {
        return Ok(());
    }
    let (key, text) = store.create_key(site_id, "embedded demo").await?;
    let written = write_secret(&file, &text).map_err(|source| Error::DataDir {
        dir: file.display().to_string(),
        source,
    });
    if written.is_err() {
        // A key nobody can read must not stay usable.
        store.revoke_key(&key.id, None).await?;
    }
    written?;
    tracing::info!(site = site_id, file = %file.display(), "ingest key of the demo written");
    Ok(())
}

fn write_secret(file: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    #[cfg(unix)]
    use std::os::unix::fs::OpenOptionsExt;
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    options.mode(0o600);
    let mut opened = options.open(file)?;
    opened.write_all(format!("{text}\n").as_bytes())
}

/// Reads the bundle on tokio's blocking threads: its files are many and the site's
/// showtimes are made from its schedules.
async fn read(dir: &Path, clock: Clock) -> Result<SiteContent, BundleError> {
    let owned = dir.to_owned();
    tokio::task::spawn_blocking(move || bundle::load(&owned, &clock))
        .await
        .unwrap_or_else(|failed| {
            Err(BundleError::Read {
                file: dir.display().to_string(),
                source: std::io::Error::other(failed),
            })
        })
}

/// What the last import was made of: the bundle's files and the day it was made for.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Imported {
    fingerprint: String,
    today: Date,
}

/// Imports the bundle in `dir` again whenever its files change or the site's day turns,
/// checking every `every`, until the returned task is aborted. `time_zone` says when the
/// day turns; the bundle was imported as it stands when this is called.
pub fn keep_importing(
    store: Store,
    site_id: String,
    dir: PathBuf,
    clock: Clock,
    time_zone: TimeZone,
    every: Duration,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut imported = bundle::fingerprint(&dir).ok().map(|fingerprint| Imported {
            fingerprint,
            today: clock.today(&time_zone),
        });
        // A bundle that failed, so it is reported once.
        let mut rejected: Option<Imported> = None;
        let mut ticks = tokio::time::interval(every);
        loop {
            ticks.tick().await;
            let now = match fingerprint(&dir).await {
                Ok(fingerprint) => Imported {
                    fingerprint,
                    today: clock.today(&time_zone),
                },
                Err(error) => {
                    if rejected.is_none() {
                        tracing::error!(%error, "site bundle unreadable; the catalogue keeps what it has");
                        report_rejection();
                    }
                    rejected = Some(Imported {
                        fingerprint: String::new(),
                        today: clock.today(&time_zone),
                    });
                    continue;
                }
            };
            if imported.as_ref() == Some(&now) || rejected.as_ref() == Some(&now) {
                continue;
            }
            match import(&store, &site_id, &dir, clock).await {
                Ok(_) => {
                    imported = Some(now);
                    rejected = None;
                    set_rejected(false);
                }
                Err(error) => {
                    tracing::error!(%error, "site bundle rejected; the catalogue keeps what it has");
                    report_rejection();
                    rejected = Some(now);
                }
            }
        }
    })
}

async fn fingerprint(dir: &Path) -> Result<String, BundleError> {
    let owned = dir.to_owned();
    tokio::task::spawn_blocking(move || bundle::fingerprint(&owned))
        .await
        .unwrap_or_else(|failed| {
            Err(BundleError::Read {
                file: dir.display().to_string(),
                source: std::io::Error::other(failed),
            })
        })
}

fn report_rejection() {
    metrics::counter!("catalogue_bundle_rejections_total").increment(1);
    set_rejected(true);
}

fn set_rejected(rejected: bool) {
    metrics::gauge!("catalogue_bundle_rejected").set(if rejected { 1.0 } else { 0.0 });
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATES_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site-templates");

    #[tokio::test]
    async fn each_template_makes_a_site_of_the_name_given() {
        for template in TEMPLATES {
            let content = from_template(
                Path::new(TEMPLATES_DIR),
                template,
                "Riverside Pictures",
                Clock::default(),
            )
            .await
            .expect("the template loads");
            assert_eq!(content.settings["name"], "Riverside Pictures");
            assert_eq!(
                content.settings["relatedEntity"]["name"],
                "Riverside Pictures"
            );
            assert!(!content.theaters.is_empty(), "{template}");
        }
    }

    #[tokio::test]
    async fn a_template_not_installed_is_refused_by_its_name() {
        let refused = from_template(Path::new("/no/templates"), "demo", "X", Clock::default())
            .await
            .expect_err("not installed");
        assert!(
            matches!(&refused, Error::NoTemplate(message) if message.contains("'demo' is not installed"))
        );
        assert!(matches!(
            from_template(Path::new(TEMPLATES_DIR), "../site", "X", Clock::default()).await,
            Err(Error::NoTemplate(_))
        ));
    }
}
