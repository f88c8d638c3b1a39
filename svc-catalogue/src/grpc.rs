//! The gRPC adapter of the catalogue's reads: requests -> domain queries -> proto
//! messages (the one place the catalogue's types become messages); errors -> Status. [`ingest`] is the ingest API's,
//! [`drafts`] the studio's drafts, publishing and history, [`sites`] its sites' ingest keys,
//! [`media`] their media libraries.

pub mod drafts;
pub mod ingest;
pub mod media;
pub mod points_of_sale;
pub mod sites;

use std::sync::Arc;
use std::time::Duration;

use jiff::civil::Date;
use proto::catalogue::v1 as pb;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response, Status};

use crate::Error;
use crate::domain::catalogue::Catalogue;
use crate::domain::catalogue::events::Event;
use crate::domain::catalogue::movies::Movie;
use crate::domain::catalogue::showtimes::{ListedShowtime, ShowtimeQuery};
use crate::domain::catalogue::site::LocaleMessages;
use crate::domain::content_pages::{Page, PageSection};
use crate::domain::page_blocks::{Block, TextRun};
use crate::domain::site::{
    AdsCustom, AdsCustomLocation, BrandColors, Circuit, Country, FontWeights, Fonts, Logo,
    NavigationLink, Palette, Roundness, SiteConfig, SiteSettings, Slug, SocialLink, Theme,
    TicketingProvider, Tracker, Trackers,
};
use crate::domain::theaters::{Address, GeoPoint, Theater, TheaterNear};
use crate::follow::{Catalogues, SharedCatalogue, SiteList};
use crate::search::SearchHit;
use crate::store::Store;
use crate::version::{self, Clock};

/// How long a read waits for a write its caller saw answered to be served here (another
/// replica's commit arrives by LISTEN/NOTIFY in milliseconds).
const READ_WAITS_FOR_WRITE: Duration = Duration::from_secs(2);

#[derive(Debug, Clone)]
pub struct CatalogueService {
    pub catalogues: Catalogues,
    pub clock: Clock,
    /// Where the point of sale's poster images are kept.
    pub store: Store,
}

impl CatalogueService {
    /// The site the call names in its `site-id` metadata ([`proto::site::METADATA`]),
    /// else the default site; a site not served is not found.
    fn site<T>(&self, request: &Request<T>) -> Result<SharedCatalogue, Status> {
        let named = proto::site::named(request)?;
        self.catalogues.site(named).ok_or_else(|| {
            Status::not_found(format!(
                "the catalogue has no site '{}'",
                named.unwrap_or_default()
            ))
        })
    }

    /// The catalogue of [`CatalogueService::site`]; for a call that names the version it
    /// must see ([`proto::CATALOGUE_VERSION_METADATA`], a write's), that version or a newer
    /// one, once this process serves it (within [`READ_WAITS_FOR_WRITE`]).
    async fn catalogue<T>(&self, request: &Request<T>) -> Result<Arc<Catalogue>, Status> {
        let site = self.site(request)?;
        let version = request
            .metadata()
            .get(proto::CATALOGUE_VERSION_METADATA)
            .map(|value| {
                value
                    .to_str()
                    .ok()
                    .and_then(|value| value.parse::<i64>().ok())
                    .ok_or_else(|| {
                        Status::invalid_argument(format!(
                            "{}: not a version number",
                            proto::CATALOGUE_VERSION_METADATA
                        ))
                    })
            })
            .transpose()?;
        if let Some(version) = version
            && !site.serves(version, READ_WAITS_FOR_WRITE).await
        {
            tracing::warn!(
                site = %site.get().site_id,
                version,
                "catalogue: a read waited for a write this process does not serve yet; answered from the revision before"
            );
        }
        Ok(site.get())
    }

