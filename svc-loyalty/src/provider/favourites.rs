//! Favourite films (watchlist) and favourite theaters with their newsletter flag.
//! Favourite theaters need a version 3 session (docs/loyalty.md#favourites).

use serde_json::{Value, json};

use super::{Envelope, Provider};
use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::member::text;
use crate::domain::route::Route;
use crate::store::favourites::{self, FavoriteCinema};
use crate::store::sessions::SessionOwner;

impl Provider {
    /// `externalFilmIds` as strings and `{brand}Ids` as numbers where the id is one.
    pub(super) async fn favorite_films(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        self.films_of(&owner.member_id).await
    }

    async fn films_of(&self, member_id: &str) -> Result<Value, Error> {
        let films = favourites::films(self.store.pool(), member_id).await?;
        let numbers: Vec<i64> = films.iter().filter_map(|id| id.parse().ok()).collect();
        Ok(json!({ "externalFilmIds": films, self.branded("Ids"): numbers }))
    }

    /// `{externalFilmId, {brand}Id}`, both naming the same film.
    fn film_id(&self, payload: &Value) -> Result<String, Error> {
        let id = text(payload, &["externalFilmId", &self.branded("Id")]);
        if id.is_empty() {
            return Err(Error::BadInput(format!(
                "payload.externalFilmId or payload.{} is required",
                self.branded("Id")
            )));
        }
        Ok(id)
    }

    pub(super) async fn add_favorite_film(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let film_id = self.film_id(&envelope.payload)?;
        if !self.films.has_film(&envelope.site_id, &film_id).await? {
            return Err(PeachCode::FilmNotInCatalogue.into());
        }
        favourites::add_film(self.store.pool(), &owner.member_id, &film_id).await?;
        self.films_of(&owner.member_id).await
    }

    pub(super) async fn remove_favorite_film(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let film_id = self.film_id(&envelope.payload)?;
        favourites::remove_film(self.store.pool(), &owner.member_id, &film_id).await?;
        self.films_of(&owner.member_id).await
    }

    async fn version_3_owner(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<SessionOwner, Error> {
        let owner = self.session_owner(route, envelope).await?;
        if owner.cypher_version != 3 {
            return Err(PeachCode::VersionRequired.into());
        }
        Ok(owner)
    }

    async fn cinemas_of(&self, member_id: &str) -> Result<Value, Error> {
        let key = self.branded("CinemaId");
        let cinemas: Vec<Value> = favourites::cinemas(self.store.pool(), member_id)
            .await?
            .into_iter()
            .map(|cinema| {
                json!({ &key: cinema.cinema_id, "subscribeToNewsletter": cinema.subscribe_to_newsletter })
            })
            .collect();
        Ok(json!({ "favoriteCinemas": cinemas }))
    }

    /// One favoriteCinemas entry: `{ {brand}CinemaId, subscribeToNewsletter }`.
    fn favorite_cinema(&self, entry: &Value) -> Result<FavoriteCinema, Error> {
        let key = self.branded("CinemaId");
        let cinema_id = text(entry, &[&key]);
        if cinema_id.is_empty() {
            return Err(Error::BadInput(format!(
                "favoriteCinemas.{key} is required"
            )));
        }
        Ok(FavoriteCinema {
            cinema_id,
            subscribe_to_newsletter: entry["subscribeToNewsletter"].as_bool().unwrap_or(false),
        })
    }

    pub(super) async fn favorite_cinemas(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.version_3_owner(route, envelope).await?;
        self.cinemas_of(&owner.member_id).await
    }

    /// Add (`{favoriteCinemas: {{brand}CinemaId, subscribeToNewsletter}}`) and update
    /// (`{favoriteCinemas: [list]}`): each entry is added, or its subscription updated.
    pub(super) async fn put_favorite_cinemas(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.version_3_owner(route, envelope).await?;
        let entries = match &envelope.payload["favoriteCinemas"] {
            Value::Array(entries) => entries.clone(),
            entry @ Value::Object(_) => vec![entry.clone()],
            _ => {
                return Err(Error::BadInput(
                    "payload.favoriteCinemas is required".into(),
                ));
            }
        };
        let cinemas = entries
            .iter()
            .map(|entry| self.favorite_cinema(entry))
            .collect::<Result<Vec<_>, _>>()?;
        favourites::put_cinemas(self.store.pool(), &owner.member_id, &cinemas).await?;
        self.cinemas_of(&owner.member_id).await
    }

    /// `{{brand}CinemaId}`.
    pub(super) async fn remove_favorite_cinema(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.version_3_owner(route, envelope).await?;
        let cinema = self.favorite_cinema(&envelope.payload)?;
        favourites::remove_cinema(self.store.pool(), &owner.member_id, &cinema.cinema_id).await?;
        self.cinemas_of(&owner.member_id).await
    }
}
