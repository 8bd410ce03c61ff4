//! The bot's log lines, written to standard error with the token blanked wherever it appears:
//! whatever a library logs at whatever level, the token does not leave the process that way.

use std::io::Write;
use std::sync::Arc;

/// Makes a writer per log line that blanks `token` in it (see [`Redacted::new`]).
#[derive(Clone)]
pub struct Redacted {
    token: Arc<str>,
}

impl Redacted {
    /// Blanks `token` (when it is not empty) in every line.
    pub fn new(token: &str) -> Redacted {
        Redacted {
            token: token.into(),
        }
    }

    fn redact(&self, line: &[u8]) -> Vec<u8> {
        let text = String::from_utf8_lossy(line);
        if self.token.is_empty() || !text.contains(&*self.token) {
            return line.to_vec();
        }
        text.replace(&*self.token, "[token]").into_bytes()
    }
}

/// One log line, written out when the logger is done with it.
pub struct Line {
    redacted: Redacted,
    buffer: Vec<u8>,
}

impl Write for Line {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        let line = self.redacted.redact(&self.buffer);
        // A log line that cannot be written is lost; there is nowhere to say so.
        let _ = std::io::stderr().lock().write_all(&line);
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Redacted {
    type Writer = Line;

    fn make_writer(&'a self) -> Line {
        Line {
            redacted: self.clone(),
            buffer: Vec::new(),
        }
    }
}

/// The bot's logs, on standard error: as `RUST_LOG` says (`info` by default), coloured only on a
/// terminal, one JSON object a line with `LOG_FORMAT=json`. The token never appears: the
/// WebSocket library's frame dumps (which spell the IDENTIFY payload out as bytes) are kept at
/// `debug` at most whatever `RUST_LOG` says, serenity's request spans (which spell every body
/// out, login links too) are left out, and every line is written through a filter that
/// blanks the token wherever it appears.
pub fn start_logs(token: &str) {
    use std::io::IsTerminal;
    use tracing_subscriber::Layer;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;

    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let no_frame_dumps = tracing_subscriber::filter::filter_fn(|meta| {
        !meta.target().contains("tungstenite") || *meta.level() <= tracing::Level::DEBUG
    });
    // serenity's HTTP client records every request it sends as a span field, its body spelled
    // out as bytes; an answer to Open board carries a personal login link. Those spans are
    // left out (their events are still logged, without them).
    let no_request_bodies = tracing_subscriber::filter::filter_fn(|meta| {
        !(meta.is_span() && meta.target().starts_with("serenity::http"))
    });
    let writer = Redacted::new(token);
    let fmt = tracing_subscriber::fmt::layer().with_writer(writer);
    let layer = if std::env::var("LOG_FORMAT").is_ok_and(|f| f.eq_ignore_ascii_case("json")) {
        fmt.json().with_ansi(false).boxed()
    } else {
        fmt.with_ansi(std::io::stderr().is_terminal()).boxed()
    };
    tracing_subscriber::registry()
        .with(
            layer
                .with_filter(no_frame_dumps)
                .with_filter(no_request_bodies)
                .with_filter(filter),
        )
        .init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_blanked_wherever_it_appears() {
        let redacted = Redacted::new("s3cr3t.t0ken");
        let line = b"IDENTIFY {\"token\":\"s3cr3t.t0ken\"} and again s3cr3t.t0ken\n";
        assert_eq!(
            redacted.redact(line),
            b"IDENTIFY {\"token\":\"[token]\"} and again [token]\n"
        );
        assert_eq!(redacted.redact(b"nothing to hide\n"), b"nothing to hide\n");
        assert_eq!(Redacted::new("").redact(b"all of it\n"), b"all of it\n");
    }
}
