//! The generated posters (svc-catalogue draws them as SVG) published with the pages, and
//! the link-preview images drawn from them: social networks and chat apps show no SVG.
//! A point of sale's own poster image (`/posters/images/{id}-{digest}.jpg`, kept by
//! svc-catalogue) is published as it is, and is its own preview.
//! A preview is a 1200 x 630 PNG card (the size Open Graph and X recommend): a poster in
//! its middle on the poster's own darkest colour, or, for the pages without a poster of
//! their own (home, lists, theaters, content pages), the site's card: its name and
//! tagline in the theme's colours.

use std::sync::{Arc, LazyLock};

use resvg::tiny_skia::{Color, Pixmap, PixmapPaint, Transform};
use resvg::usvg::{self, fontdb};

pub const CARD_WIDTH: u32 = 1200;
pub const CARD_HEIGHT: u32 = 630;

/// Where the site's card is published.
pub const SITE_CARD_PATH: &str = "/og-image.png";

/// Where svc-catalogue's generated posters live: `/posters/{id}.svg`.
const PREFIX: &str = "/posters/";
const SVG: &str = ".svg";
const PNG: &str = ".png";
/// Where the point of sale's poster images live, by extension and content type.
const IMAGES: &str = "/posters/images/";
const IMAGE_TYPES: [(&str, &str); 3] = [
    (".jpg", "image/jpeg"),
    (".png", "image/png"),
    (".webp", "image/webp"),
];

#[derive(Debug, thiserror::Error)]
pub enum PosterError {
    #[error("the poster is not a drawable SVG: {0}")]
    Svg(#[from] usvg::Error),
    #[error("the poster has no area to draw")]
    Empty,
    #[error("the preview could not be encoded as PNG: {0}")]
    Png(String),
}

/// The id of a generated poster's URL (`/posters/1004.svg` -> `1004`); `None` for any
/// other image (a bundle may name its own poster files).
pub fn generated_id(poster_url: &str) -> Option<&str> {
    poster_url
        .strip_prefix(PREFIX)?
        .strip_suffix(SVG)
        .filter(|id| !id.is_empty() && !id.contains('/'))
}

/// The content type of a point of sale's poster image by its URL; `None` for any other.
pub fn image_type(poster_url: &str) -> Option<&'static str> {
    let name = poster_url.strip_prefix(IMAGES)?;
    if name.contains('/') {
        return None;
    }
    IMAGE_TYPES
        .iter()
        .find(|(extension, _)| name.ends_with(extension))
        .map(|(_, content_type)| *content_type)
}

pub fn svg_path(id: &str) -> String {
    format!("{PREFIX}{id}{SVG}")
}

/// The link-preview image of a generated poster's URL.
pub fn preview_path(poster_url: &str) -> Option<String> {
    generated_id(poster_url).map(|id| format!("{PREFIX}{id}{PNG}"))
}

/// The fonts posters are drawn with, embedded in the binary: the same image on every
/// machine, whatever fonts it has. A poster asks for Helvetica or Arial, then any
/// sans-serif, which is DejaVu Sans here.
static FONTS: LazyLock<Arc<fontdb::Database>> = LazyLock::new(|| {
    let mut fonts = fontdb::Database::new();
    fonts.load_font_data(dejavu::sans::regular().to_vec());
    fonts.load_font_data(dejavu::sans::bold().to_vec());
    fonts.set_sans_serif_family("DejaVu Sans");
    Arc::new(fonts)
});

fn parse(svg: &str) -> Result<usvg::Tree, PosterError> {
    let options = usvg::Options {
        fontdb: FONTS.clone(),
        ..usvg::Options::default()
    };
    Ok(usvg::Tree::from_str(svg, &options)?)
}

fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, PosterError> {
    pixmap
        .encode_png()
        .map_err(|error| PosterError::Png(error.to_string()))
}

