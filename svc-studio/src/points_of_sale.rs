//! A theater's point of sale in the studio (docs/studio.md#point-of-sale): its link and
//! health read by every role of the site; linked, unlinked and given an uploaded token by
//! the site's admins and the theater's own managers. The token is passed to svc-catalogue
//! and never kept, logged or audited here: the audit says only that one was uploaded.

use proto::catalogue::v1 as catalogue;
use serde_json::{Value, json};

use crate::Error;
use crate::audit::Change;
use crate::domain::access::{self, Permission};
use crate::drafts::answer;
use crate::studio::{Studio, refused};

/// A theater's link as a staff member sets it (its Debug never shows the token).
#[derive(Clone)]
pub struct LinkSetting {
    /// `None`: unlinked.
    pub link: Option<catalogue::PointOfSale>,
    /// The cinema's API token, uploaded.
    pub token: Option<String>,
}

impl std::fmt::Debug for LinkSetting {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("LinkSetting")
            .field("link", &self.link)
            .field("token", &self.token.as_ref().map(|_| "(uploaded)"))
            .finish()
    }
}

impl Studio {
    pub async fn point_of_sale(
        &self,
        token: &str,
        site_id: &str,
        theater_id: &str,
    ) -> Result<catalogue::PointOfSaleState, Error> {
        self.allowed(token, site_id, Permission::Read).await?;
        answer(
            self.points_of_sale
                .clone()
                .get_point_of_sale(catalogue::PointOfSaleRequest {
                    site_id: site_id.to_owned(),
                    theater_id: theater_id.to_owned(),
                }),
        )
        .await
    }

    pub async fn set_point_of_sale(
        &self,
        session_token: &str,
        site_id: &str,
        theater_id: &str,
        setting: LinkSetting,
        client_address: &str,
    ) -> Result<catalogue::PointOfSaleState, Error> {
        let me = self.authenticate(session_token).await?;
        access::authorise(
            &me.grants,
            site_id,
            Some(theater_id),
            Permission::EditTheater,
        )
        .map_err(|refusal| refused(site_id, refusal))?;
        let mut points_of_sale = self.points_of_sale.clone();
        let request = catalogue::PointOfSaleRequest {
            site_id: site_id.to_owned(),
            theater_id: theater_id.to_owned(),
        };
        let before = answer(points_of_sale.get_point_of_sale(request)).await?;
        // A token file is the deployment's secret store: only a site's admins and the
        // operators name one (a theater's manager could name another theater's).
        let file_named = setting
            .link
            .as_ref()
            .is_some_and(|link| !link.token.is_empty());
        let file_changed = file_named
            && before.link.as_ref().map(|link| link.token.as_str())
                != setting.link.as_ref().map(|link| link.token.as_str());
        if file_changed {
            access::authorise(&me.grants, site_id, None, Permission::ManageKeys).map_err(|_| {
                Error::PermissionDenied(
                    "only the site's admins name a token file: upload the token instead".to_owned(),
                )
            })?;
        }
        let uploaded = setting.token.is_some();
        let after = answer(
            points_of_sale.set_point_of_sale(catalogue::SetPointOfSaleRequest {
                site_id: site_id.to_owned(),
                theater_id: theater_id.to_owned(),
                link: setting.link,
                token: setting.token,
                author: me.staff.name.clone(),
            }),
        )
        .await?;
        let mut changes = link_changes(before.link.as_ref(), after.link.as_ref());
        if uploaded {
            changes.insert(
                "token".to_owned(),
                json!({"before": before.token_kept.then_some("kept"), "after": "uploaded"}),
            );
        } else if before.token_kept && !after.token_kept {
            changes.insert("token".to_owned(), json!({"before": "kept", "after": null}));
        }
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "theater.point-of-sale-set",
                target: &format!("theater {theater_id}"),
                changes: Value::Object(changes),
                client_address,
            },
        )
        .await?;
        Ok(after)
    }
}

/// The link's fields that changed, each `{"before", "after"}` (never a token: a link
/// names a token file at most).
fn link_changes(
    before: Option<&catalogue::PointOfSale>,
    after: Option<&catalogue::PointOfSale>,
) -> serde_json::Map<String, Value> {
    let fields = |link: Option<&catalogue::PointOfSale>| {
        link.map_or_else(
            || json!({"provider": null, "tokenFile": null, "attributes": null}),
            |link| {
                json!({
                    "provider": link.provider,
                    "tokenFile": link.token,
                    "attributes": link.attributes,
                })
            },
        )
    };
    let (before, after) = (fields(before), fields(after));
    ["provider", "tokenFile", "attributes"]
        .into_iter()
        .filter(|field| before[field] != after[field])
        .map(|field| {
            (
                field.to_owned(),
                json!({"before": before[field], "after": after[field]}),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_change_names_the_fields_that_changed() {
        let veezi = catalogue::PointOfSale {
            provider: "veezi".to_owned(),
            token: String::new(),
            attributes: [("OC".to_owned(), "open-captions".to_owned())].into(),
        };
        assert_eq!(
            Value::Object(link_changes(None, Some(&veezi))),
            json!({
                "provider": {"before": null, "after": "veezi"},
                "tokenFile": {"before": null, "after": ""},
                "attributes": {"before": null, "after": {"OC": "open-captions"}},
            })
        );
        let mut fewer = veezi.clone();
        fewer.attributes.clear();
        assert_eq!(
            Value::Object(link_changes(Some(&veezi), Some(&fewer))),
            json!({"attributes": {"before": {"OC": "open-captions"}, "after": {}}})
        );
        assert!(link_changes(Some(&veezi), Some(&veezi)).is_empty());
    }
}
