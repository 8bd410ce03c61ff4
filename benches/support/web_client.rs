//! The little HTTP/1.1 the web benches speak on their own sockets: a game's live channel (what
//! an open page's `EventSource` holds), a move posted as the page posts it, and any other
//! request read back whole. Thousands of them, cheaply, without a browser.

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// An open `GET /api/games/{game}/events`.
pub struct Channel {
    reader: BufReader<TcpStream>,
}

impl Channel {
    /// Opens game `game`'s channel (its number locally, its page address in public mode) and
    /// reads its first event (the game's version now): from then on it is live.
    pub async fn open(addr: &str, game: impl std::fmt::Display) -> Channel {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let request = format!(
            "GET /api/games/{game}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut channel = Channel {
            reader: BufReader::new(stream),
        };
        let status = channel.line().await.unwrap_or_default();
        assert!(status.starts_with("HTTP/1.1 200"), "{status}");
        while !channel
            .line()
            .await
            .unwrap_or_default()
            .trim_end()
            .is_empty()
        {}
        channel.next_change().await;
        channel
    }

    /// Waits for the next `changed` event and returns its version (-1: changes were missed).
    /// (The body is chunked; the chunks' size lines are neither `data:` lines nor empty, so
    /// they pass by.)
    pub async fn next_change(&mut self) -> i64 {
        self.try_next_change()
            .await
            .expect("the live channel closed")
    }

    /// The next `changed` event's version, or `None` once the server closed the channel.
    pub async fn try_next_change(&mut self) -> Option<i64> {
        loop {
            let line = self.line().await?;
            if let Some(data) = line.strip_prefix("data:") {
                return data.trim().parse().ok();
            }
        }
    }

    async fn line(&mut self) -> Option<String> {
        let mut line = String::new();
        let read = self.reader.read_line(&mut line).await.ok()?;
        (read > 0).then_some(line)
    }
}

/// A whole answer: its status, its headers (names in lower case) and its body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

/// Sends one request on a new connection with `headers` (and a JSON `body` when given), and
/// reads its answer whole. `None` when the connection failed.
pub async fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Option<Answer> {
    let stream = TcpStream::connect(addr).await.ok()?;
    stream.set_nodelay(true).ok()?;
    exchange(
        &mut BufReader::new(stream),
        addr,
        method,
        path,
        headers,
        body,
    )
    .await
}

/// A connection kept open for one request after another, as a browser keeps one to a site.
pub struct KeptAlive {
    addr: String,
    connection: Option<BufReader<TcpStream>>,
}

impl KeptAlive {
    pub fn new(addr: &str) -> KeptAlive {
        KeptAlive {
            addr: addr.to_string(),
            connection: None,
        }
    }

    /// `GET path`, on the kept connection, or on a new one when the server closed it meanwhile.
    pub async fn get(&mut self, path: &str) -> Option<Answer> {
        for _ in 0..2 {
            if self.connection.is_none() {
                let stream = TcpStream::connect(&self.addr).await.ok()?;
                stream.set_nodelay(true).ok()?;
                self.connection = Some(BufReader::new(stream));
            }
            let connection = self.connection.as_mut()?;
            let answer = exchange(connection, &self.addr, "GET", path, &[], None).await;
            if answer.is_some() {
                return answer;
            }
            self.connection = None;
        }
        None
    }
}

/// Writes one request on `connection` and reads its answer whole, by its length or its chunks
/// (the server's close of the connection comes later, if at all, and a browser does not wait
/// for it either).
async fn exchange(
    connection: &mut BufReader<TcpStream>,
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Option<Answer> {
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(body) = body {
        request.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ));
    } else {
        request.push_str("\r\n");
    }
    connection
        .get_mut()
        .write_all(request.as_bytes())
        .await
        .ok()?;
    let reader = connection;
    let mut line = String::new();
    if reader.read_line(&mut line).await.ok()? == 0 {
        return None;
    }
    let status = line.split(' ').nth(1).and_then(|s| s.parse().ok())?;
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).await.ok()?;
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            headers.push((name.to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    let mut answer = Answer {
        status,
        headers,
        body: Vec::new(),
    };
    if answer.header("transfer-encoding") == Some("chunked") {
        loop {
            line.clear();
            reader.read_line(&mut line).await.ok()?;
            let size = usize::from_str_radix(line.trim(), 16).ok()?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).await.ok()?;
            if size == 0 {
                break;
            }
            answer.body.extend_from_slice(&chunk[..size]);
        }
    } else {
        let length = answer
            .header("content-length")
            .and_then(|l| l.parse().ok())
            .unwrap_or(0);
        answer.body = vec![0; length];
        reader.read_exact(&mut answer.body).await.ok()?;
    }
    Some(answer)
}

/// Posts `mv` on `version` of `game` as the page does (locally, no session), and returns the
/// answer's status.
pub async fn post_move(addr: &str, game: i64, mv: &str, version: i64) -> u16 {
    let body = serde_json::json!({"move": mv, "version": version}).to_string();
    let path = format!("/api/games/{game}/moves");
    request(addr, "POST", &path, &[], Some(&body))
        .await
        .expect("an answer to the move")
        .status
}

/// Thousands of connections on each side need more files than the usual soft limit of 1,024:
/// the soft limit is raised to the hard one (the server, a child, inherits it).
pub fn raise_open_files() {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `limit` is a valid rlimit for both calls.
    unsafe {
        libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limit);
        let before = limit.rlim_cur;
        limit.rlim_cur = limit.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &raw const limit);
        println!(
            "open files: soft limit {before} raised to {}",
            limit.rlim_max
        );
    }
}
