//! The draft's preview on the site's own host (DESIGN.md section 13, docs/studio.md#preview):
//! a page as it will be once the site's draft is published, for whoever holds a preview
//! token svc-studio gave for the site. The published revision's showtimes and posters with
//! the draft's site document, pages and events, rendered on request by the renderer and
//! head the published pages have, the app data and page data inline (its JavaScript reads
//! nothing else); never kept, never stored.

use std::sync::Arc;

use axum::http::HeaderValue;
use proto::studio::v1 as studio;

use super::PublishError;
use super::content;
use super::document::{PageParts, Template};
use super::head::HeadContext;
use super::posters::SITE_CARD_PATH;
use super::public_pages::public_pages;
use super::renderer::{Renderer, RendererError};
use crate::clients::Services;
use crate::served::PublishedFiles;
use crate::site_data::SiteOverrides;

/// What a site's application needs to preview its draft.
#[derive(Debug, Clone)]
pub struct DraftPreview {
    pub site_id: String,
    /// The site's public origin, as its published pages name it.
    pub origin: String,
    pub services: Services,
    pub overrides: SiteOverrides,
    pub renderer: Renderer,
    /// The built web app's page template; `None` when it is not built.
    pub template: Option<Arc<Template>>,
}

/// A page of the draft, ready to answer.
#[derive(Debug)]
pub struct PreviewPage {
    pub html: String,
    /// Its Content-Security-Policy (the draft's, with the page's script hashes).
    pub policy: HeaderValue,
}

#[derive(Debug, thiserror::Error)]
pub enum PreviewError {
    #[error("the draft has no page {0}")]
    NoPage(String),
    #[error("the web app is not built")]
    NoWebApp,
    #[error("the page could not be rendered: {0}")]
    Unrendered(String),
    #[error(transparent)]
    Publish(#[from] PublishError),
}

impl From<RendererError> for PreviewError {
    fn from(error: RendererError) -> Self {
        PreviewError::Publish(error.into())
    }
}

impl DraftPreview {
    /// Whether `token` shows this site's draft, as svc-studio says: not one of another
    /// site, expired or unknown, nor any while svc-studio is away (logged).
    pub async fn shows(&self, token: &str) -> bool {
        let checked = self
            .services
            .studio
            .clone()
            .check_preview(studio::CheckPreviewRequest {
                token: token.to_owned(),
            })
            .await;
        match checked {
            Ok(previewed) => previewed.into_inner().site_id == self.site_id,
            Err(status) if status.code() == tonic::Code::NotFound => false,
            Err(status) => {
                tracing::warn!(%status, "a draft's preview was asked while svc-studio does not answer: the published page is shown");
                false
            }
        }
    }

    /// The page at `path` (canonical) as the draft has it, after `published`.
    pub async fn page(
        &self,
        published: Arc<PublishedFiles>,
        path: &str,
    ) -> Result<PreviewPage, PreviewError> {
        let template = self.template.as_ref().ok_or(PreviewError::NoWebApp)?;
        let site_card = published.file(SITE_CARD_PATH).is_some();
        let content = content::fetch_drafted(&self.services, &self.overrides, published).await?;
        let site = &content.site;
        let pages = public_pages(&content);
        let page = pages
            .iter()
            .find(|page| page.day.is_none() && page.path == path)
            .ok_or_else(|| PreviewError::NoPage(path.to_owned()))?;
        let page_data = page.page_data(site).map_err(PublishError::from)?;
        let mut head = HeadContext {
            site,
            origin: &self.origin,
            site_card,
        }
        .head(page);
        if page.status.is_success() {
            head.push_str("\n    <meta name=\"robots\" content=\"noindex\" />");
        }
        let rendered = self
            .renderer
            .render_preview(&self.origin, &site.app_data, &[(path, &page_data)])
            .await?
            .pop()
            .ok_or_else(|| PreviewError::Unrendered("the renderer answered no page".to_owned()))?;
        if let Some(error) = rendered.error {
            return Err(PreviewError::Unrendered(error));
        }
        let document = template.render(&PageParts {
            locale: &site.config().locale,
            head: &head,
            markup: rendered.html.as_deref().unwrap_or_default(),
            scripts: &rendered.scripts,
            style_sheets: &rendered.style_sheets,
            font_sheets: &rendered.font_sheets,
            theme_style: &rendered.theme_style,
            app_data: Some(&site.app_data),
            page_data: Some(&page_data),
        });
        Ok(PreviewPage {
            policy: site.policy.for_page(&document.script_hashes),
            html: document.html,
        })
    }
}
