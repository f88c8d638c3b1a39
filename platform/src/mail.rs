//! E-mail as real RFC 5322 messages (members' activation and reset links, staff's
//! invitations and sign-in links): sent over SMTP when SMTP_URL is set, otherwise written
//! as one .eml file each under `$DATA_DIR/mail/` for a mail relay or a person to pick up.
//!
//! A message SMTP does not accept is not dropped quietly: the error is logged with its
//! cause and the call that wanted it fails, so whoever asked knows to ask again.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lettre::message::Body;
pub use lettre::message::Mailbox;
use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::{ExposeSecret, SecretString};

use crate::config::{ConfigError, redacted};
use crate::tokens::new_token;

/// How long one SMTP delivery may take, from connecting to the relay's last answer.
const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The relay refused the message, or the message cannot be made.
    #[error("{0}")]
    Refused(String),
    /// The relay said no for good (a 5xx reply: no such mailbox, a policy): sending it
    /// again would be refused again.
    #[error("{0}")]
    Rejected(String),
    #[error("writing the message: {0}")]
    Io(#[from] std::io::Error),
    #[error("a message id: {0}")]
    Random(#[from] getrandom::Error),
}

/// How a service sends mail: SMTP_URL (may hold credentials) and MAIL_FROM.
#[derive(Debug, Clone)]
pub struct MailSettings {
    /// Unset: .eml files under DATA_DIR/mail.
    pub smtp_url: Option<SecretString>,
    pub from: Mailbox,
}

impl MailSettings {
    /// SMTP_URL (`smtp://` or `smtps://`) and MAIL_FROM (`default_from` when unset).
    pub fn from_lookup(
        lookup: &impl Fn(&str) -> Option<String>,
        default_from: &str,
    ) -> Result<MailSettings, ConfigError> {
        let smtp_url = match lookup("SMTP_URL").filter(|url| !url.is_empty()) {
            Some(url) if url.starts_with("smtp://") || url.starts_with("smtps://") => {
                Some(SecretString::from(url))
            }
            Some(url) => {
                return Err(ConfigError {
                    variable: "SMTP_URL",
                    problem: format!(
                        "'{}' is neither an smtp:// nor an smtps:// URL",
                        redacted(&url)
                    ),
                });
            }
            None => None,
        };
        let from = lookup("MAIL_FROM").unwrap_or_else(|| default_from.to_owned());
        let from = from.parse().map_err(|error| ConfigError {
            variable: "MAIL_FROM",
            problem: format!("'{from}' is not a mailbox: {error}"),
        })?;
        Ok(MailSettings { smtp_url, from })
    }

    /// The mailer these settings name; files go under `data_dir/mail`.
    pub fn mailer(&self, data_dir: &Path) -> Result<Mailer, MailError> {
        match &self.smtp_url {
            Some(url) => Mailer::smtp(url.expose_secret(), self.from.clone()),
            None => Ok(Mailer::files(data_dir.join("mail"), self.from.clone())),
        }
    }
}

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
    pub fn smtp(url: &str, from: Mailbox) -> Result<Mailer, MailError> {
        crate::tls::install();
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|error| MailError::Refused(format!("SMTP_URL: {error}")))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        Ok(Mailer {
            from,
            delivery: Delivery::Smtp(transport),
        })
    }

    /// Sends a plain-text message to `to`.
    pub async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), MailError> {
        self.send_message(to, subject, body, None).await
    }

    /// Sends a plain-text message of a mailing the recipient may leave: `unsubscribe`
    /// (an https URL taking a POST) goes in `List-Unsubscribe`, with
    /// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 2369, RFC 8058), so mail
    /// clients offer one click that needs no page.
    pub async fn send_unsubscribable(
        &self,
        to: &str,
        subject: &str,
        body: &str,
        unsubscribe: &str,
    ) -> Result<(), MailError> {
        self.send_message(to, subject, body, Some(unsubscribe))
            .await
    }

    async fn send_message(
        &self,
        to: &str,
        subject: &str,
        body: &str,
        unsubscribe: Option<&str>,
    ) -> Result<(), MailError> {
        let recipient: Mailbox = to.parse().map_err(|error| {
            MailError::Refused(format!("the recipient is not an address: {error}"))
        })?;
        let id = new_token()?;
        let body = eight_bit(body)?;
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(recipient)
            .subject(subject)
            .message_id(Some(format!("<{id}@{}>", self.from.email.domain())))
            .header(ContentType::TEXT_PLAIN);
        if let Some(url) = unsubscribe {
            builder = builder
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe"),
                    format!("<{url}>"),
                ))
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                    "List-Unsubscribe=One-Click".to_owned(),
                ));
        }
        let message = builder
            .body(body)
            .map_err(|error| MailError::Refused(error.to_string()))?;
        match &self.delivery {
            Delivery::Files(dir) => {
                // The messages carry live links (sign-in, password reset): their owner's
                // to read only.
                let sent = jiff::Timestamp::now().as_second();
                let path = dir.join(format!("{sent}-{}.eml", &id[..16]));
                let (dir, text) = (dir.clone(), message.formatted());
                tokio::task::spawn_blocking(move || write_private(&dir, &path, &text))
                    .await
                    .map_err(std::io::Error::other)??;
            }
            Delivery::Smtp(transport) => {
                if let Err(error) = transport.send(message).await {
                    // The reply's code, not its text: a relay's text often names the
                    // recipient.
                    let code = error.status().map(|code| code.to_string());
                    tracing::error!(code, subject, "the SMTP relay did not take a message");
                    return Err(if error.is_permanent() {
                        MailError::Rejected(error.to_string())
                    } else {
                        MailError::Refused(error.to_string())
                    });
                }
            }
        }
        Ok(())
    }
}

