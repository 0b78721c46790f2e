//! The evaluator on generated expressions: a value or an error, never a
//! panic; a computation over its time budget is stopped as by Ctrl-C.
#![no_main]
use arbitrary::Unstructured;
use cgt_fuzz::{expression, watchdog, Counting};
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fuzz_target!(|data: &[u8]| {
    watchdog(std::time::Duration::from_millis(500), 1 << 30);
    let mut u = Unstructured::new(data);
    let Ok(line) = expression(&mut u, 4) else { return };
    if std::env::var_os("CGT_FUZZ_PRINT").is_some() {
        eprintln!("input: {line}");
    }
    let mut s = cgt_core::lang::Session::new();
    let result = s.run_line(&line);
    if let Err(e) = &result {
        assert!(e.kind != cgt_core::lang::ErrorKind::Internal, "internal error on {line:?}: {e}");
    }
    // The session survives whatever happened.
    assert_eq!(s.run_line("1+1").ok().as_deref(), Some("2"));
});
