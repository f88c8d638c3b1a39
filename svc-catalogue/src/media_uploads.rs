//! An upload to a site's media library made into the files the site serves
//! (docs/studio.md#media): the bytes must be the JPEG, PNG or WebP image they say they are;
//! its declared size is checked before anything is decoded (a small file declaring a huge
//! image is refused unread), the decoder's memory is bounded, the image is turned as its
//! camera said and re-encoded at each width of [`media::widths`] as JPEG and WebP. Nothing
//! of the upload but its pixels is kept: no EXIF, no location, no colour profile.
//!
//! The work runs on tokio's blocking threads, [`UPLOADS_AT_ONCE`] at a time, so an upload
//! never holds up the service's other calls.

use std::io::Cursor;
use std::sync::Arc;

use fast_image_resize::images::{Image, ImageRef};
use fast_image_resize::{FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer};
use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ExtendedColorType, ImageDecoder, ImageFormat, ImageReader, Limits};
use tokio::sync::Semaphore;

use crate::domain::media::{self, MediaFormat};

/// Uploads worked on at once in one process: each may hold a 40-megapixel image (160 MB
/// in RGBA, and its JPEG laid on white), so one at a time; the others wait their turn.
pub const UPLOADS_AT_ONCE: usize = 1;
/// The memory a decoder may take: a 40-megapixel image in RGBA, and room to spare.
const DECODER_MEMORY: u64 = 256 * 1024 * 1024;
/// The longest side taken: WebP's own limit (40 megapixels in a strip are still refused).
const MAX_SIDE: u32 = 16_383;
const JPEG_QUALITY: u8 = 82;
const WEBP_QUALITY: f32 = 80.0;

/// Why an upload was refused, for the staff member who sent it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("file: {0}")]
pub struct Refused(String);

/// An upload as the library keeps it.
#[derive(Debug, Clone)]
pub struct ProcessedImage {
    /// The largest file's size.
    pub width: u32,
    pub height: u32,
    pub files: Vec<ProcessedFile>,
}

#[derive(Debug, Clone)]
pub struct ProcessedFile {
    pub width: u32,
    pub format: MediaFormat,
    pub body: Vec<u8>,
}

/// The blocking threads uploads are worked on, bounded.
#[derive(Debug, Clone)]
pub struct MediaWorkers(Arc<Semaphore>);

impl Default for MediaWorkers {
    fn default() -> MediaWorkers {
        MediaWorkers(Arc::new(Semaphore::new(UPLOADS_AT_ONCE)))
    }
}

impl MediaWorkers {
    /// `body`, sent as `declared` (its content type), made into the library's files.
    pub async fn process(
        &self,
        body: Vec<u8>,
        declared: String,
    ) -> Result<ProcessedImage, Refused> {
        // The permit goes with the work: a caller that gives up does not free the turn of
        // a decoding still running.
        let permit = self
            .0
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| Refused("the service is stopping: send it again".to_owned()))?;
        tokio::task::spawn_blocking(move || {
            let processed = process(&body, &declared);
            drop(permit);
            processed
        })
        .await
        .map_err(|_| Refused("the image could not be worked on: send it again".to_owned()))?
    }
}

/// `body`, sent as `declared`, made into the library's files.
pub fn process(body: &[u8], declared: &str) -> Result<ProcessedImage, Refused> {
    if body.len() > media::MAX_BYTES {
        return Err(Refused(format!(
            "{} MB is over the limit of {} MB",
            body.len().div_ceil(1024 * 1024),
            media::MAX_BYTES / (1024 * 1024)
        )));
    }
    let format = format_of(body)?;
    let declared = declared.trim().to_ascii_lowercase();
    if !declared.is_empty()
        && declared != "application/octet-stream"
        && declared != format.to_mime_type()
    {
        return Err(Refused(format!(
            "it says it is {declared} but it is a {} image",
            name_of(format)
        )));
    }
    let image = decode(body, format)?;
    let (width, height) = media::kept_size(image.width(), image.height());
    let pixels = Pixels::of(image);
    let mut files = Vec::new();
    let mut resizer = Resizer::new();
    for file_width in media::widths(width) {
        let file_height = media::height_at(file_width, width, height);
        let resized;
        let at_width = if (file_width, file_height) == (pixels.width, pixels.height) {
            &pixels
        } else {
            resized = pixels.resized(&mut resizer, file_width, file_height)?;
            &resized
        };
        for format in MediaFormat::ALL {
            files.push(ProcessedFile {
                width: file_width,
                format,
                body: at_width.encoded(format)?,
            });
        }
    }
    Ok(ProcessedImage {
        width,
        height,
        files,
    })
}

/// The image format of `body` by its bytes: JPEG, PNG or WebP, nothing else.
fn format_of(body: &[u8]) -> Result<ImageFormat, Refused> {
    let text_start = body
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|b| *b == b'<');
    if text_start || body.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Err(Refused(
            "an SVG or other text is not taken: send a JPEG, PNG or WebP image".to_owned(),
        ));
    }
    match image::guess_format(body) {
        Ok(format @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP)) => Ok(format),
        Ok(other) => Err(Refused(format!(
            "{} images are not taken: send a JPEG, PNG or WebP image",
            other
                .extensions_str()
                .first()
                .copied()
                .unwrap_or("these")
                .to_uppercase()
        ))),
        Err(_) => Err(Refused(
            "not an image: send a JPEG, PNG or WebP image".to_owned(),
        )),
    }
}

