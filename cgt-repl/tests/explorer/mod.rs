//! What the explorer's tests share: `cgt explore` run as a child (killed
//! when dropped), a plain HTTP/1.1 client (one request on its own
//! connection, the status and the body back; a long body comes in chunks,
//! joined here), and values asked of `cgt -e` to compare with.
// Each test binary uses a part.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A child process killed when dropped.
pub struct Running(pub Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A running `cgt explore` and the port it serves on.
pub struct Explorer {
    pub server: Running,
    pub port: u16,
}

impl Explorer {
    /// `cgt explore EXPR` on a free port, once it has printed its address.
    pub fn start(expr: &str) -> Explorer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
            .args(["explore", expr, "--no-open", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start cgt explore");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Explorer {
            server: Running(child),
            port,
        }
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }
}

/// The value of an expression by the command line, for comparison.
pub fn cgt(expr: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["-e", expr])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// `(status, body)` of a request to 127.0.0.1:`port` with these extra
/// headers (a `Host` given here replaces the explorer's own).
pub fn request(
    port: u16,
    method: &str,
    path: &str,
    body: &str,
    headers: &[(&str, &str)],
) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !headers.iter().any(|(k, _)| *k == "Host") {
        req.push_str(&format!("Host: 127.0.0.1:{port}\r\n"));
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    let end = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or(out.len());
    let head = String::from_utf8_lossy(&out[..end]).to_ascii_lowercase();
    let status = head[9..12].parse().unwrap();
    let rest = out.get(end + 4..).unwrap_or(&[]);
    let body = if head.contains("transfer-encoding: chunked") {
        dechunk(rest)
    } else {
        rest.to_vec()
    };
    (status, String::from_utf8(body).unwrap())
}

/// A body sent in chunks, joined (chunk sizes count bytes).
fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = rest.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&rest[..end]).unwrap().trim();
        let n = usize::from_str_radix(size, 16).unwrap();
        if n == 0 {
            break;
        }
        out.extend_from_slice(&rest[end + 2..end + 2 + n]);
        rest = &rest[end + 4 + n..];
    }
    out
}
