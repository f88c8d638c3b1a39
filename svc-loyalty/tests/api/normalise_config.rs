use proto::loyalty::v1::NormaliseConfigRequest;

use crate::helpers::{TestDatabase, spawn_loyalty};

#[tokio::test]
async fn boost_pos_settings_come_back_normalised_over_grpc() {
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty(&database).await;
    let config = client
        .normalise_config(NormaliseConfigRequest {
            loyalty_settings_json: r#"{"provider":"BOOST_POS","loggedInMenu":[{"to":"/account"}]}"#
                .to_owned(),
            settings_circuit_id: "circuit-1".to_owned(),
            current_cinema_id: "cinema-2".to_owned(),
        })
        .await
        .expect("a valid request")
        .into_inner();
    assert_eq!(config.version, 3);
    assert_eq!(config.circuit_id, "circuit-1");
    assert_eq!(config.cinema_id, "cinema-2");
    assert_eq!(config.balance_types, vec!["POINTS".to_owned()]);
    assert_eq!(config.session_timeout, 720);
    assert_eq!(config.logged_in_menu_json, r#"[{"to":"/account"}]"#);
}

#[tokio::test]
async fn settings_that_are_not_json_are_an_invalid_argument() {
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty(&database).await;
    let status = client
        .normalise_config(NormaliseConfigRequest {
            loyalty_settings_json: "{not json".to_owned(),
            ..Default::default()
        })
        .await
        .expect_err("malformed settings");
    assert_eq!(status.code(), tonic::Code::InvalidArgument);
    assert!(
        status.message().contains("not a JSON object"),
        "{}",
        status.message()
    );
}

#[tokio::test]
async fn server_reflection_lists_the_loyalty_service_alone_in_both_versions() {
    let database = crate::helpers::TestDatabase::sqlite();
    let (_, addr) = crate::helpers::spawn_loyalty_at(&database, &[]).await;
    let listed = test_support::reflection::listed_services(&addr).await;
    let expected = test_support::reflection::listing_of(&["loyalty.v1.Loyalty"]);
    assert_eq!(
        listed.expect("reflection answers"),
        (expected.clone(), expected)
    );
}
