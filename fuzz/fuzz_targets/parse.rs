//! The parser on any text: an expression or an error, never a panic, and in
//! time linear in the input.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = cgt_lang::parse_line(text);
    }
});
