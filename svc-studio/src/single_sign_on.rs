//! Single sign-on by OpenID Connect (docs/studio.md#single-sign-on), when
//! STUDIO_OIDC_ISSUER is set: the authorisation code flow with PKCE and a nonce. A begun
//! sign-on waits in the store under its state's digest (10 minutes, used once), so that
//! any replica finishes what another began; the code is exchanged with the client secret,
//! the ID token verified by `openidconnect` (signature by the provider's published keys,
//! issuer, audience, expiry, nonce) and the e-mail address it vouches for
//! (`email_verified`) mapped to a staff member. Nobody is made staff this way: an
//! invitation does that.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use openidconnect::core::{
    CoreAuthenticationFlow, CoreClient, CoreIdTokenVerifier, CoreProviderMetadata,
};
use openidconnect::{
    AsyncHttpClient, AuthorizationCode, ClaimsVerificationError, ClientId, ClientSecret, CsrfToken,
    HttpRequest, HttpResponse, IssuerUrl, Nonce, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl,
    RequestTokenError, Scope, TokenResponse,
};
use platform::tokens::{new_token, sha256_hex};
use secrecy::ExposeSecret;

use crate::Error;
use crate::config::SingleSignOnSettings;
use crate::domain::staff::StaffEmail;
use crate::domain::tokens;
use crate::store::single_sign_ons::{self, PendingSignOn};
use crate::store::{staff as stored_staff, unix_now};
use crate::studio::{Me, SignedIn, Studio};

/// Where the provider sends the browser back, on the studio's origin (the gateway's
/// page route; the client's redirect URI at the provider).
pub const CALLBACK_PATH: &str = "/sign-in/sso/callback";

/// How long the provider's metadata and keys, once read, serve sign-ons. An ID token whose
/// signature they do not verify has them read afresh, so that a key the provider rotated
/// in verifies at once.
const METADATA_FRESH: Duration = Duration::from_secs(5 * 60);

/// How long a call to the provider may take.
const PROVIDER_TIMEOUT: Duration = Duration::from_secs(10);

/// The studio's client at the provider.
#[derive(Debug)]
pub struct SingleSignOn {
    settings: SingleSignOnSettings,
    issuer: IssuerUrl,
    redirect: RedirectUrl,
    http: ProviderHttp,
    /// The metadata last read, and when.
    discovered: tokio::sync::Mutex<Option<(Instant, CoreProviderMetadata)>>,
}

/// A sign-on begun: where the browser goes, and the state it brings back.
#[derive(Debug, Clone)]
pub struct Begun {
    pub authorization_url: String,
    pub state: String,
}

/// Which ways in the studio offers besides passkeys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignInMethods {
    pub email_link: bool,
    pub single_sign_on: bool,
}

impl SingleSignOn {
    /// The client of `settings`, which the provider sends back to `studio_url`.
    pub fn new(settings: &SingleSignOnSettings, studio_url: &str) -> Result<SingleSignOn, Error> {
        let issuer = IssuerUrl::new(settings.issuer.clone())
            .map_err(|error| Error::Provider(format!("STUDIO_OIDC_ISSUER: {error}")))?;
        let redirect = RedirectUrl::new(format!("{studio_url}{CALLBACK_PATH}"))
            .map_err(|error| Error::Provider(format!("STUDIO_URL: {error}")))?;
        let http = platform::tls::http_client()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(PROVIDER_TIMEOUT)
            .build()
            .map_err(|error| Error::Provider(format!("no HTTP client: {error}")))?;
        let http = ProviderHttp(http);
        Ok(SingleSignOn {
            settings: settings.clone(),
            issuer,
            redirect,
            http,
            discovered: tokio::sync::Mutex::new(None),
        })
    }

    /// The provider's metadata and keys: as read in the last [`METADATA_FRESH`] unless
    /// `afresh`.
    async fn metadata(&self, afresh: bool) -> Result<CoreProviderMetadata, Error> {
        let mut discovered = self.discovered.lock().await;
        if let Some((read_at, metadata)) = discovered.as_ref()
            && !afresh
            && read_at.elapsed() < METADATA_FRESH
        {
            return Ok(metadata.clone());
        }
        let metadata = CoreProviderMetadata::discover_async(self.issuer.clone(), &self.http)
            .await
            .map_err(|error| Error::Provider(format!("discovery: {error}")))?;
        *discovered = Some((Instant::now(), metadata.clone()));
        Ok(metadata)
    }

