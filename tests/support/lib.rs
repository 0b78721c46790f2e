//! Helpers shared by the integration tests in `tests/`.

/// Path of a data file under `tests/data`.
pub fn data_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Evaluate each input in one session and assert its printed output.
pub fn assert_outputs(cases: &[(&str, &str)]) {
    let mut s = cgt_lang::Session::new();
    for (input, expected) in cases {
        let got = s
            .run_line(input)
            .unwrap_or_else(|e| panic!("{input}: {}", e.message));
        assert_eq!(&got, expected, "{input}");
    }
}

/// A `rows` × `cols` board in the grid notation whose squares are holes
/// (`#`) where the bits of `mask` are set (bit `r * cols + c`), else empty.
pub fn board_with_holes(rows: usize, cols: usize, mask: u32) -> String {
    let row = |r: usize| -> String {
        (0..cols)
            .map(|c| {
                if mask >> (r * cols + c) & 1 == 1 {
                    '#'
                } else {
                    '.'
                }
            })
            .collect()
    };
    (0..rows).map(row).collect::<Vec<_>>().join("|")
}

/// A small pseudo-random generator (xorshift), the same on every run: the
/// tests draw their positions from it.
pub struct Xorshift(pub u64);

impl Xorshift {
    /// The next number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// A value `v` drawn with chance `weights[v]` in parts of their sum.
    pub fn pick(&mut self, weights: &[u64]) -> u8 {
        let mut x = self.below(weights.iter().sum());
        for (v, &w) in weights.iter().enumerate() {
            if x < w {
                return v as u8;
            }
            x -= w;
        }
        unreachable!()
    }
}
