//! Generated posters: an SVG drawn from the title, the genre and a colour derived from
//! the id, so every movie and event has artwork without fetching any.

use sha2::{Digest, Sha256};

/// What a revision knows of a stored poster image: enough to name it, not its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPosterImage {
    /// The address it was fetched from: it serves while the movie names this one.
    pub source_url: String,
    pub content_type: String,
    /// Hex SHA-256 of its bytes.
    pub digest: String,
}

/// The point of sale's images that are served, by content type, with their extension.
pub const IMAGE_TYPES: [(&str, &str); 3] = [
    ("image/jpeg", "jpg"),
    ("image/png", "png"),
    ("image/webp", "webp"),
];

/// Where the site serves movie `id`'s kept poster image: named by its bytes, so a new
/// image is a new address and the old one can be cached for good.
pub fn image_path(id: &str, image: &StoredPosterImage) -> String {
    let extension = IMAGE_TYPES
        .iter()
        .find(|(content_type, _)| *content_type == image.content_type)
        .map_or("img", |(_, extension)| extension);
    let digest = image.digest.get(..16).unwrap_or(&image.digest);
    format!("/posters/images/{id}-{digest}.{extension}")
}

/// What a poster shows.
pub struct PosterText<'a> {
    pub id: &'a str,
    pub title: &'a str,
    /// A small line above the title: the genre, or "Event".
    pub kicker: &'a str,
    /// A small line at the bottom: the rating, or the date.
    pub footer: &'a str,
}

pub fn svg(poster: &PosterText<'_>) -> String {
    let digest = Sha256::digest(poster.id.as_bytes());
    let hue = u16::from_be_bytes([digest[0], digest[1]]) % 360;
    let accent = (hue + 40 + u16::from(digest[2] % 80)) % 360;
    let shape_x = 90 + u16::from(digest[3] % 220);
    let shape_y = 120 + u16::from(digest[4] % 160);
    let radius = 70 + u16::from(digest[5] % 70);
    let (lines, size) = title_lines(&poster.title.to_uppercase());
    let first_line_y = 430 - (size.line_gap / 2 + 3) * lines.len().saturating_sub(1);
    let title: String = lines
        .iter()
        .enumerate()
        .map(|(index, line)| {
            format!(
                "<text x=\"200\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\" font-weight=\"700\" fill=\"#FFFFFF\" letter-spacing=\"1\">{}</text>",
                first_line_y + size.line_gap * index,
                size.font,
                escape(line)
            )
        })
        .collect();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 600\" width=\"400\" height=\"600\" role=\"img\" aria-label=\"{label}\" font-family=\"Helvetica, Arial, sans-serif\">\
<defs><linearGradient id=\"bg\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">\
<stop offset=\"0\" stop-color=\"hsl({hue},55%,38%)\"/><stop offset=\"1\" stop-color=\"hsl({hue},60%,9%)\"/></linearGradient>\
<radialGradient id=\"glow\"><stop offset=\"0\" stop-color=\"hsl({accent},85%,70%)\" stop-opacity=\"0.9\"/>\
<stop offset=\"1\" stop-color=\"hsl({accent},85%,55%)\" stop-opacity=\"0\"/></radialGradient></defs>\
<rect width=\"400\" height=\"600\" fill=\"url(#bg)\"/>\
<circle cx=\"{shape_x}\" cy=\"{shape_y}\" r=\"{glow}\" fill=\"url(#glow)\"/>\
<circle cx=\"{shape_x}\" cy=\"{shape_y}\" r=\"{radius}\" fill=\"hsl({accent},70%,62%)\" fill-opacity=\"0.55\"/>\
<path d=\"M0 {horizon} Q200 {crest} 400 {horizon} L400 600 L0 600 Z\" fill=\"hsl({hue},50%,6%)\" fill-opacity=\"0.85\"/>\
<text x=\"200\" y=\"{kicker_y}\" text-anchor=\"middle\" font-size=\"16\" fill=\"hsl({accent},90%,80%)\" letter-spacing=\"4\">{kicker}</text>\
{title}\
<text x=\"200\" y=\"570\" text-anchor=\"middle\" font-size=\"15\" fill=\"#E8E8E8\" letter-spacing=\"2\">{footer}</text>\
</svg>",
        label = escape(poster.title),
        glow = radius * 2,
        horizon = 360,
        crest = 300,
        kicker_y = first_line_y - 44,
        kicker = escape(&poster.kicker.to_uppercase()),
        footer = escape(poster.footer),
    )
}

