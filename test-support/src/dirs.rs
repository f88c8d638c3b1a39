//! Unique names and fresh temporary folders, so that tests running at once never share a
//! file or a database.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// `prefix` followed by this process's id, a counter and the clock's nanoseconds: unique
/// within the run, and unlikely to meet a leftover of an earlier run whose process had
/// the same id. With a `prefix` of lower-case letters, digits and `_` it may name a
/// PostgreSQL database.
pub fn unique_name(prefix: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.subsec_nanos());
    format!(
        "{prefix}_{}_{}_{nanos}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// A new, empty folder under the system's temporary folder, named after `prefix`.
pub fn fresh_dir(prefix: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(unique_name(prefix));
    std::fs::create_dir_all(&dir).expect("create a temporary folder");
    dir
}

/// Copies the folder `from`, its files and subfolders, into `to` (created).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the copy");
    for entry in std::fs::read_dir(from).expect("read the folder") {
        let path = entry.expect("an entry").path();
        let target = to.join(path.file_name().expect("a file name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy a file");
        }
    }
}
