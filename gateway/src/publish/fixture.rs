//! A small catalogue version for the tests of planning and packing, which publish without
//! a server: the demo chain's name, one theater, the movies a test gives, and a built web
//! app's page template.

use std::sync::Arc;
use std::time::Instant;

use axum::http::HeaderValue;
use bytes::Bytes;
use proto::catalogue::v1 as catalogue;

use super::content::CatalogueContent;
use super::document::Template;
use super::pack::{Packer, Rendering};
use super::plan::{Plan, plan};
use super::renderer::RenderedPage;
use crate::etag::ETag;
use crate::security::ContentSecurityPolicy;
use crate::served::PublishedFiles;
use crate::site_data::SiteData;

pub const ORIGIN: &str = "https://www.marquee.example";

/// The page template of a built web app.
pub fn template() -> Arc<Template> {
    let index = r#"<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
"#;
    Arc::new(Template::parse(index).expect("a built index.html"))
}

/// The site, with `app_data` as its app data.
pub fn site(app_data: &str) -> Arc<SiteData> {
    let config = catalogue::SiteConfig {
        locale: "en-US".to_owned(),
        name: "Marquee Cinemas".to_owned(),
        trailing_slash: "always".to_owned(),
        ..Default::default()
    };
    let app_data = Bytes::copy_from_slice(app_data.as_bytes());
    Arc::new(SiteData {
        site: catalogue::Site {
            config: Some(config),
            settings: Some(catalogue::SiteSettings::default()),
            ..Default::default()
        },
        loyalty: loyalty_config::normalise(Default::default(), &Default::default()),
        captcha_site_key: None,
        theaters: vec![catalogue::Theater {
            id: "101".to_owned(),
            name: "Marquee Downtown".to_owned(),
            slug: "marquee-downtown".to_owned(),
            ..Default::default()
        }],
        messages: catalogue::Messages::default(),
        app_data_etag: ETag::of(&app_data),
        app_data,
        content_security_policy: HeaderValue::from_static("default-src 'self'"),
        policy: ContentSecurityPolicy::fallback(),
        source: Bytes::from_static(b"the site's source"),
    })
}

/// A movie with its page.
pub fn movie(id: &str, title: &str) -> catalogue::Movie {
    catalogue::Movie {
        id: id.to_owned(),
        title: title.to_owned(),
        path: format!("/movies/{id}/"),
        ..Default::default()
    }
}

/// The version `revision` of the site, showing `movies`.
pub fn content(revision: &str, movies: Vec<catalogue::Movie>) -> CatalogueContent {
    content_of(revision, movies, site(r#"{"site":"Marquee"}"#))
}

/// The version `revision` of the site, showing `movies`, its theme's primary colour
/// `primary` and its body font `font`.
pub fn themed_content(
    revision: &str,
    movies: Vec<catalogue::Movie>,
    primary: &str,
    font: &str,
) -> CatalogueContent {
    let app_data = serde_json::json!({"site": {"config": {"theme": {
        "palette": {"primary": primary},
        "fonts": {"body": font},
    }}}});
    content_of(revision, movies, site(&app_data.to_string()))
}

fn content_of(
    revision: &str,
    movies: Vec<catalogue::Movie>,
    site: Arc<SiteData>,
) -> CatalogueContent {
    CatalogueContent {
        version: catalogue::SiteVersion {
            revision: revision.to_owned(),
            today: "2026-11-27".to_owned(),
            ..Default::default()
        },
        site,
        movies,
        events: Vec::new(),
        pages: Vec::new(),
        showtimes: Vec::new(),
        posters: Vec::new(),
        posters_fetched: 0,
        poster_images: Vec::new(),
        media_files: Vec::new(),
    }
}

/// What the renderer answers for the page at `path`.
pub fn rendered(path: &str) -> RenderedPage {
    rendered_themed(path, "")
}

/// What the renderer answers for the page at `path` of a site whose theme is the style
/// sheet `theme_style`.
pub fn rendered_themed(path: &str, theme_style: &str) -> RenderedPage {
    RenderedPage {
        path: path.to_owned(),
        html: Some(format!("<main>{path}</main>")),
        scripts: Vec::new(),
        style_sheets: Vec::new(),
        font_sheets: Vec::new(),
        theme_style: theme_style.to_owned(),
        error: None,
    }
}

/// The plan of a version showing `movies`, published after `previous`.
pub fn planned(movies: Vec<catalogue::Movie>, previous: Option<&PublishedFiles>) -> Plan {
    let now = jiff::Timestamp::now();
    plan(
        content("r7", movies),
        previous,
        ORIGIN,
        false,
        now,
        Instant::now(),
    )
    .expect("planned")
}

/// The packer of a built web app.
pub fn packer() -> Packer {
    Packer {
        template: Some(template()),
        origin: ORIGIN.to_owned(),
    }
}

/// The snapshot of `plan` with every page to render rendered, after `previous`.
pub fn packed(plan: Plan, previous: Option<&PublishedFiles>) -> PublishedFiles {
    let rendering = Rendering {
        pages: plan
            .to_render
            .iter()
            .map(|&index| (index, rendered(&plan.pages[index].path)))
            .collect(),
        rendered: true,
    };
    let page_data = Packer::page_data(&plan, previous);
    packer().pack(plan, rendering, page_data, None, previous)
}
