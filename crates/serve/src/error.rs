//! Errors as the API returns them: `{"error": "..."}` with a 4xx status for anything a client
//! sent (the CLI's messages, positions included).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// An error response.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
}

impl ApiError {
    /// 400: the request is not a valid request (bad JSON, unknown option, bad value).
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// 422: a valid request whose input the library refused (a malformed puzzle, a chain that
    /// does not fit its box, a position that is not a 4x4x4 position).
    pub fn input(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
        }
    }

    /// Any status with a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 404.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    /// 429: every running slot and queue place is taken.
    pub fn busy(running: usize, queued: usize) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "the server is busy: {running} jobs running and {queued} waiting (its --jobs and \
                 --queue limits); try again when one has finished"
            ),
        )
    }
}

impl From<wurfel_app::AppError> for ApiError {
    /// The application layer's error with the status of its kind: the same message as the
    /// command line's.
    fn from(e: wurfel_app::AppError) -> Self {
        use wurfel_app::Kind;
        let status = match e.kind {
            Kind::Usage => StatusCode::BAD_REQUEST,
            Kind::Input | Kind::Memory => StatusCode::UNPROCESSABLE_ENTITY,
            Kind::Cancelled => StatusCode::CONFLICT,
            Kind::Io | Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::new(status, e.message)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(Body {
                error: &self.message,
            }),
        )
            .into_response()
    }
}
