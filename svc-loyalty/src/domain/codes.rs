//! docs/loyalty.md#error-codes: the loyalty error codes (peachCode) and how a failure's
//! `clientErrorMessage` is built: the "{code}_{provider}" message, else the code's
//! message, else the caller's fallback, then " (Code: N)".

use loyalty_config::BOOST_POS;

/// A failure the provider answers with a peachCode. The platform's own codes
/// (docs/loyalty.md#error-codes): 7 invalid captcha, 423 locked after repeated failed
/// logins, 429 too many requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeachCode {
    InvalidCaptcha,
    NotActivated,
    EmailNotAssociated,
    MemberNotFound,
    IncorrectPassword,
    EmailTaken,
    AccountExpired,
    InvalidGiftCard,
    InvalidResetCode,
    EmailTakenV3,
    FilmNotInCatalogue,
    AlreadyActive,
    PasswordTooWeak,
    InvalidActivationInfo,
    CardAlreadyActive,
    /// The password is older than the chain allows: reset it by e-mail.
    PasswordChangeRequired,
    /// Lockouts kept coming: blocked until the owner resets the password by e-mail.
    Blocked,
    Locked,
    TooManyRequests,
    /// A session token or refresh token that is unknown or expired.
    InvalidSession,
    /// Favourite theaters need a version 3 session.
    VersionRequired,
    /// Not enough points for the reward, or no such reward.
    RewardUnavailable,
    /// The site has no payment-provider portal (PAYMENT_PORTAL_URL unset).
    PaymentPortalNotConfigured,
    /// No Google Wallet service account is configured (WALLET_SERVICE_ACCOUNT_FILE).
    WalletNotConfigured,
    /// The payment-provider portal failed or did not answer in time.
    PaymentPortalFailed,
}

impl PeachCode {
    pub fn code(self) -> i64 {
        match self {
            PeachCode::InvalidCaptcha => 7,
            PeachCode::NotActivated => 26,
            PeachCode::EmailNotAssociated => 29,
            PeachCode::MemberNotFound => 30,
            PeachCode::IncorrectPassword => 31,
            PeachCode::EmailTaken => 34,
            PeachCode::AccountExpired => 46,
            PeachCode::InvalidGiftCard => 51,
            PeachCode::InvalidResetCode => 57,
            PeachCode::EmailTakenV3 => 60,
            PeachCode::FilmNotInCatalogue => 72,
            PeachCode::AlreadyActive => 76,
            PeachCode::PasswordTooWeak => 84,
            PeachCode::InvalidActivationInfo => 85,
            PeachCode::PasswordChangeRequired => 1015,
            PeachCode::Blocked => 1019,
            PeachCode::CardAlreadyActive => 1020,
            PeachCode::Locked => 423,
            PeachCode::TooManyRequests => 429,
            PeachCode::InvalidSession => 401,
            PeachCode::VersionRequired => 403,
            PeachCode::RewardUnavailable => 409,
            PeachCode::PaymentPortalNotConfigured => 501,
            PeachCode::PaymentPortalFailed => 502,
            PeachCode::WalletNotConfigured => 503,
        }
    }

    /// The HTTP status of the reply: provider failures are ordinary answers (200) that
    /// the browser reads by peachCode; the session, lockout and rate-limit failures also
    /// say so in HTTP.
    pub fn http_status(self) -> u16 {
        match self {
            PeachCode::InvalidSession => 401,
            PeachCode::VersionRequired => 403,
            PeachCode::Locked => 423,
            PeachCode::TooManyRequests => 429,
            PeachCode::PaymentPortalNotConfigured | PeachCode::WalletNotConfigured => 501,
            PeachCode::PaymentPortalFailed => 502,
            _ => 200,
        }
    }
}

/// The message for `code` with `provider`, per docs/loyalty.md#error-messages.
pub fn client_error_message(code: PeachCode, provider: &str) -> String {
    let message = provider_message(code, provider)
        .or_else(|| message(code))
        .unwrap_or("An error has occured.");
    format!("{message} (Code: {})", code.code())
}

fn provider_message(code: PeachCode, provider: &str) -> Option<&'static str> {
    match (code, provider) {
        (PeachCode::PasswordTooWeak, BOOST_POS) => Some(
            "Your password is not strong enough. It must contain at least 8 characters, 1 lowercase letter, 1 uppercase letter, 1 number, and 1 special character.",
        ),
        _ => None,
    }
}

fn message(code: PeachCode) -> Option<&'static str> {
    Some(match code {
        PeachCode::NotActivated => "Your account is not activated",
        PeachCode::EmailNotAssociated => "Your email is not associated with a member",
        PeachCode::MemberNotFound => "Member not found",
        PeachCode::IncorrectPassword => "Incorrect password",
        PeachCode::EmailTaken | PeachCode::EmailTakenV3 => {
            "This email is already associated to a member"
        }
        PeachCode::AccountExpired => "Your account has expired",
        PeachCode::InvalidGiftCard => "Invalid gift card",
        PeachCode::InvalidResetCode => "Invalid reset code",
        PeachCode::FilmNotInCatalogue => "This movie can't be added to your watchlist yet",
        PeachCode::AlreadyActive => "Your account is already active",
        PeachCode::PasswordTooWeak => "Password should meet complexity rules",
        PeachCode::InvalidActivationInfo => "Invalid activation info",
        PeachCode::PasswordChangeRequired => "You need to change your password",
        PeachCode::Blocked => "Your account is blocked",
        PeachCode::CardAlreadyActive => "This card is already active",
        PeachCode::InvalidCaptcha => "The captcha check failed, please try again",
        PeachCode::Locked => {
            "Your account is locked after too many failed logins, please try again later"
        }
        PeachCode::TooManyRequests => "Too many requests, please try again shortly",
        PeachCode::InvalidSession => "Your session has expired, please log in again",
        PeachCode::VersionRequired => "This needs a version 3 session",
        PeachCode::PaymentPortalNotConfigured => "Payment methods cannot be managed on this site",
        PeachCode::WalletNotConfigured => "Wallet passes are not available on this site",
        PeachCode::PaymentPortalFailed => {
            "The payment provider is not available at the moment, please try again later"
        }
        PeachCode::RewardUnavailable => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_ends_with_its_code() {
        assert_eq!(
            client_error_message(PeachCode::IncorrectPassword, "NONE"),
            "Incorrect password (Code: 31)"
        );
    }

    #[test]
    fn boost_pos_explains_its_complexity_rule() {
        let message = client_error_message(PeachCode::PasswordTooWeak, BOOST_POS);
        assert!(message.starts_with("Your password is not strong enough."));
        assert!(message.ends_with("(Code: 84)"));
        assert_eq!(
            client_error_message(PeachCode::PasswordTooWeak, "TAPOS"),
            "Password should meet complexity rules (Code: 84)"
        );
    }

    #[test]
    fn a_code_without_a_message_falls_back_to_the_generic_one() {
        assert_eq!(
            client_error_message(PeachCode::RewardUnavailable, "NONE"),
            "An error has occured. (Code: 409)"
        );
    }

    #[test]
    fn lockout_and_rate_limits_answer_their_http_status() {
        assert_eq!(PeachCode::Locked.http_status(), 423);
        assert_eq!(PeachCode::TooManyRequests.http_status(), 429);
        assert_eq!(PeachCode::IncorrectPassword.http_status(), 200);
    }
}
