//! Boards as strings for rulesets written in the language: rows separated
//! by `|`, one character a square (CGSuite's notation). The engine's grid
//! code does the work: connected regions (a ruleset's components) and the
//! least image under the board's symmetries (a ruleset's key).

use super::{Args, Builtin, Run};
use crate::error::Error;
use crate::value::Value;
use cgt_core::ruleset::grid::Grid;

/// A board string as a grid over its own characters (in code order, so the
/// least image of a board is the same whichever image it is given as).
fn read(a: &Args, k: usize) -> Result<(Grid, Vec<char>), Error> {
    let Value::Str(text) = &a.values[k] else {
        return Err(Error::spanned(
            a.spans[k],
            "expected a board in quotes, rows separated by |",
        ));
    };
    if let Some(read) = read_ascii(text) {
        return read.map_err(|e| Error::spanned(a.spans[k], e));
    }
    let mut symbols: Vec<char> = text.chars().filter(|&c| c != '|').collect();
    symbols.sort_unstable();
    symbols.dedup();
    if symbols.len() > 255 {
        return Err(Error::spanned(
            a.spans[k],
            "a board has at most 255 kinds of square",
        ));
    }
    let grid = Grid::parse_exact(text, &symbols).map_err(|e| Error::spanned(a.spans[k], e))?;
    Ok((grid, symbols))
}

/// [`read`] for an ASCII board, byte by byte (the common case, on the hot
/// path of grid rulesets); `None` for other text.
fn read_ascii(text: &str) -> Option<Result<(Grid, Vec<char>), String>> {
    if !text.is_ascii() {
        return None;
    }
    let mut code = [u8::MAX; 128];
    for b in text.bytes().filter(|&b| b != b'|') {
        code[b as usize] = 0;
    }
    let mut symbols = Vec::new();
    for (b, c) in code.iter_mut().enumerate() {
        if *c == 0 {
            *c = symbols.len() as u8;
            symbols.push(b as u8 as char);
        }
    }
    let cols = text.bytes().position(|b| b == b'|').unwrap_or(text.len());
    let mut cells = cgt_core::ruleset::grid::Cells::with_capacity(text.len());
    let mut rows = 0;
    for row in text.split('|') {
        if row.len() != cols {
            return Some(Err("every row of the board needs the same length".into()));
        }
        cells.extend(row.bytes().map(|b| code[b as usize]));
        rows += 1;
    }
    if cells.len() > cgt_core::ruleset::grid::MAX_CELLS {
        return Some(Err(format!(
            "boards have at most {} squares",
            cgt_core::ruleset::grid::MAX_CELLS
        )));
    }
    Some(Ok((Grid { rows, cols, cells }, symbols)))
}

/// A grid as a board string (ASCII boards byte by byte).
fn write(grid: &Grid, symbols: &[char]) -> String {
    if symbols.iter().all(char::is_ascii) {
        let mut out = Vec::with_capacity(grid.cells.len() + grid.rows);
        for r in 0..grid.rows {
            if r > 0 {
                out.push(b'|');
            }
            out.extend(
                grid.cells[r * grid.cols..(r + 1) * grid.cols]
                    .iter()
                    .map(|&v| symbols[v as usize] as u8),
            );
        }
        return String::from_utf8(out).expect("ASCII");
    }
    grid.text(symbols)
}

fn chars_arg(a: &Args, k: usize, what: &str) -> Result<Vec<char>, Error> {
    match &a.values[k] {
        Value::Str(t) => Ok(t.chars().collect()),
        _ => Err(Error::spanned(
            a.spans[k],
            format!("expected {what} in quotes"),
        )),
    }
}

/// The functions on boards.
pub static GRIDS: &[Builtin] = &[
    Builtin {
        name: "grid_regions",
        signature: "grid_regions(board, joining [, fill])",
        arity: 2..=3,
        topic: "lists and strings",
        help: "The connected parts of a board (rows separated by |): squares whose character is in `joining`, joined orthogonally; each part is a board of its own, its other squares the `fill` character (default \"#\"), border rows and columns of fill removed. A grid ruleset's components, e.g. grid_regions(b, \".\") for Domineering.",
        example: "grid_regions(\"..#|#.#|##.\", \".\")",
        run: Run::Native(|_, a| {
            let (grid, mut symbols) = read(a, 0)?;
            let joining = chars_arg(a, 1, "the joining characters")?;
            let fill = match a.values.get(2) {
                None => '#',
                Some(_) => match chars_arg(a, 2, "the fill character")?[..] {
                    [c] => c,
                    _ => return Err(Error::spanned(a.spans[2], "the fill is one character")),
                },
            };
            if joining.contains(&fill) {
                return Err(Error::spanned(a.call, "the fill character must not join"));
            }
            let fill_code = match symbols.iter().position(|&c| c == fill) {
                Some(k) => k,
                None => {
                    symbols.push(fill);
                    symbols.len() - 1
                }
            } as u8;
            let joins: Vec<bool> = symbols.iter().map(|c| joining.contains(c)).collect();
            let parts = grid.regions_by(|v| joins[usize::from(v)], false, fill_code);
            Ok(Value::list(
                parts
                    .into_iter()
                    .map(|g| Value::str(write(&g.trimmed_of(fill_code), &symbols)))
                    .collect(),
            ))
        }),
    },
    Builtin {
        name: "grid_key",
        signature: "grid_key(board, symmetries)",
        arity: 2..=2,
        topic: "lists and strings",
        help: "The least of a board's images under its symmetries: 8 (rotations and reflections) or 4 (the reflections that keep rows as rows, and the half turn: for games whose players move in different directions, such as Domineering). Boards with the same key have the same game: a grid ruleset's key.",
        example: "grid_key(\"#..|...\", 4)",
        run: Run::Native(|s, a| {
            let (grid, symbols) = read(a, 0)?;
            let image = match s.to_i64(&a.values[1], a.spans[1])? {
                8 => grid.least_symmetric(),
                4 => grid.least_upright(),
                _ => return Err(Error::spanned(a.spans[1], "symmetries are 8 or 4")),
            };
            Ok(Value::str(write(&image, &symbols)))
        }),
    },
    Builtin {
        name: "grid_transpose",
        signature: "grid_transpose(board)",
        arity: 1..=1,
        topic: "lists and strings",
        help: "A board reflected in its main diagonal (rows become columns).",
        example: "grid_transpose(\"ab|cd|ef\")",
        run: Run::Native(|_, a| {
            let (grid, symbols) = read(a, 0)?;
            Ok(Value::str(write(&grid.transposed(), &symbols)))
        }),
    },
];
