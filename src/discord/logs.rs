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
