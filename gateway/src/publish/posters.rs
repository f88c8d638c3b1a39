//! The generated posters (svc-catalogue draws them as SVG) published with the pages, and
//! each one rasterised for link previews: social networks and chat apps show no SVG. The
//! preview is a 1200 x 630 card (the size Open Graph and X recommend) with the poster in
//! its middle on the poster's own darkest colour.

use std::sync::{Arc, LazyLock};

use resvg::tiny_skia::{Color, Pixmap, PixmapPaint, Transform};
use resvg::usvg::{self, fontdb};

pub const CARD_WIDTH: u32 = 1200;
pub const CARD_HEIGHT: u32 = 630;

/// Where svc-catalogue's generated posters live: `/posters/{id}.svg`.
const PREFIX: &str = "/posters/";
const SVG: &str = ".svg";
const PNG: &str = ".png";

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

/// The link-preview card of `svg` as PNG bytes (CPU-heavy: run it off the async threads).
pub fn preview_png(svg: &str) -> Result<Vec<u8>, PosterError> {
    let options = usvg::Options {
        fontdb: FONTS.clone(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)?;
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
    card.encode_png()
        .map_err(|error| PosterError::Png(error.to_string()))
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
    fn a_broken_svg_is_an_error_not_a_blank_image() {
        assert!(matches!(preview_png("<svg"), Err(PosterError::Svg(_))));
    }
}
