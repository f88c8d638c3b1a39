//! Passkeys (WebAuthn, docs/studio.md#passkeys): a first one registered as an invitation
//! is accepted, more added by a signed-in staff member, each signing in as a discoverable
//! credential with user verification. A ceremony's server half waits in the store under
//! its challenge (five minutes, used once), so that any svc-studio replica finishes what
//! another began.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use platform::tokens::{new_token, sha256_hex};
use serde_json::Value;
use webauthn_rs::prelude::{
    CredentialID, DiscoverableAuthentication, Passkey, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Uuid, Webauthn,
};

use crate::Error;
use crate::domain::staff::{self, StaffEmail};
use crate::domain::tokens;
use crate::store::invitations::{self, Acceptance, NotAccepted};
use crate::store::passkeys::{
    self, Ceremony, CeremonyKind, ListedPasskey, NewPasskey, NotBegun, NotRemoved,
};
use crate::store::{staff as stored_staff, unix_now};
use crate::studio::{Me, SignedIn, Studio};

/// Who registers a passkey.
#[derive(Debug, Clone, Copy)]
pub enum Registrant<'a> {
    /// Someone accepting the invitation of this token, with the name (and, for an
    /// invitation naming no address, the address) they give.
    Invited {
        token: &'a str,
        name: &'a str,
        email: &'a str,
    },
    /// The staff member of this session.
    SignedIn { session_token: &'a str },
}

/// A passkey registered: with an invitation, the session it began; signed in, the staff
/// member it was added to.
#[derive(Debug, Clone)]
pub enum Registered {
    Accepted(SignedIn),
    Added(Me),
}

/// The label of a passkey as its owner gives it: at most 60 characters, "Passkey" when
/// none is given.
pub fn parse_label(text: &str) -> Result<String, String> {
    let label = text.trim();
    if label.chars().count() > 60 || label.chars().any(char::is_control) {
        return Err("label: at most 60 characters, no control characters".to_owned());
    }
    Ok(if label.is_empty() { "Passkey" } else { label }.to_owned())
}

/// The relying party of the studio at `studio_url`: its host, that origin only.
pub fn relying_party(studio_url: &str) -> Result<Webauthn, String> {
    let origin = webauthn_rs::prelude::Url::parse(studio_url)
        .map_err(|error| format!("STUDIO_URL: {error}"))?;
    let host = origin
        .domain()
        .ok_or_else(|| "STUDIO_URL: a passkey needs a host name, not an address".to_owned())?
        .to_owned();
    webauthn_rs::WebauthnBuilder::new(&host, &origin)
        .and_then(|builder| builder.rp_name("Studio").build())
        .map_err(|error| format!("STUDIO_URL: no WebAuthn relying party: {error}"))
}

/// The WebAuthn user id of a staff member: their id's 16 bytes.
fn user_handle(staff_id: &str) -> Result<Uuid, Error> {
    hex::decode(staff_id)
        .ok()
        .and_then(|bytes| Uuid::from_slice(&bytes).ok())
        .ok_or_else(|| Error::Corrupt(format!("staff id {staff_id} is not 16 bytes of hex")))
}

/// The challenge an authenticator's answer signed (from its client data), as stored.
fn challenge_of(client_data_json: &[u8]) -> Result<String, Error> {
    #[derive(serde::Deserialize)]
    struct ClientData {
        challenge: String,
    }
    serde_json::from_slice::<ClientData>(client_data_json)
        .map(|data| data.challenge)
        .map_err(|_| {
            Error::InvalidArgument("credential: its client data names no challenge".to_owned())
        })
}

fn credential_key(id: &CredentialID) -> String {
    URL_SAFE_NO_PAD.encode(id.as_slice())
}

fn ceremony_not_begun(refusal: NotBegun) -> Error {
    match refusal {
        NotBegun::TooMany => Error::Busy(refusal.to_string()),
        NotBegun::Store(error) => Error::Store(error),
    }
}

