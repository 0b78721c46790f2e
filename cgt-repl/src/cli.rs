//! Command-line flags shared by the subcommands: a flag's value, parsed with
//! a clear error instead of a silent default, and the thread count.

use std::str::FromStr;

/// The value after `name`, if the flag is given.
pub fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|k| args.get(k + 1))
        .map(String::as_str)
}

/// The flag's value parsed as `T`; an error names the flag and the text if
/// it does not parse (or the flag has no value).
pub fn parsed<T: FromStr>(args: &[String], name: &str, what: &str) -> Result<Option<T>, String> {
    if !args.iter().any(|a| a == name) {
        return Ok(None);
    }
    let text = flag(args, name).ok_or_else(|| format!("{name} needs {what}"))?;
    text.parse::<T>()
        .map(Some)
        .map_err(|_| format!("{name} needs {what} (got `{text}`)"))
}

/// The most worker threads a command accepts.
pub const MAX_THREADS: usize = 256;

/// `--threads T` with 1 <= T <= 256 (none: every core), at most one per
/// core (more only share the cores and multiply the workers' memory).
pub fn threads(args: &[String]) -> Result<Option<usize>, String> {
    Ok(asked_threads(args)?.map(|t| t.min(cgt_core::ruleset::cores())))
}

/// `--threads T` as given, checked to be from 1 to 256.
pub fn asked_threads(args: &[String]) -> Result<Option<usize>, String> {
    let what = format!("a number of threads from 1 to {MAX_THREADS}");
    match parsed::<usize>(args, "--threads", &what)? {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => {
            Err(format!("--threads needs {what} (got {t})"))
        }
        t => Ok(t),
    }
}
