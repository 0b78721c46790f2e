//! A line stopped by Ctrl-C (or the memory limit) undoes what it bound: a
//! name bound earlier on the line may name a game the stop dropped, and the
//! arena gives the dropped games' ids to new games. (One test in its own
//! binary: the stop request is process-wide.)

use cgt_lang::{ErrorKind, Session};

#[test]
fn a_stopped_line_leaves_no_binding_behind() {
    let mut s = Session::new();
    s.run_line("x = 1").unwrap();
    s.run_line("z = 0; for k in 1..3 do z := z + 1 end")
        .unwrap();
    let timer = std::thread::spawn(|| {
        std::thread::sleep(std::time::Duration::from_millis(300));
        cgt_core::interrupt::request(cgt_core::interrupt::Stop::Interrupted);
    });
    let e = s
        .run_line("x = {5|4}; y = {7|6}; for k in 1..3 do z := {z|} end; value(domineering(7, 7))")
        .unwrap_err();
    timer.join().unwrap();
    assert_eq!(e.kind, ErrorKind::Interrupted, "{}", e.message);
    assert_eq!(s.run_line("x").unwrap(), "1");
    assert_eq!(s.run_line("z").unwrap(), "3");
    assert!(s
        .run_line("y")
        .unwrap_err()
        .message
        .contains("unknown variable"));
    // New games take the dropped games' ids: the names still mean their values.
    assert_eq!(
        s.run_line("[x, z, {7|6}, {5|4} + x, {z|}]").unwrap(),
        "[1,3,{7|6},{6|5},4]"
    );
}
