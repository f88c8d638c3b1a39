use std::sync::atomic::{AtomicUsize, Ordering};

use proto::loyalty::v1::CypherRequest;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use sqlx::Connection;
use svc_loyalty::store::Store;
use svc_loyalty::{Application, Config};
use tonic::transport::Channel;

/// The PostgreSQL server the store tests create their databases on (trust auth).
fn postgres_server() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .ok()
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432".to_owned())
}

/// A fresh, uniquely named database for one test: a SQLite file in a temporary
/// directory, or a new PostgreSQL database that [`TestDatabase::drop`] removes.
pub struct TestDatabase {
    pub url: String,
    pub data_dir: std::path::PathBuf,
    postgres_name: Option<String>,
}

fn unique(prefix: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.subsec_nanos());
    format!(
        "{prefix}_{}_{}_{nanos}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

impl TestDatabase {
    pub fn sqlite() -> TestDatabase {
        let data_dir = std::env::temp_dir().join(unique("loyalty_test"));
        std::fs::create_dir_all(&data_dir).expect("create a data dir");
        TestDatabase {
            url: format!(
                "sqlite://{}?mode=rwc",
                data_dir.join("loyalty.db").display()
            ),
            data_dir,
            postgres_name: None,
        }
    }

    pub async fn postgres() -> TestDatabase {
        let name = unique("loyalty_test");
        let mut admin = sqlx::PgConnection::connect(&format!("{}/postgres", postgres_server()))
            .await
            .expect("PostgreSQL answers on TEST_POSTGRES_URL");
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await
            .expect("create the test database");
        TestDatabase {
            url: format!("{}/{name}", postgres_server()),
            data_dir: std::env::temp_dir().join(&name),
            postgres_name: Some(name),
        }
    }

    pub async fn store(&self) -> Store {
        Store::connect(&self.url, 4).await.expect("the store opens")
    }

    /// Configuration variables for a service on this database.
    pub fn lookup(&self, name: &str) -> Option<String> {
        match name {
            "DATABASE_URL" => Some(self.url.clone()),
            "DATA_DIR" => Some(self.data_dir.display().to_string()),
            _ => None,
        }
    }

    pub async fn drop(self) {
        if let Some(name) = self.postgres_name {
            let mut admin = sqlx::PgConnection::connect(&format!("{}/postgres", postgres_server()))
                .await
                .expect("PostgreSQL answers");
            sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin)
                .await
                .expect("drop the test database");
        }
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

/// Runs each listed `async fn(Store)` as two tests: one on SQLite, one on PostgreSQL.
#[macro_export]
macro_rules! on_both_stores {
    ($($test:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $test() {
                    let database = $crate::helpers::TestDatabase::sqlite();
                    super::$test(database.store().await).await;
                    database.drop().await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test]
                async fn $test() {
                    let database = $crate::helpers::TestDatabase::postgres().await;
                    let store = database.store().await;
                    super::$test(store.clone()).await;
                    store.close().await;
                    database.drop().await;
                }
            )*
        }
    };
}

/// Spawns the service on a random loopback port and connects a client over real gRPC.
pub async fn spawn_loyalty(database: &TestDatabase) -> LoyaltyClient<Channel> {
    spawn_loyalty_with(database, &[]).await
}

/// The same with more configuration variables.
pub async fn spawn_loyalty_with(
    database: &TestDatabase,
    vars: &[(&str, &str)],
) -> LoyaltyClient<Channel> {
    spawn_loyalty_at(database, vars).await.0
}

/// [`spawn_loyalty_with`], and the address it serves on.
pub async fn spawn_loyalty_at(
    database: &TestDatabase,
    vars: &[(&str, &str)],
) -> (LoyaltyClient<Channel>, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind a loopback port");
    let addr = listener.local_addr().expect("local address");
    let config = Config::from_lookup(|name| {
        vars.iter()
            .find(|(var, _)| *var == name)
            .map(|(_, value)| (*value).to_owned())
            .or_else(|| database.lookup(name))
    })
    .expect("configuration");
    let application = Application::build(config).await.expect("build the service");
    tokio::spawn(application.serve(listener, std::future::pending()));
    let client = LoyaltyClient::connect(format!("http://{addr}"))
        .await
        .expect("connect to the service");
    (client, addr.to_string())
}

/// One cypher call as the gateway of the demo chain (BOOST_POS) passes it on, with a JSON
/// payload and no session; the reply's JSON body, or the gRPC status of a failure.
pub async fn try_call(
    client: &mut LoyaltyClient<Channel>,
    method: &str,
    route: &str,
    payload: Value,
) -> Result<Value, tonic::Status> {
    let reply = client
        .cypher(CypherRequest {
            method: method.to_owned(),
            route: route.to_owned(),
            payload_json: payload.to_string(),
            client_address: "127.0.0.1".to_owned(),
            provider: "BOOST_POS".to_owned(),
            ..Default::default()
        })
        .await?
        .into_inner();
    Ok(serde_json::from_str(&reply.body).expect("a JSON reply"))
}

/// [`try_call`] that must be answered.
pub async fn call(
    client: &mut LoyaltyClient<Channel>,
    method: &str,
    route: &str,
    payload: Value,
) -> Value {
    try_call(client, method, route, payload)
        .await
        .expect("the service answers")
}

/// The password of the members the tests create.
pub const PASSWORD: &str = "Popcorn#2024";

/// Creates a member with [`PASSWORD`]; answers the member id.
pub async fn create_member(client: &mut LoyaltyClient<Channel>, email: &str) -> String {
    let body = call(
        client,
        "POST",
        "/Member/v3/Create",
        serde_json::json!({"username": email, "password": PASSWORD}),
    )
    .await;
    assert_eq!(body["peachCode"], 0, "{body}");
    body["memberDetails"]["memberId"]
        .as_str()
        .expect("a member id")
        .to_owned()
}

/// A stub HTTP server (wiremock) on a random loopback port answering every request with
/// `respond`'s status and JSON body; it stops when dropped (`uri()` is its base URL).
pub async fn spawn_http(respond: fn(&wiremock::Request) -> (u16, String)) -> wiremock::MockServer {
    let server = wiremock::MockServer::start().await;
    wiremock::Mock::given(wiremock::matchers::any())
        .respond_with(move |request: &wiremock::Request| {
            let (status, body) = respond(request);
            wiremock::ResponseTemplate::new(status).set_body_raw(body, "application/json")
        })
        .mount(&server)
        .await;
    server
}

/// The header `name` of `request`, or "".
pub fn header<'a>(request: &'a wiremock::Request, name: &str) -> &'a str {
    request
        .headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
}

