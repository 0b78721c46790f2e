//! Loopy games: games whose positions may repeat (Winning Ways ch. 11,
//! Siegel's *Combinatorial Game Theory* ch. VI). A loopy game is a game
//! graph and a start vertex ([`Graph`]); a *stopper* is one where play
//! cannot alternate for ever, and stoppers have canonical forms
//! ([`Loopy`]), an order by survival ([`order`]) and sums. Short games are
//! the stoppers without cycles, and stay in the arena. A game that is not a
//! stopper has an onside and an offside ([`sided`]), each a stopper when
//! the game is stopper-sided; degrees and varieties are in [`variety`].

pub mod graph;
pub mod impartial;
pub mod order;
pub mod ordinal;
pub mod sided;
pub mod stopper;
pub mod variety;

pub use graph::Graph;
pub use impartial::{GeneralizedNim, ImpartialOutcome};
pub use sided::{LoopyOutcome, NotStopperSided, Side, Sides, SidesOutOfOrder};
pub use stopper::{upon, Loopy, Named, NotStopper, Pseudonumber, Stopper};
pub use variety::VarietyError;

#[cfg(test)]
#[allow(clippy::cloned_ref_to_slice_refs)]
mod tests {
    use super::*;
    use crate::game::Arena;
    use crate::number::Dyadic;

    fn n(arena: &mut Arena, x: i64) -> Loopy {
        Loopy::Short(arena.integer(x))
    }

    #[test]
    fn named_stoppers_and_their_order() {
        let mut a = Arena::new();
        let [on, off, over, under] =
            [Named::On, Named::Off, Named::Over, Named::Under].map(|s| s.value(&mut a));
        let five = n(&mut a, 5);
        let zero = n(&mut a, 0);
        assert!(Loopy::ge(&mut a, &on, &five) && !Loopy::ge(&mut a, &five, &on));
        assert!(Loopy::ge(&mut a, &five, &off) && !Loopy::ge(&mut a, &off, &five));
        assert!(Loopy::ge(&mut a, &over, &zero) && !Loopy::ge(&mut a, &zero, &over));
        assert!(Loopy::ge(&mut a, &zero, &under) && !Loopy::ge(&mut a, &under, &zero));
        // over is less than every positive number.
        let tiny = Loopy::Short(a.number(Dyadic::new(1.into(), 20)));
        assert!(Loopy::ge(&mut a, &tiny, &over) && !Loopy::ge(&mut a, &over, &tiny));
        assert_eq!(Loopy::add(&mut a, &on, &off), Err(NotStopper));
        assert_eq!(Loopy::add(&mut a, &over, &over), Ok(over.clone()));
        assert_eq!(over.neg(&mut a), under);
        assert_eq!(on.as_pseudonumber(&a), Some(Pseudonumber::On));
        let one = n(&mut a, 1);
        let one_over = Loopy::add(&mut a, &over, &one).unwrap();
        assert_eq!(
            one_over.as_pseudonumber(&a),
            Some(Pseudonumber::Number(Dyadic::from_i64(1), 1))
        );
        assert_ne!(one_over, over);
    }

    #[test]
    fn braces_with_passes_simplify() {
        let mut a = Arena::new();
        let three_halves = Loopy::Short(a.number(Dyadic::new(3.into(), 1)));
        let g = Loopy::braces(&mut a, &[], &[three_halves.clone()], true, false).unwrap();
        assert_eq!(
            g.as_pseudonumber(&a),
            Some(Pseudonumber::Number(Dyadic::new(3.into(), 1), -1))
        );
        let Loopy::Stopper(s) = &g else {
            panic!("loopy")
        };
        assert_eq!(s.graph().len(), 5);
        // {0 ||| 0 || 0 | off} = {0 | Tiny(on)} is canonical: 5 followers.
        let zero = n(&mut a, 0);
        let off = Named::Off.value(&mut a);
        let inner = Loopy::braces(&mut a, &[zero.clone()], &[off], false, false).unwrap();
        let tiny_on = Loopy::braces(&mut a, &[zero.clone()], &[inner], false, false).unwrap();
        let top = Loopy::braces(&mut a, &[zero.clone()], &[tiny_on.clone()], false, false).unwrap();
        let Loopy::Stopper(s) = &top else {
            panic!("loopy")
        };
        assert_eq!(s.graph().len(), 5);
        // {on | 0 || 0} = Miny(on): the negative of Tiny(on) is {0 || 0 | off}'s.
        let on = Named::On.value(&mut a);
        let on_zero = Loopy::braces(&mut a, &[on], &[zero.clone()], false, false).unwrap();
        let miny = Loopy::braces(&mut a, &[on_zero], &[zero], false, false).unwrap();
        assert_eq!(miny.neg(&mut a), tiny_on);
    }
}
