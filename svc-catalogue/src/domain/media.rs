//! A site's media library (docs/studio.md#media): images staff uploaded, each kept at
//! several widths as JPEG and WebP and served from the site's host. A page, an event or
//! the site's logo names an image by the path of its largest JPEG (`/media/{id}.jpg`);
//! the narrower files are `/media/{id}-{width}.jpg` and `.webp` beside it, so a page
//! renders a `srcset` from the widths alone.

/// The widths kept below an image's own, in pixels: a phone, a column, a wide screen.
pub const WIDTHS: [u32; 3] = [480, 960, 1600];
/// The widest file kept: an image wider than this is kept at this width.
pub const LARGEST_WIDTH: u32 = 2400;

/// The largest upload taken, in bytes.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;
/// The most pixels an upload may declare (width times height), checked before decoding.
pub const MAX_PIXELS: u64 = 40_000_000;

/// Where media files are served.
const PREFIX: &str = "/media/";

/// The longest alt text and file name kept.
pub const MAX_ALT: usize = 500;
const MAX_FILE_NAME: usize = 200;

/// One image of the library, without its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaItem {
    pub id: String,
    /// What the image shows, for those who cannot see it.
    pub alt: String,
    /// The name of the file uploaded, for staff to find it again.
    pub file_name: String,
    /// The largest file's size: the upload's own, or [`LARGEST_WIDTH`] wide.
    pub width: u32,
    pub height: u32,
    /// Unix seconds.
    pub uploaded_at: i64,
    pub uploaded_by: String,
    pub files: Vec<MediaFile>,
}

/// One file of an image: one width in one format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaFile {
    pub path: String,
    pub width: u32,
    pub content_type: &'static str,
    /// Hex SHA-256 of the bytes.
    pub digest: String,
    pub bytes: u64,
}

/// The two formats every width is kept in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaFormat {
    Jpeg,
    WebP,
}

impl MediaFormat {
    pub const ALL: [MediaFormat; 2] = [MediaFormat::Jpeg, MediaFormat::WebP];

    pub fn content_type(self) -> &'static str {
        match self {
            MediaFormat::Jpeg => "image/jpeg",
            MediaFormat::WebP => "image/webp",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            MediaFormat::Jpeg => "jpg",
            MediaFormat::WebP => "webp",
        }
    }

    pub fn of_content_type(content_type: &str) -> Option<MediaFormat> {
        MediaFormat::ALL
            .into_iter()
            .find(|format| format.content_type() == content_type)
    }
}

/// Whether `id` is a media id: 16 lowercase hex digits (eight random bytes).
pub fn is_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The size an image of `width` x `height` is kept at: its own, or [`LARGEST_WIDTH`] wide
/// with its proportions (at least one pixel high).
pub fn kept_size(width: u32, height: u32) -> (u32, u32) {
    if width <= LARGEST_WIDTH {
        return (width, height);
    }
    let scaled = u64::from(height) * u64::from(LARGEST_WIDTH) / u64::from(width);
    (
        LARGEST_WIDTH,
        u32::try_from(scaled).unwrap_or(u32::MAX).max(1),
    )
}

/// The widths an image kept `largest` wide has files at, narrowest first.
pub fn widths(largest: u32) -> Vec<u32> {
    WIDTHS
        .into_iter()
        .filter(|width| *width < largest)
        .chain([largest])
        .collect()
}

