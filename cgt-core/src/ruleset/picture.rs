//! How a position is drawn (by the explorer): each ruleset says which
//! picture its positions are, next to its rules (in its `Notation`). A
//! board is its rows of cells, each cell a character of the ruleset's own
//! notation that a legend names as a piece; heaps are their sizes; a
//! graph is its vertices and edges, each coloured as a piece (Hackenbush's
//! edges, Col's and Snort's vertices); any other position is drawn by its
//! notation alone.

/// What a cell of a board holds, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A free square.
    Empty,
    /// A square nobody may use (`#`).
    Blocked,
    /// Left's piece (blue).
    Left,
    /// Right's piece (red).
    Right,
    /// A piece either player may move (green).
    Both,
}

impl Piece {
    /// The name the explorer's page uses.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Empty => "empty",
            Piece::Blocked => "blocked",
            Piece::Left => "left",
            Piece::Right => "right",
            Piece::Both => "both",
        }
    }
}

/// A position's picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picture {
    /// Rows of cells, top row first; each character is a piece by `legend`.
    Board {
        /// The rows.
        rows: Vec<String>,
        /// What each character of the rows is.
        legend: &'static [(char, Piece)],
    },
    /// Heaps of tokens, by size.
    Heaps(Vec<u64>),
    /// A graph: vertices `0..vertices.len()`, each coloured as a piece,
    /// and edges between two of them (a loop joins a vertex to itself),
    /// each coloured too. `ground`, if any, is drawn as the ground line
    /// (Hackenbush) rather than as a vertex.
    Graph {
        /// Each vertex's colour.
        vertices: Vec<Piece>,
        /// The edges: both ends and the colour.
        edges: Vec<(usize, usize, Piece)>,
        /// The vertex that is the ground.
        ground: Option<usize>,
    },
    /// Drawn by its notation only.
    Text,
}

/// The board of rows in the first string literal of a position's notation
/// (`clobber("xo.|.ox")`), rows separated by `|`: the picture of every
/// ruleset written as a quoted board.
pub fn quoted_board(text: &str, legend: &'static [(char, Piece)]) -> Picture {
    let board = text
        .split_once('"')
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(board, _)| board);
    match board {
        Some(b) => Picture::Board {
            rows: b.split('|').map(str::to_string).collect(),
            legend,
        },
        None => Picture::Text,
    }
}

/// Stones of two colours on free squares, `x` Left's and `o` Right's, `#`
/// blocked (Clobber, Konane, NoGo, Amazons, Col, Snort).
pub const STONES: &[(char, Piece)] = &[
    ('.', Piece::Empty),
    ('x', Piece::Left),
    ('o', Piece::Right),
    ('#', Piece::Blocked),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_board_is_read_from_the_notation() {
        assert_eq!(
            quoted_board("clobber(\"xo.|.ox\")", STONES),
            Picture::Board {
                rows: vec!["xo.".into(), ".ox".into()],
                legend: STONES
            }
        );
        assert_eq!(quoted_board("nim([1,2])", STONES), Picture::Text);
    }
}
