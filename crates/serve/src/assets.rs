//! The single-page app, embedded in the binary: plain HTML, CSS and JavaScript (no build step,
//! nothing fetched from elsewhere), and the API's OpenAPI description.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../assets/index.html");
const OPENAPI: &str = include_str!("../assets/openapi.json");

/// The app's files: name, content type, content.
const FILES: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/app/style.css"),
    ),
    (
        "common.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/common.js"),
    ),
    (
        "catalog.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/catalog.js"),
    ),
    (
        "cube3d.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/cube3d.js"),
    ),
    (
        "revenge.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/revenge.js"),
    ),
    (
        "snake.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/snake.js"),
    ),
    (
        "designer-constraints.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/designer-constraints.js"),
    ),
    (
        "designer-files.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/designer-files.js"),
    ),
    (
        "designer-grids.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/designer-grids.js"),
    ),
    (
        "designer-tools.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/designer-tools.js"),
    ),
    (
        "designer-answers.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/designer-answers.js"),
    ),
    (
        "designer.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app/designer.js"),
    ),
];

/// The served file of that name, if any.
pub fn lookup(name: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, t, c)| (t, c))
}

fn page(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            // Always the binary's own copy: a new build must not meet an old cached script.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /`.
pub async fn index() -> Response {
    page("text/html; charset=utf-8", INDEX)
}

/// `GET /app/{file}`.
pub async fn file(Path(name): Path<String>) -> Response {
    match lookup(&name) {
        Some((t, c)) => page(t, c),
        None => crate::error::ApiError::not_found(format!("no file {name}")).into_response(),
    }
}

/// `GET /api/v1/openapi.json`.
pub async fn openapi() -> Response {
    page("application/json", OPENAPI)
}

#[cfg(test)]
mod tests {
    #[test]
    fn openapi_is_json() {
        let v: serde_json::Value = serde_json::from_str(super::OPENAPI).expect("valid JSON");
        assert!(v["paths"]["/api/v1/count"].is_object());
    }
}
