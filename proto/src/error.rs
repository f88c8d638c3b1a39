//! One mapping from a gRPC status code to the HTTP status the gateway answers with,
//! so every service error reads the same way to the browser.

use tonic::Code;

/// The HTTP status for a gRPC status code.
pub fn http_status(code: Code) -> u16 {
    match code {
        Code::Ok => 200,
        Code::InvalidArgument | Code::OutOfRange => 400,
        Code::Unauthenticated => 401,
        Code::PermissionDenied => 403,
        Code::NotFound => 404,
        Code::AlreadyExists | Code::Aborted => 409,
        Code::FailedPrecondition => 412,
        Code::ResourceExhausted => 429,
        Code::Unimplemented => 501,
        Code::Unavailable | Code::DeadlineExceeded | Code::Cancelled => 503,
        Code::Unknown | Code::Internal | Code::DataLoss => 500,
    }
}

/// The short machine-readable error code the gateway puts in `{"error": {"code"}}`.
pub fn error_code(code: Code) -> &'static str {
    match code {
        Code::Ok => "ok",
        Code::InvalidArgument | Code::OutOfRange => "invalid_argument",
        Code::Unauthenticated => "unauthenticated",
        Code::PermissionDenied => "forbidden",
        Code::NotFound => "not_found",
        Code::AlreadyExists | Code::Aborted => "conflict",
        Code::FailedPrecondition => "failed_precondition",
        Code::ResourceExhausted => "too_many_requests",
        Code::Unimplemented => "not_implemented",
        Code::Unavailable | Code::DeadlineExceeded | Code::Cancelled => "service_unavailable",
        Code::Unknown | Code::Internal | Code::DataLoss => "internal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_service_that_is_down_reads_as_503() {
        assert_eq!(http_status(Code::Unavailable), 503);
        assert_eq!(http_status(Code::DeadlineExceeded), 503);
        assert_eq!(error_code(Code::Unavailable), "service_unavailable");
    }

    #[test]
    fn bad_input_and_unknown_ids_keep_their_meaning() {
        assert_eq!(http_status(Code::InvalidArgument), 400);
        assert_eq!(http_status(Code::NotFound), 404);
        assert_eq!(http_status(Code::Internal), 500);
    }
}
