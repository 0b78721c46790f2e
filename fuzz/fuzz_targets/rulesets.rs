//! Ruleset constructors and the functions on their positions with arguments
//! good and bad: a value or a clear error, never a panic.
#![no_main]
use arbitrary::Unstructured;
use cgt_fuzz::{check_line, ruleset_call, watchdog, Counting};
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fuzz_target!(|data: &[u8]| {
    watchdog(std::time::Duration::from_millis(500), 1 << 30);
    let mut u = Unstructured::new(data);
    let Ok(line) = ruleset_call(&mut u) else {
        return;
    };
    check_line(&line);
});
