//! One error code per kind of failure, read the same way on both sides of the gateway:
//! a service answers it as a gRPC status code, the gateway as an HTTP status and the
//! short code of its JSON error body (`{"error": {"code"}}`).

use tonic::Code;

/// The kinds of failure the platform tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    InvalidArgument,
    Unauthenticated,
    Forbidden,
    NotFound,
    Conflict,
    FailedPrecondition,
    TooManyRequests,
    NotImplemented,
    ServiceUnavailable,
    Internal,
}

impl ErrorCode {
    /// The kind of failure a gRPC status code names (Ok is no failure: Internal).
    pub fn from_grpc(code: Code) -> ErrorCode {
        match code {
            Code::InvalidArgument | Code::OutOfRange => ErrorCode::InvalidArgument,
            Code::Unauthenticated => ErrorCode::Unauthenticated,
            Code::PermissionDenied => ErrorCode::Forbidden,
            Code::NotFound => ErrorCode::NotFound,
            Code::AlreadyExists | Code::Aborted => ErrorCode::Conflict,
            Code::FailedPrecondition => ErrorCode::FailedPrecondition,
            Code::ResourceExhausted => ErrorCode::TooManyRequests,
            Code::Unimplemented => ErrorCode::NotImplemented,
            Code::Unavailable | Code::DeadlineExceeded | Code::Cancelled => {
                ErrorCode::ServiceUnavailable
            }
            Code::Ok | Code::Unknown | Code::Internal | Code::DataLoss => ErrorCode::Internal,
        }
    }

    /// The gRPC status code a service answers with.
    pub fn grpc_code(self) -> Code {
        match self {
            ErrorCode::InvalidArgument => Code::InvalidArgument,
            ErrorCode::Unauthenticated => Code::Unauthenticated,
            ErrorCode::Forbidden => Code::PermissionDenied,
            ErrorCode::NotFound => Code::NotFound,
            ErrorCode::Conflict => Code::AlreadyExists,
            ErrorCode::FailedPrecondition => Code::FailedPrecondition,
            ErrorCode::TooManyRequests => Code::ResourceExhausted,
            ErrorCode::NotImplemented => Code::Unimplemented,
            ErrorCode::ServiceUnavailable => Code::Unavailable,
            ErrorCode::Internal => Code::Internal,
        }
    }

    /// The HTTP status the gateway answers with.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::InvalidArgument => 400,
            ErrorCode::Unauthenticated => 401,
            ErrorCode::Forbidden => 403,
            ErrorCode::NotFound => 404,
            ErrorCode::Conflict => 409,
            // The request is well formed but cannot be carried out as things stand (it
            // names a record that is not there): RFC 9110's 422.
            ErrorCode::FailedPrecondition => 422,
            ErrorCode::TooManyRequests => 429,
            ErrorCode::NotImplemented => 501,
            ErrorCode::ServiceUnavailable => 503,
            ErrorCode::Internal => 500,
        }
    }

    /// The machine-readable code of the gateway's JSON error body.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidArgument => "invalid_argument",
            ErrorCode::Unauthenticated => "unauthenticated",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::NotFound => "not_found",
            ErrorCode::Conflict => "conflict",
            ErrorCode::FailedPrecondition => "failed_precondition",
            ErrorCode::TooManyRequests => "too_many_requests",
            ErrorCode::NotImplemented => "not_implemented",
            ErrorCode::ServiceUnavailable => "service_unavailable",
            ErrorCode::Internal => "internal",
        }
    }

    /// A status of this kind with `message`, for a service to answer.
    pub fn status(self, message: impl Into<String>) -> tonic::Status {
        tonic::Status::new(self.grpc_code(), message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [ErrorCode; 10] = [
        ErrorCode::InvalidArgument,
        ErrorCode::Unauthenticated,
        ErrorCode::Forbidden,
        ErrorCode::NotFound,
        ErrorCode::Conflict,
        ErrorCode::FailedPrecondition,
        ErrorCode::TooManyRequests,
        ErrorCode::NotImplemented,
        ErrorCode::ServiceUnavailable,
        ErrorCode::Internal,
    ];

    #[test]
    fn every_code_survives_the_trip_through_grpc() {
        for code in ALL {
            assert_eq!(ErrorCode::from_grpc(code.grpc_code()), code, "{code:?}");
        }
    }

    #[test]
    fn a_service_that_is_down_reads_as_503() {
        for code in [Code::Unavailable, Code::DeadlineExceeded, Code::Cancelled] {
            let error = ErrorCode::from_grpc(code);
            assert_eq!(error.http_status(), 503);
            assert_eq!(error.as_str(), "service_unavailable");
        }
    }

    #[test]
    fn bad_input_and_unknown_ids_keep_their_meaning() {
        assert_eq!(
            ErrorCode::from_grpc(Code::InvalidArgument).http_status(),
            400
        );
        assert_eq!(ErrorCode::from_grpc(Code::NotFound).http_status(), 404);
        assert_eq!(ErrorCode::from_grpc(Code::DataLoss).http_status(), 500);
        assert_eq!(
            ErrorCode::from_grpc(Code::FailedPrecondition).http_status(),
            422
        );
        assert_eq!(
            ErrorCode::from_grpc(Code::ResourceExhausted).as_str(),
            "too_many_requests"
        );
    }
}
