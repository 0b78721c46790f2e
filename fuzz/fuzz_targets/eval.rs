//! The evaluator on generated expressions: a value or an error, never a
//! panic; a computation over its time budget is stopped as by Ctrl-C.
#![no_main]
use arbitrary::Unstructured;
use cgt_fuzz::{check_line, expression, watchdog, Counting};
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fuzz_target!(|data: &[u8]| {
    watchdog(std::time::Duration::from_millis(500), 1 << 30);
    let mut u = Unstructured::new(data);
    let Ok(line) = expression(&mut u, 4) else {
        return;
    };
    check_line(&line);
});