fn unknown_ceremony() -> Error {
    Error::Unauthenticated(
        "the passkey ceremony is unknown, used or older than five minutes: begin again".to_owned(),
    )
}

impl Studio {
    /// The creation options (WebAuthn's JSON form) of a new passkey for `registrant`:
    /// a discoverable credential with user verification, excluding the passkeys they
    /// hold already.
    pub async fn passkey_registration_options(
        &self,
        registrant: Registrant<'_>,
    ) -> Result<Value, Error> {
        let ceremony = match registrant {
            Registrant::Invited { token, name, email } => {
                let invitation = self.describe_invitation(token).await?;
                let name = staff::parse_name(name).map_err(Error::InvalidArgument)?;
                let email = match invitation.email {
                    Some(named) => named,
                    None if email.trim().is_empty() => {
                        return Err(Error::InvalidArgument(
                            "email: required, the invitation names no address".to_owned(),
                        ));
                    }
                    None => StaffEmail::parse(email)
                        .map_err(Error::InvalidArgument)?
                        .as_str()
                        .to_owned(),
                };
                let parsed = StaffEmail::parse(&email).map_err(Error::InvalidArgument)?;
                let staff_id = match stored_staff::by_email(self.store.pool(), &parsed).await? {
                    Some(member) => member.id,
                    None => tokens::new_id()?,
                };
                Ceremony {
                    staff_id,
                    invitation_sha256: sha256_hex(token),
                    name,
                    email,
                    state: String::new(),
                }
            }
            Registrant::SignedIn { session_token } => {
                let me = self.authenticate(session_token).await?;
                Ceremony {
                    staff_id: me.staff.id,
                    invitation_sha256: String::new(),
                    name: me.staff.name,
                    email: me.staff.email,
                    state: String::new(),
                }
            }
        };
        let held = passkeys::credential_ids(self.store.pool(), &ceremony.staff_id)
            .await?
            .iter()
            .filter_map(|id| URL_SAFE_NO_PAD.decode(id).ok())
            .collect::<Vec<_>>();
        let (options, state) = self
            .webauthn
            .start_passkey_registration(
                user_handle(&ceremony.staff_id)?,
                &ceremony.email,
                &ceremony.name,
                (!held.is_empty()).then_some(held),
            )
            .map_err(|error| Error::Webauthn(error.to_string()))?;
        let challenge = URL_SAFE_NO_PAD.encode(&options.public_key.challenge);
        let mut options = serde_json::to_value(&options.public_key)?;
        // A passkey is a discoverable credential: sign-in names no account.
        options["authenticatorSelection"]["residentKey"] = Value::from("required");
        options["authenticatorSelection"]["requireResidentKey"] = Value::from(true);
        let ceremony = Ceremony {
            state: serde_json::to_string(&state)?,
            ..ceremony
        };
        let now = unix_now();
        passkeys::begin_ceremony(
            self.store.pool(),
            &challenge,
            CeremonyKind::Registration,
            &ceremony,
            now,
            now + tokens::CEREMONY_SECONDS,
        )
        .await
        .map_err(ceremony_not_begun)?;
        Ok(options)
    }

