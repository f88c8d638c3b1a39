//! The gRPC adapter of the ingest API: the caller's key names the site, which must be the
//! site the call is about (its `site-id` metadata, the host the gateway was called on;
//! none: the default site); requests are converted and checked ([`crate::ingest`]) and
//! written ([`crate::store::records`]).

use std::sync::Arc;
use std::time::Duration;

use proto::catalogue::v1 as pb;
use tokio::sync::Notify;
use tonic::metadata::MetadataValue;
use tonic::{Request, Response, Status};

use crate::Error;
use crate::domain::invalid::Invalid;
use crate::domain::records::RecordKind;
use crate::follow::Catalogues;
use crate::ingest;
use crate::store::{Author, Commit, Store};

/// How long a write's answer waits for this process to serve it: a catalogue of 200,000
/// showtimes is rebuilt in well under it.
const WRITE_SERVED_WITHIN: Duration = Duration::from_secs(5);

#[derive(Debug, Clone)]
pub struct IngestService {
    pub store: Store,
    /// The catalogues this process serves, whose reads see each write before it answers.
    pub catalogues: Catalogues,
    /// The site of a call that names none (SITE_ID).
    pub default_site: String,
    /// Wakes [`crate::scheduled`] after a write of a record with `unpublishAt`.
    pub scheduled: Arc<Notify>,
}

type Reply = Result<Response<pb::IngestReply>, Status>;

impl IngestService {
    /// The site the request's key writes, and the key's label (the writer the history
    /// names): the site the call is about, or the key is refused there
    /// (docs/architecture.md#sites: an ingest key writes only its own site).
    async fn site<T>(&self, request: &Request<T>) -> Result<(String, String), Error> {
        let called = proto::site::named(request)
            .map_err(|_| Error::Unauthenticated("the call names no valid site"))?
            .unwrap_or(&self.default_site)
            .to_owned();
        let key = request
            .metadata()
            .get("authorization")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|key| !key.is_empty())
            .ok_or(Error::Unauthenticated(
                "an ingest key is required: Authorization: Bearer <key>",
            ))?;
        let (site, label) = self
            .store
            .site_of_key(key)
            .await?
            .ok_or(Error::Unauthenticated(
                "the ingest key is unknown or revoked",
            ))?;
        if site != called {
            return Err(Error::Unauthenticated(
                "the ingest key is another site's: a key writes its own site, on its host",
            ));
        }
        Ok((site, label))
    }

    /// The answer to a write: its revision and count, and once this process serves the
    /// write (within [`WRITE_SERVED_WITHIN`]), the site's version to read it at
    /// ([`proto::CATALOGUE_VERSION_METADATA`]: read-your-write on the gateway's JSON API).
    async fn reply(&self, site_id: &str, commit: Commit) -> Reply {
        let served = match self.catalogues.site(Some(site_id)) {
            Some(site) => site.serves(commit.version, WRITE_SERVED_WITHIN).await,
            None => false,
        };
        let mut reply = Response::new(pb::IngestReply {
            revision: commit.revision,
            changed: commit.changed,
        });
        if served {
            reply.metadata_mut().insert(
                proto::CATALOGUE_VERSION_METADATA,
                MetadataValue::from(commit.version),
            );
        }
        Ok(reply)
    }

    async fn time_zone(
        &self,
        site_id: &str,
        theater_id: &str,
        missing: impl FnOnce() -> Error,
    ) -> Result<jiff::tz::TimeZone, Error> {
        self.store
            .time_zone_of(site_id, theater_id)
            .await?
            .ok_or_else(missing)
    }
}

fn required<T>(record: Option<T>, field: &str) -> Result<T, Error> {
    record.ok_or_else(|| Error::Invalid(Invalid::new(field, "required")))
}

#[tonic::async_trait]
impl pb::ingest_server::Ingest for IngestService {
    async fn put_theater(&self, request: Request<pb::PutTheaterRequest>) -> Reply {
        let (site, label) = self.site(&request).await?;
        let theater = ingest::theater(required(request.into_inner().theater, "theater")?)
            .map_err(Error::from)?;
        self.reply(
            &site,
            self.store
                .put_theater(&site, theater, Author::named(&label))
                .await
                .map_err(Error::from)?,
        )
        .await
    }

