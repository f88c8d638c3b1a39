//! The gRPC adapter: proto <-> domain, errors -> Status.

use proto::loyalty::v1 as pb;
use tonic::{Request, Response, Status};

use crate::Error;
use crate::cypher::{Envelope, Provider};
use crate::domain::config::{LoyaltySettings, SiteContext, normalise};
use crate::site_settings::SiteSettings;
use crate::upstream::Upstream;

#[derive(Debug, Clone)]
pub struct LoyaltyService {
    /// The site of a call that names none (SITE_ID).
    pub default_site: String,
    /// Each site's loyalty settings, learned from the catalogue.
    pub sites: SiteSettings,
    pub provider: Provider,
    /// Set in upstream mode: cypher calls go there instead of to the provider.
    pub upstream: Option<Upstream>,
}

#[tonic::async_trait]
impl pb::loyalty_server::Loyalty for LoyaltyService {
    async fn normalise_config(
        &self,
        request: Request<pb::NormaliseConfigRequest>,
    ) -> Result<Response<pb::LoyaltyConfig>, Status> {
        let request = request.into_inner();
        let settings: LoyaltySettings = if request.loyalty_settings_json.trim().is_empty() {
            LoyaltySettings::default()
        } else {
            serde_json::from_str(&request.loyalty_settings_json).map_err(Error::from)?
        };
        let site = SiteContext {
            settings_circuit_id: request.settings_circuit_id,
            current_cinema_id: request.current_cinema_id,
        };
        let config = normalise(settings, &site);
        Ok(Response::new(pb::LoyaltyConfig {
            version: config.version,
            circuit_id: config.circuit_id,
            cinema_id: config.cinema_id,
            r#type: config.loyalty_type,
            club_id: config.club_id,
            ticketing_url: config.ticketing_url,
            include_activation: config.include_activation,
            include_activation_card_number: config.include_activation_card_number,
            include_activation_phone_number: config.include_activation_phone_number,
            balance_types: config.balance_types,
            scannable_code_format: config.scannable_code_format,
            provider: config.provider,
            access_from_header: config.access_from_header,
            guest_header_access_label: config.guest_header_access_label,
            guest_signup_tab_button: config.guest_signup_tab_button,
            guest_signup_tab_text: config.guest_signup_tab_text,
            logged_in_header_access_label: config.logged_in_header_access_label,
            logged_in_menu_json: config
                .logged_in_menu
                .map(|menu| menu.to_string())
                .unwrap_or_default(),
            include_watchlist: config.include_watchlist,
            card_type: config.card_type,
            session_timeout: config.session_timeout_hours,
            allow_expired_accounts_login: config.allow_expired_accounts_login,
            display_original_cypher_messages: config.display_original_cypher_messages,
        }))
    }

    async fn cypher(
        &self,
        request: Request<pb::CypherRequest>,
    ) -> Result<Response<pb::CypherReply>, Status> {
        let site_id = proto::site::named(&request)?
            .unwrap_or(&self.default_site)
            .to_owned();
        let request = request.into_inner();
        let payload = if request.payload_json.trim().is_empty() {
            serde_json::Value::Object(serde_json::Map::new())
        } else {
            serde_json::from_str(&request.payload_json)
                .map_err(|error| Status::invalid_argument(format!("payload: {error}")))?
        };
        let envelope = Envelope {
            method: request.method,
            route: request.route,
            session_token: request.session_token,
            refresh_token: request.refresh_token,
            payload,
            captcha_token: request.captcha_token,
            client_address: request.client_address,
            loyalty: self.sites.of(&site_id).await?,
            site_id,
        };
        let answer = match &self.upstream {
            Some(upstream) => upstream.forward(&envelope).await,
            None => self.provider.handle(&envelope).await,
        };
        let reply = answer.map_err(|error| {
            tracing::error!("cypher call failed: {error}");
            Status::from(error)
        })?;
        Ok(Response::new(pb::CypherReply {
            http_status: u32::from(reply.status),
            content_type: reply.content_type,
            body: reply.body,
        }))
    }
}