fn name_of(format: ImageFormat) -> &'static str {
    match format {
        ImageFormat::Png => "PNG",
        ImageFormat::WebP => "WebP",
        _ => "JPEG",
    }
}

/// Decodes `body`, its declared size checked first, turned upright.
fn decode(body: &[u8], format: ImageFormat) -> Result<DynamicImage, Refused> {
    let unreadable = |error: image::ImageError| {
        Refused(format!("not a readable {} image: {error}", name_of(format)))
    };
    let mut reader = ImageReader::with_format(Cursor::new(body), format);
    // The size is checked below, from the header, before any pixel is decoded; the
    // decoder's memory is bounded besides.
    let mut limits = Limits::default();
    limits.max_alloc = Some(DECODER_MEMORY);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|error| match error {
        image::ImageError::Limits(_) => too_large(None),
        other => unreadable(other),
    })?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(Refused("the image has no pixels".to_owned()));
    }
    if u64::from(width) * u64::from(height) > media::MAX_PIXELS || width.max(height) > MAX_SIDE {
        return Err(too_large(Some((width, height))));
    }
    let orientation = decoder.orientation().map_err(unreadable)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(|error| match error {
        image::ImageError::Limits(_) => too_large(Some((width, height))),
        other => unreadable(other),
    })?;
    image.apply_orientation(orientation);
    Ok(image)
}

fn too_large(size: Option<(u32, u32)>) -> Refused {
    let limit = format!(
        "the limit is {} megapixels, {MAX_SIDE} pixels a side",
        media::MAX_PIXELS / 1_000_000
    );
    Refused(match size {
        Some((width, height)) => format!("a {width} x {height} image is too large: {limit}"),
        None => format!("the image is too large: {limit}"),
    })
}

/// An image's pixels, in RGB or, when it has transparency, RGBA.
struct Pixels {
    width: u32,
    height: u32,
    pixel_type: PixelType,
    buffer: Vec<u8>,
}

impl Pixels {
    fn of(image: DynamicImage) -> Pixels {
        let (width, height) = (image.width(), image.height());
        if image.color().has_alpha() {
            Pixels {
                width,
                height,
                pixel_type: PixelType::U8x4,
                buffer: image.into_rgba8().into_raw(),
            }
        } else {
            Pixels {
                width,
                height,
                pixel_type: PixelType::U8x3,
                buffer: image.into_rgb8().into_raw(),
            }
        }
    }

    fn resized(&self, resizer: &mut Resizer, width: u32, height: u32) -> Result<Pixels, Refused> {
        let failed = |error: &dyn std::fmt::Display| {
            Refused(format!("the image could not be resized: {error}"))
        };
        let source = ImageRef::new(self.width, self.height, &self.buffer, self.pixel_type)
            .map_err(|error| failed(&error))?;
        let mut target = Image::new(width, height, self.pixel_type);
        let options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3));
        resizer
            .resize(&source, &mut target, &options)
            .map_err(|error| failed(&error))?;
        Ok(Pixels {
            width,
            height,
            pixel_type: self.pixel_type,
            buffer: target.into_vec(),
        })
    }

    fn encoded(&self, format: MediaFormat) -> Result<Vec<u8>, Refused> {
        let failed = |what: &str| Refused(format!("the image could not be encoded as {what}"));
        let alpha = self.pixel_type == PixelType::U8x4;
        match format {
            MediaFormat::WebP => {
                let encoder = if alpha {
                    webp::Encoder::from_rgba(&self.buffer, self.width, self.height)
                } else {
                    webp::Encoder::from_rgb(&self.buffer, self.width, self.height)
                };
                let encoded = encoder
                    .encode_simple(false, WEBP_QUALITY)
                    .map_err(|_| failed("WebP"))?;
                Ok(encoded.to_vec())
            }
            MediaFormat::Jpeg => {
                let on_white_pixels;
                let rgb = if alpha {
                    on_white_pixels = on_white(&self.buffer);
                    &on_white_pixels
                } else {
                    &self.buffer
                };
                let mut body = Vec::new();
                JpegEncoder::new_with_quality(&mut body, JPEG_QUALITY)
                    .encode(rgb, self.width, self.height, ExtendedColorType::Rgb8)
                    .map_err(|_| failed("JPEG"))?;
                Ok(body)
            }
        }
    }
}

