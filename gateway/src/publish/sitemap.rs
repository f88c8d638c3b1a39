//! `/sitemap.xml` (every public page, absolute, with when it last changed) and
//! `/robots.txt` (names the sitemap; keeps crawlers out of the member area, search
//! results and previews).

use crate::html::escape;

/// `(absolute URL, last change)` of each page, in the order given.
pub fn sitemap(pages: &[(String, jiff::Timestamp)]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (url, changed_at) in pages {
        xml.push_str(&format!(
            "  <url><loc>{}</loc><lastmod>{}</lastmod></url>\n",
            escape(url),
            changed_at.strftime("%Y-%m-%dT%H:%M:%SZ")
        ));
    }
    xml.push_str("</urlset>\n");
    xml
}

pub fn robots(origin: &str) -> String {
    format!(
        "User-agent: *\nDisallow: /account/\nDisallow: /search/\nDisallow: /cms-preview/\n\nSitemap: {origin}/sitemap.xml\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_page_is_a_url_with_its_last_change() {
        let changed: jiff::Timestamp = "2026-11-25T08:30:00Z".parse().expect("a time");
        let xml = sitemap(&[(
            "https://marquee.example/movies/?a=1&b=2".to_owned(),
            changed,
        )]);
        assert!(xml.contains(
            "<url><loc>https://marquee.example/movies/?a=1&amp;b=2</loc><lastmod>2026-11-25T08:30:00Z</lastmod></url>"
        ), "{xml}");
        assert!(xml.starts_with("<?xml"));
    }

    #[test]
    fn robots_names_the_sitemap_and_keeps_crawlers_out_of_private_paths() {
        let robots = robots("https://marquee.example");
        assert!(robots.contains("Sitemap: https://marquee.example/sitemap.xml"));
        assert!(robots.contains("Disallow: /account/"));
        assert!(robots.contains("Disallow: /search/"));
    }
}
