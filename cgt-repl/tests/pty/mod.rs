//! A program run on a pseudo-terminal, as a user at a terminal runs it:
//! the test types keys and waits for text. Written on `libc` (already a
//! dependency) so the tests pull in no terminal crate of their own.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child on the slave side of a pseudo-terminal; the test holds the master.
pub struct PtySession {
    master: File,
    child: Child,
    /// Output read but not yet consumed by an expectation.
    pending: Vec<u8>,
    timeout: Duration,
    eof: bool,
}

/// Starts `cmd` as the session leader of a new terminal with echo off, so
/// the output holds only what the program writes.
pub fn spawn_command(mut cmd: Command, timeout_ms: Option<u64>) -> Result<PtySession, String> {
    let master = open_master()?;
    let slave = open_slave(&master)?;
    let io = |fd: &OwnedFd| fd.try_clone().map(Stdio::from).map_err(|e| e.to_string());
    cmd.stdin(io(&slave)?)
        .stdout(io(&slave)?)
        .stderr(io(&slave)?);
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            let mut t: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(0, &mut t) == 0 {
                t.c_lflag &= !libc::ECHO;
                libc::tcsetattr(0, libc::TCSANOW, &t);
            }
            Ok(())
        });
    }
    let child = cmd.spawn().map_err(|e| format!("spawn: {e}"))?;
    drop(slave);
    Ok(PtySession {
        master: File::from(master),
        child,
        pending: Vec::new(),
        timeout: Duration::from_millis(timeout_ms.unwrap_or(30_000)),
        eof: false,
    })
}

fn open_master() -> Result<OwnedFd, String> {
    // SAFETY: plain calls on a descriptor this function owns.
    unsafe {
        let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(format!("posix_openpt: {}", std::io::Error::last_os_error()));
        }
        let fd = OwnedFd::from_raw_fd(fd);
        if libc::grantpt(fd.as_raw_fd()) != 0 || libc::unlockpt(fd.as_raw_fd()) != 0 {
            return Err(format!("grantpt: {}", std::io::Error::last_os_error()));
        }
        Ok(fd)
    }
}

fn open_slave(master: &OwnedFd) -> Result<OwnedFd, String> {
    let mut name = [0 as libc::c_char; 128];
    // SAFETY: the buffer is as long as the length passed.
    unsafe {
        if libc::ptsname_r(master.as_raw_fd(), name.as_mut_ptr(), name.len()) != 0 {
            return Err("ptsname_r failed".into());
        }
        let fd = libc::open(
            name.as_ptr(),
            libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
        );
        if fd < 0 {
            return Err(format!("open slave: {}", std::io::Error::last_os_error()));
        }
        Ok(OwnedFd::from_raw_fd(fd))
    }
}

impl PtySession {
    pub fn send(&mut self, text: &str) -> Result<(), String> {
        self.master
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string())
    }

    pub fn send_line(&mut self, line: &str) -> Result<(), String> {
        self.send(line)?;
        self.send("\n")
    }

    /// Types Ctrl-`key` (Ctrl-C is `'c'`).
    pub fn send_control(&mut self, key: char) -> Result<(), String> {
        let code = (key.to_ascii_lowercase() as u8) & 0x1f;
        self.master.write_all(&[code]).map_err(|e| e.to_string())
    }

    pub fn flush(&mut self) -> Result<(), String> {
        self.master.flush().map_err(|e| e.to_string())
    }

    /// Waits for `needle`; returns what came before it and consumes both.
    pub fn exp_string(&mut self, needle: &str) -> Result<String, String> {
        let deadline = Instant::now() + self.timeout;
        loop {
            if let Some(at) = find(&self.pending, needle.as_bytes()) {
                let before = String::from_utf8_lossy(&self.pending[..at]).into_owned();
                self.pending.drain(..at + needle.len());
                return Ok(before);
            }
            if self.eof || !self.read_some(deadline) {
                return Err(format!(
                    "{needle:?} not seen{}; output so far: {:?}",
                    if self.eof {
                        " before the end"
                    } else {
                        " in time"
                    },
                    String::from_utf8_lossy(&self.pending)
                ));
            }
        }
    }

    /// Waits until the program closes the terminal and exits.
    pub fn exp_eof(&mut self) -> Result<String, String> {
        let deadline = Instant::now() + self.timeout;
        while !self.eof {
            if !self.read_some(deadline) {
                return Err(format!(
                    "no end in time; output so far: {:?}",
                    String::from_utf8_lossy(&self.pending)
                ));
            }
        }
        let _ = self.child.wait();
        Ok(String::from_utf8_lossy(&std::mem::take(&mut self.pending)).into_owned())
    }

    /// Reads what is there, waiting until `deadline`; false on time-out.
    fn read_some(&mut self, deadline: Instant) -> bool {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        let mut poll = libc::pollfd {
            fd: self.master.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = left.as_millis().min(i32::MAX as u128) as i32;
        // SAFETY: one valid pollfd.
        if unsafe { libc::poll(&mut poll, 1, ms) } <= 0 {
            return !Instant::now().ge(&deadline);
        }
        let mut buf = [0u8; 4096];
        match self.master.read(&mut buf) {
            // Linux reports EIO on the master once every slave is closed.
            Ok(0) | Err(_) => self.eof = true,
            Ok(n) => self.pending.extend_from_slice(&buf[..n]),
        }
        true
    }
}

impl Drop for PtySession {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    haystack.windows(needle.len()).position(|w| w == needle)
}
