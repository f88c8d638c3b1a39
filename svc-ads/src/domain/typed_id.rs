//! Typed identifiers (docs/consent-and-ads.md#ad-targeting): `type:context…:id`, usually
//! base64-encoded in settings (a website id such as `V2Vic2l0ZTpjaW5lbWE6MTA0Mg==` is
//! `Website:cinema:1042`).

/// A parsed typed identifier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedId {
    pub kind: String,
    pub contexts: Vec<String>,
    pub id: String,
}

impl TypedId {
    /// Reads `type:context…:id`; at least a type and an id.
    pub fn parse(text: &str) -> Option<TypedId> {
        let mut parts: Vec<&str> = text.split(':').collect();
        if parts.len() < 2 || parts.iter().any(|part| part.is_empty()) {
            return None;
        }
        let id = parts.pop()?.to_owned();
        let kind = parts.remove(0).to_owned();
        Some(TypedId {
            kind,
            contexts: parts.into_iter().map(str::to_owned).collect(),
            id,
        })
    }

    /// Reads a base64-encoded typed identifier.
    pub fn decode(encoded: &str) -> Option<TypedId> {
        let bytes = base64_decode(encoded)?;
        TypedId::parse(std::str::from_utf8(&bytes).ok()?)
    }
}

/// The plain id inside an encoded identifier; the text itself when it is not one.
pub fn decoded_id(encoded: &str) -> String {
    TypedId::decode(encoded).map_or_else(|| encoded.to_owned(), |typed| typed.id)
}

/// Standard base64 (RFC 4648), padding optional.
fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| -> Option<u32> {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        Some(u32::from(v))
    };
    let digits = text.trim_end_matches('=').as_bytes();
    if digits.is_empty() || digits.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut buffer = 0u32;
        for (index, c) in chunk.iter().enumerate() {
            buffer |= value(*c)? << (18 - 6 * index);
        }
        let bytes = buffer.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_identifier_reads_as_type_contexts_and_id() {
        assert_eq!(
            TypedId::parse("Website:cinema:us:1042"),
            Some(TypedId {
                kind: "Website".to_owned(),
                contexts: vec!["cinema".to_owned(), "us".to_owned()],
                id: "1042".to_owned(),
            })
        );
        assert_eq!(
            TypedId::parse("Circuit:77").map(|t| t.contexts.len()),
            Some(0)
        );
        assert_eq!(TypedId::parse("1042"), None);
        assert_eq!(TypedId::parse("Website::1042"), None);
    }

    #[test]
    fn an_encoded_website_id_decodes_to_its_id() {
        assert_eq!(decoded_id("V2Vic2l0ZTpjaW5lbWE6MTA0Mg=="), "1042");
        assert_eq!(decoded_id("Q2lyY3VpdDo3Nw=="), "77");
        // Not base64, or no type: kept as given.
        assert_eq!(decoded_id("1042"), "1042");
        assert_eq!(decoded_id("not base64!"), "not base64!");
    }
}
