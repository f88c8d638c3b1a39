//! The crate's one error type and its gRPC status (the platform's one mapping).

use proto::error::ErrorCode;

use crate::domain::codes::PeachCode;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    InvalidSettings(#[from] loyalty_config::SettingsError),
    #[error("gRPC server failed: {0}")]
    Transport(#[from] tonic::transport::Error),
    /// A provider answer other than success; the reply carries its peachCode.
    #[error("loyalty code {}", .0.code())]
    Peach(PeachCode),
    /// The route or payload is malformed; the message names the field.
    #[error("{0}")]
    BadInput(String),
    #[error("member store: {0}")]
    Store(#[from] sqlx::Error),
    #[error("preparing the data directory: {0}")]
    DataDir(#[from] std::io::Error),
    #[error("password hashing: {0}")]
    PasswordHash(#[from] argon2::password_hash::Error),
    #[error("random numbers: {0}")]
    Random(#[from] getrandom::Error),
    #[error("the catalogue could not be asked: {0}")]
    Catalogue(tonic::Status),
    #[error("the captcha could not be verified: {0}")]
    Captcha(String),
    #[error("the loyalty upstream did not answer: {0}")]
    Upstream(String),
    #[error("the payment portal failed: {0}")]
    PaymentPortal(String),
    #[error("sending an e-mail: {0}")]
    Mail(String),
    #[error("signing a wallet pass: {0}")]
    Wallet(String),
    /// The wallet service account cannot sign: the start fails and says why.
    #[error("WALLET_SERVICE_ACCOUNT_FILE: {0}")]
    WalletKey(String),
    /// The VAPID key cannot be read (or made): the start fails and says why.
    #[error("{0}")]
    WebPushKey(#[from] crate::alerts::web_push::KeyError),
    /// The call's site is not one of the catalogue's.
    #[error("no site '{0}' in the catalogue")]
    NoSuchSite(String),
    /// The catalogue has not named the site's settings (yet): try again shortly.
    #[error(
        "the loyalty settings of site '{0}' are not known yet: the catalogue has not named them"
    )]
    SiteSettingsUnknown(String),
    /// The site's loyalty settings are not valid; the message names the fault.
    #[error("{0}")]
    SiteSettings(String),
    #[error("the password workers have stopped")]
    PasswordWorkers,
    /// Member support named no member of the call's site.
    #[error("{0}")]
    NoSuchMember(String),
    /// Member support asked what does not apply: an activation for an active member,
    /// anything while members are kept by an upstream loyalty API.
    #[error("{0}")]
    NotApplicable(String),
    /// The password queue is full: try again shortly.
    #[error("the loyalty service is busy, please try again shortly")]
    Busy,
}

impl From<platform::mail::MailError> for Error {
    fn from(error: platform::mail::MailError) -> Self {
        Error::Mail(error.to_string())
    }
}

impl From<PeachCode> for Error {
    fn from(code: PeachCode) -> Self {
        Error::Peach(code)
    }
}

impl Error {
    /// The kind of failure, as the platform's one mapping tells it to gRPC and HTTP.
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::InvalidSettings(_) | Error::BadInput(_) => ErrorCode::InvalidArgument,
            Error::Transport(_)
            | Error::Catalogue(_)
            | Error::Captcha(_)
            | Error::Upstream(_)
            | Error::PaymentPortal(_)
            | Error::Mail(_)
            | Error::SiteSettingsUnknown(_)
            | Error::Busy => ErrorCode::ServiceUnavailable,
            Error::NoSuchSite(_) | Error::NoSuchMember(_) => ErrorCode::NotFound,
            Error::SiteSettings(_) | Error::NotApplicable(_) => ErrorCode::FailedPrecondition,
            Error::Peach(_)
            | Error::Store(_)
            | Error::DataDir(_)
            | Error::PasswordHash(_)
            | Error::Random(_)
            | Error::Wallet(_)
            | Error::WalletKey(_)
            | Error::WebPushKey(_)
            | Error::PasswordWorkers => ErrorCode::Internal,
        }
    }
}

impl From<Error> for tonic::Status {
    fn from(error: Error) -> Self {
        error.code().status(error.to_string())
    }
}
