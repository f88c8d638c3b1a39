//! Passkeys over gRPC: the options of each ceremony, and every answer that is refused
//! (the ceremonies themselves are run by a browser's authenticator in
//! web/e2e/studio.spec.ts).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use proto::studio::v1::{
    AcceptInvitationRequest, Invitee, ListPasskeysRequest, PasskeyRegistrationOptionsRequest,
    PasskeySignInOptionsRequest, RegisterPasskeyRequest, Registrant, RemovePasskeyRequest,
    SignInWithPasskeyRequest,
};
use serde_json::{Value, json};
use svc_studio::domain::access::Role;
use tonic::Code;

use crate::helpers::{TestStudio, spawn_studio, token_of};

fn invitee(token: &str, name: &str, email: &str) -> Registrant {
    Registrant {
        invitee: Some(Invitee {
            token: token.to_owned(),
            name: name.to_owned(),
            email: email.to_owned(),
        }),
        session_token: String::new(),
    }
}

async fn registration_options(
    studio: &mut TestStudio,
    registrant: Registrant,
) -> Result<Value, tonic::Status> {
    let options = studio
        .client
        .passkey_registration_options(PasskeyRegistrationOptionsRequest {
            registrant: Some(registrant),
        })
        .await?
        .into_inner();
    Ok(serde_json::from_str(&options.options_json).expect("JSON options"))
}

/// A registration answer naming `challenge` in its client data, whatever else it says.
fn registration_answer(challenge: &str) -> String {
    let client_data = json!({
        "type": "webauthn.create",
        "challenge": challenge,
        "origin": "http://studio.localhost:8080",
    });
    json!({
        "id": "AAAA",
        "rawId": "AAAA",
        "type": "public-key",
        "response": {
            "attestationObject": URL_SAFE_NO_PAD.encode(b"not CBOR"),
            "clientDataJSON": URL_SAFE_NO_PAD.encode(client_data.to_string()),
        },
    })
    .to_string()
}

/// A sign-in answer naming `challenge` in its client data, signed by nobody.
fn sign_in_answer(challenge: &str) -> String {
    let client_data = json!({
        "type": "webauthn.get",
        "challenge": challenge,
        "origin": "http://studio.localhost:8080",
    });
    json!({
        "id": "AAAA",
        "rawId": "AAAA",
        "type": "public-key",
        "response": {
            "authenticatorData": URL_SAFE_NO_PAD.encode([0u8; 37]),
            "clientDataJSON": URL_SAFE_NO_PAD.encode(client_data.to_string()),
            "signature": URL_SAFE_NO_PAD.encode(b"no signature"),
            "userHandle": URL_SAFE_NO_PAD.encode([7u8; 16]),
        },
    })
    .to_string()
}

fn challenge(options: &Value) -> String {
    options["challenge"]
        .as_str()
        .expect("a challenge")
        .to_owned()
}

#[tokio::test]
async fn an_invitation_opens_a_discoverable_passkey_with_user_verification() {
    let mut studio = spawn_studio().await;
    let token = studio
        .invite("li@chain.example", Role::Editor, Some("demo"), &[])
        .await;
    let options = registration_options(&mut studio, invitee(&token, " Li Wei ", ""))
        .await
        .expect("options");
    assert_eq!(options["rp"]["id"], "studio.localhost");
    assert_eq!(options["user"]["name"], "li@chain.example");
    assert_eq!(options["user"]["displayName"], "Li Wei");
    let selection = &options["authenticatorSelection"];
    assert_eq!(selection["residentKey"], "required");
    assert_eq!(selection["requireResidentKey"], true);
    assert_eq!(selection["userVerification"], "required");
    assert!(options.get("excludeCredentials").is_none(), "{options}");
    // The user id is the new staff member's 16 bytes, not their address.
    let user_id = URL_SAFE_NO_PAD
        .decode(options["user"]["id"].as_str().expect("a user id"))
        .expect("base64url");
    assert_eq!(user_id.len(), 16);
}

#[tokio::test]
async fn options_name_the_field_at_fault_and_an_unusable_invitation_opens_nothing() {
    let mut studio = spawn_studio().await;
    let unaddressed = token_of(
        std::fs::read_to_string(studio.config.first_operator_file())
            .expect("the first operator's link")
            .trim(),
    );
    let refused = registration_options(&mut studio, invitee(&unaddressed, "Ana", ""))
        .await
        .expect_err("no address");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(refused.message().starts_with("email: "), "{refused:?}");
    let refused =
        registration_options(&mut studio, invitee(&unaddressed, " ", "ana@chain.example"))
            .await
            .expect_err("no name");
    assert!(refused.message().starts_with("name: "), "{refused:?}");

    let refused = registration_options(&mut studio, invitee(&"0".repeat(64), "Ana", ""))
        .await
        .expect_err("no such invitation");
    assert_eq!(refused.code(), Code::Unauthenticated);
    let refused = registration_options(
        &mut studio,
        Registrant {
            invitee: None,
            session_token: "f".repeat(64),
        },
    )
    .await
    .expect_err("no such session");
    assert_eq!(refused.code(), Code::Unauthenticated);
    let refused = registration_options(&mut studio, Registrant::default())
        .await
        .expect_err("nobody");
    assert_eq!(refused.code(), Code::Unauthenticated);
}

