//! Fox and Geese (Winning Ways, chapter 22), with CGSuite's coordinates:
//! squares are (row, column), rows counted from 1 at the bottom, columns
//! from 1 at the left, and the pieces stand on the squares whose row and
//! column add up to an even number. Left's geese move one square
//! diagonally down; Right's fox moves diagonally in any direction, up to
//! `range` squares in a line without jumping (1 in the classical game, 2
//! in the Ceylonese variant). The board has `width` columns (8) and no top:
//! the fox can run up for ever, and so the game is loopy.
//!
//! A fox level with the highest goose, or one row below it with a free
//! square above, has slipped past the geese for good: Right can always
//! move and Left's moves run out, so the position is `off`, and the rules
//! say so without exploring it (as CGSuite's decomposition does).

use super::picture::{Picture, Piece};
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;
use crate::loopy::Named;

/// Fox and Geese on a board `width` columns wide, the fox moving up to
/// `range` squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FoxAndGeese {
    /// Columns of the board (8 in the classical game).
    pub width: u32,
    /// How far the fox moves in one line (1 classical, 2 Ceylonese).
    pub range: u32,
}

impl Default for FoxAndGeese {
    fn default() -> Self {
        FoxAndGeese { width: 8, range: 1 }
    }
}

/// A square: (row, column), both from 1.
pub type Square = (u32, u32);

/// A position: the geese's squares (sorted, distinct) and the fox's.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Left's geese.
    pub geese: Vec<Square>,
    /// Right's fox.
    pub fox: Square,
}

/// The largest row or width accepted (beyond it the board is not a game
/// anyone analyses, and the position graph would not fit).
const MAX_SIDE: u32 = 1024;

/// Fox and Geese in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "fox_and_geese",
    constructors: &[Constructor {
        name: "fox_and_geese",
        signature: "fox_and_geese([(row, col), ...], (row, col) [, [width, range]])",
        arity: 2..=3,
        help: "Fox and Geese (Winning Ways ch. 22) with CGSuite's coordinates: the geese's squares, then the fox's, each (row, column) with row + column even, rows from 1 at the bottom. Left's geese move one square diagonally down; Right's fox moves diagonally in any direction (up to range squares in a line, not over pieces). The board is width columns wide (8) with no top, so positions repeat and values are loopy (stoppers: the geese never move back). The optional [width, range] gives CGSuite's GenFoxAndGeese: range 2 is Ceylonese Fox and Geese. The classical start is fox_and_geese([(8,2),(8,4),(8,6),(8,8)], (1,5)).",
        example: "value(fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (1,1)))",
        build: |args| {
            let rules = match args.get(2) {
                None => FoxAndGeese::default(),
                Some(_) => {
                    let v: Vec<u32> = Arg::ints(args, 2, "the rules [width, range]")?;
                    let [width, range] = v[..] else {
                        return Err(ArgError::at(2, "the rules are [width, range]"));
                    };
                    if !(2..=MAX_SIDE).contains(&width) {
                        return Err(ArgError::at(2, format!("the width must be from 2 to {MAX_SIDE}")));
                    }
                    if !(1..=MAX_SIDE).contains(&range) {
                        return Err(ArgError::at(2, format!("the fox's range must be from 1 to {MAX_SIDE}")));
                    }
                    FoxAndGeese { width, range }
                }
            };
            let Arg::List(items) = &args[0] else {
                return Err(ArgError::at(0, "the geese are a list of squares (row, col)"));
            };
            let mut geese = items
                .iter()
                .map(|c| rules.square(c, "every goose"))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|m| ArgError::at(0, m))?;
            geese.sort_unstable();
            geese.dedup();
            let fox = rules.square(&args[1], "the fox").map_err(|m| ArgError::at(1, m))?;
            if geese.contains(&fox) {
                return Err(ArgError::at(1, "the fox stands on a goose's square"));
            }
            Ok(Positioned::boxed(rules, Board { geese, fox }))
        },
    }],
    words: &[],
};

impl FoxAndGeese {
    /// A square of the board from an argument, or what is wrong with it.
    fn square(&self, arg: &Arg, what: &str) -> Result<Square, String> {
        let message = || {
            format!(
                "{what} must be on a square (row, col) with row >= 1, 1 <= col <= {}, row + col even (rows up to {MAX_SIDE})",
                self.width
            )
        };
        let Arg::List(rc) = arg else {
            return Err(message());
        };
        let (Ok(row), Ok(col)) = (
            Arg::int::<u32>(rc, 0, "row"),
            Arg::int::<u32>(rc, rc.len().min(1), "col"),
        ) else {
            return Err(message());
        };
        if rc.len() != 2
            || row == 0
            || row > MAX_SIDE
            || col == 0
            || col > self.width
            || (row + col) % 2 != 0
        {
            return Err(message());
        }
        Ok((row, col))
    }

