//! The crate's one error type and its gRPC status (the platform's one mapping).

use proto::error::ErrorCode;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    InvalidArgument(String),
    #[error("gRPC server failed: {0}")]
    Transport(#[from] tonic::transport::Error),
}

impl From<Error> for tonic::Status {
    fn from(error: Error) -> Self {
        let code = match error {
            Error::InvalidArgument(_) => ErrorCode::InvalidArgument,
            Error::Transport(_) => ErrorCode::ServiceUnavailable,
        };
        code.status(error.to_string())
    }
}
