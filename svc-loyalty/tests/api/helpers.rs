use std::path::PathBuf;

use proto::loyalty::v1::CypherRequest;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use svc_loyalty::store::Store;
use svc_loyalty::{Application, Config};
use test_support::dirs::fresh_dir;
use test_support::postgres::PostgresDatabase;
use tonic::transport::Channel;

/// A fresh database for one test: a SQLite file in a temporary folder, or a new
/// PostgreSQL database; [`TestDatabase::drop`] removes either.
pub struct TestDatabase {
    pub url: String,
    /// The service's DATA_DIR: the SQLite file, and e-mails written as files.
    pub data_dir: PathBuf,
    postgres: Option<PostgresDatabase>,
}

impl TestDatabase {
    pub fn sqlite() -> TestDatabase {
        let data_dir = fresh_dir("loyalty_test");
        TestDatabase {
            url: format!(
                "sqlite://{}?mode=rwc",
                data_dir.join("loyalty.db").display()
            ),
            data_dir,
            postgres: None,
        }
    }

    pub async fn postgres() -> TestDatabase {
        let postgres = PostgresDatabase::create("loyalty_test").await;
        TestDatabase {
            url: postgres.url.clone(),
            data_dir: fresh_dir("loyalty_test"),
            postgres: Some(postgres),
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

    /// Runs `test` on this database, then drops it.
    pub async fn run(self, test: impl AsyncFnOnce(&TestDatabase)) {
        test(&self).await;
        self.drop().await;
    }

    /// Runs `test` on a store of this database, then closes the store and drops it.
    pub async fn run_on_store(self, test: impl AsyncFnOnce(Store)) {
        let store = self.store().await;
        test(store.clone()).await;
        store.close().await;
        self.drop().await;
    }

    pub async fn drop(self) {
        if let Some(postgres) = self.postgres {
            postgres.drop().await;
        }
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

/// Runs each listed test twice, as `sqlite::name` and `postgres::name`, each on a fresh
/// database of its own, dropped afterwards: `async fn(&TestDatabase)` tests, which spawn
/// the service on it; after `stores:`, `async fn(Store)` tests of the store alone.
#[macro_export]
macro_rules! on_both_databases {
    (stores: $($test:ident),* $(,)?) => {
        $crate::on_both_databases!(@each run_on_store: $($test),*);
    };
    (@each $run:ident: $($test:ident),*) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $test() {
                    $crate::helpers::TestDatabase::sqlite().$run(super::$test).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test]
                async fn $test() {
                    $crate::helpers::TestDatabase::postgres().await.$run(super::$test).await;
                }
            )*
        }
    };
    ($($test:ident),* $(,)?) => {
        $crate::on_both_databases!(@each run: $($test),*);
    };
}

/// Runs each listed `async fn(Store)` as two tests: one on SQLite, one on PostgreSQL.
#[macro_export]
macro_rules! on_both_stores {
    ($($test:ident),* $(,)?) => {
        $crate::on_both_databases!(stores: $($test),*);
    };
}

/// Spawns the service on a random loopback port and connects a client over real gRPC;
/// it learns its sites' settings from the tests' shared catalogue.
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
    spawn_loyalty_adjusted(database, vars, |_| {}).await
}

/// [`spawn_loyalty_at`] with its configuration changed by `adjust` where no variable
/// can (what only tests may set).
pub async fn spawn_loyalty_adjusted(
    database: &TestDatabase,
    vars: &[(&str, &str)],
    adjust: impl FnOnce(&mut Config),
) -> (LoyaltyClient<Channel>, String) {
    let mut config = Config::from_lookup(|name| {
        vars.iter()
            .find(|(var, _)| *var == name)
            .map(|(_, value)| (*value).to_owned())
            .or_else(|| database.lookup(name))
            .or_else(|| (name == "CATALOGUE_ADDR").then(crate::catalogue::address))
    })
    .expect("configuration");
    adjust(&mut config);
    let application = Application::build(config).await.expect("build the service");
    let addr = test_support::net::spawn_on_loopback(|listener| {
        application.serve(listener, std::future::pending())
    })
    .await;
    let client = LoyaltyClient::connect(format!("http://{addr}"))
        .await
        .expect("connect to the service");
    (client, addr)
}

/// The login routes of both API generations, on the demo chain's circuit.
pub const V3_LOGIN: &str = "/Member/v3/Login?boxofficeCircuitId=MQ";
pub const V1_LOGIN: &str = "/Member/Login?circuitId=MQ";

/// One cypher call as the gateway passes it on, from 127.0.0.1 with a JSON payload and
/// no session: set other fields with `..request(...)`.
pub fn request(method: &str, route: &str, payload: Value) -> CypherRequest {
    CypherRequest {
        method: method.to_owned(),
        route: route.to_owned(),
        payload: payload.as_object().cloned().map(proto::json::to_struct),
        client_address: "127.0.0.1".to_owned(),
        ..Default::default()
    }
}

/// Sends `request`: the reply's HTTP status and JSON body, or the gRPC status of a
/// failure.
pub async fn try_send(
    client: &mut LoyaltyClient<Channel>,
    request: CypherRequest,
) -> Result<(u32, Value), tonic::Status> {
    let reply = client.cypher(request).await?.into_inner();
    let body = serde_json::from_str(&reply.body).expect("a JSON reply");
    Ok((reply.http_status, body))
}

