//! Compiles every `.proto` file under `proto/` with protox (pure Rust, no system
//! protoc) and writes the encoded descriptor set for gRPC server reflection.

use std::path::{Path, PathBuf};

use prost::Message;

fn proto_files(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            proto_files(&path, found)?;
        } else if path.extension().is_some_and(|ext| ext == "proto") {
            found.push(path);
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut files = Vec::new();
    proto_files(Path::new("proto"), &mut files)?;
    files.sort();
    println!("cargo:rerun-if-changed=proto");

    let fds = protox::compile(&files, ["proto"])?;
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(out_dir.join("descriptor.bin"), fds.encode_to_vec())?;

    // Messages serialise to the JSON the browser reads (camelCase, every field present),
    // and describe that JSON in the gateway's OpenAPI document.
    tonic_prost_build::configure()
        // Maps in key order: the JSON made of a message is the same bytes every time (the
        // published files' ETags, and what publishing compares, depend on it).
        .btree_map(".")
        .message_attribute(
            ".",
            "#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)] #[serde(rename_all = \"camelCase\", default)]",
        )
        // The showtime vocabulary is an enum in the document, though a string on the wire.
        .field_attribute(
            ".catalogue.v1.Showtime.attributes",
            "#[schema(value_type = Vec<crate::showtime::Attribute>)]",
        )
        .field_attribute(
            ".catalogue.v1.Showtime.availability",
            "#[schema(value_type = crate::showtime::Availability)]",
        )
        .field_attribute(
            ".catalogue.v1.ShowtimeRecord.attributes",
            "#[schema(value_type = Vec<crate::showtime::Attribute>)]",
        )
        // Strings that take one of a closed set of words (`vocabulary`).
        .field_attribute(
            ".catalogue.v1.Movie.play_week",
            "#[schema(value_type = crate::vocabulary::PlayWeek)]",
        )
        .field_attribute(
            ".catalogue.v1.SiteConfig.trailing_slash",
            "#[schema(value_type = crate::vocabulary::TrailingSlash)]",
        )
        .field_attribute(
            ".catalogue.v1.Roundness",
            "#[schema(value_type = crate::vocabulary::CornerRoundness)]",
        )
        .field_attribute(
            ".catalogue.v1.SearchHit.kind",
            "#[schema(value_type = crate::vocabulary::SearchHitKind, required = true)]",
        )
        .field_attribute(
            ".consent.v1.EvaluateResponse.state",
            "#[schema(value_type = crate::vocabulary::ConsentState, required = true)]",
        )
        .field_attribute(
            ".consent.v1.EvaluateResponse.trackers_enabled",
            "#[schema(required = true)]",
        )
        // Every answer names what it is about.
        .field_attribute(".catalogue.v1.Movie.id", "#[schema(required = true)]")
        .field_attribute(".catalogue.v1.Theater.id", "#[schema(required = true)]")
        .field_attribute(".catalogue.v1.Showtime.id", "#[schema(required = true)]")
        .field_attribute(".catalogue.v1.Event.id", "#[schema(required = true)]")
        .field_attribute(".catalogue.v1.Page.id", "#[schema(required = true)]")
        .field_attribute(".catalogue.v1.SearchHit.id", "#[schema(required = true)]")
        .field_attribute(".catalogue.v1.SearchHit.title", "#[schema(required = true)]")
        .field_attribute(".catalogue.v1.SearchHit.path", "#[schema(required = true)]")
        // JSON objects carried as protobuf Structs (see `json`) stay out of the messages'
        // own JSON: no answer of the API carries them.
        .field_attribute(
            ".catalogue.v1.Site.loyalty_settings",
            "#[serde(skip)] #[schema(ignore)]",
        )
        .field_attribute(
            ".loyalty.v1.CypherRequest.payload",
            "#[serde(skip)] #[schema(ignore)]",
        )
        // A body's lists are bounded while they are read (`limits`).
        .field_attribute(
            ".catalogue.v1.UpdateAvailabilityRequest.updates",
            "#[serde(deserialize_with = \"crate::limits::at_most::<{ crate::limits::MAX_AVAILABILITY_UPDATES }, _, _>\")] #[schema(max_items = 10000)]",
        )
        // Only a theater listed near a point has a distance.
        .field_attribute(
            ".catalogue.v1.Theater.distance_km",
            "#[serde(skip_serializing_if = \"Option::is_none\")]",
        )
        .compile_fds(fds)?;
    Ok(())
}