/// One message a [`spawn_smtp`] server took.
#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub mail_from: String,
    pub recipients: Vec<String>,
    /// The message as sent after DATA, without the final dot line.
    pub data: String,
}

/// A minimal SMTP server on a random loopback port: it speaks enough SMTP (EHLO,
/// MAIL, RCPT, DATA, RSET, QUIT) to take messages, sends each one it took down the
/// channel, and answers `rcpt_reply` to every RCPT (e.g. "250 OK", or "550 no such
/// user" to refuse). Answers the `smtp://` URL to reach it.
pub async fn spawn_smtp(
    rcpt_reply: &'static str,
) -> (String, tokio::sync::mpsc::UnboundedReceiver<ReceivedMail>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    let (sender, receiver) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let sender = sender.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                let mut mail = ReceivedMail {
                    mail_from: String::new(),
                    recipients: Vec::new(),
                    data: String::new(),
                };
                let _ = write.write_all(b"220 test-smtp ready\r\n").await;
                while let Ok(Some(line)) = lines.next_line().await {
                    let command = line.to_ascii_uppercase();
                    let reply = if command.starts_with("EHLO") {
                        "250-test-smtp\r\n250-8BITMIME\r\n250 SMTPUTF8".to_owned()
                    } else if command.starts_with("HELO") || command.starts_with("RSET") {
                        "250 OK".to_owned()
                    } else if command.starts_with("MAIL FROM:") {
                        mail.mail_from = line[10..].trim().to_owned();
                        "250 OK".to_owned()
                    } else if command.starts_with("RCPT TO:") {
                        mail.recipients.push(line[8..].trim().to_owned());
                        rcpt_reply.to_owned()
                    } else if command == "DATA" {
                        let _ = write.write_all(b"354 go ahead\r\n").await;
                        let mut data = String::new();
                        while let Ok(Some(line)) = lines.next_line().await {
                            if line == "." {
                                break;
                            }
                            data.push_str(&line);
                            data.push('\n');
                        }
                        mail.data = data;
                        let _ = sender.send(mail.clone());
                        "250 queued".to_owned()
                    } else if command == "QUIT" {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        break;
                    } else {
                        "502 not implemented".to_owned()
                    };
                    if write
                        .write_all(format!("{reply}\r\n").as_bytes())
                        .await
                        .is_err()
                    {
                        break;
                    }
                }
            });
        }
    });
    (format!("smtp://{addr}"), receiver)
}

/// Asks for a reset code by e-mail, reads it from the .eml file and sets `password`.
pub async fn reset_by_e_mail(
    client: &mut LoyaltyClient<Channel>,
    database: &TestDatabase,
    email: &str,
    password: &str,
) {
    let ask = format!(
        "/Member/v3/GetResetPasswordCode?boxofficeCircuitId=MQ&emailAddress={email}&rootUrl=http://127.0.0.1:8080&resetPasswordLink=reset"
    );
    let body = call(client, "GET", &ask, json!({})).await;
    assert_eq!(body["peachCode"], 0, "{body}");
    let mail = std::fs::read_dir(database.data_dir.join("mail"))
        .expect("a mail folder")
        .filter_map(Result::ok)
        .filter_map(|entry| std::fs::read_to_string(entry.path()).ok())
        .find(|mail| mail.contains(&format!("To: {email}\r\n")))
        .expect("the reset e-mail");
    let code = mail
        .split("resetCode=")
        .nth(1)
        .and_then(|rest| rest.split(['&', '\r', '\n']).next())
        .expect("a reset code");
    let body = call(
        client,
        "POST",
        "/Member/v3/ResetPassword",
        json!({"password": password, "resetCode": code, "membershipId": ""}),
    )
    .await;
    assert_eq!(body["peachCode"], 0, "{body}");
}

/// The shared nats-server (TEST_NATS_URL, default the local one) and a subscription to
/// `subject` on it, in place before anything is published.
pub async fn subscribe_events(subject: &str) -> (String, async_nats::Subscriber) {
    let url = std::env::var("TEST_NATS_URL")
        .ok()
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| "nats://127.0.0.1:4222".to_owned());
    let nats = async_nats::connect(&url)
        .await
        .expect("nats-server answers on TEST_NATS_URL");
    let events = nats.subscribe(subject.to_owned()).await.expect("subscribe");
    nats.flush().await.expect("flush");
    (url, events)
}