/// RGBA pixels laid on white, as RGB: JPEG has no transparency.
fn on_white(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .flat_map(|pixel| {
            let alpha = u16::from(pixel[3]);
            let over = |channel: u8| {
                let blended = (u16::from(channel) * alpha + 255 * (255 - alpha)) / 255;
                u8::try_from(blended).unwrap_or(u8::MAX)
            };
            [over(pixel[0]), over(pixel[1]), over(pixel[2])]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageEncoder, RgbImage, RgbaImage};

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let image = RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 128])
        });
        let mut body = Vec::new();
        JpegEncoder::new_with_quality(&mut body, 90)
            .write_image(image.as_raw(), width, height, ExtendedColorType::Rgb8)
            .expect("encoded");
        body
    }

    fn png_with_alpha(width: u32, height: u32) -> Vec<u8> {
        let image = RgbaImage::from_pixel(width, height, image::Rgba([0, 0, 0, 0]));
        let mut body = Vec::new();
        image::codecs::png::PngEncoder::new(&mut body)
            .write_image(image.as_raw(), width, height, ExtendedColorType::Rgba8)
            .expect("encoded");
        body
    }

    /// A PNG of a few dozen bytes whose header declares `width` x `height`: its image
    /// data is an empty stream, as a bomb's would be a small one.
    fn png_declaring(width: u32, height: u32) -> Vec<u8> {
        let mut header = width.to_be_bytes().to_vec();
        header.extend(height.to_be_bytes());
        header.extend([8, 2, 0, 0, 0]);
        let mut body = b"\x89PNG\r\n\x1a\n".to_vec();
        for (kind, data) in [
            (b"IHDR", header),
            (
                b"IDAT",
                vec![0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
            ),
            (b"IEND", Vec::new()),
        ] {
            let mut chunk = kind.to_vec();
            chunk.extend(&data);
            body.extend(u32::try_from(data.len()).expect("short").to_be_bytes());
            body.extend(&chunk);
            body.extend(crc32(&chunk).to_be_bytes());
        }
        body
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for byte in bytes {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn a_wide_jpeg_is_kept_at_each_width_in_jpeg_and_webp() {
        let processed = process(&jpeg(3000, 2000), "image/jpeg").expect("processed");
        assert_eq!((processed.width, processed.height), (2400, 1600));
        let kept: Vec<(u32, MediaFormat)> = processed
            .files
            .iter()
            .map(|file| (file.width, file.format))
            .collect();
        assert_eq!(kept.len(), 8);
        for file in &processed.files {
            let decoded = image::load_from_memory(&file.body).expect("readable");
            assert_eq!(decoded.width(), file.width);
            let expected = match file.format {
                MediaFormat::Jpeg => ImageFormat::Jpeg,
                MediaFormat::WebP => ImageFormat::WebP,
            };
            assert_eq!(image::guess_format(&file.body).expect("format"), expected);
        }
    }

    #[test]
    fn a_transparent_png_keeps_its_own_width_and_its_jpeg_is_laid_on_white() {
        let processed = process(&png_with_alpha(300, 200), "image/png").expect("processed");
        assert_eq!((processed.width, processed.height), (300, 200));
        let jpeg = processed
            .files
            .iter()
            .find(|file| file.format == MediaFormat::Jpeg)
            .expect("a JPEG");
        let pixel = image::load_from_memory(&jpeg.body)
            .expect("readable")
            .to_rgb8();
        assert!(
            pixel
                .get_pixel(10, 10)
                .0
                .iter()
                .all(|channel| *channel > 240)
        );
    }

    #[test]
    fn a_small_file_declaring_a_huge_image_is_refused_unread() {
        let bomb = png_declaring(100_000, 100_000);
        assert!(bomb.len() < 100);
        let refused = process(&bomb, "image/png").expect_err("a bomb");
        assert!(refused.to_string().contains("too large"), "{refused}");
        let strip = process(&png_declaring(16_000, 2_600), "image/png").expect_err("over 40 MP");
        assert!(strip.to_string().contains("16000 x 2600"), "{strip}");
        let tall =
            process(&png_declaring(1_000, 20_000), "image/png").expect_err("past WebP's side");
        assert!(tall.to_string().contains("1000 x 20000"), "{tall}");
    }

    #[test]
    fn an_svg_text_or_another_format_is_refused_naming_what_is_taken() {
        let svg = process(
            b"<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "image/svg+xml",
        )
        .expect_err("an SVG");
        assert!(svg.to_string().contains("SVG"), "{svg}");
        let text = process(b"hello, world", "image/jpeg").expect_err("no image");
        assert!(text.to_string().contains("not an image"), "{text}");
        let gif = process(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "image/gif").expect_err("a GIF");
        assert!(
            gif.to_string().contains("GIF images are not taken"),
            "{gif}"
        );
    }

    #[test]
    fn a_file_that_is_not_the_image_it_says_or_is_cut_short_is_refused() {
        let body = jpeg(40, 30);
        let said = process(&body, "image/png").expect_err("mislabelled");
        assert!(
            said.to_string()
                .contains("says it is image/png but it is a JPEG"),
            "{said}"
        );
        let cut = process(&body[..body.len() / 3], "image/jpeg").expect_err("cut short");
        assert!(cut.to_string().contains("not a readable JPEG"), "{cut}");
        assert!(process(&vec![0; media::MAX_BYTES + 1], "image/jpeg").is_err());
    }
}
