//! Stopping on request: the signals a service manager or a terminal sends.

/// SIGTERM (systemd, docker stop) and SIGINT (Ctrl-C), caught from the moment [`Signals::catch`]
/// returns: from then on a signal no longer ends the process at once, and one that comes before
/// anybody waits for it is kept for the next [`Signals::next`]. So a front end catches them
/// before it opens anything, and a stop at any moment closes what it opened.
pub struct Signals {
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
}

impl Signals {
    /// Catches SIGTERM and SIGINT from now on. Must be called within a tokio runtime.
    ///
    /// # Errors
    /// When the handlers cannot be installed.
    pub fn catch() -> std::io::Result<Signals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Ok(Signals {
                terminate: signal(SignalKind::terminate())?,
                interrupt: signal(SignalKind::interrupt())?,
            })
        }
        #[cfg(not(unix))]
        {
            Ok(Signals {})
        }
    }

    /// The next signal (at once if one came since the last).
    pub async fn next(&mut self) {
        #[cfg(unix)]
        {
            tokio::select! {
                _ = self.terminate.recv() => {}
                _ = self.interrupt.recv() => {}
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}
