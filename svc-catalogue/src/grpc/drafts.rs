//! The gRPC adapter of the studio's drafts (proto catalogue.v1.Drafts): a site's draft of
//! its editable records, checked as the ingest API and bundles check them
//! ([`crate::ingest`], [`crate::domain::checks`]) and kept by [`crate::store::drafts`];
//! publishing it now or at a time ([`crate::scheduled`]); its history and restore
//! ([`crate::store::history`]). The caller, svc-studio, has authorised the staff member it
//! names as `author`.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use proto::catalogue::v1 as pb;
use serde_json::Value;
use tokio::sync::Notify;
use tonic::{Request, Response, Status};

use crate::Error;
use crate::domain::checks;
use crate::domain::editable::{self, DraftKind, DraftState};
use crate::domain::invalid::Invalid;
use crate::domain::site::SiteFile;
use crate::domain::theaters::{Theater, TheaterDetails};
use crate::follow::Catalogues;
use crate::ingest;
use crate::store::{Author, Commit, Store, StoreError};

/// How long a publish's answer waits for this process to serve it, so that the preview
/// and the studio read what was published.
const PUBLISH_SERVED_WITHIN: Duration = Duration::from_secs(5);

/// The largest merge patch of a site's document taken.
const MAX_PATCH_BYTES: usize = 256 * 1024;

#[derive(Debug, Clone)]
pub struct DraftsService {
    pub store: Store,
    pub catalogues: Catalogues,
    /// Wakes [`crate::scheduled`] when a publish is scheduled, and after a publish or a
    /// restore (their pages and events may carry `unpublishAt`).
    pub scheduled: Arc<Notify>,
}

type Answer<T> = Result<Response<T>, Status>;

impl DraftsService {
    /// The site as this process serves it: the draft is checked against its movies and
    /// texts. A site it does not serve is not found.
    fn served(&self, site_id: &str) -> Result<Arc<crate::domain::catalogue::Catalogue>, Error> {
        self.catalogues
            .site(Some(site_id))
            .map(|site| site.get())
            .ok_or_else(|| Error::NotFound {
                kind: "site",
                id: site_id.to_owned(),
            })
    }

    /// Stages what `edit` makes of the record as the draft has it, answering it before
    /// and after, for the audit.
    async fn stage(
        &self,
        site_id: &str,
        kind: DraftKind,
        id: &str,
        author: &str,
        edit: impl FnOnce(Option<&str>) -> Result<Option<String>, Error>,
    ) -> Answer<pb::DraftedRecord> {
        let author = required_author(author)?;
        let staged = self.store.stage(site_id, kind, id, author, edit).await?;
        Ok(Response::new(pb::DraftedRecord {
            before_json: staged.before.unwrap_or_default(),
            after_json: staged.after.unwrap_or_default(),
        }))
    }

    /// The answer to a publish or a restore, once this process serves it.
    async fn published(&self, site_id: &str, commit: Commit) -> pb::PublishDraftResponse {
        if let Some(site) = self.catalogues.site(Some(site_id)) {
            site.serves(commit.version, PUBLISH_SERVED_WITHIN).await;
        }
        pb::PublishDraftResponse {
            revision: commit.revision,
            publish_at: 0,
        }
    }
}

/// A theater's descriptive fields as the call sends them.
fn theater_details(sent: pb::TheaterDetails) -> TheaterDetails {
    TheaterDetails {
        address: sent.address.map(ingest::address),
        phone: sent.phone.trim().to_owned(),
        email: sent.email.trim().to_owned(),
        description: sent.description,
        amenities: lines(sent.amenities),
        accessibility: lines(sent.accessibility),
        parking: sent.parking.trim().to_owned(),
        opening_hours: sent
            .opening_hours
            .into_iter()
            .map(ingest::opening_hours)
            .collect(),
        time_zone: sent.time_zone.trim().to_owned(),
        latitude: sent.latitude,
        longitude: sent.longitude,
    }
}

/// Notes as kept: each trimmed, the empty ones left out.
fn lines(sent: Vec<String>) -> Vec<String> {
    sent.into_iter()
        .map(|line| line.trim().to_owned())
        .filter(|line| !line.is_empty())
        .collect()
}

fn required_author(author: &str) -> Result<&str, Error> {
    let author = author.trim();
    if author.is_empty() {
        return Err(Error::Invalid(Invalid::new(
            "author",
            "required: who makes the change",
        )));
    }
    Ok(author)
}

