//! `wurfel serve` against slow and hostile clients: half-sent request heads (slowloris), idle
//! keep-alive connections, slow bodies, and more connections than the server keeps; and 4x4x4
//! input refused before the tables exist. Loopback only, bounded in count and time.

mod http;

use http::Server;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// A connection that sent part of a request's head and stops there.
fn half_open(addr: SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(format!("GET /api/v1/status HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ").as_bytes())
        .expect("send part of a head");
    s
}

/// Whether the server closed `s` (end of stream or reset) within `limit`.
fn closed_within(s: &mut TcpStream, limit: Duration) -> bool {
    s.set_read_timeout(Some(limit)).unwrap();
    let mut buf = [0u8; 512];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue, // an answer (408, 503) before the close
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(_) => return false, // timed out: still open
        }
    }
}

/// `GET /api/v1/status` on a new connection: its status and how long it took.
fn status(server: &Server) -> (u16, Duration) {
    let start = Instant::now();
    let r = server.get("/api/v1/status");
    (r.status, start.elapsed())
}

#[test]
fn four_hundred_slowloris_connections_do_not_lock_out_a_real_client() {
    // A cap below the attack, a head timeout longer than the test: only the cap protects.
    let server = Server::start(&["--max-connections", "100", "--header-timeout", "60"]);
    let start = Instant::now();
    let mut slow: Vec<TcpStream> = (0..400).map(|_| half_open(server.addr)).collect();
    let opened = start.elapsed();
    for round in 0..5 {
        // The attack goes on: a few more header bytes on every connection still open.
        for s in &mut slow {
            let _ = s.write_all(b"x");
        }
        let (code, took) = status(&server);
        assert_eq!(code, 200, "round {round}");
        assert!(
            took < Duration::from_secs(1),
            "round {round}: answered in {took:?}"
        );
    }
    // The server kept at most 100: the oldest 300 were closed to make room.
    let closed = slow
        .iter_mut()
        .take(300)
        .map(|s| closed_within(s, Duration::from_millis(200)))
        .filter(|&c| c)
        .count();
    assert!(closed >= 290, "only {closed} of the oldest 300 closed");
    eprintln!("400 half-open connections opened in {opened:?}; {closed} of the oldest 300 closed");
}

#[test]
fn half_sent_heads_idle_keep_alive_and_slow_bodies_time_out() {
    let server = Server::start(&["--header-timeout", "1", "--body-timeout", "1"]);
    let addr = server.addr;
    // A head never finished: closed after the timeout, not before.
    let mut s = half_open(addr);
    let start = Instant::now();
    assert!(closed_within(&mut s, Duration::from_secs(10)), "still open");
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(900),
        "closed too early: {took:?}"
    );
    assert!(took < Duration::from_secs(5), "closed late: {took:?}");
    // A connection that never sends anything: the same.
    let mut s = TcpStream::connect(addr).unwrap();
    assert!(
        closed_within(&mut s, Duration::from_secs(5)),
        "a silent connection stays open"
    );
    // A kept-alive connection: answered, then closed once idle for the timeout.
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(format!("GET /api/v1/status HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .unwrap();
    let mut buf = [0u8; 256];
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let n = s.read(&mut buf).unwrap();
    assert!(
        buf[..n].starts_with(b"HTTP/1.1 200"),
        "{:?}",
        String::from_utf8_lossy(&buf[..n])
    );
    let start = Instant::now();
    assert!(
        closed_within(&mut s, Duration::from_secs(5)),
        "idle keep-alive stays open"
    );
    assert!(
        start.elapsed() >= Duration::from_millis(500),
        "{:?}",
        start.elapsed()
    );
    // A body promised and not sent: 408 with the reason.
    let mut s = TcpStream::connect(addr).unwrap();
    let head = format!(
        "POST /api/v1/check HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"puzzle\":"
    );
    s.write_all(head.as_bytes()).unwrap();
    let mut answer = Vec::new();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let _ = s.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("did not arrive within 1 s"), "{answer}");
    // And the server still answers.
    assert_eq!(status(&server).0, 200);
}

#[test]
fn bad_facelets_are_refused_before_any_table_is_built() {
    let cache = tempfile::tempdir().unwrap();
    let server = Server::start_with_cache(&[], cache.path());
    let start = Instant::now();
    let r = server.post(
        "/api/v1/revenge/solve",
        r#"{"facelets": "UUUUUUUUUUUUUUUURRRRRRRRRRRRRRRRFFFFFFFFFFFFFFFFDDDDDDDDDDDDDDDDLLLLLLLLLLLLLLLLBBBBBBBBBBBBBBBX"}"#,
    );
    let took = start.elapsed();
    assert_eq!(r.status, 422, "{}", r.text());
    let msg = r.json()["error"].as_str().unwrap().to_string();
    assert!(msg.contains('X') || msg.contains("colour"), "{msg}");
    assert!(took < Duration::from_secs(3), "refused after {took:?}");
    let r = server.post("/api/v1/revenge/solve", r#"{"scramble": "R U Q"}"#);
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}
