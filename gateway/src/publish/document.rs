//! The HTML of a published page: the web app's built `index.html` with the page's head
//! metadata, its server-rendered markup in `#root`, the app data and page data inline for
//! hydration, and a strict Content-Security-Policy made of the hashes of its inline
//! scripts.
//!
//! The page's style sheets are inlined as `<style>` elements (the site's policy allows
//! inline styles): a first visit paints from the HTML alone instead of waiting on eight
//! small style sheets, each a render-blocking request.
//!
//! With 'strict-dynamic' a parser-inserted `<script src>` would need a nonce, which a
//! page served as fixed bytes cannot carry: the built entry script and its module
//! preloads are instead inserted by one small inline loader, whose hash the policy names,
//! and everything it loads is trusted in turn.

use std::collections::HashMap;
use std::sync::Arc;

use base64::Engine;
use sha2::{Digest, Sha256};

use super::head::script_json;
use crate::html::escape;

const ROOT: &str = r#"<div id="root"></div>"#;

/// The built `index.html`, taken apart once per build.
#[derive(Debug, Clone)]
pub struct Template {
    /// Up to where the entry script was, and from there to `</head>`, without the entry
    /// script and module preloads: the loader takes the entry's place, ahead of the
    /// style sheets (an inline script waits for the style sheets before it).
    head_start: String,
    head_end: String,
    /// From `</head>` to the root element.
    body_start: String,
    /// After the root element.
    body_end: String,
    entry: String,
    module_preloads: Vec<String>,
    /// The entry's style sheets (`index.html`'s `<link rel="stylesheet">`).
    style_sheets: Vec<String>,
    /// Built style sheet path -> its text, for the ones that can be inlined.
    styles: HashMap<String, Arc<str>>,
}

#[derive(Debug, thiserror::Error)]
pub enum TemplateError {
    #[error("index.html has no {0}")]
    Missing(&'static str),
}

/// What goes into one page's document.
pub struct PageParts<'a> {
    pub locale: &'a str,
    /// The head metadata ([`super::head`]).
    pub head: &'a str,
    /// The server-rendered markup of `#root`; empty for the shell.
    pub markup: &'a str,
    /// Script chunks and style sheets the page's route needs beyond the entry's.
    pub scripts: &'a [String],
    pub style_sheets: &'a [String],
    /// The site's font style sheets (its web fonts' faces): loaded with the scripts, once
    /// the page has painted in the fallback faces of `theme_style`, or at once for a shell
    /// page and without scripts.
    pub font_sheets: &'a [String],
    /// The site's theme as a style sheet, after the built ones (whose defaults it
    /// overrides): its fonts' metric-matched fallback faces and its tokens; empty for a
    /// page the browser renders, which sets them itself.
    pub theme_style: &'a str,
    pub app_data: Option<&'a [u8]>,
    pub page_data: Option<&'a [u8]>,
}

/// A page's document and the hashes (`sha256-...`) of its inline scripts.
pub struct Document {
    pub html: String,
    pub script_hashes: Vec<String>,
}

impl Template {
    pub fn parse(index_html: &str) -> Result<Template, TemplateError> {
        let head_end = index_html
            .find("</head>")
            .ok_or(TemplateError::Missing("</head>"))?;
        let root = index_html.find(ROOT).ok_or(TemplateError::Missing(ROOT))?;
        let mut head = String::with_capacity(head_end);
        let mut entry = None;
        let mut entry_at = 0;
        let mut module_preloads = Vec::new();
        let mut style_sheets = Vec::new();
        let mut rest = &index_html[..head_end];
        while let Some(start) = rest.find('<') {
            head.push_str(&rest[..start]);
            let tag = &rest[start..];
            let (element, after) = split_element(tag);
            if element.starts_with("<script")
                && attribute(element, "type") == Some("module")
                && let Some(src) = attribute(element, "src")
            {
                entry = Some(src.to_owned());
                entry_at = head.len();
                rest = after;
                continue;
            }
            if element.starts_with("<link") {
                let rel = attribute(element, "rel");
                let href = attribute(element, "href").unwrap_or_default();
                if rel == Some("modulepreload") {
                    module_preloads.push(href.to_owned());
                    rest = after;
                    continue;
                }
                if rel == Some("stylesheet") {
                    style_sheets.push(href.to_owned());
                    rest = after;
                    continue;
                }
            }
            head.push_str(element);
            rest = after;
        }
        head.push_str(rest);
        let (before_entry, after_entry) = head.split_at(entry_at);
        Ok(Template {
            head_start: collapse_blank_lines(before_entry),
            head_end: collapse_blank_lines(after_entry),
            body_start: index_html[head_end..root].to_owned(),
            body_end: index_html[root + ROOT.len()..].to_owned(),
            entry: entry.ok_or(TemplateError::Missing("module entry script"))?,
            module_preloads,
            style_sheets,
            styles: HashMap::new(),
        })
    }