/// Sends `request` as a call about `site` (its `site-id` metadata): the reply's HTTP
/// status and JSON body.
pub async fn send_on(
    client: &mut LoyaltyClient<Channel>,
    site: &str,
    request: CypherRequest,
) -> (u32, Value) {
    let call = proto::site::about(site, request).expect("a site id");
    let reply = client
        .cypher(call)
        .await
        .expect("the service answers")
        .into_inner();
    let body = serde_json::from_str(&reply.body).expect("a JSON reply");
    (reply.http_status, body)
}

/// [`try_send`] that must be answered.
pub async fn send(client: &mut LoyaltyClient<Channel>, request: CypherRequest) -> (u32, Value) {
    try_send(client, request)
        .await
        .expect("the service answers")
}

/// A [`request`] with `session` as the session header's token: the reply's HTTP status
/// and JSON body.
pub async fn cypher(
    client: &mut LoyaltyClient<Channel>,
    method: &str,
    route: &str,
    payload: Value,
    session: Option<&str>,
) -> (u32, Value) {
    let request = CypherRequest {
        session_token: session.unwrap_or_default().to_owned(),
        ..request(method, route, payload)
    };
    send(client, request).await
}

/// A GET [`cypher`] call with an empty payload: the reply's HTTP status and JSON body.
pub async fn get(
    client: &mut LoyaltyClient<Channel>,
    route: &str,
    session: Option<&str>,
) -> (u32, Value) {
    cypher(client, "GET", route, json!({}), session).await
}

/// A [`request`] without a session: the reply's JSON body, or the gRPC status of a
/// failure.
pub async fn try_call(
    client: &mut LoyaltyClient<Channel>,
    method: &str,
    route: &str,
    payload: Value,
) -> Result<Value, tonic::Status> {
    let (_, body) = try_send(client, request(method, route, payload)).await?;
    Ok(body)
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

/// A reply's peachCode.
pub fn peach(body: &Value) -> i64 {
    body["peachCode"].as_i64().expect("a peachCode")
}

/// The password of the members the tests create.
pub const PASSWORD: &str = "Popcorn#2024";

/// Creates a member with [`PASSWORD`]; answers the member id.
pub async fn create_member(client: &mut LoyaltyClient<Channel>, email: &str) -> String {
    let body = call(
        client,
        "POST",
        "/Member/v3/Create",
        json!({"username": email, "password": PASSWORD}),
    )
    .await;
    assert_eq!(body["peachCode"], 0, "{body}");
    body["memberDetails"]["memberId"]
        .as_str()
        .expect("a member id")
        .to_owned()
}

/// Logs `email` in with [`PASSWORD`] on `route` (a version 1 or 3 login route); the
/// reply, which must be a success.
pub async fn login(client: &mut LoyaltyClient<Channel>, route: &str, email: &str) -> Value {
    let credentials = json!({"username": email, "password": PASSWORD});
    let (status, body) = cypher(client, "POST", route, credentials, None).await;
    assert_eq!((status, peach(&body)), (200, 0), "{body}");
    body
}

/// The session token of a login's reply.
pub fn session_token(login: &Value) -> String {
    login["sessionManagementTokens"]["boxofficeSessionToken"]
        .as_str()
        .expect("a session token")
        .to_owned()
}

/// A new member, `email`, logged in on version 3: their session token.
pub async fn member_session(client: &mut LoyaltyClient<Channel>, email: &str) -> String {
    create_member(client, email).await;
    session_token(&login(client, V3_LOGIN, email).await)
}

/// The demo member of the seed, logged in on version 3: their session token.
pub async fn demo_session(client: &mut LoyaltyClient<Channel>) -> String {
    session_token(&login(client, V3_LOGIN, svc_loyalty::seed::DEMO_EMAIL).await)
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
    spawn_smtp_on(0, rcpt_reply).await
}

/// [`spawn_smtp`] on the loopback `port` (0: any), for a relay that answers where
/// nothing did before.
pub async fn spawn_smtp_on(
    port: u16,
    rcpt_reply: &'static str,
) -> (String, tokio::sync::mpsc::UnboundedReceiver<ReceivedMail>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
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

/// The e-mails the service wrote as files (no SMTP_URL), in the order of their names.
pub fn mails(database: &TestDatabase) -> Vec<String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(database.data_dir.join("mail"))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
        .iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .collect()
}

/// The code in a reset e-mail's link.
pub fn reset_code_in(mail: &str) -> String {
    mail.split("resetCode=")
        .nth(1)
        .and_then(|rest| rest.split(['&', '\r', '\n']).next())
        .expect("a reset code")
        .to_owned()
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
    let mail = mails(database)
        .into_iter()
        .find(|mail| mail.contains(&format!("To: {email}\r\n")))
        .expect("the reset e-mail");
    let body = call(
        client,
        "POST",
        "/Member/v3/ResetPassword",
        json!({"password": password, "resetCode": reset_code_in(&mail), "membershipId": ""}),
    )
    .await;
    assert_eq!(body["peachCode"], 0, "{body}");
}
