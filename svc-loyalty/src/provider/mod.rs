//! The built-in loyalty provider behind `/api/cypher`: an [`Envelope`] comes in, its
//! route is looked up in the route table ([`crate::domain::route`]), the call runs
//! against the store, and a [`Reply`] goes back. One module per area of
//! docs/loyalty.md#api-generations.

mod account;
mod activation;
pub mod alerts;
pub mod captcha;
mod favourites;
pub mod films;
pub mod limits;
mod member;
mod offers;
pub mod payment_portal;
mod recovery;
pub mod reply;
mod session;
pub mod support;
pub mod wallet;

use std::sync::Arc;

use serde_json::Value;
use tokio::sync::Notify;

pub use reply::Reply;

use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::member::Member;
use crate::domain::route::{self, Call, Route, RouteError};
use crate::events::MemberEvent;
use crate::lockout;
use crate::site_settings::SiteLoyalty;
use crate::store::members;
use crate::store::sessions::{self, SessionOwner};
use crate::store::{Store, unix_now};
use captcha::CaptchaVerifier;
use films::FilmCatalogue;
use limits::{Limited, RateLimits};
use payment_portal::PaymentPortal;
use platform::mail::Mailer;
use platform::tokens::sha256_hex;
use wallet::WalletSigner;

/// One call as the gateway passes it on, with its site's loyalty settings.
#[derive(Debug, Clone)]
pub struct Envelope {
    /// The site the call is about: every member, card and code it finds is that site's.
    pub site_id: String,
    pub method: String,
    pub route: String,
    /// The session header's token, "" when absent.
    pub session_token: String,
    /// The refresh header's token, "" when absent.
    pub refresh_token: String,
    /// The body without reqMetadata: a JSON object.
    pub payload: Value,
    pub captcha_token: String,
    pub client_address: String,
    /// The site's loyalty settings, as svc-loyalty learned them from the catalogue.
    pub loyalty: Arc<SiteLoyalty>,
}

/// How long sessions and lockouts last, when an account is blocked and how old a
/// password may be; refresh tokens live the site's sessionTimeout (see [`Envelope`]).
#[derive(Debug, Clone)]
pub struct Policy {
    /// Session tokens live this many seconds.
    pub session_seconds: i64,
    pub lockout: lockout::Rule,
    /// None: passwords never get too old.
    pub password_max_age_seconds: Option<i64>,
}

impl Policy {
    pub fn new(config: &crate::Config) -> Policy {
        Policy {
            session_seconds: 24 * 60 * 60,
            lockout: lockout::Rule::new(config),
            password_max_age_seconds: (config.password_max_age_days > 0)
                .then(|| config.password_max_age_days.saturating_mul(24 * 60 * 60)),
        }
    }
}

/// The built-in provider.
#[derive(Debug, Clone)]
pub struct Provider {
    store: Store,
    brand: String,
    films: FilmCatalogue,
    policy: Policy,
    limits: Arc<RateLimits>,
    /// Wakes the login-event relay after a login.
    events: Arc<Notify>,
    mailer: Mailer,
    captcha: Arc<dyn CaptchaVerifier>,
    /// `None` without a configured service account: wallet calls say passes are not available.
    wallet: Option<WalletSigner>,
    payment_portal: Arc<dyn PaymentPortal>,
    /// The site's origins: reset links may only point there.
    site_origins: Vec<String>,
    alert_offer: alerts::AlertOffer,
}

/// What the provider talks to besides its store.
#[derive(Debug, Clone)]
pub struct Outside {
    pub films: FilmCatalogue,
    /// Notified after each login, for the login-event relay.
    pub events: Arc<Notify>,
    pub mailer: Mailer,
    pub captcha: Arc<dyn CaptchaVerifier>,
    pub wallet: Option<WalletSigner>,
    pub payment_portal: Arc<dyn PaymentPortal>,
    pub alert_offer: alerts::AlertOffer,
}

impl Provider {
    pub fn new(
        store: Store,
        brand: String,
        outside: Outside,
        policy: Policy,
        limits: RateLimits,
        site_origins: Vec<String>,
    ) -> Provider {
        Provider {
            store,
            brand,
            films: outside.films,
            policy,
            limits: Arc::new(limits),
            events: outside.events,
            mailer: outside.mailer,
            captcha: outside.captcha,
            wallet: outside.wallet,
            payment_portal: outside.payment_portal,
            site_origins,
            alert_offer: outside.alert_offer,
        }
    }

