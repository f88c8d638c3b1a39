//! A site's editable records (DESIGN.md section 13): its document (site.json), its pages,
//! its events and its theaters' descriptive fields, which staff change through the draft. The history keeps them as they
//! were after each revision that changed them, and names what changed in a summary.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::SiteContent;
use super::records::RecordKind;
use super::theaters::Theater;

/// What a draft does to a page or an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DraftState {
    /// The draft leaves it as published.
    Published,
    Added,
    Changed,
    Removed,
}

impl DraftState {
    /// What the draft does to a record published as `published` (`None`: not published)
    /// that it holds as `drafted` (`None`: the draft leaves it; `Some(None)`: removes it),
    /// and the record's document as a reader of the draft sees it.
    pub fn of<'a>(
        published: Option<&'a str>,
        drafted: Option<Option<&'a str>>,
    ) -> (DraftState, Option<&'a str>) {
        match (published, drafted) {
            (_, None) => (DraftState::Published, published),
            (_, Some(None)) => (DraftState::Removed, published),
            (None, Some(doc)) => (DraftState::Added, doc),
            (Some(_), Some(doc)) => (DraftState::Changed, doc),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            DraftState::Published => "published",
            DraftState::Added => "added",
            DraftState::Changed => "changed",
            DraftState::Removed => "removed",
        }
    }
}

/// A page's or an event's title, a theater's name, as its document holds it ("" for
/// none).
pub fn title(document: &str) -> String {
    serde_json::from_str::<Value>(document)
        .ok()
        .and_then(|document| {
            let title = document.get("title").or_else(|| document.get("name"))?;
            title.as_str().map(str::to_owned)
        })
        .unwrap_or_default()
}

/// The editable records of a site at one revision, as the history keeps them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EditableRecords {
    /// site.json.
    pub site: Value,
    /// Each page's document, in the site's order.
    pub pages: Vec<Value>,
    /// Each event's document, in the site's order.
    pub events: Vec<Value>,
    /// Each theater's document, in the site's order; `None` in revisions kept before
    /// theaters were (restoring one leaves the theaters as they are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theaters: Option<Vec<Value>>,
}

/// Whether a record of a draft is the site's document, a page, an event or a theater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DraftKind {
    Site,
    Page,
    Event,
    Theater,
}

impl DraftKind {
    pub fn code(self) -> &'static str {
        match self {
            DraftKind::Site => "site",
            DraftKind::Page => "page",
            DraftKind::Event => "event",
            DraftKind::Theater => "theater",
        }
    }

    pub fn parse(code: &str) -> Option<DraftKind> {
        [
            DraftKind::Site,
            DraftKind::Page,
            DraftKind::Event,
            DraftKind::Theater,
        ]
        .into_iter()
        .find(|kind| kind.code() == code)
    }

    /// The kind of record it is in the catalogue's tables; `None` for the site's
    /// document, which is the site's own row.
    pub fn record(self) -> Option<RecordKind> {
        match self {
            DraftKind::Site => None,
            DraftKind::Page => Some(RecordKind::Page),
            DraftKind::Event => Some(RecordKind::Event),
            DraftKind::Theater => Some(RecordKind::Theater),
        }
    }

    /// The record as a person reads it: "the site", "page 'about'".
    pub fn describe(self, id: &str) -> String {
        match self {
            DraftKind::Site => "the site".to_owned(),
            other => format!("{} '{id}'", other.code()),
        }
    }
}

/// A record as the site's draft holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftedDocument {
    pub kind: DraftKind,
    /// The page's slug, the event's or the theater's id; "" for the site's document.
    pub id: String,
    /// Its document; `None` where the draft removes it.
    pub doc: Option<String>,
}