    fn client_secret(&self) -> ClientSecret {
        ClientSecret::new(self.settings.client_secret.expose_secret().to_owned())
    }

    /// A new sign-on: the provider's authorisation URL (scopes `openid email`, PKCE
    /// S256, a nonce) and what its end needs.
    async fn begin(&self) -> Result<(Begun, PendingSignOn), Error> {
        let client = CoreClient::from_provider_metadata(
            self.metadata(false).await?,
            ClientId::new(self.settings.client_id.clone()),
            Some(self.client_secret()),
        )
        .set_redirect_uri(self.redirect.clone());
        let state = new_token()?;
        let nonce = new_token()?;
        let verifier = PkceCodeVerifier::new(new_token()?);
        let (url, _, _) = client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                {
                    let state = state.clone();
                    move || CsrfToken::new(state)
                },
                {
                    let nonce = nonce.clone();
                    move || Nonce::new(nonce)
                },
            )
            .add_scope(Scope::new("email".to_owned()))
            .set_pkce_challenge(PkceCodeChallenge::from_code_verifier_sha256(&verifier))
            .url();
        let begun = Begun {
            authorization_url: url.to_string(),
            state,
        };
        let pending = PendingSignOn {
            nonce,
            pkce_verifier: verifier.into_secret(),
        };
        Ok((begun, pending))
    }

    /// The e-mail address the provider vouches for, from the ID token it gives for
    /// `code`.
    async fn verified_email(
        &self,
        code: &str,
        pending: PendingSignOn,
    ) -> Result<StaffEmail, Error> {
        let metadata = self.metadata(false).await?;
        let answer = CoreClient::from_provider_metadata(
            metadata.clone(),
            ClientId::new(self.settings.client_id.clone()),
            Some(self.client_secret()),
        )
        .set_redirect_uri(self.redirect.clone())
        .exchange_code(AuthorizationCode::new(code.to_owned()))
        .map_err(|error| Error::Provider(format!("token endpoint: {error}")))?
        .set_pkce_verifier(PkceCodeVerifier::new(pending.pkce_verifier))
        .request_async(&self.http)
        .await
        .map_err(|error| match error {
            RequestTokenError::ServerResponse(refusal) => {
                // invalid_client says the settings are wrong; invalid_grant, a code used or late.
                tracing::warn!(error = %refusal.error(), "the single sign-on provider refused the code");
                Error::Unauthenticated(format!(
                    "the single sign-on provider refused the code ({})",
                    refusal.error()
                ))
            }
            other => Error::Provider(format!("token endpoint: {other}")),
        })?;
        let id_token = answer
            .id_token()
            .ok_or_else(|| Error::Provider("the token endpoint answered no ID token".to_owned()))?;
        let nonce = Nonce::new(pending.nonce);
        let claims = match id_token.claims(&self.id_token_verifier(&metadata), &nonce) {
            Err(ClaimsVerificationError::SignatureVerification(_)) => {
                // Perhaps signed by a key the provider rotated in since its keys were
                // read: read them afresh, once.
                let metadata = self.metadata(true).await?;
                id_token
                    .claims(&self.id_token_verifier(&metadata), &nonce)
                    .cloned()
            }
            verified => verified.cloned(),
        }
        .map_err(|error| {
            tracing::warn!(
                check = claims_check(&error),
                "a single sign-on's ID token was refused"
            );
            Error::Unauthenticated(format!(
                "the single sign-on provider's ID token was refused: {error}"
            ))
        })?;
        let unvouched = || {
            Error::PermissionDenied(
                "the single sign-on provider vouches for no e-mail address (email_verified)"
                    .to_owned(),
            )
        };
        let email = claims
            .email()
            .filter(|_| claims.email_verified() == Some(true))
            .ok_or_else(|| {
                tracing::warn!(
                    "a single sign-on's ID token vouched for no address (email, email_verified)"
                );
                unvouched()
            })?;
        StaffEmail::parse(email.as_str()).map_err(|_| unvouched())
    }

    /// What checks an ID token against the provider's keys in `metadata`: signature,
    /// issuer, audience (the studio's client id), expiry.
    fn id_token_verifier(&self, metadata: &CoreProviderMetadata) -> CoreIdTokenVerifier<'static> {
        CoreIdTokenVerifier::new_confidential_client(
            ClientId::new(self.settings.client_id.clone()),
            self.client_secret(),
            metadata.issuer().clone(),
            metadata.jwks().clone(),
        )
    }
}