    /// Answers one call. Provider failures are replies; only a broken store or a
    /// failing dependency is an `Err`.
    pub async fn handle(&self, envelope: &Envelope) -> Result<Reply, Error> {
        let route = match route::parse(&envelope.method, &envelope.route, &self.brand) {
            Ok(route) => route,
            Err(error @ RouteError::Unknown { .. }) => {
                return Ok(Reply::error(404, "not_found", &error.to_string()));
            }
            Err(error @ RouteError::MalformedQuery) => {
                return Ok(Reply::error(400, "invalid_argument", &error.to_string()));
            }
        };
        if !envelope.payload.is_object() {
            return Ok(Reply::error(
                400,
                "invalid_argument",
                "the payload must be a JSON object",
            ));
        }
        match self.dispatch(&route, envelope).await {
            Ok(reply) => Ok(reply),
            Err(Error::Peach(code)) => Ok(Reply::failure(
                route.generation,
                code,
                &envelope.loyalty.provider,
            )),
            Err(Error::BadInput(message)) => Ok(Reply::error(400, "invalid_argument", &message)),
            Err(error) => Err(error),
        }
    }

    async fn dispatch(&self, route: &Route, envelope: &Envelope) -> Result<Reply, Error> {
        let fields = match route.call {
            Call::Login => self.login(route, envelope).await?,
            Call::RefreshLogin => self.refresh_login(route, envelope).await?,
            Call::Logout => self.logout(route, envelope).await?,
            Call::ValidateToken => self.validate_token(route, envelope).await?,
            Call::LoginWithToken => self.login_with_token(envelope).await?,
            Call::GetMember => self.get_member(route, envelope).await?,
            Call::Create => self.create_member(route, envelope).await?,
            Call::Edit => self.edit_member(route, envelope).await?,
            Call::Delete => self.delete_member(route, envelope).await?,
            Call::OrderHistory => self.order_history(route, envelope).await?,
            Call::TransactionHistory => self.transaction_history(route, envelope).await?,
            Call::RewardsListing => self.rewards_listing(route, envelope).await?,
            Call::OrderLoyaltyItem => self.order_loyalty_item(route, envelope).await?,
            Call::ConfirmItemRedemption => self.confirm_item_redemption(route, envelope).await?,
            Call::GetCards => self.get_cards(route, envelope).await?,
            Call::AddCard => self.add_card(route, envelope).await?,
            Call::DeleteCard => self.delete_card(route, envelope).await?,
            Call::ReportLostCard => self.report_lost_card(route, envelope).await?,
            Call::GetFavoriteFilms => self.favorite_films(route, envelope).await?,
            Call::AddFavoriteFilm => self.add_favorite_film(route, envelope).await?,
            Call::RemoveFavoriteFilm => self.remove_favorite_film(route, envelope).await?,
            Call::GetFavoriteCinemas => self.favorite_cinemas(route, envelope).await?,
            Call::AddFavoriteCinema | Call::UpdateFavoriteCinemas => {
                self.put_favorite_cinemas(route, envelope).await?
            }
            Call::RemoveFavoriteCinema => self.remove_favorite_cinema(route, envelope).await?,
            Call::GetAlertPreferences => self.alert_preferences(route, envelope).await?,
            Call::UpdateAlertPreferences => self.update_alert_preferences(route, envelope).await?,
            Call::AddPushSubscription => self.add_push_subscription(route, envelope).await?,
            Call::RemovePushSubscription => self.remove_push_subscription(route, envelope).await?,
            Call::GiftCardBalance => self.gift_card_balance(envelope).await?,
            Call::EVoucherConcessions => self.evoucher_concessions(route, envelope).await?,
            Call::UsernameReminder => self.username_reminder(route, envelope).await?,
            Call::GetResetPasswordCode => self.get_reset_password_code(route, envelope).await?,
            Call::ValidatePasswordResetCode => {
                self.validate_password_reset_code(route, envelope).await?
            }
            Call::ResetPassword => self.reset_password(envelope).await?,
            Call::MemberSearch => self.member_search(envelope).await?,
            Call::SendActivationCode => self.send_activation_code(envelope).await?,
            Call::GetMembershipList => self.membership_list(route).await?,
            Call::SetMemberToActivateOnComplete => self.set_member_to_activate(envelope).await?,
            Call::AddMembership => self.add_membership(envelope).await?,
            Call::CompletePayment => self.complete_payment(route, envelope).await?,
            Call::PaymentPortalSession => self.payment_portal_session(route, envelope).await?,
            Call::WalletLoyaltyCard => {
                return Ok(Reply::text(
                    self.wallet_loyalty_card(route, envelope).await?,
                ));
            }
            Call::WalletETicket => {
                return Ok(Reply::text(self.wallet_e_ticket(route, envelope).await?));
            }
        };
        Ok(Reply::success(route.generation, fields))
    }