/// The height of the file `width` wide of an image kept at `largest` x `height`.
pub fn height_at(width: u32, largest: u32, height: u32) -> u32 {
    let scaled = u64::from(height) * u64::from(width) / u64::from(largest.max(1));
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

/// Where the file of image `id` at `width` in `format` is served; the largest has no width
/// in its name.
pub fn file_path(id: &str, width: u32, largest: u32, format: MediaFormat) -> String {
    let extension = format.extension();
    if width == largest {
        format!("{PREFIX}{id}.{extension}")
    } else {
        format!("{PREFIX}{id}-{width}.{extension}")
    }
}

/// The path pages name image `id` by: its largest JPEG.
pub fn image_path(id: &str) -> String {
    format!("{PREFIX}{id}.jpg")
}

/// The media id a path names (`/media/0123456789abcdef.jpg` -> its id); `None` for any
/// other path.
pub fn id_of_path(path: &str) -> Option<&str> {
    let id = path.strip_prefix(PREFIX)?.strip_suffix(".jpg")?;
    is_id(id).then_some(id)
}

/// `srcset` of image `id` in `format`: each width's file with its width.
pub fn srcset(id: &str, largest: u32, format: MediaFormat) -> String {
    widths(largest)
        .into_iter()
        .map(|width| format!("{} {width}w", file_path(id, width, largest, format)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Alt text as kept: trimmed; refused when empty, too long or holding control characters.
pub fn parse_alt(alt: &str) -> Result<String, String> {
    let alt = alt.trim();
    if alt.is_empty() {
        return Err("alt: say what the image shows, for those who cannot see it".to_owned());
    }
    if alt.chars().count() > MAX_ALT {
        return Err(format!("alt: at most {MAX_ALT} characters"));
    }
    if alt.chars().any(char::is_control) {
        return Err("alt: no control characters or line breaks".to_owned());
    }
    Ok(alt.to_owned())
}

/// An uploaded file's name as kept: its last path segment, without control characters,
/// at most 200 characters.
pub fn file_name(sent: &str) -> String {
    let last = sent.rsplit(['/', '\\']).next().unwrap_or_default();
    last.chars()
        .filter(|c| !c.is_control())
        .take(MAX_FILE_NAME)
        .collect::<String>()
        .trim()
        .to_owned()
}

/// Whether a record's stored JSON names image `id` (in a block, an SEO image, a poster or
/// a logo): any of its files' paths.
pub fn is_named_in(doc: &str, id: &str) -> bool {
    doc.contains(&format!("{PREFIX}{id}.")) || doc.contains(&format!("{PREFIX}{id}-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_sixteen_lowercase_hex_digits() {
        assert!(is_id("000123456789abff"));
        assert!(!is_id("0123456789ABCDEF"));
        assert!(!is_id("0123456789abcde"));
        assert!(!is_id("../../etc/passwd"));
    }

    #[test]
    fn a_wide_image_is_kept_at_the_largest_width_with_its_proportions() {
        assert_eq!(kept_size(6000, 4000), (2400, 1600));
        assert_eq!(kept_size(1200, 800), (1200, 800));
        assert_eq!(kept_size(40_000, 1), (2400, 1));
    }

    #[test]
    fn an_image_has_the_standard_widths_below_its_own_and_its_own() {
        assert_eq!(widths(2400), vec![480, 960, 1600, 2400]);
        assert_eq!(widths(1200), vec![480, 960, 1200]);
        assert_eq!(widths(960), vec![480, 960]);
        assert_eq!(widths(300), vec![300]);
        assert_eq!(height_at(480, 2400, 1600), 320);
    }

    #[test]
    fn files_are_named_by_id_and_width_and_the_largest_jpeg_names_the_image() {
        let id = "0123456789abcdef";
        assert_eq!(
            file_path(id, 2400, 2400, MediaFormat::Jpeg),
            "/media/0123456789abcdef.jpg"
        );
        assert_eq!(
            file_path(id, 480, 2400, MediaFormat::WebP),
            "/media/0123456789abcdef-480.webp"
        );
        assert_eq!(id_of_path(&image_path(id)), Some(id));
        assert_eq!(id_of_path("/media/0123456789abcdef.webp"), None);
        assert_eq!(id_of_path("/posters/images/1.jpg"), None);
        assert_eq!(
            srcset(id, 960, MediaFormat::WebP),
            "/media/0123456789abcdef-480.webp 480w, /media/0123456789abcdef.webp 960w"
        );
    }

    #[test]
    fn alt_text_is_required_trimmed_and_on_one_line() {
        assert_eq!(parse_alt("  The lobby  ").as_deref(), Ok("The lobby"));
        assert!(parse_alt(" ").expect_err("empty").starts_with("alt:"));
        assert!(parse_alt("one\ntwo").is_err());
        assert!(parse_alt(&"a".repeat(MAX_ALT + 1)).is_err());
    }

    #[test]
    fn a_file_name_keeps_its_last_segment_without_control_characters() {
        assert_eq!(file_name("C:\\photos\\lobby.jpg"), "lobby.jpg");
        assert_eq!(file_name("../lobby\u{0}.jpg"), "lobby.jpg");
    }

    #[test]
    fn a_record_names_an_image_by_any_of_its_files() {
        let id = "0123456789abcdef";
        assert!(is_named_in(r#"{"src":"/media/0123456789abcdef.jpg"}"#, id));
        assert!(is_named_in(
            r#"{"logo":"/media/0123456789abcdef-480.webp"}"#,
            id
        ));
        assert!(!is_named_in(r#"{"src":"/media/0123456789abcdee.jpg"}"#, id));
    }
}
