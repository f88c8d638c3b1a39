//! Which site a call is about (docs/architecture.md#sites): the gateway picks the site by the
//! request's Host and names it in every call's `site-id` metadata; a call without it is
//! about the deployment's default site (each service's SITE_ID).

/// The gRPC metadata naming the site a call is about.
pub const METADATA: &str = "site-id";

/// A site id: lower-case letters, digits and '-', at most 63 of them (a DNS label).
pub fn is_site_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 63
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The site `request` names in its metadata, `None` when it names none; a value that is
/// not a site id is an invalid argument.
pub fn named<T>(request: &tonic::Request<T>) -> Result<Option<&str>, tonic::Status> {
    let Some(value) = request.metadata().get(METADATA) else {
        return Ok(None);
    };
    match value.to_str() {
        Ok(id) if is_site_id(id) => Ok(Some(id)),
        _ => Err(tonic::Status::invalid_argument(format!(
            "{METADATA}: not a site id (lower-case letters, digits and '-')"
        ))),
    }
}

/// The site a bundle folder is imported as: its name, lower-cased, with anything but
/// letters, digits and '-' made '-' (`site/demo` is the site `demo`).
pub fn id_of_folder(dir: &std::path::Path) -> String {
    let name = dir
        .file_name()
        .map(|name| name.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let id: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_lowercase() || c.is_ascii_digit() {
                c
            } else {
                '-'
            }
        })
        .collect();
    let id = id.trim_matches('-');
    if id.is_empty() {
        "site".to_owned()
    } else {
        id.to_owned()
    }
}

/// `message` as a call about `site`: its `site-id` metadata names it; a `site` that is not
/// a site id is an invalid argument.
pub fn about<T>(site: &str, message: T) -> Result<tonic::Request<T>, tonic::Status> {
    let value = site
        .parse()
        .ok()
        .filter(|_| is_site_id(site))
        .ok_or_else(|| tonic::Status::invalid_argument(format!("'{site}' is not a site id")))?;
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert(METADATA, value);
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_ids_are_lower_case_letters_digits_and_dashes() {
        for id in ["demo", "single", "bijou-2", "a"] {
            assert!(is_site_id(id), "{id}");
        }
        for id in [
            "",
            "Demo",
            "the bijou",
            "bijou_2",
            "bijou.example",
            &"a".repeat(64),
        ] {
            assert!(!is_site_id(id), "{id}");
        }
    }

    #[test]
    fn a_call_names_its_site_or_none_and_a_bad_name_is_refused() {
        let mut request = tonic::Request::new(());
        assert_eq!(named(&request).ok(), Some(None));
        request.metadata_mut().insert(
            METADATA,
            tonic::metadata::MetadataValue::from_static("single"),
        );
        assert_eq!(named(&request).ok(), Some(Some("single")));
        request.metadata_mut().insert(
            METADATA,
            tonic::metadata::MetadataValue::from_static("Not/A/Site"),
        );
        let refused = named(&request).expect_err("refused");
        assert_eq!(refused.code(), tonic::Code::InvalidArgument);
    }

    #[test]
    fn a_bundle_is_the_site_named_after_its_folder() {
        use std::path::Path;
        assert_eq!(id_of_folder(Path::new("site/demo")), "demo");
        assert_eq!(
            id_of_folder(Path::new("/tmp/Catalogue_Bundle.7")),
            "catalogue-bundle-7"
        );
        assert_eq!(id_of_folder(Path::new("/")), "site");
    }

    #[test]
    fn a_call_about_a_site_names_it_and_only_a_site_id_is_taken() {
        let request = about("single", ()).expect("a site id");
        assert_eq!(named(&request).ok(), Some(Some("single")));
        let refused = about("../demo", ()).expect_err("refused");
        assert_eq!(refused.code(), tonic::Code::InvalidArgument);
    }
}
