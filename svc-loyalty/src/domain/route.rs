//! docs/loyalty.md#api-generations: the route table of `/api/cypher`, both API generations. A route
//! is the method plus the path with its query string, as the browser sent it in
//! `reqMetadata`; this module turns it into a [`Call`] and its parameters.

use std::collections::HashMap;

/// The API generation of a route: version 1 answers `statusCode` next to `peachCode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Generation {
    V1,
    V3,
}

impl Generation {
    pub fn number(self) -> i64 {
        match self {
            Generation::V1 => 1,
            Generation::V3 => 3,
        }
    }
}

/// Every logical call the built-in provider answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Call {
    Login,
    RefreshLogin,
    Logout,
    ValidateToken,
    LoginWithToken,
    GetMember,
    Create,
    Edit,
    Delete,
    OrderHistory,
    TransactionHistory,
    RewardsListing,
    OrderLoyaltyItem,
    ConfirmItemRedemption,
    GetCards,
    AddCard,
    DeleteCard,
    ReportLostCard,
    GetFavoriteFilms,
    AddFavoriteFilm,
    RemoveFavoriteFilm,
    GetFavoriteCinemas,
    AddFavoriteCinema,
    RemoveFavoriteCinema,
    UpdateFavoriteCinemas,
    GetAlertPreferences,
    UpdateAlertPreferences,
    AddPushSubscription,
    RemovePushSubscription,
    GiftCardBalance,
    EVoucherConcessions,
    UsernameReminder,
    GetResetPasswordCode,
    ValidatePasswordResetCode,
    ResetPassword,
    MemberSearch,
    SendActivationCode,
    GetMembershipList,
    SetMemberToActivateOnComplete,
    AddMembership,
    CompletePayment,
    WalletLoyaltyCard,
    WalletETicket,
    PaymentPortalSession,
}

/// A parsed route: the call, its generation, and the loyalty context it names.
#[derive(Debug, Clone, PartialEq)]
pub struct Route {
    pub call: Call,
    pub generation: Generation,
    pub circuit_id: String,
    pub cinema_id: String,
    /// The path parameter besides the circuit and cinema: the e-mail address of
    /// UsernameReminder, the booking of GetETicket; "" elsewhere.
    pub path_param: String,
    pub query: HashMap<String, String>,
}

impl Route {
    /// A query parameter, empty when absent.
    pub fn param(&self, name: &str) -> &str {
        self.query.get(name).map_or("", String::as_str)
    }

