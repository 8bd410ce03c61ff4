//! The little HTTP/1.1 the web bench speaks on its own sockets: a game's live channel (what an
//! open page's `EventSource` holds) and a move posted as the page posts it. Thousands of
//! them, cheaply, without a browser.

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// An open `GET /api/games/{id}/events`.
pub struct Channel {
    reader: BufReader<TcpStream>,
}

impl Channel {
    /// Opens the channel and reads its first event (the game's version now): from then on it
    /// is live.
    pub async fn open(addr: &str, game: i64) -> Channel {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let request = format!(
            "GET /api/games/{game}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut channel = Channel {
            reader: BufReader::new(stream),
        };
        let status = channel.line().await;
        assert!(status.starts_with("HTTP/1.1 200"), "{status}");
        while !channel.line().await.trim_end().is_empty() {}
        channel.next_change().await;
        channel
    }

    /// Waits for the next `changed` event and returns its version. (The body is chunked; the
    /// chunks' size lines are neither `data:` lines nor empty, so they pass by.)
    pub async fn next_change(&mut self) -> i64 {
        loop {
            let line = self.line().await;
            if let Some(data) = line.strip_prefix("data:") {
                return data.trim().parse().unwrap();
            }
        }
    }

    async fn line(&mut self) -> String {
        let mut line = String::new();
        let read = self.reader.read_line(&mut line).await.unwrap();
        assert!(read > 0, "the live channel closed");
        line
    }
}

/// Posts `mv` on `version` of `game` as the page does, and returns the answer's status once
/// its whole body is read (by its length: the server's close of the connection comes later,
/// and a browser does not wait for it either).
pub async fn post_move(addr: &str, game: i64, mv: &str, version: i64) -> u16 {
    let body = serde_json::json!({"move": mv, "version": version}).to_string();
    let request = format!(
        "POST /api/games/{game}/moves HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.set_nodelay(true).unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).await.unwrap();
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut length = 0;
    loop {
        line.clear();
        reader.read_line(&mut line).await.unwrap();
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap();
        }
    }
    let mut answer = vec![0; length];
    reader.read_exact(&mut answer).await.unwrap();
    status
}
