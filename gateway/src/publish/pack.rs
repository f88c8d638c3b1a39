//! A planned version's files (pure: CPU only, no I/O): page data, each page's document
//! from its rendering, posters and their previews, the site's card, the app data, the
//! sitemap, robots.txt and the shell, compressed on as many threads as there are cores,
//! each kept from the last snapshot when its bytes did not change.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::{HeaderValue, StatusCode};
use bytes::Bytes;

use super::document::{self, PageParts, Template};
use super::plan::Plan;
use super::renderer::RenderedPage;
use super::{APP_DATA, drawn_previews, posters, sitemap};
use crate::served::{PublishedFile, PublishedFiles};
use crate::site_data::SiteData;

const HTML: &str = "text/html; charset=utf-8";
const JSON: &str = "application/json";

/// What packs a site's files: the built web app's page template (`None` when it is not
/// built: only data is published then) and the site's origin.
#[derive(Debug, Clone)]
pub struct Packer {
    pub template: Option<Arc<Template>>,
    /// The site's public origin, without a trailing slash (the sitemap and robots.txt).
    pub origin: String,
}

/// What rendering gave for a plan's pages to render.
#[derive(Debug, Default)]
pub struct Rendering {
    /// Index in the plan's pages -> its rendering. A page to render that is missing was
    /// left for the next publish (a newer version came): its last HTML stands in.
    pub pages: HashMap<usize, RenderedPage>,
    /// false when the renderer never answered: the pages go out with the web app's shell
    /// in place of their markup.
    pub rendered: bool,
}

impl Packer {
    /// The plan's page data, compressed.
    pub fn page_data(
        plan: &Plan,
        previous: Option<&PublishedFiles>,
    ) -> Vec<(String, Arc<PublishedFile>)> {
        let policy = &plan.site.content_security_policy;
        // A day's page shares its page's data file.
        let mut packed = HashSet::new();
        in_parallel(
            plan.pages
                .iter()
                .filter(|page| packed.insert(page.data_path.as_str()))
                .map(|page| {
                    let before = previous.and_then(|previous| previous.file(&page.data_path));
                    move || {
                        let file = file_or_same(
                            before.cloned(),
                            page.status,
                            JSON,
                            page.data.clone(),
                            Some(policy.clone()),
                            plan.now,
                        );
                        (page.data_path.clone(), file)
                    }
                })
                .collect(),
        )
    }

    /// The last snapshot with the plan's new `page_data`, its pages to render marked
    /// stale: what goes out before rendering when the last snapshot is complete and its
    /// app data holds (a showtime sold out is on the page data in a moment, on the page's
    /// HTML after its rendering). `None` when there is nothing to render or no such
    /// snapshot.
    pub fn ahead(
        plan: &Plan,
        page_data: &[(String, Arc<PublishedFile>)],
        previous: Option<&PublishedFiles>,
    ) -> Option<PublishedFiles> {
        let previous = previous.filter(|previous| previous.complete)?;
        if !plan.same_app_data || plan.to_render.is_empty() {
            return None;
        }
        let mut ahead = previous.clone();
        ahead.files.extend(page_data.iter().cloned());
        // The media library's new files go with the page data naming them (a replaced
        // image's widths).
        for image in &plan.media_files {
            if let Some(body) = &image.body {
                let file = PublishedFile::new(
                    StatusCode::OK,
                    image.content_type,
                    body.clone(),
                    Some(plan.site.content_security_policy.clone()),
                    plan.now,
                );
                ahead.files.insert(image.path.clone(), Arc::new(file));
            }
        }
        for &index in &plan.to_render {
            let path = &plan.pages[index].path;
            ahead
                .stale_pages
                .insert(path.clone(), plan.stale_since[path]);
        }
        Some(ahead)
    }