/// A size the title is drawn at: its font, the characters a line holds at it, how many
/// lines fit, and the distance between lines.
#[derive(Debug, Clone, Copy, PartialEq)]
struct TitleSize {
    font: usize,
    width: usize,
    lines: usize,
    line_gap: usize,
}

/// Large while the title fits, then smaller for a long one.
const TITLE_SIZES: [TitleSize; 2] = [
    TitleSize {
        font: 38,
        width: 14,
        lines: 4,
        line_gap: 46,
    },
    TitleSize {
        font: 30,
        width: 18,
        lines: 5,
        line_gap: 36,
    },
];

/// The title's lines at the largest size it fits; a title too long for the smallest
/// ends its last line with an ellipsis, as does a word too long for a line.
fn title_lines(title: &str) -> (Vec<String>, TitleSize) {
    for size in TITLE_SIZES {
        let lines = wrap(title, size.width);
        if lines.len() <= size.lines && lines.iter().all(|line| fits(line, size.width)) {
            return (lines, size);
        }
    }
    let size = TITLE_SIZES[TITLE_SIZES.len() - 1];
    let mut lines = wrap(title, size.width);
    let cut = lines.len() > size.lines;
    lines.truncate(size.lines);
    for (index, line) in lines.iter_mut().enumerate() {
        if cut && index + 1 == size.lines {
            line.push_str(" \u{2026}");
        }
        if !fits(line, size.width) || line.ends_with('\u{2026}') {
            *line = shortened(line, size.width);
        }
    }
    (lines, size)
}

fn fits(line: &str, width: usize) -> bool {
    line.chars().count() <= width
}

/// `line` cut to `width` characters with an ellipsis, unless it ends with one already
/// and fits.
fn shortened(line: &str, width: usize) -> String {
    if fits(line, width) {
        return line.to_owned();
    }
    let kept: String = line
        .trim_end_matches(['\u{2026}', ' '])
        .chars()
        .take(width - 1)
        .collect();
    format!("{}\u{2026}", kept.trim_end())
}

/// Greedy word wrap into lines of at most `width` characters (a longer word stands
/// alone on its line).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poster(id: &str, title: &str) -> String {
        svg(&PosterText {
            id,
            title,
            kicker: "Drama",
            footer: "PG-13",
        })
    }

    #[test]
    fn a_poster_is_an_svg_with_the_title_wrapped() {
        let drawn = poster("1001", "The Long Night Over Harbor City");
        assert!(drawn.starts_with("<svg"));
        assert!(drawn.contains(">THE LONG NIGHT<"), "{drawn}");
        assert!(drawn.contains(">OVER HARBOR<"), "{drawn}");
        assert!(drawn.contains(">CITY<"), "{drawn}");
        assert!(drawn.contains("aria-label=\"The Long Night Over Harbor City\""));
    }

    #[test]
    fn a_long_title_is_drawn_smaller_whole() {
        let drawn = poster("2001", "Classic Sundays: The Last Lighthouse Keeper");
        for line in [">CLASSIC SUNDAYS:<", ">THE LAST<", ">LIGHTHOUSE KEEPER<"] {
            assert!(drawn.contains(line), "{line} in {drawn}");
        }
        assert!(drawn.contains("font-size=\"30\""), "{drawn}");
    }

    #[test]
    fn a_title_too_long_for_any_size_ends_with_an_ellipsis() {
        let (lines, size) = title_lines(
            "ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE THIRTEEN FOURTEEN FIFTEEN",
        );
        assert_eq!(lines.len(), size.lines);
        assert!(
            lines.iter().all(|line| line.chars().count() <= size.width),
            "{lines:?}"
        );
        assert!(lines[lines.len() - 1].ends_with('\u{2026}'), "{lines:?}");
        let (lines, _) = title_lines("SUPERCALIFRAGILISTICEXPIALIDOCIOUS");
        assert_eq!(lines, ["SUPERCALIFRAGILIS\u{2026}"]);
    }

    #[test]
    fn posters_are_deterministic_and_differ_by_id() {
        assert_eq!(poster("1001", "A"), poster("1001", "A"));
        assert_ne!(poster("1001", "A"), poster("1002", "A"));
    }

    #[test]
    fn markup_in_titles_is_escaped() {
        let drawn = poster("x", "<script>alert('x')</script> & Co");
        assert!(!drawn.contains("<script>"));
        assert!(drawn.contains("&lt;SCRIPT&gt;"));
    }
}
