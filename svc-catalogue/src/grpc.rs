//! The gRPC adapter: requests -> domain queries -> proto messages; errors -> Status.

use jiff::civil::Date;
use proto::catalogue::v1 as pb;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response, Status};

use crate::domain::ShowtimeQuery;
use crate::reload::SharedCatalogue;
use crate::version::{self, Clock};

#[derive(Debug, Clone)]
pub struct CatalogueService {
    pub catalogue: SharedCatalogue,
    pub clock: Clock,
}

impl CatalogueService {
    /// Today in the site's time zone.
    fn today(&self, catalogue: &crate::domain::Catalogue) -> Date {
        self.clock.today(&catalogue.time_zone)
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl pb::catalogue_server::Catalogue for CatalogueService {
    type WatchSiteStream = ReceiverStream<Result<pb::SiteVersion, Status>>;

    async fn watch_site(&self, _: Request<pb::WatchSiteRequest>) -> Reply<Self::WatchSiteStream> {
        Ok(Response::new(version::watch(
            self.catalogue.clone(),
            self.clock,
        )))
    }

    async fn get_site(&self, _: Request<pb::GetSiteRequest>) -> Reply<pb::Site> {
        Ok(Response::new(self.catalogue.get().site()))
    }

    async fn list_theaters(
        &self,
        request: Request<pb::ListTheatersRequest>,
    ) -> Reply<pb::ListTheatersResponse> {
        let near = request.into_inner().near;
        let theaters = self.catalogue.get().theaters_near(near.as_ref())?;
        Ok(Response::new(pb::ListTheatersResponse { theaters }))
    }

    async fn get_theater(&self, request: Request<pb::GetTheaterRequest>) -> Reply<pb::Theater> {
        let theater = self.catalogue.get().theater(&request.into_inner().id)?;
        Ok(Response::new(theater))
    }

    async fn list_movies(
        &self,
        request: Request<pb::ListMoviesRequest>,
    ) -> Reply<pb::ListMoviesResponse> {
        let request = request.into_inner();
        let catalogue = self.catalogue.get();
        let movies = catalogue.movies(
            self.today(&catalogue),
            &request.theater_id,
            &request.play_week,
        )?;
        Ok(Response::new(pb::ListMoviesResponse { movies }))
    }

    async fn get_movie(&self, request: Request<pb::GetMovieRequest>) -> Reply<pb::Movie> {
        let catalogue = self.catalogue.get();
        let movie = catalogue.movie(&request.into_inner().id, self.today(&catalogue))?;
        Ok(Response::new(movie))
    }

    async fn list_showtimes(
        &self,
        request: Request<pb::ListShowtimesRequest>,
    ) -> Reply<pb::ListShowtimesResponse> {
        let request = request.into_inner();
        let catalogue = self.catalogue.get();
        let query = ShowtimeQuery {
            theater_id: &request.theater_id,
            movie_id: &request.movie_id,
            from: &request.from,
            to: &request.to,
            attributes: &request.attributes,
        };
        let showtimes = catalogue.showtimes(self.today(&catalogue), &query)?;
        Ok(Response::new(pb::ListShowtimesResponse { showtimes }))
    }

    async fn list_events(
        &self,
        request: Request<pb::ListEventsRequest>,
    ) -> Reply<pb::ListEventsResponse> {
        let catalogue = self.catalogue.get();
        let events = catalogue.events(self.today(&catalogue), &request.into_inner().theater_id)?;
        Ok(Response::new(pb::ListEventsResponse { events }))
    }

    async fn get_event(&self, request: Request<pb::GetEventRequest>) -> Reply<pb::Event> {
        let catalogue = self.catalogue.get();
        let event = catalogue.event(&request.into_inner().id, self.today(&catalogue))?;
        Ok(Response::new(event))
    }

    async fn list_pages(&self, _: Request<pb::ListPagesRequest>) -> Reply<pb::ListPagesResponse> {
        Ok(Response::new(pb::ListPagesResponse {
            pages: self.catalogue.get().pages(),
        }))
    }

    async fn get_page(&self, request: Request<pb::GetPageRequest>) -> Reply<pb::Page> {
        Ok(Response::new(
            self.catalogue.get().page(&request.into_inner().slug)?,
        ))
    }

    async fn search(&self, request: Request<pb::SearchRequest>) -> Reply<pb::SearchResponse> {
        let request = request.into_inner();
        let hits = self
            .catalogue
            .get()
            .search
            .search(&request.query, request.limit)?;
        Ok(Response::new(pb::SearchResponse { hits }))
    }

    async fn get_messages(&self, request: Request<pb::GetMessagesRequest>) -> Reply<pb::Messages> {
        Ok(Response::new(
            self.catalogue.get().messages(&request.into_inner().locale),
        ))
    }

    async fn get_poster(&self, request: Request<pb::GetPosterRequest>) -> Reply<pb::Poster> {
        let catalogue = self.catalogue.get();
        let svg = catalogue.poster(&request.into_inner().id, self.today(&catalogue))?;
        Ok(Response::new(pb::Poster {
            content_type: "image/svg+xml".to_owned(),
            body: svg.into_bytes(),
        }))
    }

    async fn resolve_current_theater(
        &self,
        request: Request<pb::ResolveCurrentTheaterRequest>,
    ) -> Reply<pb::CurrentTheater> {
        let request = request.into_inner();
        let theater = self
            .catalogue
            .get()
            .current_theater(&request.page_theater_id, &request.selected_theater_id);
        Ok(Response::new(pb::CurrentTheater { theater }))
    }

    async fn resolve_ticketing(
        &self,
        request: Request<pb::ResolveTicketingRequest>,
    ) -> Reply<pb::TicketingTarget> {
        let request = request.into_inner();
        let (url, theater_code) = self.catalogue.get().ticketing(
            &request.theater_id,
            &request.perf_code,
            &request.kind,
        )?;
        Ok(Response::new(pb::TicketingTarget { url, theater_code }))
    }
}
