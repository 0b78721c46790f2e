//! `--batch` on raw input: exactly one reply line per input line, whatever
//! the bytes (invalid UTF-8, control characters, CRLF), plain and JSON.
#![no_main]
use cgt_fuzz::{watchdog, Counting};
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[path = "../../cgt-repl/src/reply.rs"]
#[allow(dead_code)]
mod reply;

fuzz_target!(|data: &[u8]| {
    let mut s = cgt_lang::Session::new();
    let json = data.first().is_some_and(|b| b & 1 == 1);
    for raw in data.split(|&b| b == b'\n').take(8) {
        watchdog(std::time::Duration::from_millis(500), 1 << 30);
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let reply = reply::batch_reply(&mut s, raw, json);
        assert!(!reply.contains('\n'), "a reply spans lines: {reply:?}");
        assert!(
            !reply.contains("internal error"),
            "internal error on {raw:?}: {reply}"
        );
    }
});
