//! Content pages: the entries of pages.json, and the sign-in page the site has built in.

use serde::Deserialize;

/// One entry of pages.json. Every field may be left out (a page without a `slug` or a
/// `title` is refused by the bundle check, naming the field).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Page {
    pub id: String,
    pub slug: String,
    pub title: String,
    /// The page template, for example "standard", "login", "privacy".
    pub template_name: String,
    pub sections: Vec<PageSection>,
    /// The page's route as the bundle gives it (the built-in sign-in page's is `/{slug}/`).
    pub path: String,
}

/// A heading and its paragraphs.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct PageSection {
    pub heading: String,
    pub paragraphs: Vec<String>,
}