/// The link-preview card of `svg` as PNG bytes (CPU-heavy: run it off the async threads).
pub fn preview_png(svg: &str) -> Result<Vec<u8>, PosterError> {
    let tree = parse(svg)?;
    let size = tree.size();
    let scale = CARD_HEIGHT as f32 / size.height();
    let width = (size.width() * scale).round() as u32;
    let mut poster = Pixmap::new(width.min(CARD_WIDTH), CARD_HEIGHT).ok_or(PosterError::Empty)?;
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut poster.as_mut(),
    );
    let mut card = Pixmap::new(CARD_WIDTH, CARD_HEIGHT).ok_or(PosterError::Empty)?;
    card.fill(darkest_corner(&poster));
    let left = (CARD_WIDTH - poster.width()) / 2;
    card.draw_pixmap(
        left as i32,
        0,
        poster.as_ref(),
        &PixmapPaint::default(),
        Transform::identity(),
        None,
    );
    encode(&card)
}

/// What the site's card shows.
pub struct SiteCard<'a> {
    pub name: &'a str,
    pub tagline: &'a str,
    /// The theme's header background and primary colours (`#RGB` or `#RRGGBB`; anything
    /// else gives the defaults).
    pub background: &'a str,
    pub accent: &'a str,
}

/// The site's card as PNG bytes: its name large, its tagline below, on its header
/// colour with a band of its primary colour (CPU-heavy: run it off the async threads).
pub fn site_card_png(card: &SiteCard<'_>) -> Result<Vec<u8>, PosterError> {
    let background = hex_colour(card.background).unwrap_or("#111114");
    let accent = hex_colour(card.accent).unwrap_or("#C8102E");
    let text = if is_dark(background) {
        "#FFFFFF"
    } else {
        "#111114"
    };
    let name = crate::html::escape(card.name);
    let tagline = crate::html::escape(card.tagline);
    // Sizes that keep a line within the card: DejaVu Sans Bold runs about 0.62 em a
    // character, the regular face about 0.52 em.
    let fit = |chars: usize, em: f32, largest: f32, smallest: f32| {
        (1080.0 / (em * chars.max(1) as f32)).clamp(smallest, largest)
    };
    let name_size = fit(card.name.chars().count(), 0.62, 96.0, 36.0);
    let tagline_size = fit(card.tagline.chars().count(), 0.52, 40.0, 20.0);
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}" font-family="sans-serif"><rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" fill="{background}"/><rect y="{band_top}" width="{CARD_WIDTH}" height="30" fill="{accent}"/><text x="600" y="300" text-anchor="middle" font-size="{name_size}" font-weight="700" fill="{text}">{name}</text><text x="600" y="380" text-anchor="middle" font-size="{tagline_size}" fill="{text}">{tagline}</text></svg>"#,
        band_top = CARD_HEIGHT - 30,
    );
    let tree = parse(&svg)?;
    let mut pixmap = Pixmap::new(CARD_WIDTH, CARD_HEIGHT).ok_or(PosterError::Empty)?;
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    encode(&pixmap)
}

/// `value` when it is a CSS hex colour of 3 or 6 digits.
fn hex_colour(value: &str) -> Option<&str> {
    let digits = value.strip_prefix('#')?;
    (matches!(digits.len(), 3 | 6) && digits.chars().all(|c| c.is_ascii_hexdigit()))
        .then_some(value)
}

/// Whether white text reads better than black on `colour` (a checked hex colour).
fn is_dark(colour: &str) -> bool {
    let digits = &colour[1..];
    let channel = |index: usize| {
        let value = if digits.len() == 3 {
            let digit = &digits[index..=index];
            u8::from_str_radix(&digit.repeat(2), 16)
        } else {
            u8::from_str_radix(&digits[index * 2..index * 2 + 2], 16)
        };
        f32::from(value.unwrap_or(0)) / 255.0
    };
    let luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
    luminance < 0.5
}

