//! Hints in games against the bot: the move the AI would play for the player to move, on a
//! board, with one line of why from the engine's own facts ([`Effect`]). Counted on the game
//! (its final announcement and its exported record say how many); refused, with nothing
//! written, in rated games, in games between people, out of turn, to someone not playing and
//! after the end.

use super::{Sides, titled_board};
use crate::ai;
use crate::game::{Color, Effect, Game, Move, effect};
use crate::i18n::Hidden;
use crate::i18n::{Lang, color_name};
use crate::service::opponent::search;
use crate::service::{Actor, GameId, GameView, Result, Service, ServiceError};
use crate::tr;

/// A hint given: the game as it stood, the move suggested, the position after it, and what the
/// move does for the player.
#[derive(Clone, Debug)]
pub struct Hint {
    /// The game as it stood when the hint was asked for, its hints counted with this one.
    pub game: GameView,
    pub suggested: Move,
    /// The position after the suggested move.
    pub after: Game,
    pub effect: Effect,
    /// The colour the hint is for.
    pub color: Color,
}

impl Hint {
    /// One line of why, in words a beginner understands.
    pub fn why(&self, lang: Lang) -> String {
        why(lang, self.suggested, self.effect, self.color)
    }

    /// What the player is told: the game, the line of why, and how many hints the game has had.
    pub fn text(&self, lang: Lang) -> String {
        tr!(
            lang,
            "hint-given",
            id = self.game.id,
            why = self.why(lang),
            count = self.game.hints
        )
    }

    /// The board after the suggested move, the move highlighted as a last move is (PNG bytes).
    /// Takes a few milliseconds: call it off the async threads.
    pub fn png(&self, lang: Lang) -> Vec<u8> {
        let sides = Sides::Players {
            white: &self.game.white.name,
            red: &self.game.red.name,
        };
        let title = tr!(lang, "hint-caption", id = self.game.id);
        titled_board(&self.after, sides, &title, lang, Hidden::default())
    }
}

/// One line of why `mv` is good for `mover`, from what it does (`effect`), in words a beginner
/// understands: a hint's line, and a puzzle answer's.
pub(super) fn why(lang: Lang, mv: Move, effect: Effect, mover: Color) -> String {
    let mv = mv.to_string();
    let opponent = color_name(lang, mover.other());
    match effect {
        Effect::IslandMade {
            at,
            islands,
            points,
        } => tr!(
            lang,
            "hint-island-made",
            move = mv,
            cell = at.to_string(),
            islands = islands,
            points = points
        ),
        Effect::IslandsJoined { points } => {
            tr!(lang, "hint-islands-joined", move = mv, points = points)
        }
        Effect::GroupsLinked => tr!(lang, "hint-groups-linked", move = mv),
        Effect::BridgeAdded => tr!(lang, "hint-bridge-added", move = mv),
        Effect::IslandStopped { sandbank } => tr!(
            lang,
            "hint-island-stopped",
            move = mv,
            color = opponent,
            cell = sandbank.to_string()
        ),
        Effect::CellTaken { cell, sandbank } => tr!(
            lang,
            "hint-cell-taken",
            move = mv,
            color = opponent,
            cell = cell.to_string(),
            sandbank = sandbank.to_string()
        ),
        Effect::SandbankGrown { at, tiles, left } => tr!(
            lang,
            "hint-sandbank-grown",
            move = mv,
            cell = at.to_string(),
            tiles = tiles,
            left = left
        ),
        Effect::NewSandbanks { sandbanks } => {
            tr!(lang, "hint-new-sandbanks", move = mv, sandbanks = sandbanks)
        }
        Effect::NoIsland => tr!(lang, "hint-no-island", move = mv),
        Effect::Swap => tr!(lang, "hint-swap"),
        Effect::Pass {
            bridge_scores: false,
        } => tr!(lang, "hint-pass"),
        Effect::Pass {
            bridge_scores: true,
        } => tr!(lang, "hint-pass-bridge-scores"),
        Effect::Resign => tr!(lang, "hint-resign"),
    }
}

