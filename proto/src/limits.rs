//! How many elements an ingest body's lists may hold (docs/ingest.md#limits), checked
//! while the JSON is read: a list longer than its limit is refused at the element past
//! it, before more of it is built in memory.

use serde::Deserialize;
use serde::de::{Deserializer, SeqAccess, Visitor};

/// The most availability updates one call takes.
pub const MAX_AVAILABILITY_UPDATES: usize = 10_000;

/// The most showtimes one schedule call takes (a 20-screen theater's 61 days at six
/// shows a screen is 7,320).
pub const MAX_SCHEDULE_SHOWTIMES: usize = 20_000;

/// A JSON array of at most `N` elements, for `#[serde(deserialize_with)]`.
pub fn at_most<'de, const N: usize, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct AtMost<const N: usize, T>(std::marker::PhantomData<T>);

    impl<'de, const N: usize, T: Deserialize<'de>> Visitor<'de> for AtMost<N, T> {
        type Value = Vec<T>;

        fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(formatter, "an array of at most {N} elements")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut elements = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(N).min(1024));
            while let Some(element) = seq.next_element()? {
                if elements.len() == N {
                    return Err(serde::de::Error::custom(format!(
                        "more than {N} elements; at most {N} a call"
                    )));
                }
                elements.push(element);
            }
            Ok(elements)
        }
    }

    deserializer.deserialize_seq(AtMost::<N, T>(std::marker::PhantomData))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Three {
        #[serde(deserialize_with = "at_most::<3, _, _>")]
        list: Vec<serde_json::Value>,
    }

    #[test]
    fn a_list_within_its_limit_is_read() {
        let three: Three = serde_json::from_str(r#"{"list": [{}, {}, {}]}"#).expect("read");
        assert_eq!(three.list.len(), 3);
    }

    #[test]
    fn a_list_past_its_limit_is_refused_at_the_element_past_it() {
        let error = serde_json::from_str::<Three>(r#"{"list": [{}, {}, {}, {}, not json"#)
            .expect_err("refused");
        assert!(
            error.to_string().contains("more than 3 elements"),
            "{error}"
        );
    }
}