    async fn put_movie(&self, request: Request<pb::PutMovieRequest>) -> Reply {
        let (site, label) = self.site(&request).await?;
        let movie =
            ingest::movie(required(request.into_inner().movie, "movie")?).map_err(Error::from)?;
        self.reply(
            &site,
            self.store
                .put_record(
                    &site,
                    RecordKind::Movie,
                    &movie.id,
                    &movie,
                    Author::named(&label),
                )
                .await
                .map_err(Error::from)?,
        )
        .await
    }

    async fn put_event(&self, request: Request<pb::PutEventRequest>) -> Reply {
        let (site, label) = self.site(&request).await?;
        let record = required(request.into_inner().event, "event")?;
        let zone = self
            .time_zone(&site, &record.theater_id, || {
                Error::Store(crate::store::StoreError::Conflict(Invalid::new(
                    "theaterId",
                    format!("the site has no theater '{}'", record.theater_id),
                )))
            })
            .await?;
        let event = ingest::event(record, &zone).map_err(Error::from)?;
        let commit = self
            .store
            .put_record(
                &site,
                RecordKind::Event,
                &event.id,
                &event,
                Author::named(&label),
            )
            .await
            .map_err(Error::from)?;
        if !event.unpublish_at.is_empty() {
            self.scheduled.notify_one();
        }
        self.reply(&site, commit).await
    }

    async fn put_page(&self, request: Request<pb::PutPageRequest>) -> Reply {
        let (site, label) = self.site(&request).await?;
        let page =
            ingest::page(required(request.into_inner().page, "page")?).map_err(Error::from)?;
        let commit = self
            .store
            .put_record(
                &site,
                RecordKind::Page,
                &page.slug,
                &page,
                Author::named(&label),
            )
            .await
            .map_err(Error::from)?;
        if !page.unpublish_at.is_empty() {
            self.scheduled.notify_one();
        }
        self.reply(&site, commit).await
    }

    async fn delete(&self, request: Request<pb::DeleteRequest>) -> Reply {
        let (site, label) = self.site(&request).await?;
        let request = request.into_inner();
        let kind = RecordKind::parse(&request.kind).map_err(Error::from)?;
        self.reply(
            &site,
            self.store
                .delete_record(&site, kind, &request.id, Author::named(&label))
                .await
                .map_err(Error::from)?,
        )
        .await
    }

    async fn put_schedule(&self, request: Request<pb::PutScheduleRequest>) -> Reply {
        let (site, _) = self.site(&request).await?;
        let request = request.into_inner();
        let days = ingest::schedule_days(&request.from, &request.to).map_err(Error::from)?;
        let zone = self
            .time_zone(&site, &request.theater_id, || Error::NotFound {
                kind: "theater",
                id: request.theater_id.clone(),
            })
            .await?;
        let entries = ingest::schedule(request.showtimes, days, &zone).map_err(Error::from)?;
        self.reply(
            &site,
            self.store
                .put_schedule(&site, &request.theater_id, days, &entries)
                .await
                .map_err(Error::from)?,
        )
        .await
    }

    async fn update_availability(&self, request: Request<pb::UpdateAvailabilityRequest>) -> Reply {
        let (site, _) = self.site(&request).await?;
        let changes =
            ingest::availability_changes(request.into_inner().updates).map_err(Error::from)?;
        self.reply(
            &site,
            self.store
                .update_availability(&site, &changes)
                .await
                .map_err(Error::from)?,
        )
        .await
    }

    async fn authenticate(
        &self,
        request: Request<pb::AuthenticateRequest>,
    ) -> Result<Response<pb::AuthenticateReply>, Status> {
        let (site_id, _) = self.site(&request).await?;
        Ok(Response::new(pb::AuthenticateReply { site_id }))
    }
}
