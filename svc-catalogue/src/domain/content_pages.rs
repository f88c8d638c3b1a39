//! Content pages: the entries of pages.json, and the sign-in page the site has built in.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::page_blocks::Block;
use super::site::SiteFile;

/// One entry of pages.json. Every field may be left out (a page without a `slug` or a
/// `title` is refused by the bundle check, naming the field).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Page {
    pub id: String,
    pub slug: String,
    pub title: String,
    /// The page template, for example "standard", "login", "privacy".
    pub template_name: String,
    pub sections: Vec<PageSection>,
    /// The page's body as blocks, after its sections (a page written in the studio has
    /// blocks alone).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub blocks: Vec<Block>,
    /// Its description for search engines and link previews; empty: its first paragraph.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub seo_description: String,
    /// The image of its link previews (a path on the site or an https address); empty:
    /// the site's card.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub seo_image: String,
    /// The page's route as the bundle gives it (the built-in sign-in page's is `/{slug}/`).
    pub path: String,
    /// When it leaves the site (RFC 3339); empty: it stays ([`crate::scheduled`]).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub unpublish_at: String,
}

/// A heading and its paragraphs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct PageSection {
    pub heading: String,
    pub paragraphs: Vec<String>,
}

/// The sign-in page is built in: with loyalty on and no page of `settings.loginPage.slug`
/// among the pages, one with the sign-in form alone (titled by the message
/// `loyalty.signIn.title`) is added, so members can always sign in.
pub fn with_login_page(
    site: &SiteFile,
    mut pages: Vec<Page>,
    messages: &BTreeMap<String, BTreeMap<String, String>>,
) -> Vec<Page> {
    let slug = site.login_slug();
    if !site.loyalty_is_on() || pages.iter().any(|page| page.slug == slug) {
        return pages;
    }
    let title = messages
        .get(&site.config.locale)
        .and_then(|messages| messages.get("loyalty.signIn.title"))
        .filter(|title| !title.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| "Sign in".to_owned());
    pages.push(Page {
        id: "built-in-login".to_owned(),
        slug: slug.to_owned(),
        title,
        template_name: "login".to_owned(),
        path: format!("/{slug}/"),
        ..Page::default()
    });
    pages
}
