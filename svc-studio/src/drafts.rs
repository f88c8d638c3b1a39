//! A site's draft, publishing and history (docs/studio.md#drafts-and-publishing): each
//! call checked against the caller's grant, passed to svc-catalogue (the owner of site
//! content) naming the staff member as the author, and audited once it succeeded.

use proto::catalogue::v1 as catalogue;
use serde_json::{Value, json};

use crate::Error;
use crate::audit::Change;
use crate::domain::access::{self, Permission, Refusal};
use crate::domain::changes::field_changes;
use crate::studio::{Me, Studio, refused};

/// A change of a draft's record, as a call asks for it.
#[derive(Debug, Clone)]
pub enum DraftEdit {
    /// An RFC 7396 merge patch of the site's document.
    Site {
        patch_json: String,
    },
    Page(catalogue::PageRecord),
    Event(catalogue::EventRecord),
    /// A theater's descriptive fields.
    Theater {
        id: String,
        details: catalogue::TheaterDetails,
    },
    /// A page or an event removed.
    Remove {
        kind: String,
        id: String,
    },
}

impl DraftEdit {
    /// What the edit needs: the site's look, but its loyalty programme (admins); pages
    /// and events; a theater's details.
    fn permission(&self) -> Permission {
        match self {
            DraftEdit::Site { patch_json } => {
                let touches_loyalty = serde_json::from_str::<Value>(patch_json)
                    .ok()
                    .and_then(|patch| patch.get("loyalty").cloned())
                    .is_some();
                if touches_loyalty {
                    Permission::EditLoyalty
                } else {
                    Permission::EditLook
                }
            }
            DraftEdit::Page(_) | DraftEdit::Event(_) | DraftEdit::Remove { .. } => {
                Permission::EditContent
            }
            DraftEdit::Theater { .. } => Permission::EditTheater,
        }
    }
}

/// A publish as asked for.
#[derive(Debug, Clone, Copy)]
pub struct Publish {
    /// Unix seconds; `None`: now.
    pub publish_at: Option<i64>,
    pub overwrite: bool,
}

impl Studio {
    pub async fn draft(&self, token: &str, site_id: &str) -> Result<catalogue::Draft, Error> {
        self.allowed(token, site_id, Permission::Read).await?;
        answer(self.drafts.clone().get_draft(draft_request(site_id))).await
    }

    /// The site's document as the draft has it.
    pub async fn draft_site(
        &self,
        token: &str,
        site_id: &str,
    ) -> Result<catalogue::DraftedRecord, Error> {
        self.allowed(token, site_id, Permission::Read).await?;
        answer(self.drafts.clone().get_draft_site(draft_request(site_id))).await
    }

    /// The site's pages or events (`kind`) as the draft has them.
    pub async fn drafted_records(
        &self,
        token: &str,
        site_id: &str,
        kind: &str,
    ) -> Result<catalogue::DraftRecordSummaries, Error> {
        self.allowed(token, site_id, Permission::Read).await?;
        answer(
            self.drafts
                .clone()
                .list_draft_records(catalogue::DraftRecordsRequest {
                    site_id: site_id.to_owned(),
                    kind: kind.to_owned(),
                }),
        )
        .await
    }

    /// A page or an event as published and as the draft has it.
    pub async fn drafted_record(
        &self,
        token: &str,
        site_id: &str,
        kind: &str,
        id: &str,
    ) -> Result<catalogue::DraftedRecord, Error> {
        self.allowed(token, site_id, Permission::Read).await?;
        answer(
            self.drafts
                .clone()
                .get_draft_record(catalogue::DraftRecordRequest {
                    site_id: site_id.to_owned(),
                    kind: kind.to_owned(),
                    id: id.to_owned(),
                }),
        )
        .await
    }

    pub async fn revisions(
        &self,
        token: &str,
        site_id: &str,
    ) -> Result<catalogue::Revisions, Error> {
        self.allowed(token, site_id, Permission::Read).await?;
        answer(self.drafts.clone().list_revisions(draft_request(site_id))).await
    }