    /// The snapshot of `plan`: its `page_data`, its pages' documents from `rendering`,
    /// the site's card when it could be drawn, and every other file, each kept from
    /// `previous` when its bytes did not change.
    pub fn pack(
        &self,
        plan: Plan,
        rendering: Rendering,
        page_data: Vec<(String, Arc<PublishedFile>)>,
        site_card: Option<Arc<PublishedFile>>,
        previous: Option<&PublishedFiles>,
    ) -> PublishedFiles {
        let Plan {
            version,
            site,
            now,
            app_data,
            inline_app_data,
            pages,
            to_render,
            stale_since,
            entity_paths,
            posters,
            poster_images,
            media_files,
            ..
        } = plan;
        let before = |path: &str| previous.and_then(|previous| previous.file(path).cloned());
        // What is not a page carries the site's policy like every other response.
        let policy = || Some(site.content_security_policy.clone());
        let Rendering {
            pages: mut rendered,
            rendered: answered,
        } = rendering;
        let mut html: Vec<Option<Arc<PublishedFile>>> =
            pages.iter().map(|page| page.html.clone()).collect();
        let mut stale_pages = HashMap::new();
        // Pages left with their last HTML for want of a style sheet: the snapshot is not
        // complete, so the publisher renders them soon (not at the next version).
        let mut restyles_left = false;
        // The theme's new style sheet, as the pages rendered give it, for the pages to
        // restyle.
        let theme_style = rendered
            .values()
            .find(|render| render.error.is_none() && !render.theme_style.is_empty())
            .map(|render| render.theme_style.clone());
        if let Some(template) = &self.template {
            // Left for the next publish: the last HTML stands in meanwhile.
            for &index in &to_render {
                if answered && !rendered.contains_key(&index) {
                    let path = &pages[index].path;
                    stale_pages.insert(path.clone(), stale_since[path]);
                    html[index] = before(path);
                }
            }
            let (site, app_data) = (&site, &app_data);
            let jobs: Vec<_> = to_render
                .iter()
                .filter(|&&index| !stale_pages.contains_key(&pages[index].path))
                .map(|&index| {
                    let page = &pages[index];
                    let render = rendered.remove(&index);
                    if let Some(error) = render.as_ref().and_then(|render| render.error.as_ref()) {
                        tracing::error!(path = %page.path, %error, "page not rendered; published with the shell");
                    }
                    let render = render.filter(|render| render.error.is_none());
                    let before = before(&page.path);
                    move || {
                        let document = template.render(&PageParts {
                            locale: &site.config().locale,
                            head: &page.head,
                            markup: render
                                .as_ref()
                                .and_then(|render| render.html.as_deref())
                                .unwrap_or_default(),
                            scripts: render.as_ref().map_or(&[][..], |render| &render.scripts),
                            style_sheets: render
                                .as_ref()
                                .map_or(&[][..], |render| &render.style_sheets),
                            font_sheets: render
                                .as_ref()
                                .map_or(&[][..], |render| &render.font_sheets),
                            theme_style: render
                                .as_ref()
                                .map_or("", |render| &render.theme_style),
                            app_data: inline_app_data.then_some(&app_data[..]),
                            page_data: Some(&page.data),
                        });
                        let policy = site.policy.for_page(&document.script_hashes);
                        let body = Bytes::from(document.html);
                        let file = file_or_same(before, page.status, HTML, body, Some(policy), now);
                        (index, file)
                    }
                })
                .collect();
            for (index, file) in in_parallel(jobs) {
                html[index] = Some(file);
            }
            let restyle_jobs: Vec<_> = pages
                .iter()
                .enumerate()
                .filter(|(index, _)| html[*index].is_none())
                .filter_map(|(index, page)| {
                    let before = page.restyle.clone()?;
                    let theme_style = theme_style.as_deref();
                    let app_data = inline_app_data.then_some(&app_data[..]);
                    Some(move || {
                        (
                            index,
                            restyle(site, before, theme_style, app_data, page.status, now),
                        )
                    })
                })
                .collect();
            for (index, restyled) in in_parallel(restyle_jobs) {
                let (file, stale) = match restyled {
                    Restyled::Done(file) => (file, false),
                    Restyled::Left(file) => (file, true),
                };
                if stale {
                    restyles_left = true;
                    let path = &pages[index].path;
                    let since = stale_since.get(path).copied().unwrap_or_else(Instant::now);
                    stale_pages.insert(path.clone(), since);
                }
                html[index] = Some(file);
            }
        }

        let mut files: HashMap<String, Arc<PublishedFile>> = page_data.into_iter().collect();
        let poster_jobs: Vec<_> = posters
            .into_iter()
            .map(|(id, svg)| {
                let svg_path = posters::svg_path(&id);
                let before_svg = before(&svg_path);
                let before_preview =
                    posters::preview_path(&svg_path).and_then(|path| before(&path));
                let policy = policy();
                move || poster_files(&id, svg, before_svg, before_preview, policy, now)
            })
            .collect();
        files.extend(in_parallel(poster_jobs).into_iter().flatten());
        for image in poster_images.into_iter().chain(media_files) {
            let file = match image.body {
                Some(body) => Some(Arc::new(PublishedFile::new(
                    StatusCode::OK,
                    image.content_type,
                    body,
                    policy(),
                    now,
                ))),
                None => before(&image.path),
            };
            files.extend(file.map(|file| (image.path, file)));
        }
        if let Some(card) = site_card {
            files.insert(posters::SITE_CARD_PATH.to_owned(), card);
        }
        files.insert(
            APP_DATA.to_owned(),
            file_or_same(
                before(APP_DATA),
                StatusCode::OK,
                JSON,
                app_data.clone(),
                policy(),
                now,
            ),
        );
        let mut listed = Vec::new();
        for (page, file) in pages.iter().zip(html) {
            let Some(file) = file else { continue };
            if page.status == StatusCode::OK {
                listed.push((format!("{}{}", self.origin, page.path), file.changed_at));
            }
            files.insert(page.path.clone(), file);
        }
        let text_files = [
            (
                "/sitemap.xml",
                "application/xml; charset=utf-8",
                sitemap::sitemap(&listed),
            ),
            (
                "/robots.txt",
                "text/plain; charset=utf-8",
                sitemap::robots(&self.origin),
            ),
        ];
        for (path, content_type, text) in text_files {
            let file = file_or_same(
                before(path),
                StatusCode::OK,
                content_type,
                Bytes::from(text),
                None,
                now,
            );
            files.insert(path.to_owned(), file);
        }
        let shell = self
            .template
            .as_ref()
            .map(|template| shell(template, &site, &app_data, previous, now));
        PublishedFiles {
            version,
            published_at: now,
            site,
            files,
            shell,
            entity_paths: Arc::new(entity_paths),
            complete: answered && self.template.is_some() && !restyles_left,
            pages_rendered: if answered {
                to_render
                    .iter()
                    .filter(|&&index| !stale_pages.contains_key(&pages[index].path))
                    .count()
            } else {
                0
            },
            stale_pages,
            pages: pages.len(),
            posters_fetched: 0,
            publish_time: Duration::ZERO,
        }
    }
}