    /// The template with the built style sheets' text (path -> CSS), inlined into each
    /// page. A sheet that could close its `<style>` element is left as a link.
    pub fn with_styles(mut self, styles: impl IntoIterator<Item = (String, String)>) -> Template {
        self.styles = styles
            .into_iter()
            .filter(|(_, css)| !css.to_ascii_lowercase().contains("</style"))
            .map(|(path, css)| (path, Arc::from(css)))
            .collect();
        self
    }

    pub fn render(&self, parts: &PageParts<'_>) -> Document {
        let mut preloads: Vec<&str> = self.module_preloads.iter().map(String::as_str).collect();
        preloads.extend(parts.scripts.iter().map(String::as_str));
        // A rendered page is read before its scripts and web fonts arrive: they are fetched
        // once its first contentful paint is on screen (or after 3 s, for a tab that paints
        // only once shown), so nothing competes with what that paint needs, and the browser
        // does not hold the paint for fonts (it does for fonts named in the head). A shell
        // page has nothing to show without them.
        let start = if parts.markup.is_empty() {
            "go()"
        } else {
            "try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(go)}).observe({type:'paint',buffered:true})}catch(e){go()}setTimeout(go,3000)"
        };
        let loader = format!(
            "(function(d){{var h=d.head,started=0;function add(u,r){{var l=d.createElement('link');l.rel=r;l.crossOrigin='';l.href=u;h.appendChild(l)}}function go(){{if(started)return;started=1;{font_sheets}.forEach(function(u){{add(u,'stylesheet')}});{preloads}.forEach(function(u){{add(u,'modulepreload')}});var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src={entry};h.appendChild(s)}}{start}}})(document)",
            font_sheets =
                script_json(&serde_json::to_string(parts.font_sheets).unwrap_or_default()),
            preloads = script_json(&serde_json::to_string(&preloads).unwrap_or_default()),
            entry = script_json(&serde_json::to_string(&self.entry).unwrap_or_default()),
        );
        let mut hrefs: Vec<&str> = self.style_sheets.iter().map(String::as_str).collect();
        for href in parts.style_sheets {
            if !hrefs.contains(&href.as_str()) {
                hrefs.push(href);
            }
        }
        let style_sheets: String = hrefs
            .iter()
            .map(|&href| match self.styles.get(href) {
                // The disabled link is never fetched; it tells the web app's module
                // preloader, which looks for links, that the sheet is in the page, so a
                // lazily loaded part does not fetch and apply it a second time.
                Some(css) => format!(
                    "\n    <style data-href=\"{href}\">{css}</style><link rel=\"stylesheet\" href=\"{href}\" disabled />",
                    href = escape(href)
                ),
                None => format!(
                    "\n    <link rel=\"stylesheet\" crossorigin href=\"{}\" />",
                    escape(href)
                ),
            })
            .collect();
        let head_start = if parts.locale.is_empty() {
            self.head_start.clone()
        } else {
            self.head_start.replacen(
                r#"<html lang="en">"#,
                &format!(r#"<html lang="{}">"#, escape(parts.locale)),
                1,
            )
        };
        let mut html = String::with_capacity(head_start.len() + parts.markup.len() + 4096);
        html.push_str(head_start.trim_end());
        if !parts.head.is_empty() {
            html.push_str("\n    ");
            html.push_str(parts.head);
        }
        if !parts.font_sheets.is_empty() {
            // Without scripts the font style sheets load as the page is read.
            html.push_str("\n    <noscript>");
            for sheet in parts.font_sheets {
                html.push_str(&format!(
                    "<link rel=\"stylesheet\" crossorigin href=\"{}\" />",
                    escape(sheet)
                ));
            }
            html.push_str("</noscript>");
        }
        html.push_str("\n    <script>");
        html.push_str(&loader);
        html.push_str("</script>\n");
        html.push_str(&self.head_end);
        html.push_str(&style_sheets);
        if !parts.theme_style.is_empty() {
            html.push_str("\n    ");
            html.push_str(THEME_STYLE);
            html.push_str(&theme_style_text(parts.theme_style));
            html.push_str("</style>");
        }
        html.push_str("\n  ");
        html.push_str(&self.body_start);
        html.push_str(r#"<div id="root">"#);
        html.push_str(parts.markup);
        html.push_str("</div>");
        for (start, json) in [(APP_DATA, parts.app_data), (PAGE_DATA, parts.page_data)] {
            if let Some(json) = json {
                html.push_str(start);
                html.push_str(&script_json(&String::from_utf8_lossy(json)));
                html.push_str("</script>");
            }
        }
        html.push_str(&self.body_end);
        let script_hashes = inline_script_hashes(&html);
        Document {
            html,
            script_hashes,
        }
    }
}

/// Where a page's theme style sheet, app data and page data begin.
const THEME_STYLE: &str = "<style data-theme>";
const APP_DATA: &str = r#"<script type="application/json" id="app-data">"#;
const PAGE_DATA: &str = r#"<script type="application/json" id="page-data">"#;

/// A theme style sheet as its element's text: `</` cannot close the element (in CSS `<\/`
/// is the same text).
fn theme_style_text(theme_style: &str) -> String {
    theme_style.replace("</", "<\\/")
}

/// `html`, a page [`Template::render`] made, with `theme_style` in place of its theme's
/// style sheet and, when given, `app_data` in place of its inline app data: its markup,
/// scripts and page data stay (a theme's colours changed, which only its style sheet
/// holds). `None` for a page without a theme style sheet, or without inline app data
/// when `app_data` is given: it is rendered again.
pub fn restyled(html: &str, theme_style: &str, app_data: Option<&[u8]>) -> Option<String> {
    if theme_style.is_empty() {
        return None;
    }
    let html = with_element_text(
        html,
        THEME_STYLE,
        "</style>",
        &theme_style_text(theme_style),
    )?;
    match app_data {
        // The app data was inline and is no longer (it grew past the limit): rendered again.
        None if html.contains(APP_DATA) => None,
        Some(json) => with_element_text(
            &html,
            APP_DATA,
            "</script>",
            &script_json(&String::from_utf8_lossy(json)),
        ),
        None => Some(html),
    }
}

/// `html` with `text` in place of the text between the first `start` and the `end` after it.
fn with_element_text(html: &str, start: &str, end: &str, text: &str) -> Option<String> {
    let from = html.find(start)? + start.len();
    let to = from + html[from..].find(end)?;
    Some([&html[..from], text, &html[to..]].concat())
}

/// `sha256-<base64>` of each inline script the browser runs (not JSON data blocks).
pub fn inline_script_hashes(html: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<script") {
        let tag = &rest[start..];
        let Some(open_end) = tag.find('>') else { break };
        let open = &tag[..=open_end];
        let Some(close) = tag[open_end + 1..].find("</script>") else {
            break;
        };
        let text = &tag[open_end + 1..open_end + 1 + close];
        let runs = matches!(
            attribute(open, "type"),
            None | Some("module" | "text/javascript")
        );
        if runs && attribute(open, "src").is_none() {
            let digest = Sha256::digest(text.as_bytes());
            let hash = format!(
                "sha256-{}",
                base64::engine::general_purpose::STANDARD.encode(digest)
            );
            if !hashes.contains(&hash) {
                hashes.push(hash);
            }
        }
        rest = &tag[open_end + 1 + close..];
    }
    hashes
}

/// The element starting `tag` (an opening tag, or a whole script element) and what
/// follows it.
fn split_element(tag: &str) -> (&str, &str) {
    let end = if tag.starts_with("<script") {
        tag.find("</script>").map(|at| at + "</script>".len())
    } else {
        tag.find('>').map(|at| at + 1)
    };
    let end = end.unwrap_or(tag.len());
    (&tag[..end], &tag[end..])
}

/// The value of `name="..."` in an opening tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let open = &tag[..tag.find('>').unwrap_or(tag.len())];
    let needle = format!(" {name}=\"");
    let start = open.find(&needle)? + needle.len();
    let end = open[start..].find('"')? + start;
    Some(&open[start..end])
}

