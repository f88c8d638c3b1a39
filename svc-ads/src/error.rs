//! The crate's one error type and its gRPC status.

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    InvalidArgument(String),
    #[error("gRPC server failed: {0}")]
    Transport(#[from] tonic::transport::Error),
}

impl From<Error> for tonic::Status {
    fn from(error: Error) -> Self {
        match error {
            Error::InvalidArgument(message) => tonic::Status::invalid_argument(message),
            Error::Transport(_) => tonic::Status::unavailable(error.to_string()),
        }
    }
}
