//! A small HTTP/1.1 client over `std::net` for the `wurfel serve` tests: every header under the
//! test's control (a wrong `Host`, a huge body), server-sent events read as they arrive, a
//! connection dropped mid-request. And the server itself: `wurfel serve --port 0` as a child
//! process, stopped when the guard drops.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `wurfel serve`, killed on drop.
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
}

impl Server {
    /// Starts `wurfel serve --port 0 ARGS` and waits for its address on standard error.
    pub fn start(args: &[&str]) -> Server {
        let cache = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("wurfel-serve-cache");
        Server::start_with_cache(args, &cache)
    }

    /// [`Server::start`] with the 4x4x4 tables in `cache`.
    pub fn start_with_cache(args: &[&str], cache: &std::path::Path) -> Server {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_wurfel"));
        cmd.env("WURFEL_CACHE", cache);
        Server::spawn(cmd, args)
    }

    /// [`Server::start`] under an address-space limit of `bytes` (`RLIMIT_AS`, set between
    /// fork and exec as `prlimit --as` would).
    pub fn start_limited(args: &[&str], bytes: u64) -> Server {
        use std::os::unix::process::CommandExt;
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_wurfel"));
        let rl = libc::rlimit {
            rlim_cur: bytes,
            rlim_max: bytes,
        };
        // SAFETY: the closure runs in the forked child before exec; it calls only
        // `setrlimit`, which is async-signal-safe, on a value copied into the closure, and
        // allocates nothing.
        unsafe {
            cmd.pre_exec(move || {
                if libc::setrlimit(libc::RLIMIT_AS, &rl) == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
        }
        Server::spawn(cmd, args)
    }

    fn spawn(mut cmd: Command, args: &[&str]) -> Server {
        let mut child = cmd
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start wurfel serve");
        let stderr = child.stderr.take().expect("stderr");
        let mut lines = BufReader::new(stderr).lines();
        // The address is on the line with the URL (a warning may come first).
        let line = lines
            .by_ref()
            .map_while(Result::ok)
            .find(|l| l.contains("http://"))
            .expect("wurfel serve prints its address");
        let url = line
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        let addr = url.parse().expect("an address");
        // Keep draining standard error so the server never blocks on it.
        std::thread::spawn(move || for _ in lines {});
        Server { child, addr }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A request with the right `Host` and a JSON body.
    pub fn post(&self, path: &str, json: &str) -> Response {
        request(
            self.addr,
            "POST",
            path,
            &[
                ("Host", &self.addr.to_string()),
                ("Content-Type", "application/json"),
            ],
            json.as_bytes(),
        )
    }

    pub fn get(&self, path: &str) -> Response {
        request(
            self.addr,
            "GET",
            path,
            &[("Host", &self.addr.to_string())],
            b"",
        )
    }

    pub fn delete(&self, path: &str) -> Response {
        request(
            self.addr,
            "DELETE",
            path,
            &[("Host", &self.addr.to_string())],
            b"",
        )
    }

    /// `GET /api/v1/status` until `running` and `queued` are 0 (or the deadline passes);
    /// whether they got there.
    pub fn idle_within(&self, limit: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < limit {
            let s = self.get("/api/v1/status").json();
            if s["running"] == 0 && s["queued"] == 0 {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.text()))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Sends one request (`Connection: close`) and reads the whole response.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Response {
    let mut s = send(addr, method, path, headers, body);
    let mut raw = Vec::new();
    // The server may answer (413) and close before it has read a huge body: what was read
    // is still the response.
    let _ = s.read_to_end(&mut raw);
    parse(&raw)
}

/// Opens a connection and sends a request; the caller reads the answer.
pub fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> TcpStream {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(120)))
        .expect("timeout");
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    s.write_all(head.as_bytes()).expect("send head");
    // A refused huge body may be cut off by the server: not an error here.
    let _ = s.write_all(body);
    s
}

fn parse(raw: &[u8]) -> Response {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .expect("status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = b.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&b[..eol]).trim(), 16)
            .expect("chunk size");
        if size == 0 {
            break;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + size]);
        b = &b[eol + 2 + size + 2..];
    }
    out
}

/// One server-sent event.
#[derive(Debug, Clone)]
pub struct Event {
    pub name: String,
    pub data: String,
}

impl Event {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.data).expect("event data is JSON")
    }
}

/// Reads a job's events as they come; `on_event` may stop early by returning false (the
/// connection is then dropped, as a browser tab that closes).
pub fn events(server: &Server, id: &str, mut on_event: impl FnMut(&Event) -> bool) -> Vec<Event> {
    let host = server.addr.to_string();
    let s = send(
        server.addr,
        "GET",
        &format!("/api/v1/jobs/{id}/events"),
        &[("Host", &host)],
        b"",
    );
    let mut r = BufReader::new(s);
    let mut line = String::new();
    // Status line and headers.
    loop {
        line.clear();
        if r.read_line(&mut line).expect("read header") == 0 || line == "\r\n" {
            break;
        }
    }
    let mut got = Vec::new();
    let (mut name, mut data) = (String::new(), String::new());
    loop {
        line.clear();
        if r.read_line(&mut line).expect("read event") == 0 {
            break;
        }
        let l = line.trim_end_matches(['\r', '\n']);
        if let Some(v) = l.strip_prefix("event: ") {
            name = v.to_string();
        } else if let Some(v) = l.strip_prefix("data: ") {
            data.push_str(v);
        } else if l.is_empty() && !name.is_empty() {
            let ev = Event {
                name: std::mem::take(&mut name),
                data: std::mem::take(&mut data),
            };
            let go_on = on_event(&ev);
            let end = ev.name == "end";
            got.push(ev);
            if !go_on || end {
                break;
            }
        }
        // Chunk-size lines and keep-alive comments are neither: skipped.
    }
    got
}
