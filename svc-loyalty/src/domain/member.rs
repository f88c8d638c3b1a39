//! Members as the built-in provider keeps them: validated e-mail addresses, passwords
//! and card codes, the create payload of docs/loyalty.md#registration and the memberDetails a reply
//! carries (docs/loyalty.md#replies).

use serde_json::{Value, json};

/// memberExpiry's "never" (docs/loyalty.md#sessions).
pub const NEVER_EXPIRES: &str = "0001-01-01T00:00:00Z";

/// An e-mail address, trimmed and lower-cased; it is also the member's username.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Option<Email> {
        let text = text.trim().to_lowercase();
        let (local, domain) = text.split_once('@')?;
        let valid = !local.is_empty()
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && text.len() <= 254
            && !text
                .chars()
                .any(|c| c.is_whitespace() || "<>'\"&".contains(c))
            && !domain.contains('@');
        valid.then_some(Email(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new password that meets the complexity rule of docs/loyalty.md#form-validation: at least 8
/// characters, a lowercase letter, an uppercase letter, a number and a special character.
#[derive(Clone)]
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(text: &str) -> Option<NewPassword> {
        let complex = text.chars().count() >= 8
            && text.chars().any(char::is_lowercase)
            && text.chars().any(char::is_uppercase)
            && text.chars().any(|c| c.is_ascii_digit())
            && text
                .chars()
                .any(|c| !c.is_alphanumeric() && !c.is_whitespace());
        complex.then(|| NewPassword(text.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(..)")
    }
}

/// A loyalty card code: 6 to 20 letters and digits, upper-cased.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardCode(String);

impl CardCode {
    pub fn parse(text: &str) -> Option<CardCode> {
        let code = text.trim().to_ascii_uppercase();
        let valid =
            (6..=20).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric());
        valid.then_some(CardCode(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The profile fields of a member that the create and edit payloads set.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Profile {
    pub first_name: String,
    pub last_name: String,
    pub mobile_number: String,
    pub zip_code: String,
    pub birth_date: String,
    pub club_id: String,
    pub send_newsletter: bool,
}

impl Profile {
    /// Reads the fields of a create or edit payload, with the create defaults of
    /// docs/loyalty.md#registration for what is missing. Both spellings the spec uses are
    /// accepted (`firstname` and `firstName`, `phoneNumber` for `mobileNumber`).
    pub fn from_payload(payload: &Value) -> Profile {
        Profile {
            first_name: text(payload, &["firstName", "firstname"]),
            last_name: text(payload, &["lastName", "lastname"]),
            mobile_number: text(payload, &["mobileNumber", "phoneNumber"]),
            zip_code: text(payload, &["zipCode"]),
            birth_date: text(payload, &["birthDate"]),
            club_id: text(payload, &["clubId"]),
            send_newsletter: flag(payload, "sendNewsletter"),
        }
    }

    /// This profile with the fields `payload` names replaced.
    pub fn edited(&self, payload: &Value) -> Profile {
        let has = |names: &[&str]| names.iter().any(|name| !payload[*name].is_null());
        let new = Profile::from_payload(payload);
        let pick = |names: &[&str], new: String, old: &String| {
            if has(names) { new } else { old.clone() }
        };
        Profile {
            first_name: pick(
                &["firstName", "firstname"],
                new.first_name,
                &self.first_name,
            ),
            last_name: pick(&["lastName", "lastname"], new.last_name, &self.last_name),
            mobile_number: pick(
                &["mobileNumber", "phoneNumber"],
                new.mobile_number,
                &self.mobile_number,
            ),
            zip_code: pick(&["zipCode"], new.zip_code, &self.zip_code),
            birth_date: pick(&["birthDate"], new.birth_date, &self.birth_date),
            club_id: pick(&["clubId"], new.club_id, &self.club_id),
            send_newsletter: if has(&["sendNewsletter"]) {
                new.send_newsletter
            } else {
                self.send_newsletter
            },
        }
    }
}

/// The first of `names` holding a string or a number, as text; "" otherwise.
pub fn text(payload: &Value, names: &[&str]) -> String {
    names
        .iter()
        .find_map(|name| match &payload[*name] {
            Value::String(value) => Some(value.trim().to_owned()),
            Value::Number(value) => Some(value.to_string()),
            _ => None,
        })
        .unwrap_or_default()
}

/// A boolean written as `true` or as the spec's "True" / "False" strings.
pub fn flag(payload: &Value, name: &str) -> bool {
    match &payload[name] {
        Value::Bool(value) => *value,
        Value::String(value) => value.eq_ignore_ascii_case("true"),
        _ => false,
    }
}

/// A member as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    pub id: String,
    pub email: String,
    pub profile: Profile,
    pub member_level_id: i64,
    pub member_level_name: String,
    /// RFC 3339, or [`NEVER_EXPIRES`].
    pub member_expiry: String,
    pub is_activated: bool,
    pub points: i64,
    /// The member's first active card, "" when none.
    pub card_number: String,
}

impl Member {
    /// docs/loyalty.md#sessions: set, not the zero date, and in the past. `now` is
    /// RFC 3339 in UTC, which orders as text.
    pub fn is_expired(&self, now_rfc3339: &str) -> bool {
        !self.member_expiry.is_empty()
            && self.member_expiry != NEVER_EXPIRES
            && self.member_expiry.as_str() < now_rfc3339
    }

    /// memberDetails as replies carry it.
    pub fn details(&self) -> Value {
        json!({
            "memberId": self.id,
            "username": self.email,
            "email": self.email,
            "firstName": self.profile.first_name,
            "lastName": self.profile.last_name,
            "mobileNumber": self.profile.mobile_number,
            "zipCode": self.profile.zip_code,
            "birthDate": self.profile.birth_date,
            "cardNumber": self.card_number,
            "clubId": self.profile.club_id,
            "memberLevelId": self.member_level_id,
            "memberLevelName": self.member_level_name,
            "memberExpiry": self.member_expiry,
            "isActivated": self.is_activated,
            "balances": [{ "type": "POINTS", "value": self.points }],
            "sendNewsletter": self.profile.send_newsletter,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_email_is_trimmed_and_lower_cased() {
        let email = Email::parse("  Ann@Example.COM ").expect("valid");
        assert_eq!(email.as_str(), "ann@example.com");
    }

    #[test]
    fn an_email_needs_one_at_and_a_domain_with_a_dot() {
        for bad in [
            "",
            "ann",
            "ann@",
            "@example.com",
            "ann@example",
            "a@b@c.com",
            "a <b>@c.com",
        ] {
            assert_eq!(Email::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_password_needs_every_kind_of_character() {
        assert!(NewPassword::parse("Popcorn#2024").is_some());
        for weak in [
            "Pop#20",
            "popcorn#2024",
            "POPCORN#2024",
            "Popcorn2024",
            "Popcorn#abc",
        ] {
            assert!(NewPassword::parse(weak).is_none(), "{weak}");
        }
    }

    #[test]
    fn a_password_never_shows_in_debug_output() {
        let password = NewPassword::parse("Popcorn#2024").expect("complex");
        assert!(!format!("{password:?}").contains("Popcorn"));
    }

    #[test]
    fn a_card_code_is_upper_cased_before_it_is_stored() {
        assert_eq!(
            CardCode::parse("ab12cd34").expect("valid").as_str(),
            "AB12CD34"
        );
    }

    #[test]
    fn a_card_code_has_6_to_20_letters_and_digits() {
        assert!(CardCode::parse("AB12C").is_none());
        assert!(CardCode::parse(&"A".repeat(21)).is_none());
        assert!(CardCode::parse("AB-12CD").is_none());
        assert!(CardCode::parse(&"A".repeat(20)).is_some());
    }

    #[test]
    fn the_create_payload_reads_both_spellings_and_the_string_flags() {
        let profile = Profile::from_payload(&json!({
            "firstname": "Ann", "lastName": "Lee", "phoneNumber": "555", "sendNewsletter": "True"
        }));
        assert_eq!(profile.first_name, "Ann");
        assert_eq!(profile.last_name, "Lee");
        assert_eq!(profile.mobile_number, "555");
        assert!(profile.send_newsletter);
    }

    #[test]
    fn an_edit_keeps_the_fields_it_does_not_name() {
        let profile = Profile::from_payload(&json!({"firstName": "Ann", "zipCode": "10001"}));
        let edited = profile.edited(&json!({"zipCode": "94110"}));
        assert_eq!(edited.first_name, "Ann");
        assert_eq!(edited.zip_code, "94110");
    }

    #[test]
    fn the_zero_date_never_expires() {
        let mut member = Member {
            id: "m".into(),
            email: "a@b.co".into(),
            profile: Profile::default(),
            member_level_id: 1,
            member_level_name: "Member".into(),
            member_expiry: NEVER_EXPIRES.into(),
            is_activated: true,
            points: 0,
            card_number: String::new(),
        };
        assert!(!member.is_expired("2026-01-01T00:00:00Z"));
        member.member_expiry = "2025-01-01T00:00:00Z".into();
        assert!(member.is_expired("2026-01-01T00:00:00Z"));
        assert!(!member.is_expired("2024-01-01T00:00:00Z"));
    }
}

#[cfg(test)]
mod properties {
    use proptest::prelude::*;
    use serde_json::{Map, Value};

    use super::*;

    /// Any JSON value, a few levels deep, with the payload field names mixed in.
    fn json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            ".{0,16}".prop_map(Value::String),
        ];
        let names = prop_oneof![
            Just("firstname".to_owned()),
            Just("lastName".to_owned()),
            Just("mobileNumber".to_owned()),
            Just("zipCode".to_owned()),
            Just("birthDate".to_owned()),
            Just("sendNewsletter".to_owned()),
            ".{0,8}",
        ];
        leaf.prop_recursive(3, 24, 6, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::btree_map(names.clone(), inner, 0..6)
                    .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<_, _>>())),
            ]
        })
    }

    proptest! {
        #[test]
        fn any_payload_reads_as_a_profile_of_trimmed_text(payload in json()) {
            let profile = Profile::from_payload(&payload);
            let edited = profile.edited(&payload);
            for field in [&profile.first_name, &edited.last_name, &edited.zip_code] {
                prop_assert_eq!(field.trim(), field.as_str());
            }
            let text = text(&payload, &["firstname", "firstName"]);
            prop_assert_eq!(text.trim(), text.as_str());
        }

        #[test]
        fn a_parsed_email_is_one_lower_cased_address(raw in ".{0,40}") {
            if let Some(email) = Email::parse(&raw) {
                let address = email.as_str();
                prop_assert_eq!(address.matches('@').count(), 1);
                prop_assert_eq!(address.to_lowercase(), address);
                prop_assert!(!address.chars().any(char::is_whitespace));
                prop_assert_eq!(Email::parse(address), Some(email.clone()));
            }
        }

        #[test]
        fn a_parsed_card_code_is_6_to_20_upper_case_letters_and_digits(raw in ".{0,24}") {
            if let Some(code) = CardCode::parse(&raw) {
                let code = code.as_str();
                prop_assert!((6..=20).contains(&code.len()));
                prop_assert!(code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()));
            }
        }
    }
}
