use std::path::{Path, PathBuf};

use proto::studio::v1::studio_client::StudioClient;
use proto::studio::v1::{AcceptInvitationRequest, SiteRequest};
use svc_studio::domain::access::{Grant, Role};
use svc_studio::domain::staff::StaffEmail;
use svc_studio::{Application, Config};
use tonic::transport::Channel;

/// A studio service on a random loopback port, and what it was started with.
pub struct TestStudio {
    pub client: StudioClient<Channel>,
    pub config: Config,
    pub data_dir: PathBuf,
}

/// The service with its staff in a fresh SQLite folder.
pub async fn spawn_studio() -> TestStudio {
    spawn_studio_with(&test_support::dirs::fresh_dir("studio_api"), &[]).await
}

/// The service with DATA_DIR `data_dir` and the variables `env` besides.
pub async fn spawn_studio_with(data_dir: &Path, env: &[(&str, &str)]) -> TestStudio {
    let dir = data_dir.display().to_string();
    let config = Config::from_lookup(|name| {
        if name == "DATA_DIR" {
            return Some(dir.clone());
        }
        env.iter()
            .find(|(variable, _)| *variable == name)
            .map(|(_, value)| (*value).to_owned())
    })
    .expect("a valid configuration");
    let application = Application::build(config.clone()).await.expect("builds");
    let addr = test_support::net::spawn_on_loopback(|listener| {
        application.serve(listener, std::future::pending())
    })
    .await;
    let client = StudioClient::connect(format!("http://{addr}"))
        .await
        .expect("connect");
    TestStudio {
        client,
        config,
        data_dir: data_dir.to_owned(),
    }
}

impl TestStudio {
    /// A new invitation's token, as the `invite` command makes it.
    pub async fn invite(
        &self,
        email: &str,
        role: Role,
        site: Option<&str>,
        theaters: &[&str],
    ) -> String {
        let theaters: Vec<String> = theaters.iter().map(|id| (*id).to_owned()).collect();
        let grant = Grant::new(role, site, &theaters).expect("a valid grant");
        let email = StaffEmail::parse(email).expect("an address");
        let studio = svc_studio::studio(&self.config).await.expect("the studio");
        let url = studio
            .invite(Some(&email), &grant, None)
            .await
            .expect("invited");
        token_of(&url)
    }
}

/// The token of an invitation link.
pub fn token_of(url: &str) -> String {
    url.split_once("/invitation?token=")
        .map(|(_, token)| token.trim().to_owned())
        .unwrap_or_else(|| panic!("an invitation link: {url}"))
}

/// A session of a new staff member with `role` on `site`.
pub async fn staff(studio: &mut TestStudio, email: &str, role: Role, site: &str) -> String {
    let theaters: &[&str] = if role == Role::TheaterManager {
        &["101"]
    } else {
        &[]
    };
    let token = studio.invite(email, role, Some(site), theaters).await;
    studio
        .client
        .accept_invitation(AcceptInvitationRequest {
            token,
            name: email.split('@').next().unwrap_or_default().to_owned(),
            email: String::new(),
        })
        .await
        .expect("accepted")
        .into_inner()
        .session_token
}

pub fn on(session: &str, site: &str) -> SiteRequest {
    SiteRequest {
        session_token: session.to_owned(),
        site_id: site.to_owned(),
    }
}