#[tokio::test]
async fn an_answer_is_refused_unless_it_is_a_credential_for_its_own_ceremony() {
    let mut studio = spawn_studio().await;
    let token = studio
        .invite("li@chain.example", Role::Viewer, Some("demo"), &[])
        .await;
    let other = studio
        .invite("bo@chain.example", Role::Viewer, Some("demo"), &[])
        .await;
    let register = |token: &str, credential: String| RegisterPasskeyRequest {
        registrant: Some(invitee(token, "", "")),
        credential_json: credential,
        label: String::new(),
    };

    let refused = studio
        .client
        .register_passkey(register(&token, "{\"id\": 1}".to_owned()))
        .await
        .expect_err("no credential");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(refused.message().starts_with("credential: "), "{refused:?}");

    let refused = studio
        .client
        .register_passkey(register(&token, registration_answer("bm8gc3VjaA")))
        .await
        .expect_err("no such ceremony");
    assert_eq!(refused.code(), Code::Unauthenticated);

    // The ceremony of one invitation answered with another's is refused, and is gone.
    let options = registration_options(&mut studio, invitee(&token, "Li", ""))
        .await
        .expect("options");
    let refused = studio
        .client
        .register_passkey(register(&other, registration_answer(&challenge(&options))))
        .await
        .expect_err("another invitation's ceremony");
    assert_eq!(refused.code(), Code::Unauthenticated);
    let refused = studio
        .client
        .register_passkey(register(&token, registration_answer(&challenge(&options))))
        .await
        .expect_err("taken once");
    assert_eq!(refused.code(), Code::Unauthenticated);

    // An attestation that does not read is refused naming the credential, and the
    // invitation stays open.
    let options = registration_options(&mut studio, invitee(&token, "Li", ""))
        .await
        .expect("options");
    let refused = studio
        .client
        .register_passkey(register(&token, registration_answer(&challenge(&options))))
        .await
        .expect_err("not an attestation");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(refused.message().starts_with("credential: "), "{refused:?}");
    studio
        .client
        .accept_invitation(AcceptInvitationRequest {
            token,
            name: "Li".to_owned(),
            email: String::new(),
        })
        .await
        .expect("still open");
}

#[tokio::test]
async fn a_sign_in_asks_for_any_passkey_with_user_verification_and_refuses_a_stranger() {
    let mut studio = spawn_studio().await;
    let options = studio
        .client
        .passkey_sign_in_options(PasskeySignInOptionsRequest {})
        .await
        .expect("options")
        .into_inner();
    let options: Value = serde_json::from_str(&options.options_json).expect("JSON");
    assert_eq!(options["rpId"], "studio.localhost");
    assert_eq!(options["userVerification"], "required");
    assert!(
        options["allowCredentials"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "no account named: {options}"
    );

    let sign_in = |credential: String| SignInWithPasskeyRequest {
        credential_json: credential,
    };
    let refused = studio
        .client
        .sign_in_with_passkey(sign_in(sign_in_answer(&challenge(&options))))
        .await
        .expect_err("no passkey of the studio's");
    assert_eq!(refused.code(), Code::Unauthenticated);
    // The ceremony was used up by that answer.
    let refused = studio
        .client
        .sign_in_with_passkey(sign_in(sign_in_answer(&challenge(&options))))
        .await
        .expect_err("used");
    assert_eq!(refused.code(), Code::Unauthenticated);
    assert!(refused.message().contains("ceremony"), "{refused:?}");

    // A registration's ceremony is no sign-in's.
    let token = studio
        .invite("li@chain.example", Role::Viewer, Some("demo"), &[])
        .await;
    let registration = registration_options(&mut studio, invitee(&token, "Li", ""))
        .await
        .expect("options");
    let refused = studio
        .client
        .sign_in_with_passkey(sign_in(sign_in_answer(&challenge(&registration))))
        .await
        .expect_err("a registration's challenge");
    assert_eq!(refused.code(), Code::Unauthenticated);

    let refused = studio
        .client
        .sign_in_with_passkey(sign_in("[]".to_owned()))
        .await
        .expect_err("not a credential");
    assert_eq!(refused.code(), Code::InvalidArgument);
}

#[tokio::test]
async fn a_staff_member_lists_their_passkeys_and_removes_only_their_own() {
    let mut studio = spawn_studio().await;
    let token = studio
        .invite("li@chain.example", Role::Viewer, Some("demo"), &[])
        .await;
    let session = studio
        .client
        .accept_invitation(AcceptInvitationRequest {
            token,
            name: "Li".to_owned(),
            email: String::new(),
        })
        .await
        .expect("accepted")
        .into_inner()
        .session_token;
    let listed = studio
        .client
        .list_passkeys(ListPasskeysRequest {
            session_token: session.clone(),
        })
        .await
        .expect("listed")
        .into_inner();
    assert!(listed.passkeys.is_empty());
    let refused = studio
        .client
        .remove_passkey(RemovePasskeyRequest {
            session_token: session.clone(),
            id: "00112233445566778899aabbccddeeff".to_owned(),
        })
        .await
        .expect_err("none of theirs");
    assert_eq!(refused.code(), Code::NotFound);
    let refused = studio
        .client
        .list_passkeys(ListPasskeysRequest {
            session_token: "f".repeat(64),
        })
        .await
        .expect_err("no session");
    assert_eq!(refused.code(), Code::Unauthenticated);

    // Signed in, the options exclude nothing yet and name the staff member.
    let options = registration_options(
        &mut studio,
        Registrant {
            invitee: None,
            session_token: session,
        },
    )
    .await
    .expect("options");
    assert_eq!(options["user"]["name"], "li@chain.example");
}
