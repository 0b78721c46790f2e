//! Files the language reads and writes: scripts and modules are read with a
//! bound, and only from regular files (never a device, a pipe or a
//! directory); pictures and values are written only to regular files,
//! never through a symbolic link.

use std::io::Read;
use std::path::Path;

/// The most bytes a script or module may have.
pub const MAX_SOURCE_BYTES: u64 = 64 << 20;

/// Write `contents` to `path`, a regular file (new or existing): never a
/// device or through a symbolic link. The error says why not.
pub fn write_regular_file(path: &str, contents: &str) -> Result<(), String> {
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !meta.file_type().is_file() {
            let what = if meta.file_type().is_symlink() {
                "a symbolic link"
            } else {
                "not a regular file"
            };
            return Err(format!("will not write {path}: it is {what}"));
        }
    }
    std::fs::write(path, contents).map_err(|e| format!("cannot write {path}: {e}"))
}

/// The text of a script or module: a regular file of at most
/// [`MAX_SOURCE_BYTES`], in UTF-8 (the error names the line of the first
/// invalid byte), without a byte order mark.
pub fn read_source(path: &Path) -> Result<String, String> {
    let text = read_text(path, MAX_SOURCE_BYTES, "a script")?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// The text of `path`: a regular file (never a device, a pipe or a
/// directory) of at most `max_bytes`, in UTF-8 (the error names the line
/// of the first invalid byte). `what` names the kind of file in the error
/// ("a script", "a report").
pub fn read_text(path: &Path, max_bytes: u64, what: &str) -> Result<String, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if meta.is_dir() {
        return Err(format!("cannot read {shown}: it is a directory"));
    }
    if !meta.is_file() {
        return Err(format!(
            "will not read {shown}: it is not a regular file (a device or a pipe)"
        ));
    }
    let limit = || {
        if max_bytes >= 1 << 20 {
            format!("{} MB", max_bytes >> 20)
        } else {
            format!("{max_bytes} bytes")
        }
    };
    if meta.len() > max_bytes {
        return Err(format!(
            "will not read {shown}: {} bytes, more than the {} {what} may have",
            meta.len(),
            limit()
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    if bytes.len() as u64 > max_bytes {
        return Err(format!(
            "will not read {shown}: more than the {} {what} may have",
            limit()
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        format!("{shown}:{line}: invalid UTF-8 (byte {at})")
    })
}
