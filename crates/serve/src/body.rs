//! The request body: JSON only (`Content-Type: application/json`, which a page on another
//! site cannot send without a CORS preflight that this server never answers), limited in size,
//! parsed strictly (an unknown option is an error, as an unknown flag is for the CLI), and read
//! within the body timeout ([`crate::conn::Limits::body_timeout`]; 408 after it).

use crate::conn::{BodyTimeout, Limits};
use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, StatusCode};
use serde::de::DeserializeOwned;

/// A JSON request body of type `T`.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the request as JSON, with the header `Content-Type: application/json`",
            ));
        }
        let limit = req
            .extensions()
            .get::<BodyTimeout>()
            .map_or(Limits::default().body_timeout, |t| t.0);
        let read = tokio::time::timeout(limit, Bytes::from_request(req, state));
        let bytes = read.await.map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s",
                    limit.as_secs_f64()
                ),
            )
        })?;
        let bytes = bytes.map_err(|e| {
            let status = e.status();
            if status == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    status,
                    format!(
                        "the request body is larger than the limit of {} bytes",
                        crate::BODY_LIMIT
                    ),
                )
            } else {
                ApiError::new(status, format!("cannot read the request body: {e}"))
            }
        })?;
        parse(&bytes).map(JsonBody)
    }
}

/// `T` from JSON bytes; errors name the line and column, as the puzzle file errors do.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes)
        .map_err(|e| ApiError::bad_request(format!("invalid request: {e}")))
}