/// A page, an event or a theater, as a call names its kind.
fn record_kind(kind: &str) -> Result<DraftKind, Error> {
    match DraftKind::parse(kind) {
        Some(kind @ (DraftKind::Page | DraftKind::Event | DraftKind::Theater)) => Ok(kind),
        _ => Err(Error::Invalid(Invalid::new(
            "kind",
            format!("'{kind}' is not page, event or theater"),
        ))),
    }
}

/// The site's document after `patch` (RFC 7396) over `document`, checked whole, and its
/// loyalty block by loyalty-config's rules when the patch writes it: the error names the
/// field at fault.
pub fn patched_site(
    document: &str,
    patch: &str,
    movie_ids: &HashSet<&str>,
    has_locale: impl Fn(&str) -> bool,
) -> Result<Value, Invalid> {
    if patch.len() > MAX_PATCH_BYTES {
        return Err(Invalid::new(
            "patch",
            format!("{} bytes; at most {MAX_PATCH_BYTES}", patch.len()),
        ));
    }
    let patch: Value = serde_json::from_str(patch)
        .map_err(|error| Invalid::new("patch", format!("not JSON: {error}")))?;
    if !patch.is_object() {
        return Err(Invalid::new(
            "patch",
            "a merge patch of the site's document is a JSON object",
        ));
    }
    let mut document: Value = serde_json::from_str(document).unwrap_or(Value::Null);
    json_patch::merge(&mut document, &patch);
    let site: SiteFile = serde_path_to_error::deserialize(document.clone())
        .map_err(|error| Invalid::new(error.path().to_string(), error.inner().to_string()))?;
    checks::site(&site, movie_ids, has_locale)?;
    // A person writing the loyalty block is held to the rules its readers apply (a
    // bundle's is kept as written).
    if patch.get("loyalty").is_some() {
        loyalty_config::check(&document["loyalty"]).map_err(|refusal| {
            let field = match refusal.field.as_str() {
                "" => "loyalty".to_owned(),
                field => format!("loyalty.{field}"),
            };
            Invalid::new(field, refusal.problem)
        })?;
    }
    Ok(document)
}

#[tonic::async_trait]
impl pb::drafts_server::Drafts for DraftsService {
    async fn get_draft(&self, request: Request<pb::DraftRequest>) -> Answer<pb::Draft> {
        let draft = self
            .store
            .draft(&request.into_inner().site_id)
            .await
            .map_err(Error::from)?;
        Ok(Response::new(pb::Draft {
            changes: draft
                .changes
                .into_iter()
                .map(|change| pb::DraftChange {
                    kind: change.kind.code().to_owned(),
                    id: change.id,
                    by: change.author,
                    at: change.at,
                    removed: change.removed,
                })
                .collect(),
            schedule: draft.schedule.map(|schedule| pb::ScheduledPublish {
                publish_at: schedule.publish_at,
                by: schedule.author,
                failure: schedule.failure,
            }),
        }))
    }

    async fn get_draft_site(
        &self,
        request: Request<pb::DraftRequest>,
    ) -> Answer<pb::DraftedRecord> {
        let site_id = request.into_inner().site_id;
        let document = self
            .store
            .drafted(&site_id, DraftKind::Site, "")
            .await
            .map_err(Error::from)?
            .ok_or_else(|| Error::NotFound {
                kind: "site",
                id: site_id.clone(),
            })?;
        Ok(Response::new(pb::DraftedRecord {
            before_json: String::new(),
            after_json: document,
        }))
    }

    async fn get_draft_record(
        &self,
        request: Request<pb::DraftRecordRequest>,
    ) -> Answer<pb::DraftedRecord> {
        let request = request.into_inner();
        let kind = record_kind(&request.kind)?;
        let published = self
            .store
            .published_record(&request.site_id, kind, &request.id)
            .await
            .map_err(Error::from)?;
        let drafted = self
            .store
            .drafted(&request.site_id, kind, &request.id)
            .await
            .map_err(Error::from)?;
        Ok(Response::new(pb::DraftedRecord {
            before_json: published.unwrap_or_default(),
            after_json: drafted.unwrap_or_default(),
        }))
    }

