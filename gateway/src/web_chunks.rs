//! The web app's chunk graph, from the build's manifest (`.vite/manifest.json`): which
//! script and style files a page's code needs beyond what the HTML shell already loads,
//! so the shell can name them and the browser fetches them alongside the entry instead
//! of after it has run.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

/// One chunk of the manifest, keyed there by its source (`src/app/routes/home.tsx`) or,
/// for chunks the bundler made up, by `_name-hash.js`.
#[derive(Debug, Default, Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default, rename = "isEntry")]
    is_entry: bool,
}

/// Files a page needs beyond the shell's, as site-rooted URLs.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PageFiles {
    pub scripts: Vec<String>,
    pub style_sheets: Vec<String>,
}

#[derive(Debug, Default, Clone)]
pub struct WebChunks {
    chunks: Arc<BTreeMap<String, Chunk>>,
}

impl WebChunks {
    /// The manifest of the build in `dist`; none (no hints) when it is missing or unreadable.
    pub fn load(dist: &Path) -> WebChunks {
        let path = dist.join(".vite").join("manifest.json");
        let chunks = std::fs::read(&path)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_else(|| {
                tracing::warn!(path = %path.display(), "no web app manifest: pages get no chunk hints");
                BTreeMap::new()
            });
        WebChunks {
            chunks: Arc::new(chunks),
        }
    }

    /// The chunks of `sources` and those they import, leaving out what the entry loads.
    pub fn files_of(&self, sources: &[&str]) -> PageFiles {
        let mut seen: HashSet<&str> = HashSet::new();
        for (key, chunk) in self.chunks.iter() {
            if chunk.is_entry {
                self.visit(key, &mut seen, &mut Vec::new());
            }
        }
        let mut order = Vec::new();
        for source in sources {
            self.visit(source, &mut seen, &mut order);
        }
        let mut files = PageFiles::default();
        for chunk in order {
            files.scripts.push(format!("/{}", chunk.file));
            files
                .style_sheets
                .extend(chunk.css.iter().map(|css| format!("/{css}")));
        }
        files
    }

    fn visit<'a>(&'a self, key: &'a str, seen: &mut HashSet<&'a str>, order: &mut Vec<&'a Chunk>) {
        if !seen.insert(key) {
            return;
        }
        let Some(chunk) = self.chunks.get(key) else {
            return;
        };
        order.push(chunk);
        for import in &chunk.imports {
            self.visit(import, seen, order);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(json: &str) -> WebChunks {
        WebChunks {
            chunks: Arc::new(serde_json::from_str(json).expect("manifest")),
        }
    }

    const MANIFEST: &str = r#"{
        "index.html": {"file": "assets/index-1.js", "isEntry": true, "imports": ["_react-2.js"], "css": ["assets/index-3.css"]},
        "_react-2.js": {"file": "assets/react-2.js"},
        "_page-parts-4.js": {"file": "assets/page-parts-4.js", "imports": ["index.html", "_react-2.js"], "css": ["assets/page-parts-5.css"]},
        "src/app/routes/home.tsx": {"file": "assets/home-6.js", "imports": ["index.html", "_page-parts-4.js"], "css": ["assets/home-7.css"]},
        "src/app/layout/third-party-layer.tsx": {"file": "assets/third-party-layer-8.js", "imports": ["_page-parts-4.js"]}
    }"#;

    #[test]
    fn a_page_needs_its_chunk_and_its_imports_but_not_what_the_entry_loads() {
        assert_eq!(
            chunks(MANIFEST).files_of(&["src/app/routes/home.tsx"]),
            PageFiles {
                scripts: vec![
                    "/assets/home-6.js".to_owned(),
                    "/assets/page-parts-4.js".to_owned()
                ],
                style_sheets: vec![
                    "/assets/home-7.css".to_owned(),
                    "/assets/page-parts-5.css".to_owned()
                ],
            }
        );
    }

    #[test]
    fn a_chunk_two_sources_share_is_named_once() {
        let files = chunks(MANIFEST).files_of(&[
            "src/app/routes/home.tsx",
            "src/app/layout/third-party-layer.tsx",
        ]);
        assert_eq!(
            files.scripts,
            [
                "/assets/home-6.js",
                "/assets/page-parts-4.js",
                "/assets/third-party-layer-8.js"
            ]
        );
    }

    #[test]
    fn an_unknown_source_or_a_missing_manifest_gives_nothing() {
        assert_eq!(
            chunks(MANIFEST).files_of(&["src/nowhere.tsx"]),
            PageFiles::default()
        );
        assert_eq!(
            WebChunks::load(Path::new("/nonexistent")).files_of(&["src/app/routes/home.tsx"]),
            PageFiles::default()
        );
    }
}
