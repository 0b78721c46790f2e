//! Never crash on input: random strings over the language's alphabet either
//! evaluate or give an error; nothing panics.

use cgt_core::lang::Session;
use proptest::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_input_never_panics(input in "[{}|,*^v<>\\[\\]()+\\-:/0-3 ='#.a-z↑⋆±]{0,24}") {
        let mut s = Session::new();
        let result = catch_unwind(AssertUnwindSafe(|| {
            let _ = s.eval_line(&input);
        }));
        prop_assert!(result.is_ok(), "panicked on {:?}", input);
    }

    #[test]
    fn random_game_text_never_panics(input in "(\\{|\\}|\\||,|\\*|\\^|v|-|1|2|1/2|\\+-|:| ){0,30}") {
        let mut s = Session::new();
        let result = catch_unwind(AssertUnwindSafe(|| {
            let _ = s.eval_line(&input);
        }));
        prop_assert!(result.is_ok(), "panicked on {:?}", input);
    }
}
