//! Helpers shared by the integration tests in `tests/`.

/// Path of a data file under `tests/data`.
pub fn data_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}
