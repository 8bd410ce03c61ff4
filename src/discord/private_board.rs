//! The learning wing's one answer: words, boards and buttons for one player alone, whether
//! they typed a command (`/learn`, `/puzzle`, `/hint`) or clicked a button (a lesson's or a
//! puzzle's choice, the daily puzzle's "Solve"). The boards are drawn off the async threads,
//! where a few milliseconds of pixels do not hold up the gateway.

use poise::serenity_prelude as serenity;

use super::Error;
use super::messages::fit_message;
use super::outgoing::{self, NOBODY};

/// What a learning command or click shows its player: words, pictures (each with its file
/// name) and buttons.
pub struct PrivateBoard {
    pub text: String,
    pub pictures: Vec<(Vec<u8>, &'static str)>,
    pub buttons: Vec<serenity::CreateActionRow>,
}

impl PrivateBoard {
    /// Words alone.
    pub fn text(text: String) -> PrivateBoard {
        PrivateBoard {
            text,
            pictures: Vec::new(),
            buttons: Vec::new(),
        }
    }

    /// Words over one board, drawn by `draw` off the async threads and sent as `name`.
    ///
    /// # Errors
    /// When drawing panics.
    pub async fn drawn(
        text: String,
        name: &'static str,
        draw: impl FnOnce() -> Vec<u8> + Send + 'static,
    ) -> Result<PrivateBoard, Error> {
        let png = tokio::task::spawn_blocking(draw).await?;
        Ok(PrivateBoard {
            text,
            pictures: vec![(png, name)],
            buttons: Vec::new(),
        })
    }

    /// The same with `buttons` under it.
    pub fn with_buttons(mut self, buttons: Vec<serenity::CreateActionRow>) -> PrivateBoard {
        self.buttons = buttons;
        self
    }

    /// As a reply to a command, privately.
    pub fn reply(self) -> poise::CreateReply {
        let mut reply = poise::CreateReply::default()
            .content(fit_message(&self.text))
            .components(self.buttons)
            .ephemeral(true);
        for (png, name) in self.pictures {
            reply = reply.attachment(serenity::CreateAttachment::bytes(png, name));
        }
        reply
    }

    /// As a follow-up to a deferred button click: the same, privately, mentioning nobody.
    pub fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        self.reply()
            .to_slash_followup_response(outgoing::followup(NOBODY))
    }
}