impl Service {
    /// A hint for `asker` in game `id`: the move the AI would play for them (thinking at
    /// most [`ai::HINT_THINK`], after waiting at most [`ai::HINT_CORE_PATIENCE`] for a core),
    /// counted on the game.
    ///
    /// # Errors
    /// Unknown game; [`ServiceError::NotYourGame`], [`ServiceError::GameOver`],
    /// [`ServiceError::HintRated`], [`ServiceError::HintBetweenPeople`],
    /// [`ServiceError::NotYourTurn`]; [`ServiceError::PositionChanged`] when the game moved on
    /// during the search. Nothing is written then.
    #[tracing::instrument(skip(self))]
    pub async fn hint(&self, id: GameId, asker: &Actor) -> Result<Hint> {
        let player = asker.id();
        let view = self.game(id).await?;
        let Some(color) = view.color_of(player) else {
            return Err(ServiceError::NotYourGame(id));
        };
        if view.is_over() {
            return Err(ServiceError::GameOver(id));
        }
        if view.rated {
            return Err(ServiceError::HintRated(id));
        }
        if view.ai.is_none_or(|(ai, _)| ai == player) {
            return Err(ServiceError::HintBetweenPeople(id));
        }
        match view.to_move() {
            Some((_, to_move)) if to_move.id == player => {}
            Some((_, to_move)) => return Err(ServiceError::NotYourTurn(to_move.name.clone())),
            None => return Err(ServiceError::GameOver(id)),
        }
        // A core held by the bot's own searches is waited for a little, then the hint thinks
        // beside them: it must answer within 2 s.
        let permit = tokio::time::timeout(ai::HINT_CORE_PATIENCE, self.free_core())
            .await
            .ok();
        let game = view.game.clone();
        // A fixed seed per position: asked twice, the same hint (when the playouts run out
        // before the time).
        let seed = (id.get() as u64) << 16 ^ u64::from(game.plies()) ^ 0x6869_6e74;
        let searching = move || ai::hint(&game, ai::hint_budget(), seed).map(|d| d.best);
        let suggested = match search(searching, permit, "hint").await {
            Ok(Some(mv)) => mv,
            Ok(None) => return Err(ServiceError::GameOver(id)),
            Err(error) => {
                tracing::error!("a hint's search failed in game #{id}: {error}");
                return Err(ServiceError::HintFailed);
            }
        };
        // Legal by construction (the search plays only the engine's moves); the engine says
        // what it does, or why not.
        let effect = effect(&view.game, suggested)?;
        let mut after = view.game.clone();
        after.play(suggested)?;
        let Some(hints) = self.store.count_hint(id, view.version).await? else {
            return Err(ServiceError::PositionChanged);
        };
        metrics::counter!(crate::service::telemetry::HINTS_GIVEN).increment(1);
        Ok(Hint {
            game: GameView {
                hints: u32::try_from(hints).unwrap_or_default(),
                ..view
            },
            suggested,
            after,
            effect,
            color,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::service::{AiTerms, ChallengeOptions, ManualClock, Opener, Player, PlayerId, Venue};

    const START: i64 = 1_700_000_000_000;

    fn alice() -> Player {
        Player::new(PlayerId::new(1001), "alice")
    }
    fn bob() -> Player {
        Player::new(PlayerId::new(1002), "bob")
    }
    fn bot() -> Player {
        Player::new(PlayerId::new(9), "ponte")
    }

    /// `player` acting from no server (as in the terminal).
    fn acting(player: Player) -> Actor {
        Actor::member(player, None)
    }

    async fn service() -> (tempfile::TempDir, Service) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
        let service = Service::open_with_clock(&url, Arc::new(ManualClock::new(START)))
            .await
            .unwrap();
        (dir, service)
    }

    /// A game of alice against the bot at `easy`, alice opening.
    async fn against_the_bot(service: &Service) -> GameView {
        let terms = AiTerms {
            level: ai::Level::Easy,
            options: ChallengeOptions::default(),
            venue: Venue::default(),
            opener: Opener::Human,
        };
        service
            .start_ai_game(&acting(alice()), &bot(), terms, None)
            .await
            .unwrap()
    }

    /// A game of alice and bob, alice opening, rated or not.
    async fn between_people(service: &Service, rated: bool) -> GameView {
        let options = ChallengeOptions {
            rated,
            ..ChallengeOptions::default()
        };
        let challenge = service
            .challenge(&acting(alice()), Some(&bob()), options, Venue::default())
            .await
            .unwrap();
        service.accept(challenge.id, &acting(bob())).await.unwrap()
    }

    /// The game's hints and version as stored.
    async fn stored(service: &Service, id: GameId) -> (u32, i64) {
        let game = service.game(id).await.unwrap();
        (game.hints, game.version)
    }

    #[tokio::test]
    async fn a_hint_against_the_bot_is_a_legal_move_and_counted_once() {
        let (_dir, service) = service().await;
        let game = against_the_bot(&service).await;
        let hint = service.hint(game.id, &acting(alice())).await.unwrap();
        assert!(game.game.is_legal(hint.suggested), "{}", hint.suggested);
        assert_eq!(hint.after.last_move(), Some(hint.suggested));
        assert_eq!(hint.color, Color::White);
        assert_eq!(hint.game.hints, 1);
        assert_eq!(
            stored(&service, game.id).await,
            (1, game.version),
            "counted once; the position and its version stand"
        );
        assert_eq!(service.game(game.id).await.unwrap().game.plies(), 0);
        let text = hint.text(Lang::En);
        assert!(text.contains(&hint.suggested.to_string()), "{text}");
        assert!(text.contains("hint 1 in this game"), "{text}");
        assert!(hint.png(Lang::En).starts_with(b"\x89PNG"));

        // Each hint given counts, and the game's record says so at the end.
        let again = service.hint(game.id, &acting(alice())).await.unwrap();
        assert_eq!(again.game.hints, 2);
        assert_eq!(stored(&service, game.id).await, (2, game.version));
        let export = service.export(game.id).await.unwrap();
        assert!(export.contains("# Hints: 2 hints taken\n"), "{export}");
    }

    #[tokio::test]
    async fn a_hint_is_refused_with_the_reason_and_nothing_written() {
        let (_dir, service) = service().await;
        let refused = |result: Result<Hint>| match result {
            Ok(hint) => panic!("a hint was given: {}", hint.suggested),
            Err(error) => error,
        };

        let rated = between_people(&service, true).await;
        let error = refused(service.hint(rated.id, &acting(alice())).await);
        assert!(matches!(error, ServiceError::HintRated(id) if id == rated.id));
        assert_eq!(stored(&service, rated.id).await, (0, rated.version));

        let unrated = between_people(&service, false).await;
        let error = refused(service.hint(unrated.id, &acting(alice())).await);
        assert!(matches!(error, ServiceError::HintBetweenPeople(id) if id == unrated.id));
        assert_eq!(stored(&service, unrated.id).await, (0, unrated.version));

        let game = against_the_bot(&service).await;
        let error = refused(service.hint(game.id, &acting(bob())).await);
        assert!(
            matches!(error, ServiceError::NotYourGame(_)),
            "not a player"
        );
        let error = refused(service.hint(game.id, &acting(bot())).await);
        assert!(
            matches!(error, ServiceError::HintBetweenPeople(_)),
            "the bot"
        );
        let played = service
            .play(game.id, alice().id, "c3 e5".parse().unwrap(), None)
            .await
            .unwrap();
        let crate::service::MoveOutcome::Played(played) = played else {
            panic!("not played");
        };
        let version = played.game.version;
        let error = refused(service.hint(game.id, &acting(alice())).await);
        assert!(
            matches!(&error, ServiceError::NotYourTurn(name) if name == "ponte"),
            "{error:?}"
        );
        assert_eq!(stored(&service, game.id).await, (0, version));

        let resigned = service
            .play(game.id, alice().id, Move::Resign(None), None)
            .await
            .unwrap();
        let crate::service::MoveOutcome::Played(resigned) = resigned else {
            panic!("not played");
        };
        let error = refused(service.hint(game.id, &acting(alice())).await);
        assert!(matches!(error, ServiceError::GameOver(_)), "{error:?}");
        assert_eq!(stored(&service, game.id).await, (0, resigned.game.version));
        for lang in Lang::ALL {
            let said = |error: ServiceError, id: GameId| {
                assert!(error.words(lang).contains(&format!("#{id}")), "{lang}");
            };
            said(ServiceError::HintRated(rated.id), rated.id);
            said(ServiceError::HintBetweenPeople(unrated.id), unrated.id);
        }
    }

    /// The line of why says what the engine found, in every language.
    #[test]
    fn the_line_of_why_names_the_move_and_its_facts() {
        let mut game = Game::new(crate::game::Variant::unlimited(8).unwrap());
        for mv in ["a1 a2", "h8 h7"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let suggested: Move = "a3 a4".parse().unwrap();
        let mut after = game.clone();
        after.play(suggested).unwrap();
        let view_game = game.clone();
        let hint = Hint {
            game: GameView {
                game: view_game,
                ..test_view()
            },
            suggested,
            after,
            effect: effect(&game, suggested).unwrap(),
            color: Color::White,
        };
        assert_eq!(
            hint.why(Lang::En),
            "a3 a4 completes an island (at a1): 1 more point for you."
        );
        for lang in Lang::ALL {
            assert!(hint.why(lang).starts_with("a3 a4 "), "{lang}");
            assert!(hint.why(lang).contains("a1"), "{lang}");
        }
    }

    /// Every fact has its words in every language, each argument filled in.
    #[test]
    fn every_effect_is_said_in_every_language() {
        let cell = |name: &str| name.parse().unwrap();
        let effects = [
            Effect::IslandMade {
                at: cell("a1"),
                islands: 2,
                points: 5,
            },
            Effect::IslandsJoined { points: 2 },
            Effect::GroupsLinked,
            Effect::BridgeAdded,
            Effect::IslandStopped {
                sandbank: cell("b2"),
            },
            Effect::CellTaken {
                cell: cell("c3"),
                sandbank: cell("d4"),
            },
            Effect::SandbankGrown {
                at: cell("e5"),
                tiles: 3,
                left: 1,
            },
            Effect::SandbankGrown {
                at: cell("e5"),
                tiles: 2,
                left: 1,
            },
            Effect::NewSandbanks { sandbanks: 1 },
            Effect::NewSandbanks { sandbanks: 2 },
            Effect::NoIsland,
            Effect::Swap,
            Effect::Pass {
                bridge_scores: false,
            },
            Effect::Pass {
                bridge_scores: true,
            },
            Effect::Resign,
        ];
        for effect in effects {
            let hint = Hint {
                game: test_view(),
                suggested: "g7 h8".parse().unwrap(),
                after: Game::default(),
                effect,
                color: Color::White,
            };
            for lang in Lang::ALL {
                let why = hint.why(lang);
                assert!(!why.contains('{') && !why.contains('$'), "{lang}: {why}");
                let text = hint.text(lang);
                assert!(text.contains("#7") && text.contains('1'), "{lang}: {text}");
            }
        }
    }

    /// A view of no stored game, for words alone.
    fn test_view() -> GameView {
        GameView {
            id: GameId::new(7),
            white: alice(),
            red: bot(),
            opener: alice().id,
            game: Game::default(),
            moves: Vec::new(),
            result: None,
            move_time: None,
            deadline_at: None,
            away_until: None,
            rated: false,
            venue: Venue::default(),
            thread_id: None,
            version: 0,
            created_at: START,
            updated_at: START,
            ai: Some((bot().id, ai::Level::Easy)),
            tournament: None,
            hints: 1,
        }
    }
}
