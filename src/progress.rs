//! Long work shown to a person at a terminal (`ponte local`'s `analyse`, `ponte analyse`,
//! `gif`, `arena`): a bar on standard error with the steps done and the time left; a wait
//! with no steps to count (the AI thinking in `ponte local`) a [`Spinner`]. When
//! standard error is not a terminal nothing at all is drawn, so a script or a test reading the
//! output sees only the results. The work itself knows nothing of this: the service and the
//! arena take a plain callback, `Fn(done, total)`, which a front end points at [`Bar::show`].

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::i18n::Lang;
use crate::tr;

/// What the bar fills in: the count (`12/83`) and the time left (`20s`).
const DONE: &str = "{pos}/{len}";
const LEFT: &str = "{eta}";

/// A progress bar, drawn only on a terminal and cleared away when dropped.
pub struct Bar {
    bar: ProgressBar,
    reported: AtomicBool,
}

impl Bar {
    /// A bar followed by `words`, an indicatif template (`{pos}`, `{len}`, `{eta}`, `{msg}`),
    /// on standard error if it is a terminal; nothing is drawn before the first report.
    pub fn on_terminal(words: &str) -> Bar {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(None, target);
        // The template is ours: a mistake in it is a bug, shown as the words alone.
        let template = format!("{{bar:30}} {words}");
        let style = ProgressStyle::with_template(&template)
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style.progress_chars("=> "));
        Bar {
            bar,
            reported: AtomicBool::new(false),
        }
    }

    /// A bar counting the positions an analysis has evaluated, in `lang`.
    pub fn positions(lang: Lang) -> Bar {
        Bar::on_terminal(&tr!(lang, "progress-positions", done = DONE, left = LEFT))
    }

    /// A bar counting the frames of a replay drawn, in `lang`.
    pub fn frames(lang: Lang) -> Bar {
        Bar::on_terminal(&tr!(lang, "progress-frames", done = DONE, left = LEFT))
    }

    /// `done` steps of `total` are done. The time left is estimated from the reports after
    /// the first, which may count work done before (a match resumed from its records).
    pub fn show(&self, done: usize, total: usize) {
        self.bar.update(|state| {
            state.set_len(total as u64);
            state.set_pos(done as u64);
        });
        if !self.reported.swap(true, Ordering::Relaxed) {
            self.bar.reset_eta();
        }
    }

    /// The words in the template's `{msg}`.
    pub fn say(&self, message: String) {
        self.bar.set_message(message);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// A spinner with its words on standard error while a wait lasts, cleared away when dropped.
pub struct Spinner(ProgressBar);

impl Spinner {
    /// A spinner followed by `words`, if standard error is a terminal; else `None`.
    pub fn on_terminal(words: String) -> Option<Spinner> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let spinner = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        spinner.set_style(ProgressStyle::default_spinner());
        spinner.set_message(words);
        spinner.enable_steady_tick(Duration::from_millis(100));
        // Drawn at once, not at the first tick.
        spinner.tick();
        Some(Spinner(spinner))
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}