/// A page's last HTML with the theme's new colours.
enum Restyled {
    Done(Arc<PublishedFile>),
    /// Without the theme's style sheet (the renderer did not give one) or a page that
    /// holds none: the last HTML stands in until the page is rendered.
    Left(Arc<PublishedFile>),
}

/// `before`, a page's last HTML, with `theme_style` and the inline `app_data`: its
/// scripts are the same, so its policy is too.
fn restyle(
    site: &SiteData,
    before: Arc<PublishedFile>,
    theme_style: Option<&str>,
    app_data: Option<&[u8]>,
    status: StatusCode,
    now: jiff::Timestamp,
) -> Restyled {
    let html = std::str::from_utf8(&before.identity.bytes).ok();
    let restyled = html
        .zip(theme_style)
        .and_then(|(html, theme_style)| document::restyled(html, theme_style, app_data));
    let Some(restyled) = restyled else {
        return Restyled::Left(before);
    };
    let policy = site
        .policy
        .for_page(&document::inline_script_hashes(&restyled));
    Restyled::Done(file_or_same(
        Some(before),
        status,
        HTML,
        Bytes::from(restyled),
        Some(policy),
        now,
    ))
}

/// The web app's shell, for pages that are not published (the member area, previews):
/// the app data inline, no page data, not for search engines.
fn shell(
    template: &Template,
    site: &SiteData,
    app_data: &Bytes,
    previous: Option<&PublishedFiles>,
    now: jiff::Timestamp,
) -> Arc<PublishedFile> {
    let document = template.render(&PageParts {
        locale: &site.config().locale,
        head: &format!(
            "<title>{}</title>\n    <meta name=\"robots\" content=\"noindex\" />",
            crate::html::escape(&site.site_name())
        ),
        markup: "",
        scripts: &[],
        style_sheets: &[],
        font_sheets: &[],
        theme_style: "",
        app_data: Some(app_data),
        page_data: None,
    });
    let policy = site.policy.for_page(&document.script_hashes);
    let before = previous.and_then(|previous| previous.shell.clone());
    file_or_same(
        before,
        StatusCode::OK,
        HTML,
        Bytes::from(document.html),
        Some(policy),
        now,
    )
}

