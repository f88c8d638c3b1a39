//! HTML the gateway writes itself: escaped text, and the web app's shell completed for
//! one page before React runs (the site's name as its `<title>`, so tools that read
//! the page early see one, and the page's preload hints).

use bytes::Bytes;

/// Text safe as element content and inside a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The shell with the site's name as its title and `links` at the end of its `<head>`.
/// React puts the page's own title before this one when it renders.
pub fn page_shell(shell: &Bytes, site_name: &str, links: &str) -> Bytes {
    let title = if site_name.is_empty() {
        String::new()
    } else {
        format!("<title>{}</title>", escape(site_name))
    };
    let head: Vec<&str> = [title.as_str(), links]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect();
    let text = std::str::from_utf8(shell).unwrap_or_default();
    match text.find("</head>") {
        Some(at) if !head.is_empty() => Bytes::from(format!(
            "{}  {}\n  {}",
            &text[..at],
            head.join("\n    "),
            &text[at..]
        )),
        _ => shell.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHELL: &[u8] = b"<html><head><meta charset=\"utf-8\"></head><body></body></html>";

    #[test]
    fn the_site_name_is_the_title_and_links_follow_it_at_the_end_of_the_head() {
        let html = page_shell(&Bytes::from_static(SHELL), "Marquee", "<link href=\"/a\">");
        assert_eq!(
            std::str::from_utf8(&html).expect("utf-8"),
            "<html><head><meta charset=\"utf-8\">  <title>Marquee</title>\n    \
             <link href=\"/a\">\n  </head><body></body></html>"
        );
    }

    #[test]
    fn the_site_name_is_escaped() {
        let html = page_shell(&Bytes::from_static(SHELL), "Tom & Jerry's <Bijou>", "");
        assert!(
            std::str::from_utf8(&html)
                .expect("utf-8")
                .contains("<title>Tom &amp; Jerry&#39;s &lt;Bijou&gt;</title>")
        );
    }

    #[test]
    fn with_neither_a_name_nor_links_the_shell_is_unchanged() {
        let shell = Bytes::from_static(SHELL);
        assert_eq!(page_shell(&shell, "", ""), shell);
    }

    #[test]
    fn escaping_covers_markup_and_both_quotes() {
        assert_eq!(
            escape(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