fn collapse_blank_lines(text: &str) -> String {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUILT: &str = r#"<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script>document.documentElement.dataset.colorMode='light'</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>
  <body>
    <div id="root"></div>
    <div id="modal-root"></div>
  </body>
</html>
"#;

    fn parts() -> PageParts<'static> {
        PageParts {
            locale: "en-US",
            head: "<title>The Long Night | Marquee</title>",
            markup: "<h1>The Long Night</h1>",
            scripts: &[],
            style_sheets: &[],
            font_sheets: &[],
            theme_style: "",
            app_data: Some(br#"{"site":"</script>"}"#),
            page_data: Some(br#"{"path":"/movies/1001-x/"}"#),
        }
    }

    fn page(template: &Template) -> Document {
        template.render(&PageParts {
            scripts: &["/assets/movie-4.js".to_owned()],
            style_sheets: &["/assets/movie-5.css".to_owned()],
            ..parts()
        })
    }

    #[test]
    fn the_theme_style_sheet_is_in_the_head_after_the_built_ones_and_cannot_close_its_element() {
        let template = Template::parse(BUILT).expect("a template");
        let html = template
            .render(&PageParts {
                theme_style: ":root{--font-body:\"</style><script>x</script>\"}",
                ..parts()
            })
            .html;
        let (head, body) = html.split_once("</head>").expect("a head");
        let theme = head
            .find("<style data-theme>")
            .expect("the theme in the head");
        assert!(theme > head.find("/assets/index-3.css").expect("the built sheet"));
        assert!(
            head.contains(
                r#"<style data-theme>:root{--font-body:"<\/style><script>x<\/script>"}</style>"#
            ),
            "{head}"
        );
        assert!(!body.contains("<style"), "{body}");
        // A page the browser renders sets the tokens itself.
        assert!(!template.render(&parts()).html.contains("data-theme"));
    }

    #[test]
    fn a_rendered_page_fetches_its_scripts_after_its_first_contentful_paint_a_shell_at_once() {
        let template = Template::parse(BUILT).expect("a template");
        let rendered = page(&template).html;
        assert!(
            rendered.contains("getEntriesByName('first-contentful-paint')")
                && rendered.contains("setTimeout(go,3000)"),
            "{rendered}"
        );
        let shell = template
            .render(&PageParts {
                markup: "",
                ..parts()
            })
            .html;
        assert!(shell.contains("}go()})(document)"), "{shell}");
        assert!(!shell.contains("first-contentful-paint"), "{shell}");
    }

    #[test]
    fn the_entry_and_its_preloads_are_loaded_by_the_hashed_loader() {
        let template = Template::parse(BUILT).expect("a template");
        let document = page(&template);
        let html = &document.html;
        assert!(!html.contains(r#"<script type="module""#), "{html}");
        assert!(!html.contains(r#"rel="modulepreload""#), "{html}");
        assert!(html.contains(r#"s.src="/assets/index-1.js""#), "{html}");
        assert!(
            html.contains(r#"["/assets/react-2.js","/assets/movie-4.js"]"#),
            "{html}"
        );
        assert!(
            html.contains(r#"<link rel="stylesheet" crossorigin href="/assets/index-3.css" />"#)
        );
        assert!(
            html.contains(r#"<link rel="stylesheet" crossorigin href="/assets/movie-5.css" />"#)
        );
        // The colour-mode script and the loader run; the JSON blocks do not.
        assert_eq!(
            document.script_hashes.len(),
            2,
            "{:?}",
            document.script_hashes
        );
        assert!(
            document
                .script_hashes
                .iter()
                .all(|hash| hash.starts_with("sha256-"))
        );
    }

    #[test]
    fn the_font_sheets_load_after_the_first_paint_and_without_scripts_from_a_noscript() {
        let template = Template::parse(BUILT).expect("a template");
        let html = template
            .render(&PageParts {
                font_sheets: &["/assets/400-a1.css".to_owned()],
                ..parts()
            })
            .html;
        let loader = &html[html.find("(function(d)").expect("the loader")..];
        assert!(
            loader.contains(r#"function go(){if(started)return;started=1;["/assets/400-a1.css"].forEach(function(u){add(u,'stylesheet')})"#),
            "{html}"
        );
        let noscript = r#"<noscript><link rel="stylesheet" crossorigin href="/assets/400-a1.css" /></noscript>"#;
        assert!(html.contains(noscript), "{html}");
        assert!(html.find(noscript) < html.find("</head>"));
        assert!(!html.contains(r#"rel="preload""#), "{html}");
        assert!(!page(&template).html.contains("<noscript>"));
    }

    #[test]
    fn the_markup_and_the_data_go_into_the_body() {
        let template = Template::parse(BUILT).expect("a template");
        let html = page(&template).html;
        assert!(
            html.starts_with("<!doctype html>\n<html lang=\"en-US\">"),
            "{html}"
        );
        assert!(html.contains(
            r#"<div id="root"><h1>The Long Night</h1></div><script type="application/json" id="app-data">{"site":"\u003c/script>"}</script><script type="application/json" id="page-data">{"path":"/movies/1001-x/"}</script>"#
        ), "{html}");
        assert!(
            html.contains("<title>The Long Night | Marquee</title>"),
            "{html}"
        );
        assert!(html.find("<title>") < html.find("</head>"));
        // The loader runs before the style sheets are in, which would hold it up.
        assert!(
            html.find("s.src=") < html.find("rel=\"stylesheet\""),
            "{html}"
        );
    }

    #[test]
    fn built_style_sheets_are_inlined_once_and_others_stay_links() {
        let template = Template::parse(BUILT).expect("a template").with_styles([
            (
                "/assets/index-3.css".to_owned(),
                "body{margin:0}".to_owned(),
            ),
            (
                "/assets/movie-5.css".to_owned(),
                "a{content:'</style>'}".to_owned(),
            ),
        ]);
        let html = template
            .render(&PageParts {
                style_sheets: &[
                    "/assets/index-3.css".to_owned(),
                    "/assets/movie-5.css".to_owned(),
                ],
                ..parts()
            })
            .html;
        assert_eq!(
            html.matches(r#"<style data-href="/assets/index-3.css">body{margin:0}</style>"#)
                .count(),
            1,
            "{html}"
        );
        assert!(
            !html.contains(r#"crossorigin href="/assets/index-3.css""#),
            "{html}"
        );
        // Marked as present, for the module preloader, by a link never fetched.
        assert!(
            html.contains(r#"<link rel="stylesheet" href="/assets/index-3.css" disabled />"#),
            "{html}"
        );
        // This one would close its element early.
        assert!(
            html.contains(r#"<link rel="stylesheet" crossorigin href="/assets/movie-5.css" />"#),
            "{html}"
        );
    }

    #[test]
    fn a_hash_is_of_the_script_text_exactly() {
        let hashes = inline_script_hashes(
            "<script>alert(1)</script><script type=\"application/ld+json\">{}</script><script src=\"/a.js\"></script>",
        );
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            hashes,
            ["sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI="]
        );
    }

    #[test]
    fn a_restyled_page_has_the_new_theme_and_app_data_and_keeps_everything_else() {
        let template = Template::parse(BUILT).expect("a built index.html");
        let before = template
            .render(&PageParts {
                theme_style: ":root{--color-primary:#111}",
                app_data: Some(br##"{"primary":"#111"}"##),
                page_data: Some(br#"{"path":"/"}"#),
                markup: "<h1>Now showing</h1>",
                ..parts()
            })
            .html;
        let after = restyled(
            &before,
            ":root{--color-primary:#E50914}</style>",
            Some(br##"{"primary":"#E50914"}"##),
        )
        .expect("restyled");
        assert_eq!(
            after,
            before
                .replace(
                    ":root{--color-primary:#111}",
                    r":root{--color-primary:#E50914}<\/style>"
                )
                .replace(r##"{"primary":"#111"}"##, r##"{"primary":"#E50914"}"##)
        );
        assert_eq!(inline_script_hashes(&after), inline_script_hashes(&before));
        let without_theme = template.render(&parts()).html;
        assert_eq!(restyled(&without_theme, ":root{}", None), None);
        assert_eq!(
            restyled(&before, "", None),
            None,
            "no style sheet: rendered again"
        );
        assert_eq!(
            restyled(&before, ":root{}", None),
            None,
            "its app data was inline and is no longer: rendered again"
        );
    }

    #[test]
    fn a_build_without_an_entry_script_is_refused() {
        let error =
            Template::parse("<html><head></head><body><div id=\"root\"></div></body></html>")
                .expect_err("no entry");
        assert!(error.to_string().contains("entry"), "{error}");
    }
}