/// The site's link-preview card, kept from before when it did not change; `None`, and
/// an error logged, when it cannot be drawn.
pub fn site_card(
    site: &SiteData,
    previous: Option<&PublishedFiles>,
    now: jiff::Timestamp,
) -> Option<Arc<PublishedFile>> {
    let palette = site
        .config()
        .theme
        .and_then(|theme| theme.palette)
        .unwrap_or_default();
    let tagline = site.messages.messages.get("footer.tagline");
    let drawn = posters::site_card_png(&posters::SiteCard {
        name: &site.site_name(),
        tagline: tagline.map_or("", String::as_str),
        background: &palette.header_background,
        accent: &palette.primary,
    });
    match drawn {
        Ok(png) => {
            let before = previous.and_then(|previous| previous.file(posters::SITE_CARD_PATH));
            Some(file_or_same(
                before.cloned(),
                StatusCode::OK,
                "image/png",
                Bytes::from(png),
                None,
                now,
            ))
        }
        Err(error) => {
            tracing::error!(%error, "published without the site's link-preview card");
            None
        }
    }
}

/// The file of `body`, or `before` itself when it holds the same bytes (so it keeps
/// its compressed forms and the time it last changed).
fn file_or_same(
    before: Option<Arc<PublishedFile>>,
    status: StatusCode,
    content_type: &'static str,
    body: Bytes,
    policy: Option<HeaderValue>,
    now: jiff::Timestamp,
) -> Arc<PublishedFile> {
    match before {
        Some(before) if before.same_as(status, &body, policy.as_ref()) => before,
        _ => Arc::new(PublishedFile::new(status, content_type, body, policy, now)),
    }
}

/// The poster `svg` of movie or event `id` and its link-preview PNG, each kept from
/// before when the poster did not change. A poster that cannot be drawn is published
/// without a preview.
fn poster_files(
    id: &str,
    svg: Bytes,
    before_svg: Option<Arc<PublishedFile>>,
    before_preview: Option<Arc<PublishedFile>>,
    policy: Option<HeaderValue>,
    now: jiff::Timestamp,
) -> Vec<(String, Arc<PublishedFile>)> {
    let svg_path = posters::svg_path(id);
    let Some(preview_path) = posters::preview_path(&svg_path) else {
        return Vec::new();
    };
    let unchanged = before_svg
        .as_ref()
        .is_some_and(|before| before.identity.holds(&svg));
    let svg_file = file_or_same(
        before_svg,
        StatusCode::OK,
        "image/svg+xml",
        svg.clone(),
        policy,
        now,
    );
    let preview = match before_preview {
        Some(before) if unchanged => Some(before),
        _ => preview_file(&svg_path, &svg, &svg_file.identity.object, now),
    };
    std::iter::once((svg_path, svg_file))
        .chain(preview.map(|preview| (preview_path, preview)))
        .collect()
}

