//! Where `ponte local` reads its lines. On a terminal: a line editor (rustyline) with the
//! session's lines on the Up and Down arrows (kept in memory, for this session only). Otherwise
//! (piped input, the tests): plain lines, exactly as they come.

use std::io;
use std::sync::mpsc;

use rustyline::error::ReadlineError;
use rustyline::{Config, DefaultEditor};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines, Stdin};
use tokio::sync::oneshot;

const PROMPT: &str = "> ";

/// The source of the session's lines.
pub enum Input {
    /// Plain lines; after a prompt when they come from a terminal all the same (the line
    /// editor could not start).
    Lines {
        lines: Lines<BufReader<Stdin>>,
        prompt: bool,
    },
    Editor(Editor),
}

impl Input {
    /// The line editor when standard input is a terminal (`interactive`), else plain lines.
    pub fn of_stdin(interactive: bool) -> Input {
        if interactive && let Ok(editor) = Editor::start() {
            return Input::Editor(editor);
        }
        Input::Lines {
            lines: BufReader::new(tokio::io::stdin()).lines(),
            prompt: interactive,
        }
    }

    /// The next line; `None` at the end of input, and in the editor on Ctrl-D or Ctrl-C.
    ///
    /// # Errors
    /// When standard input (or the prompt's output) fails.
    pub async fn next_line(&mut self) -> io::Result<Option<String>> {
        match self {
            Input::Lines { lines, prompt } => {
                if *prompt {
                    let mut out = tokio::io::stdout();
                    out.write_all(PROMPT.as_bytes()).await?;
                    out.flush().await?;
                }
                lines.next_line().await
            }
            Input::Editor(editor) => editor.next_line().await,
        }
    }
}

/// What the editor's thread answers for one line.
type Answer = io::Result<Option<String>>;

/// The line editor on a thread of its own: its reading blocks, and the session (the clock,
/// the bot's turns, the stop signals) goes on meanwhile. It reads a line only when asked, so
/// its prompt comes after the answer to the line before.
pub struct Editor {
    ask: mpsc::Sender<oneshot::Sender<Answer>>,
    /// The terminal as it was before the editor's raw mode, put back when the session ends:
    /// a SIGTERM may end it while the editor waits for a line.
    #[cfg(unix)]
    terminal: Option<libc::termios>,
}

impl Editor {
    fn start() -> io::Result<Editor> {
        // Pasted lines arrive one by one, as typed: one command each.
        let config = Config::builder()
            .auto_add_history(true)
            .bracketed_paste(false)
            .build();
        let mut editor = DefaultEditor::with_config(config).map_err(io::Error::other)?;
        #[cfg(unix)]
        let terminal = terminal_mode();
        let (ask, asked) = mpsc::channel::<oneshot::Sender<Answer>>();
        std::thread::Builder::new()
            .name("line editor".into())
            .spawn(move || {
                for answer in asked {
                    let line = match editor.readline(PROMPT) {
                        Ok(line) => Ok(Some(line)),
                        // Ctrl-D and Ctrl-C end the session as the end of input does.
                        Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(None),
                        Err(ReadlineError::Io(error)) => Err(error),
                        Err(error) => Err(io::Error::other(error)),
                    };
                    if answer.send(line).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Editor {
            ask,
            #[cfg(unix)]
            terminal,
        })
    }

    async fn next_line(&mut self) -> io::Result<Option<String>> {
        let (answer, answered) = oneshot::channel();
        if self.ask.send(answer).is_err() {
            return Ok(None);
        }
        answered.await.unwrap_or(Ok(None))
    }
}

#[cfg(unix)]
impl Drop for Editor {
    fn drop(&mut self) {
        if let Some(mode) = &self.terminal {
            // SAFETY: a termios read from this same descriptor by tcgetattr.
            unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, mode) };
        }
    }
}

/// Standard input's terminal settings, if it is a terminal.
#[cfg(unix)]
fn terminal_mode() -> Option<libc::termios> {
    let mut mode = std::mem::MaybeUninit::<libc::termios>::uninit();
    // SAFETY: tcgetattr fills the termios in whole when it returns 0, and only then is it read.
    unsafe {
        (libc::tcgetattr(libc::STDIN_FILENO, mode.as_mut_ptr()) == 0).then(|| mode.assume_init())
    }
}
