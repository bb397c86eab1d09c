//! Connections, bounded: the accept loop (instead of `axum::serve`, which hides hyper's
//! knobs).
//!
//! - A request's head must arrive within [`Limits::header_timeout`] of the connection opening
//!   or of the previous response ending, else the connection is closed: a half-sent header
//!   (slowloris) or an idle keep-alive connection holds nothing for long.
//! - A request's body must arrive within [`Limits::body_timeout`] (checked where the body is
//!   read, [`crate::body`], which answers 408).
//! - At most [`Limits::max_connections`] are open. A new connection beyond that closes the
//!   oldest one that has not yet sent a request (those are the ones a slow or hostile client
//!   holds); when every open connection is serving requests, the new one is answered 503 and
//!   closed at once. Either way the listener keeps accepting, so a real client is answered
//!   while hundreds of half-open connections come and go.
//! - When accepting fails for lack of descriptors (`EMFILE`), the loop waits a moment and goes
//!   on; the timeouts free descriptors.

use axum::body::Body;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// The bounds on connections (part of [`crate::Config`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Connections open at once.
    pub max_connections: usize,
    /// From a connection's start, or the end of its previous response, to the end of the next
    /// request's head.
    pub header_timeout: Duration,
    /// From the request's head to the end of its body.
    pub body_timeout: Duration,
}

impl Default for Limits {
    /// 512 connections, 10 s for a head (and for an idle keep-alive connection), 30 s for a body
    /// (2 MiB at 70 kB/s).
    fn default() -> Limits {
        Limits {
            max_connections: 512,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
        }
    }
}

/// The body timeout, given to every request (read by [`crate::body`]).
#[derive(Clone, Copy, Debug)]
pub struct BodyTimeout(pub Duration);

/// An open connection as the accept loop sees it.
struct Open {
    /// No request has started on it yet.
    fresh: Arc<AtomicBool>,
    /// Closes it.
    close: Arc<Notify>,
}

/// The open connections, oldest first.
#[derive(Default)]
struct Table {
    next: u64,
    open: BTreeMap<u64, Open>,
}

impl Table {
    /// Makes room for one more under `max`: closes the oldest connection that has sent no
    /// request. False when every open connection is serving.
    fn make_room(&mut self, max: usize) -> bool {
        if self.open.len() < max {
            return true;
        }
        let oldest = self
            .open
            .iter()
            .find(|(_, o)| o.fresh.load(Ordering::Relaxed))
            .map(|(&id, _)| id);
        match oldest.and_then(|id| self.open.remove(&id)) {
            Some(o) => {
                o.close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// Serves `app` on `listener` within `limits`, until the future is dropped.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits) -> std::io::Result<()> {
    let table = Arc::new(Mutex::new(Table::default()));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) if is_connection_error(&e) => continue,
            Err(_) => {
                // Out of descriptors (or memory): wait for some to be freed.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let (id, open) = {
            let mut t = table.lock().unwrap_or_else(|e| e.into_inner());
            if !t.make_room(limits.max_connections.max(1)) {
                drop(t);
                refuse(stream);
                continue;
            }
            let open = Open {
                fresh: Arc::new(AtomicBool::new(true)),
                close: Arc::new(Notify::new()),
            };
            let id = t.next;
            t.next += 1;
            let handles = Open {
                fresh: open.fresh.clone(),
                close: open.close.clone(),
            };
            t.open.insert(id, open);
            (id, handles)
        };
        let table = table.clone();
        let app = app.clone();
        tokio::spawn(async move {
            connection(stream, app, limits, &open).await;
            table
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .open
                .remove(&id);
        });
    }
}

/// Serves one connection until it ends, times out or is closed to make room.
async fn connection(stream: TcpStream, app: Router, limits: Limits, open: &Open) {
    let fresh = open.fresh.clone();
    let app = TowerToHyperService::new(app);
    let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
        fresh.store(false, Ordering::Relaxed);
        let mut req = req.map(Body::new);
        req.extensions_mut()
            .insert(BodyTimeout(limits.body_timeout));
        hyper::service::Service::call(&app, req)
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let conn = http.serve_connection(TokioIo::new(stream), service);
    tokio::select! {
        // An error is the client's (a malformed request, a timeout, a reset): hyper has
        // answered what can be answered.
        _ = conn => {}
        // Dropping the connection closes it.
        _ = open.close.notified() => {}
    }
}

/// Answers 503 without waiting (the socket's buffer takes it) and closes.
fn refuse(stream: TcpStream) {
    const BODY: &str = "{\"error\":\"the server has too many open connections; try again\"}";
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\nRetry-After: 1\r\n\r\n{BODY}",
        BODY.len()
    );
    let _ = stream.try_write(answer.as_bytes());
}

/// Errors of one connection (the next accept may succeed at once).
fn is_connection_error(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::ConnectionRefused
            | std::io::ErrorKind::ConnectionAborted
            | std::io::ErrorKind::ConnectionReset
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(fresh: bool) -> Open {
        Open {
            fresh: Arc::new(AtomicBool::new(fresh)),
            close: Arc::new(Notify::new()),
        }
    }

    #[test]
    fn room_is_made_by_closing_the_oldest_connection_without_a_request() {
        let mut t = Table::default();
        for (id, fresh) in [(0, false), (1, true), (2, true)] {
            t.open.insert(id, open(fresh));
        }
        assert!(t.make_room(4));
        assert_eq!(t.open.len(), 3);
        assert!(t.make_room(3));
        assert_eq!(t.open.keys().copied().collect::<Vec<_>>(), [0, 2]);
        t.open
            .get(&2)
            .unwrap()
            .fresh
            .store(false, Ordering::Relaxed);
        assert!(!t.make_room(2), "every connection is serving: refused");
        assert_eq!(t.open.len(), 2);
    }
}
