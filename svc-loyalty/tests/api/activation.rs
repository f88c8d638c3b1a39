//! A chain whose new members must be activated (includeActivation, as the single-location
//! cinema of site/single): the membership flow, or an e-mailed activation code, each
//! working once (docs/loyalty.md#membership-activation). Each test runs on SQLite and on
//! PostgreSQL.

use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::helpers::{
    PASSWORD, TestDatabase, cypher, mails, peach, request, send_on, spawn_loyalty,
};
use crate::on_both_databases;

const ACTIVATE: &str = "/Member/SetMemberToActivateOnComplete?circuitId=BIJOU";

/// One call about the single-location cinema (site/single: RTS, includeActivation) as
/// the gateway passes it on: the reply's body.
async fn single_cinema_call(
    client: &mut LoyaltyClient<Channel>,
    method: &str,
    route: &str,
    payload: Value,
) -> Value {
    send_on(client, "single", request(method, route, payload))
        .await
        .1
}

/// A new member of the single-location cinema, not active yet.
async fn create_inactive_member(client: &mut LoyaltyClient<Channel>, email: &str) {
    let credentials = json!({"username": email, "password": PASSWORD});
    let body = single_cinema_call(client, "POST", "/Member/v3/Create", credentials).await;
    assert_eq!(peach(&body), 0, "{body}");
}

async fn a_member_of_a_chain_that_needs_activation_logs_in_once_the_membership_is_activated(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty(database).await;
    let email = "newbie@example.com";
    create_inactive_member(&mut client, email).await;
    let credentials = json!({"username": email, "password": PASSWORD});
    let login = "/Member/Login?circuitId=BIJOU";
    let body = single_cinema_call(&mut client, "POST", login, credentials.clone()).await;
    assert_eq!(peach(&body), 26);
    assert_eq!(
        body["clientErrorMessage"],
        "Your account is not activated (Code: 26)"
    );

    let body = single_cinema_call(
        &mut client,
        "GET",
        "/Member/GetMembershipList/1/?circuitId=BIJOU",
        json!({}),
    )
    .await;
    let item = body["listConcessionGrouping"][0]["items"][0].clone();
    assert_eq!(item["memberLevelId"], 1);
    let user = json!({"email": email, "password": PASSWORD, "memberLevelId": 1, "memberItemId": item["code"], "clubId": "BIJOU-MEMBERS"});
    let wrong = json!({"email": email, "password": "Wrong#2024x"});
    let body = single_cinema_call(&mut client, "POST", ACTIVATE, wrong).await;
    assert_eq!(peach(&body), 85);
    let body = single_cinema_call(&mut client, "POST", ACTIVATE, user.clone()).await;
    let user_session_id = body["userSessionId"].clone();
    assert!(user_session_id.is_string(), "{body}");
    let mut concession = item;
    concession["cost"] = json!(0);
    concession["quantity"] = json!(1);
    concession["isLoyaltyMembershipActivation"] = json!(true);
    let body = single_cinema_call(
        &mut client,
        "POST",
        "/Member/AddMembership/1",
        json!({"userSessionId": user_session_id, "cinemaId": "1", "emailAddress": email, "mobile": "", "concessions": [concession]}),
    )
    .await;
    let order_id = body["orderId"].clone();
    assert!(order_id.is_string(), "{body}");
    let payment = json!({
        "QueryString": "", "PostValues": "", "PostValuesModel": null, "IsNewMember": true,
        "AmountPaidPaymentProvider": 0, "OtherPayments": null, "OrderId": order_id,
        "Customer": {"FirstName": "Ann", "LastName": "Lee", "Email": email}
    });
    let route = "/Member/CompletePayment/?circuitId=BIJOU&cinemaId=1";
    let body = single_cinema_call(&mut client, "POST", route, payment.clone()).await;
    assert_eq!(
        (peach(&body), &body["memberDetails"]["isActivated"]),
        (0, &json!(true))
    );
    let body = single_cinema_call(&mut client, "POST", route, payment).await;
    assert_eq!(peach(&body), 85, "an order completes once");
    let body = single_cinema_call(&mut client, "POST", ACTIVATE, user).await;
    assert_eq!(peach(&body), 76);
    let body = single_cinema_call(&mut client, "POST", login, credentials).await;
    assert_eq!(peach(&body), 0);
}

async fn an_e_mailed_activation_code_activates_once(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let email = "coded@example.com";
    create_inactive_member(&mut client, email).await;
    let body = single_cinema_call(
        &mut client,
        "POST",
        "/Member/StartRegistration?circuitId=BIJOU&cinemaId=1",
        json!({"email": email}),
    )
    .await;
    assert_eq!(
        (peach(&body), &body["statusCode"]),
        (0, &json!(200)),
        "{body}"
    );
    let mail = mails(database).pop().expect("an activation e-mail");
    let code = mail
        .split("Your activation code is ")
        .nth(1)
        .and_then(|rest| rest.split('.').next())
        .expect("a code")
        .to_owned();
    let wrong = json!({"email": email, "activationCode": "WRONG"});
    let body = single_cinema_call(&mut client, "POST", ACTIVATE, wrong).await;
    assert_eq!(peach(&body), 85);
    let lower_case = json!({"email": email, "activationCode": code.to_lowercase()});
    let body = single_cinema_call(&mut client, "POST", ACTIVATE, lower_case).await;
    assert!(body["userSessionId"].is_string(), "{body}");
    let again = json!({"email": email, "activationCode": code});
    let body = single_cinema_call(&mut client, "POST", ACTIVATE, again).await;
    assert_eq!(peach(&body), 85, "a code works once");
}

async fn an_activation_code_needs_a_member_who_is_not_active_yet(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let route = "/Member/v3/SendMemberActivationCode";
    let demo = json!({"email": svc_loyalty::seed::DEMO_EMAIL});
    let (_, body) = cypher(&mut client, "POST", route, demo, None).await;
    assert_eq!(peach(&body), 76);
    assert_eq!(
        body["clientErrorMessage"],
        "Your account is already active (Code: 76)"
    );
    let nobody = json!({"email": "nobody@example.com"});
    let (_, body) = cypher(&mut client, "POST", route, nobody, None).await;
    assert_eq!(peach(&body), 29);
}

on_both_databases!(
    a_member_of_a_chain_that_needs_activation_logs_in_once_the_membership_is_activated,
    an_e_mailed_activation_code_activates_once,
    an_activation_code_needs_a_member_who_is_not_active_yet,
);