    /// Finishes a registration begun by [`Studio::passkey_registration_options`] for the
    /// same registrant: with an invitation, accepts it (the staff member made or found,
    /// the grant given, the passkey stored and a session begun, in one transaction).
    pub async fn register_passkey(
        &self,
        registrant: Registrant<'_>,
        credential: &str,
        label: &str,
    ) -> Result<Registered, Error> {
        let label = parse_label(label).map_err(Error::InvalidArgument)?;
        let credential: RegisterPublicKeyCredential =
            serde_json::from_str(credential).map_err(|error| {
                Error::InvalidArgument(format!("credential: not a WebAuthn credential: {error}"))
            })?;
        let challenge = challenge_of(credential.response.client_data_json.as_ref())?;
        let ceremony = passkeys::take_ceremony(
            self.store.pool(),
            &challenge,
            CeremonyKind::Registration,
            unix_now(),
        )
        .await?
        .ok_or_else(unknown_ceremony)?;
        let signed_in = match registrant {
            Registrant::Invited { token, .. } => {
                if ceremony.invitation_sha256 != sha256_hex(token) {
                    return Err(unknown_ceremony());
                }
                None
            }
            Registrant::SignedIn { session_token } => {
                let me = self.authenticate(session_token).await?;
                if !ceremony.invitation_sha256.is_empty() || ceremony.staff_id != me.staff.id {
                    return Err(unknown_ceremony());
                }
                Some(me)
            }
        };
        let state: PasskeyRegistration = serde_json::from_str(&ceremony.state)?;
        let passkey = self
            .webauthn
            .finish_passkey_registration(&credential, &state)
            .map_err(|error| {
                Error::InvalidArgument(format!("credential: the passkey was refused: {error}"))
            })?;
        let new = NewPasskey {
            id: tokens::new_id()?,
            credential_id: credential_key(passkey.cred_id()),
            user_handle: ceremony.staff_id.clone(),
            label,
            passkey: serde_json::to_string(&passkey)?,
        };
        let now = unix_now();
        if let Some(me) = signed_in {
            passkeys::add(self.store.pool(), &me.staff.id, &new, now).await?;
            tracing::info!(staff = %me.staff.id, "a passkey was added");
            return Ok(Registered::Added(me));
        }
        let email = StaffEmail::parse(&ceremony.email).map_err(Error::InvalidArgument)?;
        let session_token = new_token()?;
        let expires_at = now + tokens::SESSION_SECONDS;
        let acceptance = Acceptance {
            new_staff_id: &ceremony.staff_id,
            name: &ceremony.name,
            email: Some(&email),
            session_digest: &sha256_hex(&session_token),
            session_expires_at: expires_at,
            passkey: Some(&new),
        };
        let staff = invitations::accept(
            self.store.pool(),
            &ceremony.invitation_sha256,
            &acceptance,
            now,
        )
        .await
        .map_err(|refusal| match refusal {
            NotAccepted::Unusable => Error::Unauthenticated(refusal.to_string()),
            NotAccepted::Email(problem) => Error::InvalidArgument(problem),
            NotAccepted::Store(error) => Error::Store(error),
        })?;
        tracing::info!(staff = %staff.id, "an invitation was accepted with a passkey");
        let grants = stored_staff::grants(self.store.pool(), &staff.id).await?;
        Ok(Registered::Accepted(SignedIn {
            session_token,
            expires_at,
            me: Me { staff, grants },
        }))
    }

    /// The request options (WebAuthn's JSON form) of a sign-in with any passkey of the
    /// studio's: no account named, user verification required.
    pub async fn passkey_sign_in_options(&self) -> Result<Value, Error> {
        let (options, state) = self
            .webauthn
            .start_discoverable_authentication()
            .map_err(|error| Error::Webauthn(error.to_string()))?;
        let challenge = URL_SAFE_NO_PAD.encode(&options.public_key.challenge);
        let ceremony = Ceremony {
            state: serde_json::to_string(&state)?,
            ..Ceremony::default()
        };
        let now = unix_now();
        passkeys::begin_ceremony(
            self.store.pool(),
            &challenge,
            CeremonyKind::SignIn,
            &ceremony,
            now,
            now + tokens::CEREMONY_SECONDS,
        )
        .await
        .map_err(ceremony_not_begun)?;
        Ok(serde_json::to_value(&options.public_key)?)
    }