    /// The square `d` steps from `s` in direction `dir`, if on the board.
    fn step(&self, (r, c): Square, (dr, dc): (i64, i64), d: i64) -> Option<Square> {
        let (r, c) = (i64::from(r) + dr * d, i64::from(c) + dc * d);
        (r >= 1 && c >= 1 && c <= i64::from(self.width)).then_some((r as u32, c as u32))
    }
}

impl Notation for FoxAndGeese {
    fn text(&self, b: &Board) -> String {
        let geese: Vec<String> = b.geese.iter().map(|(r, c)| format!("({r},{c})")).collect();
        let (r, c) = b.fox;
        let rules = if *self == FoxAndGeese::default() {
            String::new()
        } else {
            format!(", [{}, {}]", self.width, self.range)
        };
        format!("fox_and_geese([{}], ({r},{c}){rules})", geese.join(","))
    }

    /// The board from the top row that holds a piece (at least 8 rows)
    /// down to row 1: Left's geese `G`, Right's fox `F`, the squares the
    /// pieces may stand on `.`, the others blocked.
    fn picture(&self, b: &Board) -> Picture {
        let top = b
            .geese
            .iter()
            .map(|g| g.0)
            .chain([b.fox.0, 8])
            .max()
            .unwrap_or(8);
        let rows = (1..=top)
            .rev()
            .map(|r| {
                (1..=self.width)
                    .map(|c| match (r, c) {
                        sq if sq == b.fox => 'F',
                        sq if b.geese.contains(&sq) => 'G',
                        _ if (r + c) % 2 == 0 => '.',
                        _ => '#',
                    })
                    .collect()
            })
            .collect();
        let legend = &[
            ('.', Piece::Empty),
            ('#', Piece::Blocked),
            ('G', Piece::Left),
            ('F', Piece::Right),
        ];
        Picture::Board { rows, legend }
    }
}

impl Ruleset for FoxAndGeese {
    type Position = Board;

    fn left_options(&self, b: &Board) -> Vec<Board> {
        let mut out = Vec::new();
        for (i, &goose) in b.geese.iter().enumerate() {
            for dir in [(-1, -1), (-1, 1)] {
                let Some(to) = self.step(goose, dir, 1) else {
                    continue;
                };
                if to == b.fox || b.geese.contains(&to) {
                    continue;
                }
                let mut geese = b.geese.clone();
                geese[i] = to;
                geese.sort_unstable();
                out.push(Board { geese, fox: b.fox });
            }
        }
        out
    }

    fn right_options(&self, b: &Board) -> Vec<Board> {
        let mut out = Vec::new();
        for dir in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            for d in 1..=i64::from(self.range) {
                match self.step(b.fox, dir, d) {
                    Some(to) if !b.geese.contains(&to) => out.push(Board {
                        geese: b.geese.clone(),
                        fox: to,
                    }),
                    _ => break,
                }
            }
        }
        out
    }

    fn repeats(&self) -> bool {
        true
    }

    fn known_stopper(&self, b: &Board) -> Option<Named> {
        let top = b.geese.iter().map(|&(r, _)| r).max()?;
        let row = b.fox.0;
        let free = |dc: i64| {
            self.step(b.fox, (1, dc), 1)
                .is_some_and(|s| !b.geese.contains(&s))
        };
        let escaped = row >= top || (row + 1 == top && (free(-1) || free(1)));
        escaped.then_some(Named::Off)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Arena;
    use crate::ruleset::Evaluator;

    /// The same rules on a board with a top row: the fox cannot run up for
    /// ever, so the graph is finite without the escape rule.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Capped(FoxAndGeese, u32);

    impl Ruleset for Capped {
        type Position = Board;
        fn left_options(&self, b: &Board) -> Vec<Board> {
            self.0.left_options(b)
        }
        fn right_options(&self, b: &Board) -> Vec<Board> {
            let mut o = self.0.right_options(b);
            o.retain(|x| x.fox.0 <= self.1);
            o
        }
        fn repeats(&self) -> bool {
            true
        }
    }

    /// The escape rule says `off` exactly where the explored game is `off`.
    #[test]
    fn escaped_fox_is_off_on_a_board_with_a_top() {
        let rules = FoxAndGeese { width: 4, range: 1 };
        let capped = Capped(rules, 7);
        let mut arena = Arena::new();
        let off = crate::loopy::Sides::stopper(Named::Off.value(&mut arena));
        let geese = vec![(3, 1), (3, 3)];
        let mut checked = 0;
        for row in 1..=5u32 {
            for col in 1..=4u32 {
                if (row + col) % 2 != 0 || geese.contains(&(row, col)) {
                    continue;
                }
                let b = Board {
                    geese: geese.clone(),
                    fox: (row, col),
                };
                let by_rules = Evaluator::new(&rules).loopy_value(&mut arena, &b).unwrap();
                let explored = Evaluator::new(&capped).loopy_value(&mut arena, &b).unwrap();
                assert_eq!(by_rules, explored, "fox at {:?}", b.fox);
                if rules.known_stopper(&b).is_some() {
                    assert_eq!(explored, off);
                    checked += 1;
                }
            }
        }
        assert!(checked >= 4);
    }
}