/// `content` as it will be once `drafted` is published (what the draft's preview shows):
/// the site's document replaced, each page and event replaced where it is, added last or
/// removed. An error names the record whose document is not one.
pub fn with_draft(
    mut content: SiteContent,
    drafted: &[DraftedDocument],
) -> Result<SiteContent, (String, serde_json::Error)> {
    for record in drafted {
        let unreadable = |error| (record.kind.describe(&record.id), error);
        let doc = record.doc.as_deref();
        match record.kind {
            DraftKind::Site => {
                if let Some(doc) = doc {
                    content.settings = serde_json::from_str(doc).map_err(unreadable)?;
                }
            }
            DraftKind::Page => {
                let page = doc
                    .map(serde_json::from_str)
                    .transpose()
                    .map_err(unreadable)?;
                put(&mut content.pages, page, |page| page.slug == record.id);
            }
            DraftKind::Event => {
                let event = doc
                    .map(serde_json::from_str)
                    .transpose()
                    .map_err(unreadable)?;
                put(&mut content.events, event, |event| event.id == record.id);
            }
            DraftKind::Theater => {
                // Its descriptive fields onto the theater as it is; one gone is left out.
                let drafted: Option<Theater> = doc
                    .map(serde_json::from_str)
                    .transpose()
                    .map_err(unreadable)?;
                if let (Some(drafted), Some(theater)) = (
                    drafted,
                    content
                        .theaters
                        .iter_mut()
                        .find(|theater| theater.id == record.id),
                ) {
                    *theater = theater.clone().with_details(drafted.details());
                }
            }
        }
    }
    Ok(content)
}

/// The theater `now` (its stored document) with the descriptive fields of `drafted`, as
/// publishing writes it; `drafted` itself when either cannot be read as a theater.
pub fn described(now: &str, drafted: Option<&str>) -> Option<String> {
    let drafted = drafted?;
    let theater = |doc: &str| serde_json::from_str::<Theater>(doc).ok();
    match (theater(now), theater(drafted)) {
        (Some(now), Some(drafted)) => {
            serde_json::to_string(&now.with_details(drafted.details())).ok()
        }
        _ => Some(drafted.to_owned()),
    }
}

/// Puts `record` in place of the one that `is_it`, or last; `None` removes that one.
fn put<T>(records: &mut Vec<T>, record: Option<T>, is_it: impl Fn(&T) -> bool) {
    let at = records.iter().position(is_it);
    match (at, record) {
        (Some(at), Some(record)) => records[at] = record,
        (None, Some(record)) => records.push(record),
        (Some(at), None) => {
            records.remove(at);
        }
        (None, None) => {}
    }
}

/// What changed from `before` to `after`, as the history's summary says it: the site's
/// changed fields, then each page, event and theater added, changed or removed (theaters
/// only when both name them). With no `before` (the first revision kept), what the site
/// holds.
pub fn summary(before: Option<&EditableRecords>, after: &EditableRecords) -> String {
    let Some(before) = before else {
        return format!(
            "The site with {} and {}",
            count(after.pages.len(), "page"),
            count(after.events.len(), "event")
        );
    };
    let mut parts = Vec::new();
    let fields = changed_fields(&before.site, &after.site);
    if !fields.is_empty() {
        parts.push(format!("site: {}", fields.join(", ")));
    }
    let no_theaters = Vec::new();
    let (old_theaters, new_theaters) = match (&before.theaters, &after.theaters) {
        (Some(old), Some(new)) => (old, new),
        _ => (&no_theaters, &no_theaters),
    };
    for (kind, key, old, new) in [
        ("page", "slug", &before.pages, &after.pages),
        ("event", "id", &before.events, &after.events),
        ("theater", "id", old_theaters, new_theaters),
    ] {
        let old = by_key(old, key);
        let new = by_key(new, key);
        for (id, doc) in &new {
            match old.get(id) {
                None => parts.push(format!("{kind} '{id}' added")),
                Some(was) if was != doc => parts.push(format!("{kind} '{id}' changed")),
                Some(_) => {}
            }
        }
        for id in old.keys().filter(|id| !new.contains_key(*id)) {
            parts.push(format!("{kind} '{id}' removed"));
        }
    }
    if parts.is_empty() && before.theaters.is_none() && after.theaters.is_some() {
        // The first revision to keep the theaters, which a change of one made.
        parts.push("the theaters' details".to_owned());
    }
    if parts.is_empty() {
        // Only the order of pages, events or theaters moved.
        parts.push("the order of pages, events or theaters".to_owned());
    }
    parts.join("; ")
}

fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn by_key<'a>(docs: &'a [Value], key: &str) -> BTreeMap<&'a str, &'a Value> {
    docs.iter()
        .map(|doc| (doc[key].as_str().unwrap_or_default(), doc))
        .collect()
}

