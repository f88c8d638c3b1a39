//! svc-studio: the studio's back end (docs/studio.md): its staff, the roles they are
//! granted per site, their invitations and sessions.
//!
//! # Layout
//!
//! - [`config`]: configuration from the environment.
//! - [`commands`]: the binary's command beside serving: `invite`.
//! - [`domain`]: the rules as plain Rust: roles and permissions and the one check of
//!   every call, staff e-mail addresses and names, tokens.
//! - [`store`]: all SQL (SQLite or PostgreSQL), with its migrations.
//! - [`studio`]: what the studio does for its staff over the store: invitations,
//!   sessions, sign-in links, the first operator's invitation.
//! - [`passkeys`]: passkeys registered, listed, removed, and signing in with them.
//! - [`sites`]: the sites a staff member may see, from svc-catalogue.
//! - [`site_staff`]: a site's staff: invitations mailed and waiting, grants removed.
//! - [`audit`]: the audit log of every change, written and read.
//! - [`grpc`]: the gRPC adapter over [`studio`].
//! - [`error`]: the crate's error type and its gRPC status.

pub mod audit;
pub mod commands;
pub mod config;
pub mod domain;
pub mod error;
pub mod grpc;
pub mod passkeys;
pub mod site_staff;
pub mod sites;
pub mod store;
pub mod studio;

use std::future::Future;

pub use config::Config;
pub use error::Error;
use proto::catalogue::v1::catalogue_client::CatalogueClient;
use proto::studio::v1::studio_server::StudioServer;
use store::Store;
use studio::Studio;
use tokio::net::TcpListener;

/// A studio service ready to serve.
#[derive(Debug)]
pub struct Application {
    service: grpc::StudioService,
}

impl Application {
    /// Opens (and creates when missing) the staff store; at a start with no staff,
    /// writes the first operator's invitation.
    pub async fn build(config: Config) -> Result<Application, Error> {
        let studio = studio(&config).await?;
        studio
            .invite_first_operator(&config.first_operator_file())
            .await?;
        Ok(Application {
            service: grpc::StudioService { studio },
        })
    }

    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        platform::serving::serve(
            platform::serving::Services::new(StudioServer::new(self.service)),
            listener,
            shutdown,
            platform::serving::health(),
        )
        .await?;
        Ok(())
    }
}

/// The studio over the store `config` names (its SQLite folder made when missing).
pub async fn studio(config: &Config) -> Result<Studio, Error> {
    if config.database_url.is_sqlite() {
        std::fs::create_dir_all(&config.data_dir).map_err(|source| Error::File {
            path: config.data_dir.display().to_string(),
            source,
        })?;
    }
    Ok(Studio {
        store: Store::connect(config.database_url.expose()).await?,
        studio_url: config.studio_url.clone(),
        email_sign_in: config.email_sign_in,
        mailer: config.mail.mailer(&config.data_dir)?,
        webauthn: passkeys::relying_party(&config.studio_url).map_err(Error::Webauthn)?,
        catalogue: CatalogueClient::new(platform::trace::lazy_channel(&config.catalogue_addr)?),
    })
}
