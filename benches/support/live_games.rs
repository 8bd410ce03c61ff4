//! The live games the bot benches start from: each in its own thread of one channel, a few
//! random moves in, with their own posts already delivered as far as a bench goes.

use fastrand::Rng;
use ponte::game::playout;
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{Actor, ChallengeOptions, GameView, Player, PlayerId, Service, Venue};

use crate::common::Played;

/// Starts `count` games between pairs of new players, each moved 2 to `most_moves - 1` random
/// moves in: past the pie choice, a button the benches do not press.
pub async fn seed(
    service: &Service,
    count: usize,
    most_moves: usize,
    rng: &mut Rng,
) -> Vec<GameView> {
    let mut games = Vec::with_capacity(count);
    for i in 0..count {
        let a = Player::new(
            PlayerId::from_snowflake((5_000_000_000 + 2 * i) as u64),
            format!("a{i}"),
        );
        let b = Player::new(
            PlayerId::from_snowflake((5_000_000_001 + 2 * i) as u64),
            format!("b{i}"),
        );
        let venue = Venue {
            guild_id: Some(GuildId::from_snowflake(1)),
            channel_id: Some(ChannelId::from_snowflake(300_000_000_000_000_001)),
        };
        let c = service
            .challenge(
                &Actor::member(a.clone(), venue.guild_id),
                Some(&b),
                ChallengeOptions::default(),
                venue,
            )
            .await
            .unwrap();
        let mut game = service
            .accept(c.id, &Actor::member(b, venue.guild_id))
            .await
            .unwrap();
        service
            .set_thread(
                game.id,
                Some(ChannelId::from_snowflake(
                    800_000_000_000_000_000 + game.id.get() as u64,
                )),
            )
            .await
            .unwrap();
        for _ in 0..rng.usize(2..most_moves) {
            let mv = playout::random_move(&game.game, rng).unwrap();
            let player = game.to_move().unwrap().1.id;
            game = service.play(game.id, player, mv, None).await.played().game;
        }
        games.push(game);
    }
    games
}

/// Empties the outbox of the (closed) database at `database`: the seeded games' own boards
/// are not a bench's load, and a backlog of thousands would measure the queue, not a move.
pub async fn forget_their_posts(database: &str) {
    crate::common::execute(database, "DELETE FROM outbox").await;
}
