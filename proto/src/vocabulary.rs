//! The closed sets of words some of the API's strings take: a string in the messages and on
//! the wire, an enum in the OpenAPI document (so the browser's types name each word), and
//! here the one list each service checks against.

/// An enum of words, each serialised as its code, with `ALL`, `code` and `from_code`.
macro_rules! words {
    ($(#[$meta:meta])* $name:ident as $schema:ident { $($variant:ident = $code:tt,)+ }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
        )]
        #[schema(as = $schema)]
        pub enum $name {
            $(#[serde(rename = $code)] $variant,)+
        }

        impl $name {
            pub const ALL: &[Self] = &[$(Self::$variant,)+];

            pub const fn code(self) -> &'static str {
                match self {
                    $(Self::$variant => $code,)+
                }
            }

            pub fn from_code(code: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|word| word.code() == code)
            }

            /// Every code, for an error that lists what is accepted.
            pub fn codes() -> String {
                Self::ALL.iter().map(|word| word.code()).collect::<Vec<_>>().join(", ")
            }
        }
    };
}

words! {
    /// A movie's play-week bucket (docs/ingest.md#play-weeks): the week of its first
    /// showing from today, counted in Friday-to-Thursday weeks.
    PlayWeek as PlayWeek {
        Current = "CURRENT_PLAYWEEK",
        Next1 = "NEXT_PLAYWEEK_1",
        Next2 = "NEXT_PLAYWEEK_2",
        Next3 = "NEXT_PLAYWEEK_3",
        BeyondNext3 = "BEYOND_NEXT_PLAYWEEK_3",
        Undetermined = "NEXT_PLAYWEEK_UNDETERMINED",
    }
}

words! {
    /// Whether a site's paths end in a slash (docs/pages-and-links.md#canonical-paths).
    TrailingSlash as TrailingSlash {
        Always = "always",
        Never = "never",
    }
}

words! {
    /// How round a site's buttons or content corners are.
    CornerRoundness as CornerRoundness {
        None = "NONE",
        Medium = "MEDIUM",
        High = "HIGH",
    }
}

words! {
    /// What a site-search hit is.
    SearchHitKind as SearchHitKind {
        Movie = "movie",
        Theater = "theater",
        Event = "event",
        Page = "page",
    }
}

words! {
    /// The consent state under the visitor's privacy regulation
    /// (docs/consent-and-ads.md#consent-state).
    ConsentState as ConsentState {
        Granted = "granted",
        Denied = "denied",
        Undetermined = "undetermined",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_serde_names_agree() {
        for word in PlayWeek::ALL {
            let json = serde_json::to_string(word).expect("serialises");
            assert_eq!(json, format!("\"{}\"", word.code()));
            assert_eq!(PlayWeek::from_code(word.code()), Some(*word));
        }
        assert_eq!(
            serde_json::to_string(&ConsentState::Undetermined).expect("serialises"),
            "\"undetermined\""
        );
        assert_eq!(TrailingSlash::from_code("sometimes"), None);
        assert_eq!(CornerRoundness::codes(), "NONE, MEDIUM, HIGH");
    }
}
