//! Upsums, downsums, degrees and varieties of stoppers (Winning Ways
//! ch. 11, Siegel's *Combinatorial Game Theory* ch. VI.4): the sides of a
//! sum of stoppers, how loopy a stopper is (its degree `G upsum -G`), and
//! its variety (its upsum and downsum varieties of that degree, when they
//! agree: the stopper is then stable).

use super::sided::{side_sum, NotStopperSided, Side, Sides};
use super::stopper::Loopy;
use crate::game::Arena;

/// Why a variety cannot be named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarietyError {
    /// A sum on the way has sides that are not stoppers.
    NotStopperSided,
    /// The degree asked for is not an idempotent (`D + D != D`).
    NotIdempotent,
    /// The upsum and downsum varieties differ (Grenville's game).
    NotStable,
}

impl From<NotStopperSided> for VarietyError {
    fn from(_: NotStopperSided) -> VarietyError {
        VarietyError::NotStopperSided
    }
}

impl std::fmt::Display for VarietyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            VarietyError::NotStopperSided => "a sum on the way is not stopper-sided",
            VarietyError::NotIdempotent => "the variety's degree must be an idempotent (D + D = D)",
            VarietyError::NotStable => {
                "the game is not stable: its upsum and downsum varieties differ"
            }
        })
    }
}

/// `G upsum H`: the onside of `G + H`.
pub fn upsum(arena: &mut Arena, g: &Loopy, h: &Loopy) -> Result<Loopy, NotStopperSided> {
    side_sum(arena, g, h, Side::On)
}

/// `G downsum H`: the offside of `G + H`.
pub fn downsum(arena: &mut Arena, g: &Loopy, h: &Loopy) -> Result<Loopy, NotStopperSided> {
    side_sum(arena, g, h, Side::Off)
}

/// The degree of loopiness `G upsum -G`; 0 for a short game.
pub fn degree(arena: &mut Arena, g: &Loopy) -> Result<Loopy, NotStopperSided> {
    if let Loopy::Short(_) = g {
        return Ok(Loopy::Short(arena.zero()));
    }
    let neg = g.neg(arena);
    upsum(arena, g, &neg)
}

/// Whether `D + D = D` (as sided values: `on + off` is not `on`).
pub fn is_idempotent(arena: &mut Arena, d: &Loopy) -> Result<bool, NotStopperSided> {
    let sides = Sides::stopper(d.clone());
    Ok(Sides::add(arena, &sides, &sides)? == sides)
}

/// `G upsum (-G downsum -D)`: the upsum variety of `G` of degree `D`.
pub fn upsum_variety(arena: &mut Arena, g: &Loopy, d: &Loopy) -> Result<Loopy, VarietyError> {
    Ok(both_varieties(arena, g, d, true, false)?
        .0
        .expect("asked for"))
}

/// `G downsum (-G upsum D)`: the downsum variety of `G` of degree `D`.
pub fn downsum_variety(arena: &mut Arena, g: &Loopy, d: &Loopy) -> Result<Loopy, VarietyError> {
    Ok(both_varieties(arena, g, d, false, true)?
        .1
        .expect("asked for"))
}

/// The upsum (`up`) and downsum (`down`) varieties asked for, the degree
/// checked once.
fn both_varieties(
    arena: &mut Arena,
    g: &Loopy,
    d: &Loopy,
    up: bool,
    down: bool,
) -> Result<(Option<Loopy>, Option<Loopy>), VarietyError> {
    if !is_idempotent(arena, d)? {
        return Err(VarietyError::NotIdempotent);
    }
    let neg_g = g.neg(arena);
    let up = if up {
        let neg_d = d.neg(arena);
        let inner = downsum(arena, &neg_g, &neg_d)?;
        Some(upsum(arena, g, &inner)?)
    } else {
        None
    };
    let down = if down {
        let inner = upsum(arena, &neg_g, d)?;
        Some(downsum(arena, g, &inner)?)
    } else {
        None
    };
    Ok((up, down))
}

/// Whether the upsum and downsum varieties of `G` of its own degree agree.
pub fn is_stable(arena: &mut Arena, g: &Loopy) -> Result<bool, VarietyError> {
    let d = degree(arena, g)?;
    let (up, down) = both_varieties(arena, g, &d, true, true)?;
    Ok(up == down)
}

/// The variety of a stable `G`: its upsum (= downsum) variety of its own
/// degree.
pub fn variety(arena: &mut Arena, g: &Loopy) -> Result<Loopy, VarietyError> {
    let d = degree(arena, g)?;
    match both_varieties(arena, g, &d, true, true)? {
        (up, down) if up == down => Ok(up.expect("asked for")),
        _ => Err(VarietyError::NotStable),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::Named;

    #[test]
    fn degrees_and_varieties_of_the_named_stoppers() {
        let mut a = Arena::new();
        let [on, off, over, under] =
            [Named::On, Named::Off, Named::Over, Named::Under].map(|s| s.value(&mut a));
        assert_eq!(degree(&mut a, &on), Ok(on.clone()));
        assert_eq!(degree(&mut a, &off), Ok(on.clone()));
        assert_eq!(degree(&mut a, &over), Ok(over.clone()));
        assert_eq!(degree(&mut a, &under), Ok(over.clone()));
        assert_eq!(variety(&mut a, &off), Ok(off.clone()));
        assert_eq!(variety(&mut a, &over), Ok(over.clone()));
        let one = Loopy::Short(a.integer(1));
        let zero = Loopy::Short(a.zero());
        assert_eq!(degree(&mut a, &one), Ok(zero.clone()));
        // 1 upsum (-1 downsum 0) = 0.
        assert_eq!(variety(&mut a, &one), Ok(zero));
        // on + off is dud, not on: on is idempotent as a stopper only.
        assert_eq!(is_idempotent(&mut a, &on), Ok(true));
        assert_eq!(upsum(&mut a, &on, &off), Ok(on.clone()));
        assert_eq!(downsum(&mut a, &on, &off), Ok(off.clone()));
        // over + under = over & under.
        assert_eq!(upsum(&mut a, &over, &under), Ok(over.clone()));
        assert_eq!(downsum(&mut a, &over, &under), Ok(under.clone()));
        // 1 upsum (-1 downsum under) = 1 + -1under.
        assert_eq!(upsum_variety(&mut a, &one, &over), Ok(under.clone()));
        let plus_one_over = Loopy::add(&mut a, &one, &over).unwrap();
        assert_eq!(
            upsum_variety(&mut a, &one, &plus_one_over),
            Err(VarietyError::NotIdempotent)
        );
    }
}