    /// Makes `edit` in the site's draft; audited with each field it changed.
    pub async fn edit_draft(
        &self,
        token: &str,
        site_id: &str,
        edit: DraftEdit,
        client_address: &str,
    ) -> Result<catalogue::DraftedRecord, Error> {
        let me = self.allowed_to_edit(token, site_id, &edit).await?;
        let author = author(&me);
        let site = site_id.to_owned();
        let mut drafts = self.drafts.clone();
        let (action, target, answer) = match edit {
            DraftEdit::Site { patch_json } => (
                "draft.site.changed",
                "site".to_owned(),
                drafts
                    .patch_draft_site(catalogue::PatchDraftSiteRequest {
                        site_id: site,
                        patch_json,
                        author,
                    })
                    .await,
            ),
            DraftEdit::Page(page) => (
                "draft.page.saved",
                format!("page {}", page.slug),
                drafts
                    .put_draft_page(catalogue::PutDraftPageRequest {
                        site_id: site,
                        page: Some(page),
                        author,
                    })
                    .await,
            ),
            DraftEdit::Event(event) => (
                "draft.event.saved",
                format!("event {}", event.id),
                drafts
                    .put_draft_event(catalogue::PutDraftEventRequest {
                        site_id: site,
                        event: Some(event),
                        author,
                    })
                    .await,
            ),
            DraftEdit::Theater { id, details } => (
                "draft.theater.saved",
                format!("theater {id}"),
                drafts
                    .put_draft_theater(catalogue::PutDraftTheaterRequest {
                        site_id: site,
                        theater_id: id,
                        details: Some(details),
                        author,
                    })
                    .await,
            ),
            DraftEdit::Remove { kind, id } => (
                if kind == "event" {
                    "draft.event.removed"
                } else {
                    "draft.page.removed"
                },
                format!("{kind} {id}"),
                drafts
                    .delete_draft_record(catalogue::DeleteDraftRecordRequest {
                        site_id: site,
                        kind,
                        id,
                        author,
                    })
                    .await,
            ),
        };
        let drafted = answer.map_err(Error::Catalogue)?.into_inner();
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action,
                target: &target,
                changes: field_changes(&drafted.before_json, &drafted.after_json),
                client_address,
            },
        )
        .await?;
        Ok(drafted)
    }

    /// The session's staff member, allowed to make `edit` on `site_id`: by the edit's
    /// permission on the site (a theater's, on that theater); an event's also by a
    /// theater manager's on its theater, as published, as the draft has it and as the
    /// edit leaves it (an event is never moved to or from a theater of someone else's). Checked before the edit, not in its
    /// transaction: an editor moving the event at that moment is not seen.
    async fn allowed_to_edit(
        &self,
        token: &str,
        site_id: &str,
        edit: &DraftEdit,
    ) -> Result<Me, Error> {
        let me = self.authenticate(token).await?;
        let theater = match edit {
            DraftEdit::Theater { id, .. } => Some(id.as_str()),
            _ => None,
        };
        let refusal = match access::authorise(&me.grants, site_id, theater, edit.permission()) {
            Ok(()) => return Ok(me),
            Err(refusal) => refusal,
        };
        let (event_id, theater_after) = match edit {
            DraftEdit::Event(event) => (event.id.as_str(), Some(event.theater_id.clone())),
            DraftEdit::Remove { kind, id } if kind == "event" => (id.as_str(), None),
            _ => return Err(refused(site_id, refusal)),
        };
        if refusal == Refusal::NotFound {
            return Err(refused(site_id, refusal));
        }
        let drafted = answer(
            self.drafts
                .clone()
                .get_draft_record(catalogue::DraftRecordRequest {
                    site_id: site_id.to_owned(),
                    kind: "event".to_owned(),
                    id: event_id.to_owned(),
                }),
        )
        .await?;
        let theater_of = |doc: &str| {
            serde_json::from_str::<Value>(doc)
                .ok()
                .and_then(|event| event["theaterId"].as_str().map(str::to_owned))
        };
        // As published, as the draft has it, as the edit leaves it.
        let theaters: Vec<String> = [
            theater_of(&drafted.before_json),
            theater_of(&drafted.after_json),
            theater_after,
        ]
        .into_iter()
        .flatten()
        .collect();
        let on_their_theaters = theaters.iter().all(|theater| {
            access::authorise(&me.grants, site_id, Some(theater), Permission::EditTheater).is_ok()
        });
        if on_their_theaters && !theaters.is_empty() {
            Ok(me)
        } else {
            Err(refused(site_id, Refusal::Forbidden))
        }
    }

    /// Empties the site's draft (and drops its publishing at a time).
    pub async fn discard_draft(
        &self,
        token: &str,
        site_id: &str,
        client_address: &str,
    ) -> Result<(), Error> {
        let me = self.allowed(token, site_id, Permission::Publish).await?;
        answer(self.drafts.clone().discard_draft(draft_request(site_id))).await?;
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "draft.discarded",
                target: "draft",
                changes: json!({}),
                client_address,
            },
        )
        .await
    }

    /// Publishes the site's draft now, or schedules it.
    pub async fn publish_draft(
        &self,
        token: &str,
        site_id: &str,
        publish: Publish,
        client_address: &str,
    ) -> Result<catalogue::PublishDraftResponse, Error> {
        let me = self.allowed(token, site_id, Permission::Publish).await?;
        let published = answer(
            self.drafts
                .clone()
                .publish_draft(catalogue::PublishDraftRequest {
                    site_id: site_id.to_owned(),
                    author: author(&me),
                    publish_at: publish.publish_at,
                    overwrite: publish.overwrite,
                }),
        )
        .await?;
        let (action, target, changes) = if published.revision.is_empty() {
            (
                "site.publish-scheduled",
                "draft".to_owned(),
                json!({"publishAt": {"before": null, "after": rfc3339(published.publish_at)}}),
            )
        } else {
            (
                "site.published",
                format!("revision {}", published.revision),
                json!({"overwrite": {"before": null, "after": publish.overwrite}}),
            )
        };
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action,
                target: &target,
                changes,
                client_address,
            },
        )
        .await?;
        Ok(published)
    }

    /// Commits an earlier revision's records as a new revision.
    pub async fn restore_revision(
        &self,
        token: &str,
        site_id: &str,
        revision: &str,
        client_address: &str,
    ) -> Result<catalogue::PublishDraftResponse, Error> {
        let me = self.allowed(token, site_id, Permission::Publish).await?;
        let restored = answer(self.drafts.clone().restore_revision(
            catalogue::RestoreRevisionRequest {
                site_id: site_id.to_owned(),
                revision: revision.to_owned(),
                author: author(&me),
            },
        ))
        .await?;
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "site.restored",
                target: &format!("revision {revision}"),
                changes: json!({"revision": {"before": null, "after": restored.revision}}),
                client_address,
            },
        )
        .await?;
        Ok(restored)
    }
}

/// What svc-catalogue answered to a call.
pub(crate) async fn answer<T>(
    call: impl Future<Output = Result<tonic::Response<T>, tonic::Status>>,
) -> Result<T, Error> {
    Ok(call.await.map_err(Error::Catalogue)?.into_inner())
}

/// How the history names a staff member's change.
fn author(me: &Me) -> String {
    me.staff.name.clone()
}

fn draft_request(site_id: &str) -> catalogue::DraftRequest {
    catalogue::DraftRequest {
        site_id: site_id.to_owned(),
    }
}

fn rfc3339(seconds: i64) -> String {
    jiff::Timestamp::from_second(seconds).map_or_else(|_| seconds.to_string(), |at| at.to_string())
}