    /// Today in the site's time zone.
    fn today(&self, catalogue: &Catalogue) -> Date {
        self.clock.today(&catalogue.time_zone)
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl pb::catalogue_server::Catalogue for CatalogueService {
    type WatchSiteStream = ReceiverStream<Result<pb::SiteVersion, Status>>;
    type WatchSitesStream = ReceiverStream<Result<pb::SiteAddresses, Status>>;

    async fn watch_sites(
        &self,
        _: Request<pb::WatchSitesRequest>,
    ) -> Reply<Self::WatchSitesStream> {
        Ok(Response::new(watch_addresses(&self.catalogues)))
    }

    async fn list_sites(&self, _: Request<pb::ListSitesRequest>) -> Reply<pb::SiteAddresses> {
        let list = self.catalogues.addresses().borrow().clone();
        let mut message = addresses_message(&self.catalogues, &list);
        for site in &mut message.sites {
            site.name = self
                .catalogues
                .site(Some(&site.site_id))
                .map(|served| served.get().site.site_name().to_owned())
                .unwrap_or_default();
        }
        Ok(Response::new(message))
    }

    async fn watch_site(
        &self,
        request: Request<pb::WatchSiteRequest>,
    ) -> Reply<Self::WatchSiteStream> {
        Ok(Response::new(version::watch(
            self.site(&request)?,
            self.clock,
        )))
    }

    async fn get_site(&self, request: Request<pb::GetSiteRequest>) -> Reply<pb::Site> {
        let catalogue = self.catalogue(&request).await?;
        Ok(Response::new(site_message(&catalogue, &self.clock)))
    }

    async fn get_site_content(
        &self,
        request: Request<pb::GetSiteContentRequest>,
    ) -> Reply<pb::SiteContent> {
        let catalogue = if request.get_ref().draft {
            let site_id = self.site(&request)?.get().site_id.clone();
            let (_, drafted) = crate::follow::read_drafted(&self.store, &site_id).await?;
            Arc::new(drafted)
        } else {
            self.catalogue(&request).await?
        };
        let site = site_message(&catalogue, &self.clock);
        let locale = site
            .config
            .as_ref()
            .map(|config| config.locale.clone())
            .unwrap_or_default();
        Ok(Response::new(pb::SiteContent {
            theaters: catalogue
                .theaters_near(None)?
                .into_iter()
                .map(pb::Theater::from)
                .collect(),
            messages: Some(catalogue.messages(&locale).into()),
            current_theater: catalogue.current_theater("", "").map(pb::Theater::from),
            movies: listed(catalogue.movies(self.today(&catalogue), "", "")?),
            events: listed(catalogue.events("")?),
            pages: catalogue
                .pages()
                .into_iter()
                .map(|page| page_message(&catalogue, page))
                .collect(),
            media: catalogue
                .media
                .values()
                .cloned()
                .map(media::item_message)
                .collect(),
            poster_digests: catalogue.drawn_poster_digests(self.today(&catalogue)),
            site: Some(site),
        }))
    }

    async fn list_theaters(
        &self,
        request: Request<pb::ListTheatersRequest>,
    ) -> Reply<pb::ListTheatersResponse> {
        let catalogue = self.catalogue(&request).await?;
        let near = request.into_inner().near.map(GeoPoint::from);
        let theaters = catalogue
            .theaters_near(near.as_ref())?
            .into_iter()
            .map(pb::Theater::from)
            .collect();
        Ok(Response::new(pb::ListTheatersResponse { theaters }))
    }

    async fn get_theater(&self, request: Request<pb::GetTheaterRequest>) -> Reply<pb::Theater> {
        let theater = self
            .catalogue(&request)
            .await?
            .theater(&request.into_inner().id)?;
        Ok(Response::new(theater.into()))
    }

    async fn list_movies(
        &self,
        request: Request<pb::ListMoviesRequest>,
    ) -> Reply<pb::ListMoviesResponse> {
        let catalogue = self.catalogue(&request).await?;
        let request = request.into_inner();
        let movies = catalogue.movies(
            self.today(&catalogue),
            &request.theater_id,
            &request.play_week,
        )?;
        Ok(Response::new(pb::ListMoviesResponse {
            movies: listed(movies),
        }))
    }

    async fn get_movie(&self, request: Request<pb::GetMovieRequest>) -> Reply<pb::Movie> {
        let catalogue = self.catalogue(&request).await?;
        let movie = catalogue.movie(&request.into_inner().id, self.today(&catalogue))?;
        Ok(Response::new(movie.into()))
    }

    async fn list_showtimes(
        &self,
        request: Request<pb::ListShowtimesRequest>,
    ) -> Reply<pb::ListShowtimesResponse> {
        let catalogue = self.catalogue(&request).await?;
        let request = request.into_inner();
        let query = ShowtimeQuery {
            theater_id: &request.theater_id,
            movie_id: &request.movie_id,
            from: &request.from,
            to: &request.to,
            attributes: &request.attributes,
        };
        let offered = catalogue.offered(self.clock.now(&catalogue.time_zone), self.clock.grace);
        let showtimes = catalogue.showtimes(self.today(&catalogue), &offered, &query)?;
        Ok(Response::new(pb::ListShowtimesResponse {
            showtimes: listed(showtimes),
        }))
    }

    async fn list_events(
        &self,
        request: Request<pb::ListEventsRequest>,
    ) -> Reply<pb::ListEventsResponse> {
        let catalogue = self.catalogue(&request).await?;
        let events = catalogue.events(&request.into_inner().theater_id)?;
        Ok(Response::new(pb::ListEventsResponse {
            events: listed(events),
        }))
    }

    async fn get_event(&self, request: Request<pb::GetEventRequest>) -> Reply<pb::Event> {
        let catalogue = self.catalogue(&request).await?;
        let event = catalogue.event(&request.into_inner().id)?;
        Ok(Response::new(event.into()))
    }

    async fn list_pages(
        &self,
        request: Request<pb::ListPagesRequest>,
    ) -> Reply<pb::ListPagesResponse> {
        let catalogue = self.catalogue(&request).await?;
        Ok(Response::new(pb::ListPagesResponse {
            pages: catalogue
                .pages()
                .into_iter()
                .map(|page| page_message(&catalogue, page))
                .collect(),
        }))
    }

    async fn get_page(&self, request: Request<pb::GetPageRequest>) -> Reply<pb::Page> {
        let catalogue = self.catalogue(&request).await?;
        let page = catalogue.page(&request.into_inner().slug)?;
        Ok(Response::new(page_message(&catalogue, page)))
    }

    async fn search(&self, request: Request<pb::SearchRequest>) -> Reply<pb::SearchResponse> {
        let catalogue = self.catalogue(&request).await?;
        let request = request.into_inner();
        let hits = catalogue.search.search(&request.query, request.limit)?;
        Ok(Response::new(pb::SearchResponse { hits: listed(hits) }))
    }

    async fn get_messages(&self, request: Request<pb::GetMessagesRequest>) -> Reply<pb::Messages> {
        Ok(Response::new(
            self.catalogue(&request)
                .await?
                .messages(&request.into_inner().locale)
                .into(),
        ))
    }

    async fn get_poster(&self, request: Request<pb::GetPosterRequest>) -> Reply<pb::Poster> {
        let catalogue = self.catalogue(&request).await?;
        let id = request.into_inner().id;
        let has_image = catalogue
            .movies
            .iter()
            .find(|movie| movie.id == id)
            .is_some_and(|movie| catalogue.poster_image(movie).is_some());
        if has_image
            && let Some((content_type, body)) = self
                .store
                .poster_image(&catalogue.site_id, &id)
                .await
                .map_err(Error::from)?
        {
            return Ok(Response::new(pb::Poster { content_type, body }));
        }
        let svg = catalogue.poster(&id, self.today(&catalogue))?;
        Ok(Response::new(pb::Poster {
            content_type: "image/svg+xml".to_owned(),
            body: svg.into_bytes(),
        }))
    }

    async fn resolve_current_theater(
        &self,
        request: Request<pb::ResolveCurrentTheaterRequest>,
    ) -> Reply<pb::CurrentTheater> {
        let catalogue = self.catalogue(&request).await?;
        let request = request.into_inner();
        let theater =
            catalogue.current_theater(&request.page_theater_id, &request.selected_theater_id);
        Ok(Response::new(pb::CurrentTheater {
            theater: theater.map(pb::Theater::from),
        }))
    }

    async fn resolve_ticketing(
        &self,
        request: Request<pb::ResolveTicketingRequest>,
    ) -> Reply<pb::TicketingTarget> {
        let catalogue = self.catalogue(&request).await?;
        let request = request.into_inner();
        let offered = catalogue.offered(self.clock.now(&catalogue.time_zone), self.clock.grace);
        let (url, theater_code) = catalogue.ticketing(
            &request.theater_id,
            &request.perf_code,
            &request.kind,
            &offered,
        )?;
        Ok(Response::new(pb::TicketingTarget { url, theater_code }))
    }
}

/// Every site's address now, then at each change, until the subscriber goes away.
fn watch_addresses(catalogues: &Catalogues) -> ReceiverStream<Result<pb::SiteAddresses, Status>> {
    let mut addresses = catalogues.addresses();
    let catalogues = catalogues.clone();
    let (sender, stream) = tokio::sync::mpsc::channel(1);
    tokio::spawn(async move {
        loop {
            let list = addresses.borrow_and_update().clone();
            let message = addresses_message(&catalogues, &list);
            if sender.send(Ok(message)).await.is_err() {
                return;
            }
            tokio::select! {
                changed = addresses.changed() => if changed.is_err() { return },
                () = sender.closed() => return,
            }
        }
    });
    ReceiverStream::new(stream)
}

/// Every site of `list`, and the deployment's default site.
fn addresses_message(catalogues: &Catalogues, list: &SiteList) -> pb::SiteAddresses {
    let sites = list
        .addresses
        .iter()
        .map(|address| pb::SiteAddress {
            site_id: address.site_id.clone(),
            hosts: address.hosts.clone(),
            public_url: address.public_url.clone(),
            unavailable: list
                .unavailable
                .get(&address.site_id)
                .cloned()
                .unwrap_or_default(),
            ..pb::SiteAddress::default()
        })
        .collect();
    pb::SiteAddresses {
        sites,
        default_site_id: catalogues.default_site().get().site_id.clone(),
    }
}

/// Each of `items` as its message.
fn listed<T, M: From<T>>(items: Vec<T>) -> Vec<M> {
    items.into_iter().map(M::from).collect()
}

impl From<pb::GeoPoint> for GeoPoint {
    fn from(point: pb::GeoPoint) -> Self {
        Self {
            latitude: point.latitude,
            longitude: point.longitude,
        }
    }
}

impl From<Movie> for pb::Movie {
    fn from(movie: Movie) -> Self {
        Self {
            id: movie.id,
            title: movie.title,
            slug: movie.slug,
            synopsis: movie.synopsis,
            runtime_minutes: i32::try_from(movie.runtime_minutes).unwrap_or(i32::MAX),
            rating: movie.rating,
            genres: movie.genres,
            release_date: movie
                .release_date
                .map(|date| date.to_string())
                .unwrap_or_default(),
            directors: movie.directors,
            cast: movie.cast,
            formats: movie.formats,
            attributes: movie.attributes,
            flags: movie.flags.into_iter().map(str::to_owned).collect(),
            play_week: movie.play_week.code().to_owned(),
            poster_url: movie.poster_url,
            trailer_url: movie.trailer_url,
            original_language: movie.original_language,
            path: movie.path,
        }
    }
}

impl From<ListedShowtime> for pb::Showtime {
    fn from(showtime: ListedShowtime) -> Self {
        Self {
            id: showtime.id,
            movie_id: showtime.movie_id,
            theater_id: showtime.theater_id,
            perf_code: showtime.perf_code,
            date: showtime.date.to_string(),
            time: showtime.time.strftime("%H:%M").to_string(),
            starts_at: showtime.starts_at,
            format: showtime.format,
            auditorium: showtime.auditorium,
            attributes: showtime
                .attributes
                .iter()
                .map(|attribute| attribute.code().to_owned())
                .collect(),
            ticketing_url: showtime.ticketing_url,
            language: showtime.language,
            availability: showtime.availability.code().to_owned(),
            seats_available: showtime.seats_available,
            seats_total: showtime.seats_total,
            started: showtime.started,
        }
    }
}

impl From<LocaleMessages> for pb::Messages {
    fn from(messages: LocaleMessages) -> Self {
        Self {
            locale: messages.locale,
            messages: messages.messages.into_iter().collect(),
        }
    }
}

impl From<Theater> for pb::Theater {
    fn from(theater: Theater) -> Self {
        Self {
            id: theater.id,
            name: theater.name,
            slug: theater.slug,
            code: theater.code,
            address: theater.address.map(pb::Address::from),
            phone: theater.phone,
            email: theater.email,
            ticketing_provider: theater.ticketing_provider.map(Into::into),
            amenities: theater.amenities,
            latitude: theater.latitude,
            longitude: theater.longitude,
            description: theater.description,
            screens: theater.screens,
            accessibility: theater.accessibility,
            distance_km: None,
            time_zone: theater.time_zone,
            parking: theater.parking,
            opening_hours: theater
                .opening_hours
                .into_iter()
                .map(|line| pb::OpeningHours {
                    days: line.days,
                    opens: line.opens,
                    closes: line.closes,
                })
                .collect(),
        }
    }
}

impl From<TheaterNear> for pb::Theater {
    fn from(near: TheaterNear) -> Self {
        Self {
            distance_km: near.distance_km,
            ..near.theater.into()
        }
    }
}

/// `page` of `catalogue` as the wire carries it, with the library images it names.
fn page_message(catalogue: &Catalogue, page: Page) -> pb::Page {
    let media = catalogue
        .page_images(&page)
        .into_iter()
        .map(|image| pb::MediaImage {
            src: image.src,
            width: image.width,
            height: image.height,
            jpeg_srcset: image.jpeg_srcset,
            webp_srcset: image.webp_srcset,
        })
        .collect();
    pb::Page {
        media,
        ..pb::Page::from(page)
    }
}

impl From<Page> for pb::Page {
    fn from(page: Page) -> Self {
        Self {
            id: page.id,
            slug: page.slug,
            title: page.title,
            template_name: page.template_name,
            sections: page
                .sections
                .into_iter()
                .map(pb::PageSection::from)
                .collect(),
            path: page.path,
            blocks: page.blocks.into_iter().map(pb::PageBlock::from).collect(),
            seo_description: page.seo_description,
            seo_image: page.seo_image,
            media: Vec::new(),
        }
    }
}

impl From<Block> for pb::PageBlock {
    fn from(block: Block) -> Self {
        let kind = |kind: &str| pb::PageBlock {
            r#type: kind.to_owned(),
            ..pb::PageBlock::default()
        };
        let runs = |runs: Vec<TextRun>| runs.into_iter().map(pb::TextRun::from).collect();
        match block {
            Block::Heading { level, text } => pb::PageBlock {
                level,
                text: runs(text),
                ..kind("heading")
            },
            Block::Paragraph { text } => pb::PageBlock {
                text: runs(text),
                ..kind("paragraph")
            },
            Block::List { ordered, items } => pb::PageBlock {
                ordered,
                items: items
                    .into_iter()
                    .map(|item| pb::ListItem {
                        text: runs(item.text),
                    })
                    .collect(),
                ..kind("list")
            },
            Block::Image { src, alt, caption } => pb::PageBlock {
                src,
                alt,
                caption,
                ..kind("image")
            },
            Block::Quote { text, caption } => pb::PageBlock {
                text: runs(text),
                caption,
                ..kind("quote")
            },
            Block::Button { label, href } => pb::PageBlock {
                label,
                href,
                ..kind("button")
            },
            Block::Divider => kind("divider"),
        }
    }
}

/// The site as sent: its config with the site's name, related entity type, theaters and
/// how long `clock` offers a started showtime.
fn site_message(catalogue: &Catalogue, clock: &Clock) -> pb::Site {
    let site = &catalogue.site;
    pb::Site {
        config: Some(pb::SiteConfig {
            name: site.site_name().to_owned(),
            related_entity_type: site.related_entity.entity_type.clone(),
            theater_ids: catalogue.theater_ids(),
            showtime_grace_minutes: u32::try_from(clock.grace.as_mins()).unwrap_or(0),
            ..site.config.clone().into()
        }),
        settings: Some(site.settings.clone().into()),
        loyalty_settings: catalogue.loyalty_settings().map(proto::json::to_struct),
        revision: catalogue.revision.clone(),
    }
}

impl From<SiteConfig> for pb::SiteConfig {
    fn from(value: SiteConfig) -> Self {
        Self {
            theme: value.theme.map(Into::into),
            google_fonts: value.google_fonts,
            country: value.country.map(Into::into),
            all_countries: value.all_countries.into_iter().map(Into::into).collect(),
            locale: value.locale,
            path_prefix: value.path_prefix,
            website_id: value.website_id,
            trackers: value.trackers.map(Into::into),
            is_single_location: value.is_single_location,
            circuit_id: value.circuit_id,
            theater_ids: value.theater_ids,
            allowed_embedding_domains: value.allowed_embedding_domains,
            roundness: value.roundness.map(Into::into),
            global_excluded_movie_ids: value.global_excluded_movie_ids,
            movie_order_index: value.movie_order_index,
            featured_movie_id: value.featured_movie_id,
            defer_standard_pages: value.defer_standard_pages,
            defer_event_pages: value.defer_event_pages,
            defer_movie_pages: value.defer_movie_pages,
            defer_theater_pages: value.defer_theater_pages,
            beta_features_enabled: value.beta_features_enabled,
            trailing_slash: value.trailing_slash,
            time_zone: value.time_zone,
            // The site-name rule, the related entity and the grace are the site's and the
            // service's, set where it is sent.
            name: String::new(),
            related_entity_type: String::new(),
            showtime_grace_minutes: 0,
        }
    }
}

impl From<Theme> for pb::Theme {
    fn from(value: Theme) -> Self {
        Self {
            colors: value.colors.map(Into::into),
            palette: value.palette.map(Into::into),
            fonts: value.fonts.map(Into::into),
        }
    }
}

impl From<Fonts> for pb::Fonts {
    fn from(value: Fonts) -> Self {
        Self {
            body: value.body,
            heading: value.heading,
            font_weights: value
                .font_weights
                .into_iter()
                .map(|(key, value)| (key, value.into()))
                .collect(),
            font_styles: value.font_styles.into_iter().collect(),
        }
    }
}

impl From<SiteSettings> for pb::SiteSettings {
    fn from(value: SiteSettings) -> Self {
        Self {
            id: value.id,
            domain: value.domain,
            logo: value.logo.map(Into::into),
            circuit: value.circuit.map(Into::into),
            ticketing_provider: value.ticketing_provider.map(Into::into),
            login_page: value.login_page.map(Into::into),
            privacy_policy_page: value.privacy_policy_page.map(Into::into),
            cookie_banner_didomi_id: value.cookie_banner_didomi_id,
            ads_display: value.ads_display,
            ads_location: value.ads_location,
            ads_custom: value.ads_custom.map(Into::into),
            enable_targett_tracking: value.enable_targett_tracking,
            trackers: value.trackers.into_iter().map(Into::into).collect(),
            social_links: value.social_links.into_iter().map(Into::into).collect(),
            app_links: value.app_links.into_iter().map(Into::into).collect(),
            navigation: value.navigation.into_iter().map(Into::into).collect(),
            footer_links: value.footer_links.into_iter().map(Into::into).collect(),
            first_party_consent_banner: value.first_party_consent_banner,
            has_search: value.has_search,
        }
    }
}

impl From<AdsCustom> for pb::AdsCustom {
    fn from(value: AdsCustom) -> Self {
        Self {
            locations: value.locations.into_iter().map(Into::into).collect(),
            size_mapping: value.size_mapping,
            network_code: value.network_code,
            url: value.url,
        }
    }
}

/// `From<T> for pb::T` for the types whose fields are the same on both sides.
macro_rules! same_fields {
    ($($domain:ident { $($field:ident),+ })*) => {$(
        impl From<$domain> for pb::$domain {
            fn from(value: $domain) -> Self {
                Self { $($field: value.$field),+ }
            }
        }
    )*};
}

same_fields! {
    Address { street, city, state, zip_code, country }
    PageSection { heading, paragraphs }
    TextRun { text, bold, italic, link }
    BrandColors { brand1, brand2, brand3, brand4, brand5, brand6 }
    Palette { muted, accent, primary, highlight, background, footer_background, header_background }
    FontWeights { weights }
    Country { code, iso31661_a2, iso31661_a3, name }
    Trackers { google_analytics_v3, google_analytics_v4 }
    Roundness { buttons, content }
    Logo { src, alt }
    Circuit { id, name }
    TicketingProvider { name, url, hand_offs }
    Slug { slug }
    AdsCustomLocation { key }
    Tracker { r#type, token }
    SocialLink { kind, url, label }
    NavigationLink { label, to }
    Event { id, title, path, slug, description, theater_id, movie_id, starts_at, poster_url, ticketing_url, date, time }
    SearchHit { id, kind, title, subtitle, path, image_url }
}