/// Writes `text` to the new file `path` in `dir` (made when missing), both readable by
/// their owner only.
fn write_private(dir: &Path, path: &Path, text: &[u8]) -> std::io::Result<()> {
    let mut folder = std::fs::DirBuilder::new();
    folder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut folder, 0o700);
    folder.create(dir)?;
    let mut file = std::fs::OpenOptions::new();
    file.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut file, 0o600);
    std::io::Write::write_all(&mut file.open(path)?, text)
}

/// The body as 8bit text with CRLF line ends. lettre would choose quoted-printable for
/// lines over 76 characters, which breaks links across lines in .eml files and
/// plain-text readers; 8bit allows lines up to the 998 octets RFC 5322 sets.
fn eight_bit(text: &str) -> Result<Body, MailError> {
    if text.lines().any(|line| line.len() > 998) {
        return Err(MailError::Refused(
            "a line of the message is over 998 octets".to_owned(),
        ));
    }
    let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
    Ok(Body::dangerous_pre_encoded(
        crlf.into_bytes(),
        ContentTransferEncoding::EightBit,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_relay_or_sender_names_its_variable() {
        let error = MailSettings::from_lookup(
            &|name| (name == "SMTP_URL").then(|| "http://u:secret@mail".to_owned()),
            "Studio <studio@cinema.invalid>",
        )
        .expect_err("not smtp");
        assert_eq!(error.variable, "SMTP_URL");
        assert!(!error.problem.contains("secret"), "{}", error.problem);
        let error = MailSettings::from_lookup(
            &|name| (name == "MAIL_FROM").then(|| "nobody".to_owned()),
            "Studio <studio@cinema.invalid>",
        )
        .expect_err("not a mailbox");
        assert_eq!(error.variable, "MAIL_FROM");
        let settings =
            MailSettings::from_lookup(&|_| None, "Studio <studio@cinema.invalid>").expect("valid");
        assert!(settings.smtp_url.is_none());
        assert_eq!(settings.from.email.to_string(), "studio@cinema.invalid");
    }

    #[tokio::test]
    async fn without_a_relay_a_message_is_an_eml_file_with_long_lines_kept_whole() {
        let dir =
            std::env::temp_dir().join(format!("platform-mail-{}", new_token().expect("random")));
        let settings =
            MailSettings::from_lookup(&|_| None, "Studio <studio@cinema.invalid>").expect("valid");
        let link = format!("https://studio.example/sign-in?token={}", "a".repeat(90));
        settings
            .mailer(&dir)
            .expect("a mailer")
            .send("ana@chain.example", "Sign in", &format!("Open:\n{link}\n"))
            .await
            .expect("written");
        let files: Vec<_> = std::fs::read_dir(dir.join("mail"))
            .expect("the folder")
            .collect();
        assert_eq!(files.len(), 1);
        let text = std::fs::read_to_string(files[0].as_ref().expect("entry").path()).expect("text");
        assert!(text.contains(&link), "{text}");
        assert!(text.contains("To: ana@chain.example"), "{text}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |path: &std::path::Path| {
                std::fs::metadata(path)
                    .expect("metadata")
                    .permissions()
                    .mode()
                    & 0o777
            };
            assert_eq!(mode(&dir.join("mail")), 0o700);
            let file = files[0].as_ref().expect("entry").path();
            assert_eq!(mode(&file), 0o600, "the owner's to read only");
        }
        std::fs::remove_dir_all(&dir).expect("removed");
    }

    #[tokio::test]
    async fn a_mailing_carries_its_one_click_unsubscribe_headers() {
        let dir =
            std::env::temp_dir().join(format!("platform-mail-{}", new_token().expect("random")));
        Mailer::files(
            dir.clone(),
            "Cinema <alerts@cinema.invalid>".parse().expect("a mailbox"),
        )
        .send_unsubscribable(
            "ana@chain.example",
            "Tickets are on sale",
            "Dune\n",
            "https://demo.example/api/v1/alerts/unsubscribe?token=abc",
        )
        .await
        .expect("written");
        let file = std::fs::read_dir(&dir)
            .expect("the folder")
            .next()
            .expect("a message")
            .expect("entry")
            .path();
        let text = std::fs::read_to_string(file).expect("text");
        assert!(
            text.contains(
                "List-Unsubscribe: <https://demo.example/api/v1/alerts/unsubscribe?token=abc>\r\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"),
            "{text}"
        );
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
