//! The vocabulary of a showtime (docs/ingest.md#showtime-attributes): what a moviegoer
//! chooses by, as the codes the bundle, the API and the pages share.

use serde::{Deserialize, Serialize};

/// What a showing offers, as a code of one vocabulary.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "kebab-case")]
#[schema(as = ShowtimeAttribute)]
pub enum Attribute {
    OpenCaptions,
    ClosedCaptions,
    AudioDescription,
    SensoryFriendly,
    Wheelchair,
    Subtitled,
    Dubbed,
    OriginalLanguage,
    #[serde(rename = "3d")]
    ThreeD,
    Imax,
    DolbyAtmos,
    Premium,
}

impl Attribute {
    pub const ALL: [Self; 12] = [
        Self::OpenCaptions,
        Self::ClosedCaptions,
        Self::AudioDescription,
        Self::SensoryFriendly,
        Self::Wheelchair,
        Self::Subtitled,
        Self::Dubbed,
        Self::OriginalLanguage,
        Self::ThreeD,
        Self::Imax,
        Self::DolbyAtmos,
        Self::Premium,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            Self::OpenCaptions => "open-captions",
            Self::ClosedCaptions => "closed-captions",
            Self::AudioDescription => "audio-description",
            Self::SensoryFriendly => "sensory-friendly",
            Self::Wheelchair => "wheelchair",
            Self::Subtitled => "subtitled",
            Self::Dubbed => "dubbed",
            Self::OriginalLanguage => "original-language",
            Self::ThreeD => "3d",
            Self::Imax => "imax",
            Self::DolbyAtmos => "dolby-atmos",
            Self::Premium => "premium",
        }
    }

    /// The attribute a code names, if any.
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|attribute| attribute.code() == code)
    }

    /// Every code, for messages naming what is allowed.
    pub fn codes() -> String {
        Self::ALL.map(Self::code).join(", ")
    }

    /// The attributes a presentation format implies: "IMAX 3D" is both, "Standard" none.
    pub fn of_format(format: &str) -> Vec<Self> {
        let format = format.to_ascii_lowercase();
        let words: Vec<&str> = format.split([' ', '+', '/']).collect();
        let mut implied = Vec::new();
        if words.contains(&"imax") {
            implied.push(Self::Imax);
        }
        if words.contains(&"3d") {
            implied.push(Self::ThreeD);
        }
        if format.contains("dolby atmos") {
            implied.push(Self::DolbyAtmos);
        }
        implied
    }
}

/// Whether seats can still be had.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
#[schema(as = ShowtimeAvailability)]
pub enum Availability {
    #[default]
    Available,
    SellingFast,
    SoldOut,
}

impl Availability {
    pub const fn code(self) -> &'static str {
        match self {
            Self::Available => "available",
            Self::SellingFast => "selling-fast",
            Self::SoldOut => "sold-out",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_serde_names_agree() {
        for attribute in Attribute::ALL {
            let json = serde_json::to_string(&attribute).expect("serialises");
            assert_eq!(json, format!("\"{}\"", attribute.code()));
            assert_eq!(Attribute::from_code(attribute.code()), Some(attribute));
        }
        assert_eq!(Attribute::from_code("4dx"), None);
        assert_eq!(
            serde_json::to_string(&Availability::SellingFast).expect("serialises"),
            "\"selling-fast\""
        );
    }

    #[test]
    fn formats_imply_their_attributes() {
        assert_eq!(Attribute::of_format("IMAX"), [Attribute::Imax]);
        assert_eq!(Attribute::of_format("3D"), [Attribute::ThreeD]);
        assert_eq!(
            Attribute::of_format("IMAX 3D"),
            [Attribute::Imax, Attribute::ThreeD]
        );
        assert_eq!(Attribute::of_format("Dolby Atmos"), [Attribute::DolbyAtmos]);
        assert!(Attribute::of_format("Standard").is_empty());
        assert!(Attribute::of_format("Real3D").is_empty());
    }
}