    async fn list_draft_records(
        &self,
        request: Request<pb::DraftRecordsRequest>,
    ) -> Answer<pb::DraftRecordSummaries> {
        let request = request.into_inner();
        let kind = record_kind(&request.kind)?;
        let records = self
            .store
            .drafted_records(&request.site_id, kind)
            .await
            .map_err(Error::from)?;
        let records = records
            .into_iter()
            .map(|record| {
                let (state, shown) = DraftState::of(
                    record.published.as_deref(),
                    record.drafted.as_ref().map(Option::as_deref),
                );
                pb::DraftRecordSummary {
                    title: shown.map(editable::title).unwrap_or_default(),
                    state: state.code().to_owned(),
                    id: record.id,
                }
            })
            .collect();
        Ok(Response::new(pb::DraftRecordSummaries { records }))
    }

    async fn patch_draft_site(
        &self,
        request: Request<pb::PatchDraftSiteRequest>,
    ) -> Answer<pb::DraftedRecord> {
        let request = request.into_inner();
        let served = self.served(&request.site_id)?;
        let movie_ids: HashSet<&str> = served
            .movies
            .iter()
            .map(|movie| movie.id.as_str())
            .collect();
        self.stage(
            &request.site_id,
            DraftKind::Site,
            "",
            &request.author,
            |document| {
                let patched = patched_site(
                    document.unwrap_or_default(),
                    &request.patch_json,
                    &movie_ids,
                    |locale| served.messages.contains_key(locale),
                )?;
                Ok(Some(serde_json::to_string(&patched).unwrap_or_default()))
            },
        )
        .await
    }

    async fn put_draft_page(
        &self,
        request: Request<pb::PutDraftPageRequest>,
    ) -> Answer<pb::DraftedRecord> {
        let request = request.into_inner();
        self.served(&request.site_id)?;
        let record = request
            .page
            .ok_or_else(|| Error::Invalid(Invalid::new("page", "required")))?;
        let page = ingest::page(record).map_err(Error::from)?;
        let doc = serde_json::to_string(&page).unwrap_or_default();
        self.stage(
            &request.site_id,
            DraftKind::Page,
            &page.slug,
            &request.author,
            |_| Ok(Some(doc)),
        )
        .await
    }

    async fn put_draft_event(
        &self,
        request: Request<pb::PutDraftEventRequest>,
    ) -> Answer<pb::DraftedRecord> {
        let request = request.into_inner();
        self.served(&request.site_id)?;
        let record = request
            .event
            .ok_or_else(|| Error::Invalid(Invalid::new("event", "required")))?;
        let zone = self
            .store
            .time_zone_of(&request.site_id, &record.theater_id)
            .await
            .map_err(Error::from)?
            .ok_or_else(|| {
                Error::Invalid(Invalid::new(
                    "theaterId",
                    format!("the site has no theater '{}'", record.theater_id),
                ))
            })?;
        let event = ingest::event(record, &zone).map_err(Error::from)?;
        let doc = serde_json::to_string(&event).unwrap_or_default();
        self.stage(
            &request.site_id,
            DraftKind::Event,
            &event.id,
            &request.author,
            |_| Ok(Some(doc)),
        )
        .await
    }

    async fn put_draft_theater(
        &self,
        request: Request<pb::PutDraftTheaterRequest>,
    ) -> Answer<pb::DraftedRecord> {
        let request = request.into_inner();
        self.served(&request.site_id)?;
        let details = theater_details(request.details.unwrap_or_default());
        let theater_id = request.theater_id;
        self.stage(
            &request.site_id,
            DraftKind::Theater,
            &theater_id,
            &request.author,
            |before| {
                let before = before.ok_or_else(|| Error::NotFound {
                    kind: "theater",
                    id: theater_id.clone(),
                })?;
                let theater: Theater =
                    serde_json::from_str(before).map_err(|error| Error::Unreadable {
                        site: request.site_id.clone(),
                        problem: format!("theater '{theater_id}': {error}"),
                    })?;
                let theater = theater.with_details(details);
                checks::theater(&theater).map_err(Error::Invalid)?;
                Ok(Some(serde_json::to_string(&theater).unwrap_or_default()))
            },
        )
        .await
    }

    async fn delete_draft_record(
        &self,
        request: Request<pb::DeleteDraftRecordRequest>,
    ) -> Answer<pb::DraftedRecord> {
        let request = request.into_inner();
        let kind = record_kind(&request.kind)?;
        if kind == DraftKind::Theater {
            // A theater comes and goes with the point of sale, never from the studio.
            return Err(Error::Invalid(Invalid::new(
                "kind",
                "a theater is not removed in the draft; its details are changed",
            ))
            .into());
        }
        self.stage(&request.site_id, kind, &request.id, &request.author, |_| {
            Ok(None)
        })
        .await
    }