    /// Signs in with a passkey's answer to [`Studio::passkey_sign_in_options`]: a new
    /// session.
    pub async fn sign_in_with_passkey(&self, credential: &str) -> Result<SignedIn, Error> {
        let refused = || {
            Error::Unauthenticated(
                "this passkey is not registered with the studio, or it was refused".to_owned(),
            )
        };
        let credential: PublicKeyCredential =
            serde_json::from_str(credential).map_err(|error| {
                Error::InvalidArgument(format!("credential: not a WebAuthn credential: {error}"))
            })?;
        let challenge = challenge_of(credential.response.client_data_json.as_ref())?;
        let ceremony = passkeys::take_ceremony(
            self.store.pool(),
            &challenge,
            CeremonyKind::SignIn,
            unix_now(),
        )
        .await?
        .ok_or_else(unknown_ceremony)?;
        let state: DiscoverableAuthentication = serde_json::from_str(&ceremony.state)?;
        let (handle, credential_id) = self
            .webauthn
            .identify_discoverable_authentication(&credential)
            .map_err(|_| refused())?;
        let stored =
            passkeys::by_credential(self.store.pool(), &URL_SAFE_NO_PAD.encode(credential_id))
                .await?
                .filter(|stored| user_handle(&stored.user_handle).is_ok_and(|kept| kept == handle))
                .ok_or_else(refused)?;
        let mut passkey: Passkey = serde_json::from_str(&stored.passkey)?;
        let result = self
            .webauthn
            .finish_discoverable_authentication_v2(&credential, state, &passkey)
            .map_err(|error| {
                tracing::info!(%error, "a passkey's sign-in was refused");
                refused()
            })?;
        let updated = match passkey.update_credential(&result) {
            Some(true) => Some(serde_json::to_string(&passkey)?),
            _ => None,
        };
        let session_token = new_token()?;
        let now = unix_now();
        let expires_at = now + tokens::SESSION_SECONDS;
        let staff = passkeys::signed_in(
            self.store.pool(),
            &stored,
            updated.as_deref(),
            &sha256_hex(&session_token),
            now,
            expires_at,
        )
        .await?;
        tracing::info!(staff = %staff.id, "signed in with a passkey");
        let grants = stored_staff::grants(self.store.pool(), &staff.id).await?;
        Ok(SignedIn {
            session_token,
            expires_at,
            me: Me { staff, grants },
        })
    }

    /// The passkeys of the session's staff member, newest first.
    pub async fn passkeys(&self, session_token: &str) -> Result<Vec<ListedPasskey>, Error> {
        let me = self.authenticate(session_token).await?;
        Ok(passkeys::of_staff(self.store.pool(), &me.staff.id).await?)
    }

    /// Removes a passkey of the session's staff member; their last one only while e-mail
    /// sign-in is on.
    pub async fn remove_passkey(&self, session_token: &str, id: &str) -> Result<(), Error> {
        let me = self.authenticate(session_token).await?;
        passkeys::remove(self.store.pool(), &me.staff.id, id, !self.email_sign_in)
            .await
            .map_err(|refusal| match refusal {
                NotRemoved::Unknown(_) => Error::NotFound(refusal.to_string()),
                NotRemoved::Last => Error::Conflict(refusal.to_string()),
                NotRemoved::Store(error) => Error::Store(error),
            })?;
        tracing::info!(staff = %me.staff.id, "a passkey was removed");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_is_at_most_sixty_characters_and_defaults() {
        assert_eq!(parse_label("  ").expect("empty"), "Passkey");
        assert_eq!(parse_label(" Laptop ").expect("valid"), "Laptop");
        let problem = parse_label(&"a".repeat(61)).expect_err("too long");
        assert!(problem.starts_with("label: "), "{problem}");
    }

    #[test]
    fn the_relying_party_is_the_studios_host() {
        assert!(relying_party("http://studio.localhost:8080").is_ok());
        assert!(relying_party("https://studio.chain.example").is_ok());
        let problem = relying_party("http://127.0.0.1:8080").expect_err("no host name");
        assert!(problem.starts_with("STUDIO_URL: "), "{problem}");
    }

    #[test]
    fn a_staff_id_is_a_user_handle() {
        let handle = user_handle("00112233445566778899aabbccddeeff").expect("16 bytes");
        assert_eq!(
            handle.simple().to_string(),
            "00112233445566778899aabbccddeeff"
        );
        assert!(user_handle("not hex").is_err());
    }
}
