//! The gRPC adapter of a theater's point of sale for the studio (proto
//! catalogue.v1.PointsOfSale): its link and uploaded token set in one commit by
//! [`crate::store::points_of_sale`], and how it has done lately. The caller, svc-studio,
//! has authorised the staff member it names as `author`.

use proto::catalogue::v1 as pb;
use tonic::{Request, Response, Status};

use crate::Error;
use crate::domain::checks;
use crate::domain::invalid::Invalid;
use crate::ingest;
use crate::store::points_of_sale::{LinkChange, PointOfSaleState};
use crate::store::{Author, Store};

/// The longest token taken: a Veezi token is a few dozen characters.
const MAX_TOKEN_CHARS: usize = 512;

#[derive(Debug, Clone)]
pub struct PointsOfSaleService {
    pub store: Store,
}

type Answer<T> = Result<Response<T>, Status>;

impl PointsOfSaleService {
    async fn state(&self, site_id: &str, theater_id: &str) -> Result<pb::PointOfSaleState, Error> {
        let link = self.store.point_of_sale_link(site_id, theater_id).await?;
        let state = self.store.point_of_sale_state(site_id, theater_id).await?;
        Ok(state_message(link, state))
    }
}

fn state_message(
    link: Option<crate::domain::theaters::PointOfSale>,
    state: PointOfSaleState,
) -> pb::PointOfSaleState {
    pb::PointOfSaleState {
        link: link.map(|link| pb::PointOfSale {
            provider: link.provider,
            token: link.token,
            attributes: link
                .attributes
                .into_iter()
                .map(|(short_name, attribute)| (short_name, attribute.code().to_owned()))
                .collect(),
        }),
        token_kept: state.token_set_at.is_some(),
        token_set_at: state.token_set_at.unwrap_or_default(),
        token_set_by: state.token_set_by,
        last_success_at: state.last_success_at.unwrap_or_default(),
        last_error: state.last_error,
        last_error_at: state.last_error_at.unwrap_or_default(),
        showtimes_changed: state.showtimes_changed,
        seats_changed: state.seats_changed,
        last_change_at: state.last_change_at.unwrap_or_default(),
    }
}

/// An uploaded token as kept: trimmed, one line of printable characters.
fn uploaded_token(token: &str) -> Result<String, Invalid> {
    let token = token.trim();
    if token.is_empty() {
        return Err(Invalid::new("token", "empty: paste the cinema's API token"));
    }
    if token.chars().count() > MAX_TOKEN_CHARS || token.chars().any(char::is_control) {
        return Err(Invalid::new(
            "token",
            format!("one line of at most {MAX_TOKEN_CHARS} characters"),
        ));
    }
    Ok(token.to_owned())
}

#[tonic::async_trait]
impl pb::points_of_sale_server::PointsOfSale for PointsOfSaleService {
    async fn get_point_of_sale(
        &self,
        request: Request<pb::PointOfSaleRequest>,
    ) -> Answer<pb::PointOfSaleState> {
        let request = request.into_inner();
        Ok(Response::new(
            self.state(&request.site_id, &request.theater_id).await?,
        ))
    }

    async fn set_point_of_sale(
        &self,
        request: Request<pb::SetPointOfSaleRequest>,
    ) -> Answer<pb::PointOfSaleState> {
        let request = request.into_inner();
        let author = request.author.trim();
        if author.is_empty() {
            return Err(Error::InvalidArgument("author: required".to_owned()).into());
        }
        let token = request
            .token
            .as_deref()
            .map(uploaded_token)
            .transpose()
            .map_err(Error::from)?;
        let change = match request.link {
            Some(link) => {
                let link = ingest::point_of_sale(link)
                    .and_then(|link| checks::point_of_sale_link(&link).map(|()| link))
                    .map_err(|invalid| Error::from(invalid.inside("link")))?;
                if !link.token.is_empty() && token.is_some() {
                    return Err(Error::from(Invalid::new(
                        "token",
                        "the link names a token file: leave it out to poll with an uploaded token",
                    ))
                    .into());
                }
                if link.token.is_empty()
                    && token.is_none()
                    && self
                        .store
                        .point_of_sale_token(&request.site_id, &request.theater_id)
                        .await
                        .map_err(Error::from)?
                        .is_none()
                {
                    return Err(Error::from(Invalid::new(
                        "token",
                        "required: upload the cinema's API token, or name a token file",
                    ))
                    .into());
                }
                LinkChange::Linked { link, token }
            }
            None if token.is_some() => {
                return Err(Error::from(Invalid::new(
                    "link",
                    "a token is kept for a linked point of sale only",
                ))
                .into());
            }
            None => LinkChange::Unlinked,
        };
        self.store
            .set_point_of_sale(
                &request.site_id,
                &request.theater_id,
                change,
                Author::named(author),
            )
            .await
            .map_err(Error::from)?;
        tracing::info!(site = %request.site_id, theater = %request.theater_id, "point of sale set");
        Ok(Response::new(
            self.state(&request.site_id, &request.theater_id).await?,
        ))
    }
}
