//! The site's content pages, the built-in sign-in page among them.

use super::{Catalogue, not_found};
use crate::Error;
use crate::domain::content_pages::Page;
use crate::domain::media::{self, MediaFormat};
use crate::domain::page_blocks::Block;

/// A library image a page names, with what the site renders it by: its size and the
/// files of each width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageImage {
    /// The path the page names it by.
    pub src: String,
    pub width: u32,
    pub height: u32,
    pub jpeg_srcset: String,
    pub webp_srcset: String,
}

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

    /// The library images `page` names, in its blocks and as its SEO image, each once;
    /// an image the library no longer has is left to its path alone.
    pub fn page_images(&self, page: &Page) -> Vec<PageImage> {
        let named = page
            .blocks
            .iter()
            .filter_map(|block| match block {
                Block::Image { src, .. } => Some(src.as_str()),
                _ => None,
            })
            .chain([page.seo_image.as_str()]);
        let mut images: Vec<PageImage> = Vec::new();
        for src in named {
            let Some(item) = media::id_of_path(src).and_then(|id| self.media.get(id)) else {
                continue;
            };
            if images.iter().any(|image| image.src == src) {
                continue;
            }
            images.push(PageImage {
                src: src.to_owned(),
                width: item.width,
                height: item.height,
                jpeg_srcset: media::srcset(&item.id, item.width, MediaFormat::Jpeg),
                webp_srcset: media::srcset(&item.id, item.width, MediaFormat::WebP),
            });
        }
        images
    }
}