/// The fields of site.json that differ: top-level ones, and those one level inside
/// `config` and `settings` ("config.theme").
pub fn changed_fields(before: &Value, after: &Value) -> Vec<String> {
    let mut fields = Vec::new();
    let empty = serde_json::Map::new();
    let object = |value: &'_ Value| value.as_object().cloned().unwrap_or_else(|| empty.clone());
    let (before, after) = (object(before), object(after));
    let mut keys: Vec<&String> = before.keys().chain(after.keys()).collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        let (old, new) = (before.get(key), after.get(key));
        if old == new {
            continue;
        }
        match (key.as_str(), old, new) {
            ("config" | "settings", Some(Value::Object(_)), Some(Value::Object(_))) => {
                fields.extend(
                    changed_fields(old.unwrap_or(&Value::Null), new.unwrap_or(&Value::Null))
                        .into_iter()
                        .map(|inner| format!("{key}.{}", inner.split('.').next().unwrap_or("")))
                        .collect::<std::collections::BTreeSet<_>>(),
                );
            }
            _ => fields.push(key.clone()),
        }
    }
    fields
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn records(site: Value, pages: &[&str], events: &[(&str, &str)]) -> EditableRecords {
        EditableRecords {
            site,
            pages: pages
                .iter()
                .map(|slug| json!({"slug": slug, "title": slug}))
                .collect(),
            events: events
                .iter()
                .map(|(id, title)| json!({"id": id, "title": title}))
                .collect(),
            theaters: None,
        }
    }

    #[test]
    fn theaters_are_compared_once_both_revisions_keep_them() {
        let mut before = records(json!({}), &["about"], &[]);
        let mut after = records(json!({}), &["about", "parking"], &[]);
        after.theaters = Some(vec![json!({"id": "101", "parking": "Free after 6pm"})]);
        assert_eq!(
            summary(Some(&before), &after),
            "page 'parking' added",
            "a revision kept before theaters were says nothing of them"
        );
        after.pages.pop();
        assert_eq!(summary(Some(&before), &after), "the theaters' details");
        before.theaters = Some(vec![json!({"id": "101", "parking": ""})]);
        assert_eq!(summary(Some(&before), &after), "theater '101' changed");
    }

    #[test]
    fn a_summary_names_the_fields_and_records_that_changed() {
        let before = records(
            json!({"name": "Marquee", "config": {"theme": {"palette": {"primary": "#000000"}}, "locale": "en-US"}}),
            &["about", "careers"],
            &[("e1", "Quiz"), ("e2", "Gala")],
        );
        let after = records(
            json!({"name": "Marquee", "config": {"theme": {"palette": {"primary": "#0A7E8C"}}, "locale": "en-US"}}),
            &["about", "parking"],
            &[("e1", "Quiz night"), ("e2", "Gala")],
        );
        assert_eq!(
            summary(Some(&before), &after),
            "site: config.theme; page 'parking' added; page 'careers' removed; event 'e1' changed"
        );
    }

    #[test]
    fn a_first_revision_says_what_the_site_holds() {
        let after = records(json!({}), &["about"], &[("e1", "Quiz"), ("e2", "Gala")]);
        assert_eq!(summary(None, &after), "The site with 1 page and 2 events");
    }

    #[test]
    fn a_moved_record_is_named_as_an_order_change() {
        let before = records(json!({}), &["a", "b"], &[]);
        let after = records(json!({}), &["b", "a"], &[]);
        assert_eq!(
            summary(Some(&before), &after),
            "the order of pages, events or theaters"
        );
    }

    #[test]
    fn top_level_fields_are_named_whole() {
        assert_eq!(
            changed_fields(
                &json!({"name": "A", "loyalty": {"provider": "NONE"}}),
                &json!({"name": "B", "loyalty": {"provider": "BOOST"}})
            ),
            ["loyalty", "name"]
        );
    }

    #[test]
    fn a_draft_adds_changes_removes_or_leaves_a_record_and_shows_its_document() {
        let published = Some(r#"{"title": "About"}"#);
        let drafted = r#"{"title": "About us"}"#;
        assert_eq!(
            DraftState::of(published, None),
            (DraftState::Published, published)
        );
        assert_eq!(
            DraftState::of(published, Some(None)),
            (DraftState::Removed, published)
        );
        assert_eq!(
            DraftState::of(None, Some(Some(drafted))),
            (DraftState::Added, Some(drafted))
        );
        assert_eq!(
            DraftState::of(published, Some(Some(drafted))),
            (DraftState::Changed, Some(drafted))
        );
        assert_eq!(title(drafted), "About us");
        assert_eq!(title("not JSON"), "");
        assert_eq!(title(r#"{"name": "Riverfront"}"#), "Riverfront");
    }
}