    /// `maxResults`, when given as a positive number.
    pub fn max_results(&self) -> Option<i64> {
        self.param("maxResults").parse().ok().filter(|n| *n > 0)
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum RouteError {
    #[error("no loyalty route {method} {path}")]
    Unknown { method: String, path: String },
    #[error("the query string of the route is malformed")]
    MalformedQuery,
}

/// Parses `route` (path and query string) for `method`; `brand` names the version 3
/// query parameters (`{brand}CircuitId`, `{brand}CinemaId`).
pub fn parse(method: &str, route: &str, brand: &str) -> Result<Route, RouteError> {
    let (path, query_text) = route.split_once('?').unwrap_or((route, ""));
    let query: HashMap<String, String> =
        serde_urlencoded::from_str::<Vec<(String, String)>>(query_text)
            .map_err(|_| RouteError::MalformedQuery)?
            .into_iter()
            .collect();
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let lower: Vec<String> = segments.iter().map(|s| s.to_ascii_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    let method = method.to_ascii_uppercase();
    let unknown = || RouteError::Unknown {
        method: method.clone(),
        path: path.to_owned(),
    };
    let (call, generation, path_circuit, path_cinema) = match (method.as_str(), lower.as_slice()) {
        ("POST", ["member", "login"]) => (Call::Login, Generation::V1, None, None),
        ("POST", ["member", "v3", "login"]) => (Call::Login, Generation::V3, None, None),
        ("GET", ["member", "refreshlogin"]) => (Call::RefreshLogin, Generation::V1, None, None),
        ("GET", ["member", "v3", "refreshlogin"]) => {
            (Call::RefreshLogin, Generation::V3, None, None)
        }
        ("POST", ["member", "logout"]) => (Call::Logout, Generation::V1, None, None),
        ("POST", ["member", "v3", "logout"]) => (Call::Logout, Generation::V3, None, None),
        ("GET", ["member", "validatetoken"]) => (Call::ValidateToken, Generation::V1, None, None),
        ("POST", ["member", "loginwithtoken"]) => {
            (Call::LoginWithToken, Generation::V1, None, None)
        }
        ("GET", ["member", "getmember"]) => (Call::GetMember, Generation::V1, None, None),
        ("GET", ["member", "v3", "getmember"]) => (Call::GetMember, Generation::V3, None, None),
        ("POST", ["member", "create"]) => (Call::Create, Generation::V1, None, None),
        ("POST", ["member", "v3", "create"]) => (Call::Create, Generation::V3, None, None),
        ("POST", ["member", "edit"]) => (Call::Edit, Generation::V1, None, None),
        ("POST", ["member", "v3", "edit"]) => (Call::Edit, Generation::V3, None, None),
        ("GET", ["member", "v3", "delete"]) => (Call::Delete, Generation::V3, None, None),
        ("GET", ["member", "v2", "orderhistory"]) => {
            (Call::OrderHistory, Generation::V1, None, None)
        }
        ("GET", ["member", "v3", "orderhistory"]) => {
            (Call::OrderHistory, Generation::V3, None, None)
        }
        ("GET", ["member", "v2", "transactionhistory"]) => {
            (Call::TransactionHistory, Generation::V1, None, None)
        }
        ("GET", ["member", "v3", "transactionhistory"]) => {
            (Call::TransactionHistory, Generation::V3, None, None)
        }
        ("GET", ["member", "getitemsavailabletovalidatedloyaltymember", _]) => (
            Call::RewardsListing,
            Generation::V1,
            Some(segments[2]),
            None,
        ),
        ("GET", ["member", "v3", "rewardslisting"]) => {
            (Call::RewardsListing, Generation::V3, None, None)
        }
        ("POST", ["member", "v3", "orderloyaltyitem"]) => {
            (Call::OrderLoyaltyItem, Generation::V3, None, None)
        }
        ("POST", ["member", "v3", "confirmitemredemption"]) => {
            (Call::ConfirmItemRedemption, Generation::V3, None, None)
        }
        ("GET", ["member", "v3", "getcards"]) => (Call::GetCards, Generation::V3, None, None),
        ("POST", ["member", "v3", "addcard"]) => (Call::AddCard, Generation::V3, None, None),
        ("POST", ["member", "deletecard"]) => (Call::DeleteCard, Generation::V1, None, None),
        ("POST", ["member", "v3", "deletecard"]) => (Call::DeleteCard, Generation::V3, None, None),
        ("GET", ["member", "v3", "reportlostcard"]) => {
            (Call::ReportLostCard, Generation::V3, None, None)
        }
        ("GET", ["member", "v3", "getfavoritefilms"]) => {
            (Call::GetFavoriteFilms, Generation::V3, None, None)
        }
        ("POST", ["member", "v3", "addfavoritefilm"]) => {
            (Call::AddFavoriteFilm, Generation::V3, None, None)
        }
        ("POST", ["member", "v3", "removefavoritefilm"]) => {
            (Call::RemoveFavoriteFilm, Generation::V3, None, None)
        }
        ("GET", ["member", "v3", "getfavoritecinemas"]) => {
            (Call::GetFavoriteCinemas, Generation::V3, None, None)
        }
        ("POST", ["member", "v3", "addfavoritecinema"]) => {
            (Call::AddFavoriteCinema, Generation::V3, None, None)
        }
        ("POST", ["member", "v3", "removefavoritecinema"]) => {
            (Call::RemoveFavoriteCinema, Generation::V3, None, None)
        }
        ("POST", ["member", "v3", "updatefavoritecinemas"]) => {
            (Call::UpdateFavoriteCinemas, Generation::V3, None, None)
        }
        ("GET", ["member", "v3", "getalertpreferences"]) => {
            (Call::GetAlertPreferences, Generation::V3, None, None)
        }
        ("POST", ["member", "v3", "updatealertpreferences"]) => {
            (Call::UpdateAlertPreferences, Generation::V3, None, None)
        }
        ("POST", ["member", "v3", "addpushsubscription"]) => {
            (Call::AddPushSubscription, Generation::V3, None, None)
        }
        ("POST", ["member", "v3", "removepushsubscription"]) => {
            (Call::RemovePushSubscription, Generation::V3, None, None)
        }
        ("POST", ["giftcard", "checkgiftcardbalance"]) => {
            (Call::GiftCardBalance, Generation::V1, None, None)
        }
        ("GET", ["concession", "getallevoucherconcessions", _]) => (
            Call::EVoucherConcessions,
            Generation::V1,
            None,
            Some(segments[2]),
        ),
        ("GET", ["member", "usernamereminder", _, _]) => (
            Call::UsernameReminder,
            Generation::V1,
            Some(segments[2]),
            None,
        ),
        ("GET", ["member", "getresetpasswordcode"]) => {
            (Call::GetResetPasswordCode, Generation::V1, None, None)
        }
        ("GET", ["member", "v3", "getresetpasswordcode"]) => {
            (Call::GetResetPasswordCode, Generation::V3, None, None)
        }
        ("GET", ["member", "validatepasswordresetcode"]) => {
            (Call::ValidatePasswordResetCode, Generation::V1, None, None)
        }
        ("POST", ["member", "resetpassword"]) => (Call::ResetPassword, Generation::V1, None, None),
        ("POST", ["member", "v3", "resetpassword"]) => {
            (Call::ResetPassword, Generation::V3, None, None)
        }
        ("GET", ["member", "getvalidatedmember", _]) => {
            (Call::GetMember, Generation::V1, Some(segments[2]), None)
        }
        ("POST", ["member", "membersearch", _]) => {
            (Call::MemberSearch, Generation::V1, Some(segments[2]), None)
        }
        ("GET", ["member", "getmembershiplist", _]) => (
            Call::GetMembershipList,
            Generation::V1,
            None,
            Some(segments[2]),
        ),
        ("POST", ["member", "setmembertoactivateoncomplete"]) => (
            Call::SetMemberToActivateOnComplete,
            Generation::V1,
            None,
            None,
        ),
        ("POST", ["member", "addmembership", _]) => {
            (Call::AddMembership, Generation::V1, None, Some(segments[2]))
        }
        ("POST", ["member", "completepayment"]) => {
            (Call::CompletePayment, Generation::V1, None, None)
        }
        ("POST", ["member", "startregistration"]) => {
            (Call::SendActivationCode, Generation::V1, None, None)
        }
        ("POST", ["member", "v3", "sendmemberactivationcode"]) => {
            (Call::SendActivationCode, Generation::V3, None, None)
        }
        ("POST", ["member", "getpaymentproviderportalsession"]) => {
            (Call::PaymentPortalSession, Generation::V1, None, None)
        }
        ("GET", ["walletpasses", "createloyaltycard", _]) => (
            Call::WalletLoyaltyCard,
            Generation::V1,
            Some(segments[2]),
            None,
        ),
        ("GET", ["walletpasses", "geteticket", _, _]) => {
            (Call::WalletETicket, Generation::V1, Some(segments[2]), None)
        }
        _ => return Err(unknown()),
    };
    let path_param = match call {
        Call::UsernameReminder | Call::WalletETicket => {
            segments.get(3).map(|segment| percent_decode(segment))
        }
        _ => None,
    };
    let (circuit_name, cinema_name) = match generation {
        Generation::V1 => ("circuitId".to_owned(), "cinemaId".to_owned()),
        Generation::V3 => (format!("{brand}CircuitId"), format!("{brand}CinemaId")),
    };
    let from_query = |name: &str| query.get(name).cloned().unwrap_or_default();
    Ok(Route {
        call,
        generation,
        circuit_id: path_circuit.map_or_else(|| from_query(&circuit_name), str::to_owned),
        cinema_id: path_cinema.map_or_else(|| from_query(&cinema_name), str::to_owned),
        path_param: path_param.unwrap_or_default(),
        query,
    })
}

/// A path segment with its %XX escapes decoded (an e-mail address's `@` may be escaped).
fn percent_decode(segment: &str) -> String {
    serde_urlencoded::from_str::<Vec<(String, String)>>(&format!(
        "v={}",
        segment.replace('+', "%2B")
    ))
    .ok()
    .and_then(|mut pairs| pairs.pop())
    .map_or_else(|| segment.to_owned(), |(_, value)| value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(method: &str, route: &str) -> Route {
        parse(method, route, "boxoffice").expect("a known route")
    }

    #[test]
    fn a_version_3_login_reads_the_branded_circuit() {
        let route = known("POST", "/Member/v3/Login?boxofficeCircuitId=C1");
        assert_eq!(route.call, Call::Login);
        assert_eq!(route.generation, Generation::V3);
        assert_eq!(route.circuit_id, "C1");
    }

    #[test]
    fn a_version_1_login_reads_circuit_id() {
        let route = known("post", "/Member/Login?circuitId=C1&cinemaId=7");
        assert_eq!(route.generation, Generation::V1);
        assert_eq!(route.circuit_id, "C1");
        assert_eq!(route.cinema_id, "7");
    }

    #[test]
    fn version_3_ignores_the_old_query_names() {
        let route = known("GET", "/Member/v3/GetMember/?circuitId=C1");
        assert_eq!(route.circuit_id, "");
    }

    #[test]
    fn another_brand_changes_the_query_names() {
        let route = parse("GET", "/Member/v3/RewardsListing?peachCinemaId=9", "peach")
            .expect("a known route");
        assert_eq!(route.cinema_id, "9");
    }

    #[test]
    fn path_parameters_name_the_circuit_and_the_cinema() {
        let route = known(
            "GET",
            "/Member/GetItemsAvailableToValidatedLoyaltyMember/C1",
        );
        assert_eq!(route.call, Call::RewardsListing);
        assert_eq!(route.circuit_id, "C1");
        let route = known("GET", "/Concession/GetAllEVoucherConcessions/7");
        assert_eq!(route.cinema_id, "7");
    }

    #[test]
    fn the_username_reminder_reads_the_email_from_its_path() {
        let route = known("GET", "/Member/UsernameReminder/C1/ann%40example.com");
        assert_eq!(route.call, Call::UsernameReminder);
        assert_eq!(route.circuit_id, "C1");
        assert_eq!(route.path_param, "ann@example.com");
        let route = known("GET", "/Member/UsernameReminder/C1/a+b@example.com");
        assert_eq!(route.path_param, "a+b@example.com");
    }

    #[test]
    fn the_payment_portal_session_reads_the_circuit_and_the_cinema() {
        let route = known(
            "POST",
            "/Member/GetPaymentProviderPortalSession?circuitId=C1&cinemaId=7",
        );
        assert_eq!(route.call, Call::PaymentPortalSession);
        assert_eq!(
            (route.circuit_id.as_str(), route.cinema_id.as_str()),
            ("C1", "7")
        );
    }

    #[test]
    fn max_results_must_be_a_positive_number() {
        let route = |q: &str| {
            parse("GET", &format!("/Member/v3/OrderHistory?{q}"), "boxoffice").expect("known")
        };
        assert_eq!(route("maxResults=3").max_results(), Some(3));
        assert_eq!(route("maxResults=-3").max_results(), None);
        assert_eq!(route("maxResults=lots").max_results(), None);
    }

    #[test]
    fn an_unknown_route_or_method_is_refused() {
        assert!(matches!(
            parse("GET", "/Member/v3/Login", "boxoffice"),
            Err(RouteError::Unknown { .. })
        ));
        assert!(parse("POST", "/Nowhere", "boxoffice").is_err());
    }
}

#[cfg(test)]
mod properties {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn any_route_text_is_a_route_or_an_error_naming_it(method in "[A-Za-z]{0,7}", route in ".{0,60}") {
            match parse(&method, &route, "boxoffice") {
                Ok(parsed) => prop_assert!(parsed.query.is_empty() || route.contains('?')),
                Err(RouteError::Unknown { method: named, path }) => {
                    prop_assert_eq!(named, method.to_ascii_uppercase());
                    prop_assert!(route.starts_with(&path) && !path.contains('?'), "{path}");
                }
                Err(RouteError::MalformedQuery) => prop_assert!(route.contains('?')),
            }
        }

        #[test]
        fn known_paths_with_any_query_never_fail_to_parse_as_unknown(query in "[a-zA-Z0-9=&%+._-]{0,40}") {
            let parsed = parse("GET", &format!("/Member/v3/GetMember/?{query}"), "boxoffice");
            let unknown = matches!(parsed, Err(RouteError::Unknown { .. }));
            prop_assert!(!unknown, "a known path is never unknown");
        }
    }
}
