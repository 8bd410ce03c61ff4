//! The bot's web board from the tests' side: the bot started with `WEB_ADDR` and `PUBLIC_URL`
//! on a free port of 127.0.0.1, a player's Open board click and the link it answers with, and
//! plain HTTP requests to the board as a browser sends them (its origin, its cookie).

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::bot::{Setup, press, setup_with};
use super::{Call, FakeDiscord, User};

/// The settings that make the bot serve its web board on 127.0.0.1:`port`, reached there.
pub fn web_env(port: u16) -> [(&'static str, String); 2] {
    [
        ("WEB_ADDR", format!("127.0.0.1:{port}")),
        ("PUBLIC_URL", format!("http://127.0.0.1:{port}")),
    ]
}

/// A port of 127.0.0.1 that nothing listens on now.
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// The bot with its web board, connected and its commands registered; the board's address
/// (`PUBLIC_URL`) and the settings, for a restart.
pub async fn setup_with_web() -> (Setup, String, Vec<(&'static str, String)>) {
    let env = web_env(free_port()).to_vec();
    let setup = setup_with(&borrowed(&env)).await;
    let url = env[1].1.clone();
    (setup, url, env)
}

/// Settings as the bot's launcher takes them.
pub fn borrowed<'a>(env: &'a [(&'static str, String)]) -> Vec<(&'a str, &'a str)> {
    env.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

/// The latest message in `thread` with an Open board button, and that button's custom id.
pub fn board_with_open_button(fake: &FakeDiscord, thread: &str) -> (Value, String) {
    fake.messages_in(thread)
        .into_iter()
        .rev()
        .find_map(|message| {
            let button = buttons_of(&message)
                .into_iter()
                .find_map(|b| b["custom_id"].as_str().map(String::from))
                .filter(|id| id.starts_with("web:"))?;
            Some((message, button))
        })
        .unwrap_or_else(|| panic!("no board with an Open board button in {thread}"))
}

/// The buttons of a message (or of a call's body).
fn buttons_of(body: &Value) -> Vec<Value> {
    let data = body.get("data").unwrap_or(body);
    data["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .collect()
}

/// The address of the first Link button of an answer.
pub fn link_of(answer: &Call) -> String {
    buttons_of(&answer.json)
        .into_iter()
        .find(|b| b["style"] == 5)
        .and_then(|b| b["url"].as_str().map(String::from))
        .unwrap_or_else(|| panic!("no Link button in {}", answer.json))
}

/// `user` clicks Open board under the latest board in `thread`: the answer, for them alone,
/// must carry a Link button; its address.
pub async fn open_board(fake: &FakeDiscord, user: User, thread: &str) -> String {
    let (message, button) = board_with_open_button(fake, thread);
    let answer = press(fake, user, &message, &button).await;
    assert!(answer.succeeded(), "{} {}", answer.status, answer.json);
    assert!(answer.is_ephemeral(), "{}", answer.json);
    link_of(&answer)
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|_| panic!("not JSON ({}): {}", self.status, self.body))
    }

    /// The `name=value` of the cookie `name` the answer sets.
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.headers
            .iter()
            .filter(|(header, _)| header == "set-cookie")
            .filter_map(|(_, value)| value.split(';').next())
            .find(|pair| pair.starts_with(&format!("{name}=")))
            .map(str::to_string)
    }
}

/// One request to the web board at `url` (`http://127.0.0.1:port`) as the board's own page
/// sends it: with its origin, and `cookie` when given. HTTP/1.1 over a fresh connection.
pub async fn request(
    url: &str,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<&Value>,
) -> Answer {
    let host = url.strip_prefix("http://").expect("an http:// address");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: {url}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(cookie) = cookie {
        head.push_str(&format!("Cookie: {cookie}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    parse(&String::from_utf8_lossy(&raw))
}

fn parse(raw: &str) -> Answer {
    let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP answer");
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(name, value)| name == "transfer-encoding" && value.contains("chunked"));
    let body = if chunked {
        unchunked(body)
    } else {
        body.to_string()
    };
    Answer {
        status,
        headers,
        body,
    }
}

/// A chunked body's data.
fn unchunked(mut rest: &str) -> String {
    let mut body = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        body.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    body
}

/// The login link's secret: its fragment.
pub fn secret_of(link: &str) -> String {
    link.split_once("/login#")
        .unwrap_or_else(|| panic!("no login link: {link}"))
        .1
        .to_string()
}

/// Logs in at the board `url` with the login link `link`: the session's cookie (`name=value`)
/// and the game's page address.
pub async fn log_in(url: &str, link: &str) -> (String, String) {
    let secret = serde_json::json!({ "link": secret_of(link) });
    let answer = request(url, "POST", "/api/login", None, Some(&secret)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let cookie = answer.cookie("ponte_session").expect("a session cookie");
    let page = answer.json()["page"].as_str().unwrap().to_string();
    (cookie, page)
}

/// Opens the live stream `path` of the board at `url` as a page does, and returns its
/// connection once the answer's headers have come (the stream then flows for as long as it is
/// open).
pub async fn open_stream(url: &str, path: &str, cookie: &str) -> (tokio::net::TcpStream, u16) {
    let host = url.strip_prefix("http://").expect("an http:// address");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let head = format!(
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\nCookie: {cookie}\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut seen = Vec::new();
    let mut byte = [0u8; 1];
    while !seen.ends_with(b"\r\n\r\n") {
        let read = stream.read(&mut byte).await.unwrap();
        assert_eq!(
            read,
            1,
            "the stream's headers: {}",
            String::from_utf8_lossy(&seen)
        );
        seen.push(byte[0]);
    }
    let status = parse(&String::from_utf8_lossy(&seen)).status;
    (stream, status)
}
