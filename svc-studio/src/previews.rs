//! The draft's preview on the site's own host (docs/studio.md#preview): a token for one
//! site and one hour, given to whoever may read the site, and checked by the gateway that
//! serves the site's host before it renders the draft.

use platform::tokens::{new_token, sha256_hex};

use crate::Error;
use crate::domain::access::Permission;
use crate::domain::tokens::PREVIEW_SECONDS;
use crate::sites::Site;
use crate::store::{previews, unix_now};
use crate::studio::Studio;

/// A preview token, given once, with the site it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preview {
    pub token: String,
    pub expires_at: i64,
    pub site: Site,
}

impl Studio {
    /// A token showing the site's draft to whoever holds it, for an hour.
    pub async fn open_preview(&self, session_token: &str, site_id: &str) -> Result<Preview, Error> {
        let me = self
            .allowed(session_token, site_id, Permission::Read)
            .await?;
        let site = self.site_of(&me, site_id).await?;
        let token = new_token()?;
        let now = unix_now();
        let expires_at = now + PREVIEW_SECONDS;
        previews::insert(
            self.store.pool(),
            &sha256_hex(&token),
            &me.staff.id,
            site_id,
            now,
            expires_at,
        )
        .await?;
        Ok(Preview {
            token,
            expires_at,
            site,
        })
    }

    /// The site a preview token shows, while it does.
    pub async fn previewed_site(&self, preview_token: &str) -> Result<String, Error> {
        previews::site_of(self.store.pool(), &sha256_hex(preview_token), unix_now())
            .await?
            .ok_or_else(|| Error::NotFound("no such preview, or it has expired".to_owned()))
    }
}