    async fn list_site_movies(&self, request: Request<pb::DraftRequest>) -> Answer<pb::SiteMovies> {
        let served = self.served(&request.into_inner().site_id)?;
        let movies = served
            .movies
            .iter()
            .map(|movie| pb::SiteMovie {
                id: movie.id.clone(),
                title: movie.title.clone(),
                release_date: movie
                    .release_date
                    .map(|date| date.to_string())
                    .unwrap_or_default(),
                runtime_minutes: movie.runtime_minutes,
                rating: movie.rating.clone(),
                poster_url: served.point_of_sale_poster_url(movie),
            })
            .collect();
        Ok(Response::new(pb::SiteMovies { movies }))
    }

    async fn discard_draft(
        &self,
        request: Request<pb::DraftRequest>,
    ) -> Answer<pb::DiscardDraftResponse> {
        self.store
            .discard_draft(&request.into_inner().site_id)
            .await
            .map_err(Error::from)?;
        Ok(Response::new(pb::DiscardDraftResponse {}))
    }

    async fn publish_draft(
        &self,
        request: Request<pb::PublishDraftRequest>,
    ) -> Answer<pb::PublishDraftResponse> {
        let request = request.into_inner();
        let author = required_author(&request.author)?;
        let now = jiff::Timestamp::now().as_second();
        match request.publish_at {
            Some(at) if at > now => {
                self.store
                    .schedule_publish(&request.site_id, at, author, request.overwrite)
                    .await
                    .map_err(Error::from)?;
                self.scheduled.notify_one();
                Ok(Response::new(pb::PublishDraftResponse {
                    revision: String::new(),
                    publish_at: at,
                }))
            }
            // A time already past publishes now.
            _ => {
                let commit = self
                    .store
                    .publish_draft(&request.site_id, author, request.overwrite)
                    .await
                    .map_err(Error::from)?;
                self.scheduled.notify_one();
                Ok(Response::new(
                    self.published(&request.site_id, commit).await,
                ))
            }
        }
    }

    async fn list_revisions(&self, request: Request<pb::DraftRequest>) -> Answer<pb::Revisions> {
        let site_id = request.into_inner().site_id;
        self.store
            .revision(&site_id)
            .await
            .map_err(Error::from)?
            .ok_or_else(|| Error::NotFound {
                kind: "site",
                id: site_id.clone(),
            })?;
        let revisions = self
            .store
            .history(&site_id)
            .await
            .map_err(Error::from)?
            .into_iter()
            .map(|entry| pb::Revision {
                revision: entry.revision,
                at: entry.at,
                by: entry.author,
                summary: entry.summary,
            })
            .collect();
        Ok(Response::new(pb::Revisions { revisions }))
    }

    async fn restore_revision(
        &self,
        request: Request<pb::RestoreRevisionRequest>,
    ) -> Answer<pb::PublishDraftResponse> {
        let request = request.into_inner();
        let author = required_author(&request.author)?;
        let served = self.served(&request.site_id)?;
        let records = self
            .store
            .records_at(&request.site_id, &request.revision)
            .await
            .map_err(Error::from)?
            .ok_or_else(|| Error::NotFound {
                kind: "revision",
                id: request.revision.clone(),
            })?;
        // The site's document as it was must still hold with the movies and texts of now.
        let movie_ids: HashSet<&str> = served
            .movies
            .iter()
            .map(|movie| movie.id.as_str())
            .collect();
        let site: SiteFile = serde_json::from_value(records.site.clone()).map_err(|error| {
            Error::Store(StoreError::Corrupt {
                site: request.site_id.clone(),
                what: "history",
                problem: error.to_string(),
            })
        })?;
        checks::site(&site, &movie_ids, |locale| {
            served.messages.contains_key(locale)
        })
        .map_err(|invalid| Error::Store(StoreError::Conflict(invalid.inside("site"))))?;
        let note = format!("Restored revision {}", request.revision);
        let commit = self
            .store
            .restore(
                &request.site_id,
                &records,
                Author {
                    name: author,
                    note: Some(&note),
                },
            )
            .await
            .map_err(Error::from)?;
        self.scheduled.notify_one();
        Ok(Response::new(
            self.published(&request.site_id, commit).await,
        ))
    }
}
