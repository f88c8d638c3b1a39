//! The crate's one error type and its gRPC status.

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("loyalty settings are not a JSON object: {0}")]
    InvalidSettings(#[from] serde_json::Error),
    #[error("gRPC server failed: {0}")]
    Transport(#[from] tonic::transport::Error),
}

impl From<Error> for tonic::Status {
    fn from(error: Error) -> Self {
        match error {
            Error::InvalidSettings(_) => tonic::Status::invalid_argument(error.to_string()),
            Error::Transport(_) => tonic::Status::unavailable(error.to_string()),
        }
    }
}