/// The darker of the poster's two bottom corners, opaque: the card's background.
fn darkest_corner(poster: &Pixmap) -> Color {
    let bottom = poster.height() - 1;
    let corners = [
        poster.pixel(0, bottom),
        poster.pixel(poster.width() - 1, bottom),
    ];
    corners
        .into_iter()
        .flatten()
        .map(|pixel| pixel.demultiply())
        .min_by_key(|pixel| {
            u16::from(pixel.red()) + u16::from(pixel.green()) + u16::from(pixel.blue())
        })
        .map_or(Color::BLACK, |pixel| {
            Color::from_rgba8(pixel.red(), pixel.green(), pixel.blue(), 255)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const POSTER: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" width="400" height="600" font-family="Helvetica, Arial, sans-serif"><rect width="400" height="600" fill="#203040"/><text x="200" y="300" text-anchor="middle" font-size="38" font-weight="700" fill="#FFFFFF">VELOCITY</text></svg>"##;

    #[test]
    fn only_generated_posters_have_a_preview_path() {
        assert_eq!(generated_id("/posters/1004.svg"), Some("1004"));
        assert_eq!(
            preview_path("/posters/1004.svg").as_deref(),
            Some("/posters/1004.png")
        );
        for other in [
            "https://cdn.example/posters/1004.svg",
            "/posters/1004.jpg",
            "/posters/.svg",
            "/posters/a/b.svg",
            "",
        ] {
            assert_eq!(preview_path(other), None, "{other}");
        }
    }

    #[test]
    fn a_preview_is_a_1200_by_630_png_with_the_poster_and_its_title_drawn() {
        let png = preview_png(POSTER).expect("a preview");
        let card = Pixmap::decode_png(&png).expect("a PNG");
        assert_eq!((card.width(), card.height()), (CARD_WIDTH, CARD_HEIGHT));
        // The poster (420 wide) sits in the middle; the margins take its colour.
        let pixel = |x, y| card.pixel(x, y).expect("inside the card");
        let background = pixel(10, 10);
        assert_eq!(
            (background.red(), background.green(), background.blue()),
            (0x20, 0x30, 0x40)
        );
        // The title's white glyphs: some pixels on the title's line are near white.
        let title_row = (CARD_HEIGHT as f32 * 290.0 / 600.0) as u32;
        let white = (CARD_WIDTH / 2 - 150..CARD_WIDTH / 2 + 150)
            .filter(|&x| pixel(x, title_row).red() > 200)
            .count();
        assert!(white > 10, "the title is drawn ({white} white pixels)");
    }

    #[test]
    fn the_site_card_draws_the_name_on_the_header_colour_with_a_band_of_the_primary() {
        let png = site_card_png(&SiteCard {
            name: "Marquee <Cinemas> & Co",
            tagline: "Movies, showtimes and tickets at your local theater.",
            background: "#203040",
            accent: "#C8102E",
        })
        .expect("a card");
        let card = Pixmap::decode_png(&png).expect("a PNG");
        assert_eq!((card.width(), card.height()), (CARD_WIDTH, CARD_HEIGHT));
        let pixel = |x, y| card.pixel(x, y).expect("inside the card");
        let corner = pixel(10, 10);
        assert_eq!(
            (corner.red(), corner.green(), corner.blue()),
            (0x20, 0x30, 0x40)
        );
        let band = pixel(10, CARD_HEIGHT - 10);
        assert_eq!((band.red(), band.green(), band.blue()), (0xC8, 0x10, 0x2E));
        // White text on the dark header colour, across the name's line.
        let white = (0..CARD_WIDTH)
            .filter(|&x| pixel(x, 275).red() > 200 && pixel(x, 275).blue() > 200)
            .count();
        assert!(white > 50, "the name is drawn ({white} white pixels)");
    }

    #[test]
    fn the_site_card_takes_dark_text_on_a_light_colour_and_defaults_for_bad_colours() {
        assert!(is_dark("#111114") && is_dark("#203040") && is_dark("#00f"));
        assert!(!is_dark("#FFFFFF") && !is_dark("#ff0"));
        for bad in ["red", "#12345", "#GGGGGG", "", "url(x)", "#123\"/><script>"] {
            assert_eq!(hex_colour(bad), None, "{bad}");
        }
        let png = site_card_png(&SiteCard {
            name: "Cinema",
            tagline: "",
            background: "\"/><script>",
            accent: "nonsense",
        })
        .expect("a card with the default colours");
        let card = Pixmap::decode_png(&png).expect("a PNG");
        let corner = card.pixel(10, 10).expect("inside");
        assert_eq!(
            (corner.red(), corner.green(), corner.blue()),
            (0x11, 0x11, 0x14)
        );
    }

    #[test]
    fn a_broken_svg_is_an_error_not_a_blank_image() {
        assert!(matches!(preview_png("<svg"), Err(PosterError::Svg(_))));
    }
}