/// The link preview of the poster `svg` (whose SHA-256 is `svg_object`), drawn unless
/// this process drew it before; `None` when it cannot be drawn.
fn preview_file(
    svg_path: &str,
    svg: &[u8],
    svg_object: &str,
    now: jiff::Timestamp,
) -> Option<Arc<PublishedFile>> {
    let png = match drawn_previews::DRAWN.get(svg_object) {
        Some(png) => png,
        None => match posters::preview_png(&String::from_utf8_lossy(svg)) {
            Ok(png) => {
                let png = Bytes::from(png);
                drawn_previews::DRAWN.insert(svg_object.to_owned(), png.clone());
                png
            }
            Err(error) => {
                tracing::error!(poster = %svg_path, %error, "published without a link preview");
                return None;
            }
        },
    };
    Some(Arc::new(PublishedFile::new(
        StatusCode::OK,
        "image/png",
        png,
        None,
        now,
    )))
}

/// Runs `jobs` on as many threads as there are cores, each taking the next job as it is
/// done with one: their results, in the jobs' order.
fn in_parallel<T: Send, F: FnOnce() -> T + Send>(jobs: Vec<F>) -> Vec<T> {
    let threads = std::thread::available_parallelism()
        .map_or(2, usize::from)
        .min(jobs.len());
    if threads <= 1 {
        return jobs.into_iter().map(|job| job()).collect();
    }
    let queue = Mutex::new(jobs.into_iter().enumerate().collect::<VecDeque<_>>());
    let next = || {
        queue
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop_front()
    };
    let mut done: Vec<(usize, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    while let Some((index, job)) = next() {
                        done.push((index, job()));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    done.sort_by_key(|(index, _)| *index);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{self, movie, planned};
    use super::*;

    /// Packs `plan` with the pages at `paths` rendered (all of them when `None`).
    fn pack_rendering(
        plan: Plan,
        paths: Option<&[&str]>,
        previous: Option<&PublishedFiles>,
    ) -> PublishedFiles {
        let pages = plan
            .to_render
            .iter()
            .map(|&index| (index, plan.pages[index].path.as_str()))
            .filter(|(_, path)| paths.is_none_or(|paths| paths.contains(path)))
            .map(|(index, path)| (index, fixture::rendered(path)))
            .collect();
        let page_data = Packer::page_data(&plan, previous);
        let rendering = Rendering {
            pages,
            rendered: true,
        };
        fixture::packer().pack(plan, rendering, page_data, None, previous)
    }

    fn text(snapshot: &PublishedFiles, path: &str) -> String {
        let file = snapshot
            .file(path)
            .unwrap_or_else(|| panic!("{path} published"));
        String::from_utf8_lossy(&file.identity.bytes).into_owned()
    }

    #[test]
    fn every_page_goes_out_with_its_markup_data_policy_and_the_site_files() {
        let snapshot = pack_rendering(planned(vec![movie("1001", "A")], None), None, None);
        assert!(snapshot.complete);
        assert_eq!(snapshot.pages_rendered, snapshot.pages);
        let page = text(&snapshot, "/movies/1001/");
        assert!(page.contains("<main>/movies/1001/</main>"), "{page}");
        assert!(
            page.contains(r#"{"site":"Marquee"}"#),
            "the app data inline: {page}"
        );
        let file = snapshot.file("/movies/1001/").expect("published");
        assert!(file.content_security_policy.is_some());
        assert!(file.compressed.is_some(), "gzip and Brotli forms");
        let data = text(&snapshot, "/page-data/movies/1001/page-data.json");
        assert!(data.contains("\"/movies/1001/\""), "{data}");
        let sitemap = text(&snapshot, "/sitemap.xml");
        assert!(
            sitemap.contains("<loc>https://www.marquee.example/movies/1001/</loc>"),
            "{sitemap}"
        );
        assert!(
            !sitemap.contains("404.html"),
            "only pages that are found: {sitemap}"
        );
        assert!(text(&snapshot, "/robots.txt").contains("https://www.marquee.example/sitemap.xml"));
        assert_eq!(text(&snapshot, APP_DATA), r#"{"site":"Marquee"}"#);
        let shell = snapshot.shell.as_ref().expect("the shell");
        assert!(String::from_utf8_lossy(&shell.identity.bytes).contains("noindex"));
    }

    #[test]
    fn a_file_whose_bytes_did_not_change_is_the_last_snapshots_own() {
        let first = pack_rendering(planned(vec![movie("1001", "A")], None), None, None);
        let plan = planned(vec![movie("1001", "A"), movie("1002", "B")], Some(&first));
        let next = pack_rendering(plan, None, Some(&first));
        for path in [
            "/movies/1001/",
            "/theaters/101-marquee-downtown/",
            APP_DATA,
            "/robots.txt",
        ] {
            let (before, after) = (first.file(path), next.file(path));
            assert!(
                before
                    .zip(after)
                    .is_some_and(|(before, after)| Arc::ptr_eq(before, after)),
                "{path} kept"
            );
        }
        assert!(!Arc::ptr_eq(
            first.file("/movies/").expect("before"),
            next.file("/movies/").expect("after")
        ));
        assert!(next.file("/movies/1002/").is_some());
    }

    #[test]
    fn a_page_left_to_render_keeps_its_last_html_marked_stale() {
        let first = pack_rendering(planned(vec![movie("1001", "A")], None), None, None);
        let plan = planned(vec![movie("1001", "A, restored")], Some(&first));
        let next = pack_rendering(plan, Some(&["/movies/"]), Some(&first));
        assert!(next.complete);
        assert!(next.stale_pages.contains_key("/movies/1001/"));
        assert!(!next.stale_pages.contains_key("/movies/"));
        assert!(Arc::ptr_eq(
            first.file("/movies/1001/").expect("before"),
            next.file("/movies/1001/").expect("kept")
        ));
        let data = text(&next, "/page-data/movies/1001/page-data.json");
        assert!(data.contains("A, restored"), "the new page data: {data}");
    }

    #[test]
    fn the_new_page_data_can_go_out_ahead_of_rendering() {
        let first = pack_rendering(planned(vec![movie("1001", "A")], None), None, None);
        let plan = planned(vec![movie("1001", "A, restored")], Some(&first));
        let page_data = Packer::page_data(&plan, Some(&first));
        let ahead = Packer::ahead(&plan, &page_data, Some(&first)).expect("ahead");
        assert!(text(&ahead, "/page-data/movies/1001/page-data.json").contains("A, restored"));
        assert!(ahead.stale_pages.contains_key("/movies/1001/"));
        assert!(Arc::ptr_eq(
            first.file("/movies/1001/").expect("before"),
            ahead.file("/movies/1001/").expect("the last HTML")
        ));
        assert!(
            Packer::ahead(&plan, &page_data, None).is_none(),
            "nothing to go ahead of"
        );
    }

    #[test]
    fn without_the_renderer_the_pages_are_the_shell_with_their_data() {
        let plan = planned(vec![movie("1001", "A")], None);
        let page_data = Packer::page_data(&plan, None);
        let rendering = Rendering {
            pages: HashMap::new(),
            rendered: false,
        };
        let snapshot = fixture::packer().pack(plan, rendering, page_data, None, None);
        assert!(!snapshot.complete);
        assert_eq!(snapshot.pages_rendered, 0);
        let page = text(&snapshot, "/movies/1001/");
        assert!(!page.contains("<main>"), "{page}");
        assert!(
            page.contains("\"/movies/1001/\""),
            "its page data inline: {page}"
        );
    }

    /// The snapshot of the site themed `primary` and `font`, after `previous`, each page
    /// to render rendered with the theme's style sheet (none when `style` is false).
    fn themed(
        primary: &str,
        font: &str,
        previous: Option<&PublishedFiles>,
        style: bool,
    ) -> (usize, PublishedFiles) {
        let content = fixture::themed_content("r1", vec![movie("1001", "A")], primary, font);
        let plan = super::super::plan::plan(
            content,
            previous,
            fixture::ORIGIN,
            false,
            jiff::Timestamp::now(),
            Instant::now(),
        )
        .expect("planned");
        let theme_style = if style {
            format!(":root{{--color-primary:{primary}}}")
        } else {
            String::new()
        };
        let pages = plan
            .to_render
            .iter()
            .map(|&index| {
                (
                    index,
                    fixture::rendered_themed(&plan.pages[index].path, &theme_style),
                )
            })
            .collect();
        let page_data = Packer::page_data(&plan, previous);
        let to_render = plan.to_render.len();
        let rendering = Rendering {
            pages,
            rendered: true,
        };
        (
            to_render,
            fixture::packer().pack(plan, rendering, page_data, None, previous),
        )
    }

    #[test]
    fn a_change_of_the_themes_colours_alone_restyles_the_last_pages_and_renders_one() {
        let (_, first) = themed("#111111", "Inter", None, true);
        let (rendered, next) = themed("#E50914", "Inter", Some(&first), true);
        assert_eq!(rendered, 1, "one page gives the new style sheet");
        assert!(next.stale_pages.is_empty() && next.complete);
        for path in ["/", "/movies/", "/movies/1001/"] {
            let html = text(&next, path);
            assert!(
                html.contains("<style data-theme>:root{--color-primary:#E50914}</style>"),
                "{path}: {html}"
            );
            assert!(!html.contains("#111111"), "{path}");
            assert!(
                html.contains(&format!("<main>{path}</main>")),
                "its markup kept: {html}"
            );
            assert!(html.contains(r##"id="app-data">{"site":{"config":{"theme":{"fonts":{"body":"Inter"},"palette":{"primary":"#E50914"}"##), "{html}");
            assert_eq!(
                first.file(path).expect("before").content_security_policy,
                next.file(path).expect("after").content_security_policy,
                "the same scripts, the same policy"
            );
        }
    }

    #[test]
    fn a_font_change_renders_every_page_and_a_missing_style_sheet_leaves_the_pages_stale() {
        let (_, first) = themed("#111111", "Inter", None, true);
        let (rendered, fonts) = themed("#111111", "Lora", Some(&first), true);
        assert_eq!(
            rendered, first.pages,
            "a font is in the scripts' loader: every page rendered"
        );
        let (_, without_style) = themed("#E50914", "Lora", Some(&fonts), false);
        assert!(
            without_style.stale_pages.contains_key("/movies/") && !without_style.complete,
            "left to render soon: {:?}",
            without_style.stale_pages
        );
        assert!(Arc::ptr_eq(
            fonts.file("/movies/").expect("before"),
            without_style.file("/movies/").expect("kept")
        ));
    }

    #[test]
    fn parallel_jobs_answer_in_their_order() {
        let jobs: Vec<_> = (0..100).map(|n| move || n * 2).collect();
        assert_eq!(
            in_parallel(jobs),
            (0..100).map(|n| n * 2).collect::<Vec<_>>()
        );
    }
}
