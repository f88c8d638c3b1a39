//! E-mail to members (activation, reset link, username reminder) as real RFC 5322
//! messages: sent over SMTP when SMTP_URL is set, otherwise written as one .eml file
//! each under `$DATA_DIR/mail/` for a mail relay or a person to pick up.
//!
//! A message SMTP does not accept is not dropped quietly: the error is logged with its
//! cause and the call that wanted it fails (HTTP 503 through the gateway), so the
//! member knows to ask again.

use std::path::PathBuf;
use std::time::Duration;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::Error;
use crate::store::unix_now;
use platform::tokens::new_token;

/// How long one SMTP delivery may take, from connecting to the relay's last answer.
const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone)]
pub struct Mailer {
    from: Mailbox,
    delivery: Delivery,
}

#[derive(Debug, Clone)]
enum Delivery {
    Files(PathBuf),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

impl Mailer {
    /// Messages from `from` written as .eml files under `dir`.
    pub fn files(dir: PathBuf, from: Mailbox) -> Mailer {
        Mailer {
            from,
            delivery: Delivery::Files(dir),
        }
    }

    /// Messages from `from` sent to the SMTP relay of `url` (`smtp://` or `smtps://`,
    /// with optional credentials and `?tls=required`).
    pub fn smtp(url: &str, from: Mailbox) -> Result<Mailer, Error> {
        platform::tls::install();
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|error| Error::Mail(format!("SMTP_URL: {error}")))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        Ok(Mailer {
            from,
            delivery: Delivery::Smtp(transport),
        })
    }

    /// Sends a plain-text message to `to`.
    pub async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), Error> {
        let recipient: Mailbox = to
            .parse()
            .map_err(|error| Error::Mail(format!("the recipient is not an address: {error}")))?;
        let id = new_token()?;
        let body = eight_bit(body)?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(recipient)
            .subject(subject)
            .message_id(Some(format!("<{id}@{}>", self.from.email.domain())))
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .map_err(|error| Error::Mail(error.to_string()))?;
        match &self.delivery {
            Delivery::Files(dir) => {
                tokio::fs::create_dir_all(dir).await?;
                let path = dir.join(format!("{}-{}.eml", unix_now(), &id[..16]));
                tokio::fs::write(&path, message.formatted()).await?;
            }
            Delivery::Smtp(transport) => {
                if let Err(error) = transport.send(message).await {
                    tracing::error!(%error, subject, "the SMTP relay did not take a message");
                    return Err(Error::Mail(error.to_string()));
                }
            }
        }
        Ok(())
    }
}

/// The body as 8bit text with CRLF line ends. lettre would choose quoted-printable for
/// lines over 76 characters, which breaks reset links across lines in .eml files and
/// plain-text readers; 8bit allows lines up to the 998 octets RFC 5322 sets.
fn eight_bit(text: &str) -> Result<Body, Error> {
    if text.lines().any(|line| line.len() > 998) {
        return Err(Error::Mail(
            "a line of the message is over 998 octets".to_owned(),
        ));
    }
    let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
    Ok(Body::dangerous_pre_encoded(
        crlf.into_bytes(),
        ContentTransferEncoding::EightBit,
    ))
}
