//! The public board served over a real connection on 127.0.0.1: it answers, a client that
//! never finishes its headers is cut off, and a stop ends the server.

use std::sync::Arc;
use std::time::Duration;

use ponte::service::Service;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

async fn read_all(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    // Generous: the point is that it ends, not how fast.
    let read = tokio::time::timeout(Duration::from_secs(120), stream.read_to_end(&mut answer));
    read.await
        .expect("the server closes the connection")
        .unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn the_board_answers_cuts_off_slow_headers_and_stops() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
    let service = Arc::new(Service::open(&url).await.unwrap());
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let url = "https://ponte.example.org".to_string();
    let server = tokio::spawn(ponte::web::serve_public(service, url, listener, stopped));

    let mut client = TcpStream::connect(address).await.unwrap();
    let request = "GET /api/me HTTP/1.1\r\nHost: ponte.example.org\r\nConnection: close\r\n\r\n";
    client.write_all(request.as_bytes()).await.unwrap();
    let answer = read_all(&mut client).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""mode":"public""#), "{answer}");
    assert!(answer.contains("strict-transport-security"), "{answer}");

    // Headers begun and never finished: the connection is closed after the header time.
    let mut slow = TcpStream::connect(address).await.unwrap();
    slow.write_all(b"GET /api/me HTTP/1.1\r\nHost: ponte")
        .await
        .unwrap();
    let cut = read_all(&mut slow).await;
    assert!(!cut.contains("200 OK"), "{cut}");

    stop.send(true).unwrap();
    let stopped = tokio::time::timeout(Duration::from_secs(60), server).await;
    stopped.expect("the server stops").unwrap().unwrap();
}
