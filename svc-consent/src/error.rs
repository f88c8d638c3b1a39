//! The crate's one error type and its gRPC status.

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("gRPC server failed: {0}")]
    Transport(#[from] tonic::transport::Error),
}

impl From<Error> for tonic::Status {
    fn from(error: Error) -> Self {
        tonic::Status::unavailable(error.to_string())
    }
}
