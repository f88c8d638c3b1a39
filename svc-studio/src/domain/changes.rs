//! What a change did to a record, as the audit log keeps it: each field that differs,
//! by its path (`config.theme.palette.primary`), before and after.

use serde_json::{Map, Value, json};

/// The most fields an entry names; more are counted under `…`.
pub const MAX_FIELDS: usize = 100;

/// Each leaf of `before` and `after` (JSON documents; "" for none) that differs, as
/// `{path: {"before", "after"}}`: objects are walked into, arrays and values compared
/// whole.
pub fn field_changes(before: &str, after: &str) -> Value {
    let parse = |text: &str| serde_json::from_str::<Value>(text).unwrap_or(Value::Null);
    let mut changes = Map::new();
    let mut more = 0;
    walk("", &parse(before), &parse(after), &mut changes, &mut more);
    if more > 0 {
        changes.insert(
            "…".to_owned(),
            json!({"before": null, "after": format!("{more} more fields")}),
        );
    }
    Value::Object(changes)
}

fn walk(
    path: &str,
    before: &Value,
    after: &Value,
    changes: &mut Map<String, Value>,
    more: &mut usize,
) {
    if before == after {
        return;
    }
    if let (Value::Object(old), Value::Object(new)) = (before, after) {
        let mut keys: Vec<&String> = old.keys().chain(new.keys()).collect();
        keys.sort();
        keys.dedup();
        for key in keys {
            let inner = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            walk(
                &inner,
                old.get(key).unwrap_or(&Value::Null),
                new.get(key).unwrap_or(&Value::Null),
                changes,
                more,
            );
        }
        return;
    }
    if changes.len() >= MAX_FIELDS {
        *more += 1;
        return;
    }
    let path = if path.is_empty() { "." } else { path };
    changes.insert(path.to_owned(), json!({"before": before, "after": after}));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_changed_leaf_is_named_by_its_path() {
        let before = r##"{"name": "Marquee", "config": {"theme": {"palette": {"primary": "#000000", "accent": "#111111"}}}}"##;
        let after = r##"{"name": "Marquee", "config": {"theme": {"palette": {"primary": "#0A7E8C", "accent": "#111111"}}}, "loyalty": {"provider": "NONE"}}"##;
        assert_eq!(
            field_changes(before, after),
            json!({
                "config.theme.palette.primary": {"before": "#000000", "after": "#0A7E8C"},
                "loyalty": {"before": null, "after": {"provider": "NONE"}},
            })
        );
    }

    #[test]
    fn a_record_added_or_removed_is_one_change_of_the_whole() {
        assert_eq!(
            field_changes("", r#"{"slug": "about"}"#),
            json!({".": {"before": null, "after": {"slug": "about"}}})
        );
        assert_eq!(
            field_changes(r#"{"slug": "about"}"#, r#"{"slug": "about"}"#),
            json!({})
        );
    }

    #[test]
    fn a_change_of_many_fields_names_the_first_and_counts_the_rest() {
        let before = Value::Object((0..150).map(|i| (format!("f{i:03}"), json!(0))).collect());
        let after = Value::Object((0..150).map(|i| (format!("f{i:03}"), json!(1))).collect());
        let changes = field_changes(&before.to_string(), &after.to_string());
        assert_eq!(changes.as_object().map(Map::len), Some(MAX_FIELDS + 1));
        assert_eq!(changes["…"]["after"], "50 more fields");
    }
}
