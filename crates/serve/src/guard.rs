//! Safe on a desktop: every request must name this server in its `Host` header, so a web page
//! whose domain was re-pointed at this machine (DNS rebinding) cannot talk to it, and a
//! request carrying an `Origin` must come from this server's own pages.
//!
//! Allowed hosts: `localhost` and IP literals (a rebinding attack needs a domain name), with
//! the bound port; when bound to one address, that address only.

use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use std::net::{IpAddr, SocketAddr};

/// Which `Host` values name this server.
#[derive(Clone, Debug)]
pub struct Hosts {
    bound: SocketAddr,
}

impl Hosts {
    pub fn new(bound: SocketAddr) -> Self {
        Hosts { bound }
    }

    /// Whether `host` (a `Host` header, or an origin's `host[:port]`) names this server.
    pub fn allows(&self, host: &str) -> bool {
        let Some((name, port)) = split_port(host) else {
            return false;
        };
        if port != self.bound.port() {
            return false;
        }
        if name.eq_ignore_ascii_case("localhost") {
            return self.bound.ip().is_loopback() || self.bound.ip().is_unspecified();
        }
        let name = name.trim_start_matches('[').trim_end_matches(']');
        match name.parse::<IpAddr>() {
            Ok(ip) => self.bound.ip().is_unspecified() || ip == self.bound.ip(),
            Err(_) => false,
        }
    }
}

/// `name:port` (also `[v6]:port`); a missing port is refused, since the server never listens
/// on the default port of a browser's scheme.
fn split_port(host: &str) -> Option<(&str, u16)> {
    let (name, port) = host.rsplit_once(':')?;
    if name.is_empty() || (name.contains(':') && !name.starts_with('[')) {
        return None;
    }
    Some((name, port.parse().ok()?))
}

/// Refuses requests whose `Host` (or `Origin`, when present) is not this server.
pub async fn check_host(State(hosts): State<Hosts>, req: Request, next: Next) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if !hosts.allows(host) {
        return axum::response::IntoResponse::into_response(ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "the Host header `{host}` does not name this server (use http://{}/); requests \
                 for other names are refused against DNS rebinding",
                hosts.bound
            ),
        ));
    }
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        let ok = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|o| hosts.allows(o));
        if !ok {
            return axum::response::IntoResponse::into_response(ApiError::new(
                StatusCode::FORBIDDEN,
                "requests from other sites' pages are refused (this server sends no CORS headers)",
            ));
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_must_name_the_server() {
        let h = Hosts::new("127.0.0.1:8080".parse().unwrap());
        assert!(h.allows("127.0.0.1:8080"));
        assert!(h.allows("localhost:8080"));
        assert!(h.allows("LOCALHOST:8080"));
        assert!(!h.allows("127.0.0.1:8081"));
        assert!(!h.allows("127.0.0.1"));
        assert!(!h.allows("evil.example:8080"));
        assert!(!h.allows("127.0.0.2:8080"));
        assert!(!h.allows(""));
        assert!(!h.allows("[::1]:8080"));
        let any = Hosts::new("0.0.0.0:9000".parse().unwrap());
        assert!(any.allows("192.168.1.5:9000"));
        assert!(any.allows("localhost:9000"));
        assert!(!any.allows("rebind.example:9000"));
        let v6 = Hosts::new("[::1]:9000".parse().unwrap());
        assert!(v6.allows("[::1]:9000"));
        assert!(v6.allows("localhost:9000"));
        assert!(!v6.allows("::1:9000"));
        let lan = Hosts::new("192.168.1.5:9000".parse().unwrap());
        assert!(!lan.allows("localhost:9000"));
        assert!(lan.allows("192.168.1.5:9000"));
    }
}