/// Which check an ID token failed, for the log: never a claim's value.
fn claims_check(error: &ClaimsVerificationError) -> &'static str {
    match error {
        ClaimsVerificationError::Expired(_) => "expiry",
        ClaimsVerificationError::InvalidAudience(_) => "audience",
        ClaimsVerificationError::InvalidIssuer(_) => "issuer",
        ClaimsVerificationError::InvalidNonce(_) => "nonce",
        ClaimsVerificationError::SignatureVerification(_) => "signature",
        _ => "other",
    }
}

/// The HTTP client of calls to the provider: it follows no redirect, so that nothing the
/// provider answers is sent on elsewhere.
#[derive(Debug)]
struct ProviderHttp(reqwest::Client);

impl<'c> AsyncHttpClient<'c> for ProviderHttp {
    type Error = reqwest::Error;
    type Future = Pin<Box<dyn Future<Output = Result<HttpResponse, reqwest::Error>> + Send + 'c>>;

    fn call(&'c self, request: HttpRequest) -> Self::Future {
        Box::pin(async move {
            let response = self.0.execute(reqwest::Request::try_from(request)?).await?;
            let status = response.status();
            let headers = response.headers().clone();
            let mut answer = HttpResponse::new(response.bytes().await?.to_vec());
            *answer.status_mut() = status;
            *answer.headers_mut() = headers;
            Ok(answer)
        })
    }
}

impl Studio {
    /// Which ways in the studio offers besides passkeys.
    pub fn sign_in_methods(&self) -> SignInMethods {
        SignInMethods {
            email_link: self.email_sign_in,
            single_sign_on: self.single_sign_on.is_some(),
        }
    }

    fn single_sign_on(&self) -> Result<&Arc<SingleSignOn>, Error> {
        self.single_sign_on.as_ref().ok_or_else(|| {
            Error::FailedPrecondition(
                "single sign-on is not configured (STUDIO_OIDC_ISSUER)".to_owned(),
            )
        })
    }

    /// Begins a single sign-on: where the browser goes, and the state it brings back
    /// (10 minutes, once).
    pub async fn begin_single_sign_on(&self) -> Result<Begun, Error> {
        let (begun, pending) = self.single_sign_on()?.begin().await?;
        let now = unix_now();
        single_sign_ons::insert(
            self.store.pool(),
            &sha256_hex(&begun.state),
            &pending,
            now,
            now + tokens::SINGLE_SIGN_ON_SECONDS,
        )
        .await?;
        Ok(begun)
    }

    /// Ends the single sign-on of `state` with the provider's `code`: the staff member of
    /// the address it vouches for, in a new session.
    pub async fn sign_in_with_single_sign_on(
        &self,
        state: &str,
        code: &str,
    ) -> Result<SignedIn, Error> {
        let single_sign_on = self.single_sign_on()?;
        let pending = single_sign_ons::take(self.store.pool(), &sha256_hex(state), unix_now())
            .await?
            .ok_or_else(|| {
                Error::Unauthenticated(
                    "the single sign-on is unknown, used or expired: sign in again".to_owned(),
                )
            })?;
        let email = single_sign_on.verified_email(code, pending).await?;
        let session_token = new_token()?;
        let now = unix_now();
        let expires_at = now + tokens::SESSION_SECONDS;
        let staff = single_sign_ons::signed_in(
            self.store.pool(),
            &email,
            &sha256_hex(&session_token),
            now,
            expires_at,
        )
        .await?
        .ok_or_else(|| {
            tracing::info!("a single sign-on vouched for an address that is no staff member's");
            Error::PermissionDenied(
                "no staff member has the address your organisation's account gives: ask for an invitation"
                    .to_owned(),
            )
        })?;
        tracing::info!(staff = %staff.id, "signed in by single sign-on");
        let grants = stored_staff::grants(self.store.pool(), &staff.id).await?;
        Ok(SignedIn {
            session_token,
            expires_at,
            me: Me { staff, grants },
        })
    }
}