    /// A member event of this call (events.rs), with a new id and the time now: the
    /// site's circuit (the route's when the site names none) and the theater the call
    /// names, if any.
    fn event(
        &self,
        subject: &'static str,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<MemberEvent, Error> {
        Ok(MemberEvent::new(
            subject,
            platform::tokens::new_token()?,
            session::rfc3339(unix_now()),
            &envelope.site_id,
            circuit(route, envelope),
            &route.cinema_id,
            &envelope.loyalty.provider,
        ))
    }

    /// After a change whose event is in the outbox: the relay publishes it at once.
    fn event_queued(&self) {
        self.events.notify_one();
    }

    /// The member of the session the call carries: the session header, or the
    /// `userSessionId` query parameter where a route accepts it.
    async fn session_owner(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<SessionOwner, Error> {
        let token = self.session_token(route, envelope)?;
        sessions::owner(
            self.store.pool(),
            &envelope.site_id,
            &sha256_hex(token),
            unix_now(),
        )
        .await?
        .ok_or(Error::Peach(PeachCode::InvalidSession))
    }

    /// The member of the session the call carries (as [`Provider::session_owner`] finds
    /// it) and the session's cypherVersion.
    async fn session_member(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<(Member, i64), Error> {
        let token = self.session_token(route, envelope)?;
        members::by_session(
            self.store.pool(),
            &envelope.site_id,
            &sha256_hex(token),
            unix_now(),
        )
        .await?
        .ok_or(Error::Peach(PeachCode::InvalidSession))
    }

    /// The session header's token, or the `userSessionId` query parameter where a route
    /// accepts it.
    fn session_token<'a>(
        &self,
        route: &'a Route,
        envelope: &'a Envelope,
    ) -> Result<&'a str, Error> {
        let token = if envelope.session_token.is_empty() {
            route.param("userSessionId")
        } else {
            envelope.session_token.as_str()
        };
        if token.is_empty() {
            return Err(PeachCode::InvalidSession.into());
        }
        Ok(token)
    }

    /// Code 7 unless the call's captcha token is accepted.
    async fn check_captcha(&self, envelope: &Envelope) -> Result<(), Error> {
        if self
            .captcha
            .verify(&envelope.captcha_token, &envelope.client_address)
            .await?
        {
            Ok(())
        } else {
            Err(PeachCode::InvalidCaptcha.into())
        }
    }

    fn check_rate(&self, kind: Limited, envelope: &Envelope) -> Result<(), Error> {
        if self
            .limits
            .allow(kind, &envelope.site_id, &envelope.client_address)
        {
            Ok(())
        } else {
            Err(PeachCode::TooManyRequests.into())
        }
    }

    /// The budget of what the call names (an account's e-mail address, a card number)
    /// on the call's site, whichever addresses its calls come from.
    fn check_target_rate(
        &self,
        kind: Limited,
        envelope: &Envelope,
        target: &str,
    ) -> Result<(), Error> {
        if self.limits.allow_target(kind, &envelope.site_id, target) {
            Ok(())
        } else {
            Err(PeachCode::TooManyRequests.into())
        }
    }

    /// `{brand}SessionToken` and friends.
    fn branded(&self, suffix: &str) -> String {
        format!("{}{suffix}", self.brand)
    }
}

/// The circuit a call is made in: the site's, or the route's when the site names none.
fn circuit<'a>(route: &'a Route, envelope: &'a Envelope) -> &'a str {
    if envelope.loyalty.circuit_id.is_empty() {
        &route.circuit_id
    } else {
        &envelope.loyalty.circuit_id
    }
}

/// A required text field of the payload; its absence names the field.
fn required(payload: &Value, name: &str) -> Result<String, Error> {
    match &payload[name] {
        Value::String(text) if !text.trim().is_empty() => Ok(text.trim().to_owned()),
        Value::Number(number) => Ok(number.to_string()),
        Value::Null => Err(Error::BadInput(format!("payload.{name} is required"))),
        _ => Err(Error::BadInput(format!("payload.{name} must be a string"))),
    }
}
