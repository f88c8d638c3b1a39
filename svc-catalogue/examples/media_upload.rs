//! The media library's upload, timed (bench/README.md, "Media uploads"): a 24-megapixel
//! JPEG like a camera's (6000 x 4000, gradients and sensor noise) made into every width as
//! JPEG and WebP (`media_uploads`) and kept in a SQLite store holding the demo chain
//! (`Store::put_media`), as svc-catalogue does for the studio's upload; three times, each
//! run's figures and the median. In a release build:
//!
//!   cargo run --release -p svc-catalogue --example media_upload

use std::path::Path;
use std::time::{Duration, Instant};

use image::codecs::jpeg::JpegEncoder;
use image::{ExtendedColorType, ImageEncoder};
use svc_catalogue::media_uploads::MediaWorkers;
use svc_catalogue::store::Store;
use svc_catalogue::store::media::{MediaLimits, MediaUpload};
use svc_catalogue::version::Clock;

const WIDTH: u32 = 6000;
const HEIGHT: u32 = 4000;
const RUNS: usize = 3;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let photo = photo()?;
    println!(
        "upload: {WIDTH} x {HEIGHT} JPEG, {:.1} MB",
        photo.len() as f64 / 1e6
    );
    let data = std::env::temp_dir().join(format!("media-bench-{}", std::process::id()));
    std::fs::create_dir_all(&data)?;
    let url = format!("sqlite://{}/catalogue.db?mode=rwc", data.display());
    let store = Store::connect(&url, 4).await?;
    svc_catalogue::import::import(&store, "demo", Path::new("site/demo"), Clock::default()).await?;
    let workers = MediaWorkers::default();
    let mut totals = Vec::new();
    for run in 1..=RUNS {
        let began = Instant::now();
        let image = workers
            .process(photo.clone(), "image/jpeg".to_owned())
            .await?;
        let processed = began.elapsed();
        let upload = MediaUpload {
            alt: "A camera's photo",
            file_name: "photo.jpg",
            image: &image,
            by: "bench",
        };
        let item = store
            .put_media("demo", None, upload, MediaLimits::default())
            .await?;
        let total = began.elapsed();
        let bytes: u64 = item.files.iter().map(|file| file.bytes).sum();
        println!(
            "run {run}: {} files, {:.1} MB, processed {} ms, stored {} ms, total {} ms",
            item.files.len(),
            bytes as f64 / 1e6,
            processed.as_millis(),
            (total - processed).as_millis(),
            total.as_millis()
        );
        totals.push(total);
    }
    totals.sort();
    let median: Duration = totals[RUNS / 2];
    println!("median: {} ms (target 3000)", median.as_millis());
    std::fs::remove_dir_all(&data)?;
    Ok(())
}

/// A photo-like image as a camera's JPEG: smooth light across the frame and noise, so it
/// compresses as a photo does (a flat image would be far smaller and faster to decode).
fn photo() -> Result<Vec<u8>, image::ImageError> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut pixels = Vec::with_capacity((WIDTH * HEIGHT * 3) as usize);
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let noise = (state % 17) as i32 - 8;
            let light = [
                (x * 200 / WIDTH) as i32 + 30,
                (y * 180 / HEIGHT) as i32 + 40,
                ((x + y) * 120 / (WIDTH + HEIGHT)) as i32 + 70,
            ];
            pixels.extend(light.map(|channel| (channel + noise).clamp(0, 255) as u8));
        }
    }
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, 88).write_image(
        &pixels,
        WIDTH,
        HEIGHT,
        ExtendedColorType::Rgb8,
    )?;
    Ok(jpeg)
}
