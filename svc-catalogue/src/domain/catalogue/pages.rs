//! The site's content pages, the built-in sign-in page among them.

use super::{Catalogue, not_found};
use crate::Error;
use crate::domain::content_pages::Page;

impl Catalogue {
    pub fn pages(&self) -> Vec<Page> {
        self.pages.clone()
    }

    pub fn page(&self, slug: &str) -> Result<Page, Error> {
        self.pages
            .iter()
            .find(|page| page.slug == slug)
            .cloned()
            .ok_or_else(|| not_found("page", slug))
    }
}
