//! Save-to-wallet passes: the raw text of a JWT signed RS256 by the issuer's Google Cloud
//! service account, for the member's own loyalty card or booking only; without a service
//! account, passes are not available (code 503). Each test runs on SQLite and on
//! PostgreSQL.

use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use proto::loyalty::v1::{CypherReply, CypherRequest};
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::helpers::{
    TestDatabase, demo_session, get, member_session, peach, request, spawn_loyalty,
    spawn_loyalty_with,
};
use crate::on_both_databases;

const LOYALTY_CARD: &str = "/WalletPasses/CreateLoyaltyCard/MQ?cardNumber=MQ00012345&fullJwt=true";
const E_TICKET: &str = "/WalletPasses/GetETicket/MQ/MQ-ORDER-1001?fullJwt=true";

/// A pass asked for as the browser does (`responseFormat: raw`), in `session`.
async fn pass(client: &mut LoyaltyClient<Channel>, route: &str, session: &str) -> CypherReply {
    let asked = CypherRequest {
        session_token: session.to_owned(),
        response_format: "raw".to_owned(),
        ..request("GET", route, json!({}))
    };
    client
        .cypher(asked)
        .await
        .expect("the service answers")
        .into_inner()
}

fn is_jwt(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|part| !part.is_empty() && !part.contains(' '))
}

/// A Google Cloud service account's JSON key file in `database`'s folder, with a fresh
/// RSA key, and the key's public half to check signatures with.
fn service_account_key_file(database: &TestDatabase) -> (String, jsonwebtoken::DecodingKey) {
    use rsa::pkcs8::{EncodePrivateKey, EncodePublicKey, LineEnding};
    let private = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).expect("an RSA key");
    let pem = private.to_pkcs8_pem(LineEnding::LF).expect("PEM");
    let public = private
        .to_public_key()
        .to_public_key_pem(LineEnding::LF)
        .expect("PEM");
    let file = database.data_dir.join("service-account.json");
    let key = json!({
        "type": "service_account",
        "project_id": "marquee-wallet",
        "private_key_id": "key-1",
        "private_key": pem.as_str(),
        "client_email": "wallet@marquee-wallet.iam.gserviceaccount.com",
        "client_id": "1",
    });
    std::fs::write(&file, key.to_string()).expect("write the key file");
    let decoding =
        jsonwebtoken::DecodingKey::from_rsa_pem(public.as_bytes()).expect("a public key");
    (file.display().to_string(), decoding)
}

async fn wallet_passes_are_save_to_google_wallet_jwts_signed_rs256_by_the_service_account(
    database: &TestDatabase,
) {
    let (key_file, public_key) = service_account_key_file(database);
    let mut client = spawn_loyalty_with(
        database,
        &[
            ("WALLET_SERVICE_ACCOUNT_FILE", &key_file),
            ("WALLET_ISSUER_ID", "3388000000022100000"),
        ],
    )
    .await;
    let token = demo_session(&mut client).await;
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::RS256);
    validation.set_audience(&["google"]);
    validation.set_issuer(&["wallet@marquee-wallet.iam.gserviceaccount.com"]);
    validation.set_required_spec_claims(&["iss", "aud"]);
    for (route, objects) in [
        (
            "/WalletPasses/CreateLoyaltyCard/MQ?cardNumber=mq00012345&fullJwt=true",
            "loyaltyObjects",
        ),
        (E_TICKET, "eventTicketObjects"),
    ] {
        let reply = pass(&mut client, route, &token).await;
        let jwt = reply.body.as_str();
        assert_eq!(reply.http_status, 200, "{route}: {jwt}");
        assert!(
            reply.content_type.starts_with("text/plain"),
            "{}",
            reply.content_type
        );
        assert!(is_jwt(jwt), "{jwt}");
        let header = jsonwebtoken::decode_header(jwt).expect("a JWT header");
        assert_eq!(header.alg, jsonwebtoken::Algorithm::RS256);
        assert_eq!(header.kid.as_deref(), Some("key-1"));
        let claims = jsonwebtoken::decode::<Value>(jwt, &public_key, &validation)
            .expect("signed by the service account's key")
            .claims;
        assert_eq!(claims["typ"], "savetowallet");
        let object = &claims["payload"][objects][0];
        // Issuer, site, then the card or booking: one chain's card number is not
        // another's object.
        for id in ["id", "classId"] {
            assert!(
                object[id]
                    .as_str()
                    .is_some_and(|id| id.starts_with("3388000000022100000.demo.")),
                "{id}: {claims}"
            );
        }
    }
}

async fn without_a_wallet_service_account_passes_are_not_available(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let token = demo_session(&mut client).await;
    let (status, body) = get(&mut client, LOYALTY_CARD, Some(&token)).await;
    assert_eq!((status, peach(&body)), (501, 503), "{body}");
    assert_eq!(
        body["clientErrorMessage"], "Wallet passes are not available on this site (Code: 503)",
        "{body}"
    );
}

async fn a_wallet_pass_is_only_for_the_members_own_card_or_booking(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let token = member_session(&mut client, "stranger@example.com").await;
    for route in [LOYALTY_CARD, E_TICKET] {
        let (_, body) = get(&mut client, route, Some(&token)).await;
        assert_eq!(peach(&body), 30, "{route}");
        let (status, _) = get(&mut client, route, None).await;
        assert_eq!(status, 401, "{route}");
    }
}

on_both_databases!(
    wallet_passes_are_save_to_google_wallet_jwts_signed_rs256_by_the_service_account,
    without_a_wallet_service_account_passes_are_not_available,
    a_wallet_pass_is_only_for_the_members_own_card_or_booking,
);
