//! E-mail to members (activation, reset link, username reminder) as real RFC 5322
//! messages, written as one .eml file each under `$DATA_DIR/mail/` for a mail relay or
//! a person to pick up.

use std::path::PathBuf;

use crate::Error;
use crate::domain::credentials::new_token;
use crate::store::unix_now;

/// Who the messages come from.
const FROM: &str = "Loyalty <no-reply@loyalty.invalid>";

#[derive(Debug, Clone)]
pub struct Mailer {
    dir: PathBuf,
}

impl Mailer {
    pub fn new(dir: PathBuf) -> Mailer {
        Mailer { dir }
    }

    /// Writes a plain-text message to `to`; answers the file's path.
    pub async fn send(&self, to: &str, subject: &str, body: &str) -> Result<PathBuf, Error> {
        tokio::fs::create_dir_all(&self.dir).await?;
        let id = new_token()?;
        let date = time::OffsetDateTime::from_unix_timestamp(unix_now())
            .ok()
            .and_then(|at| {
                at.format(&time::format_description::well_known::Rfc2822)
                    .ok()
            })
            .unwrap_or_default();
        let message = format!(
            "From: {FROM}\r\nTo: <{to}>\r\nSubject: {subject}\r\nDate: {date}\r\n\
             Message-ID: <{id}@loyalty.invalid>\r\nMIME-Version: 1.0\r\n\
             Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}\r\n",
            body.replace('\n', "\r\n")
        );
        let path = self.dir.join(format!("{}-{}.eml", unix_now(), &id[..16]));
        tokio::fs::write(&path, message).await?;
        Ok(path)
    }
}
