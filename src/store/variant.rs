//! The variant column of `games`, `challenges` and `tournaments`: a [`Variant`] in its own
//! notation (`size 10 tiles 40 bridges 15`). Text that is no variant is an error when read,
//! never the default game.

use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::sqlite::{SqliteArgumentValue, SqliteTypeInfo, SqliteValueRef};
use sqlx::{Decode, Encode, Sqlite, Type};

use super::Variant;

impl Type<Sqlite> for Variant {
    fn type_info() -> SqliteTypeInfo {
        <str as Type<Sqlite>>::type_info()
    }
}

impl<'q> Encode<'q, Sqlite> for Variant {
    fn encode_by_ref(
        &self,
        args: &mut Vec<SqliteArgumentValue<'q>>,
    ) -> Result<IsNull, BoxDynError> {
        <String as Encode<'q, Sqlite>>::encode(self.to_string(), args)
    }
}

impl<'r> Decode<'r, Sqlite> for Variant {
    fn decode(value: SqliteValueRef<'r>) -> Result<Variant, BoxDynError> {
        Ok(<&str as Decode<Sqlite>>::decode(value)?.parse()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Supply;
    use crate::store::test_support::{
        NOW, insert, new_challenge, new_game, new_tournament, pool_before, start,
        store_with_players,
    };
    use crate::store::{
        ChallengeId, GameId, NewChallenge, NewGame, NewTournament, Store, StoredFormat,
        TournamentId,
    };

    /// The migration that made the variant one column.
    const ONE_COLUMN: i64 = 20;

    fn variants() -> [Variant; 4] {
        let limited = Supply::Limited;
        [
            Variant::DEFAULT,
            Variant::boxed(10).unwrap().with_tiles(Supply::Unlimited),
            Variant::unlimited(6).unwrap(),
            Variant::new(16, limited(5), limited(0)).unwrap(),
        ]
    }

    /// The old columns' values for `variant`: `NULL` is unlimited.
    fn columns(variant: Variant) -> (i64, Option<i64>, Option<i64>) {
        let limit = |supply| match supply {
            Supply::Limited(n) => Some(i64::from(n)),
            Supply::Unlimited => None,
        };
        (
            i64::from(variant.size()),
            limit(variant.tiles()),
            limit(variant.bridges()),
        )
    }

    /// A database at the migration before the variant's column, with a game, a challenge and a
    /// tournament of each variant in the three old columns, reads back the same variants once
    /// opened (which upgrades it).
    #[tokio::test]
    async fn the_upgrade_keeps_every_rows_variant() {
        let (_dir, url, pool) = pool_before(ONE_COLUMN).await;
        for (id, name) in [(1, "alice"), (2, "bob")] {
            sqlx::query(
                "INSERT INTO players (id, name, created_at, updated_at) VALUES (?, ?, 0, 0)",
            )
            .bind(id)
            .bind(name)
            .execute(&pool)
            .await
            .unwrap();
        }
        let mut rows = Vec::new();
        for variant in variants() {
            let (size, tiles, bridges) = columns(variant);
            let insert = |sql: &'static str| {
                sqlx::query_scalar::<_, i64>(sql)
                    .bind(size)
                    .bind(tiles)
                    .bind(bridges)
            };
            let game = insert(
                "INSERT INTO games (opener_id, other_id, white_id, red_id, size, tiles, bridges,
                     created_at, updated_at)
                 VALUES (1, 2, 1, 2, ?, ?, ?, 0, 0) RETURNING id",
            )
            .fetch_all(&pool)
            .await
            .unwrap()[0];
            let challenge = insert(
                "INSERT INTO challenges (challenger_id, size, tiles, bridges, created_at,
                     expires_at, updated_at)
                 VALUES (1, ?, ?, ?, 0, 0, 0) RETURNING id",
            )
            .fetch_all(&pool)
            .await
            .unwrap()[0];
            let tournament = insert(
                "INSERT INTO tournaments (guild_id, channel_id, name, format, size, tiles,
                     bridges, rated, organiser_id, created_at, updated_at)
                 VALUES (7, 70, 'cup', 'swiss', ?, ?, ?, 1, 1, 0, 0) RETURNING id",
            )
            .fetch_all(&pool)
            .await
            .unwrap()[0];
            rows.push((variant, game, challenge, tournament));
        }
        pool.close().await;

        let store = Store::open(&url).await.unwrap();
        for (variant, game, challenge, tournament) in rows {
            let game = store.game(GameId::new(game)).await.unwrap().unwrap();
            let challenge = store.challenge(ChallengeId::new(challenge)).await;
            let tournament = store.tournament(TournamentId::new(tournament)).await;
            assert_eq!(game.variant, variant);
            assert_eq!(challenge.unwrap().unwrap().variant, variant);
            assert_eq!(tournament.unwrap().unwrap().variant, variant);
        }
    }

    /// Each variant is written as one value of the notation and read back the same, in each
    /// of the three tables.
    #[tokio::test]
    async fn every_variant_reads_back_as_written() {
        let (_dir, store) = store_with_players().await;
        for variant in variants() {
            let game = insert(
                &store,
                &NewGame {
                    variant,
                    ..new_game(1, 2)
                },
            )
            .await;
            let challenge = NewChallenge {
                variant,
                ..new_challenge(1, Some(2), NOW + 1000)
            };
            let challenge = store.insert_challenge(&challenge).await.unwrap();
            let tournament = NewTournament {
                variant,
                ..new_tournament(StoredFormat::Swiss)
            };
            let tournament = store.create_tournament(&tournament).await.unwrap();
            let stored: String = sqlx::query_scalar("SELECT variant FROM games WHERE id = ?")
                .bind(game)
                .fetch_one(&store.pool)
                .await
                .unwrap();
            assert_eq!(stored, variant.to_string());
            let game = store.game(game).await.unwrap().unwrap();
            let challenge = store.challenge(challenge).await.unwrap().unwrap();
            let tournament = store.tournament(tournament).await.unwrap().unwrap();
            assert_eq!(
                [game.variant, challenge.variant, tournament.variant],
                [variant; 3]
            );
        }
    }

    /// Text that is no variant (written by a later version, or by hand) is an error when read,
    /// as an unknown AI level is: never a game of the default variant.
    #[tokio::test]
    async fn an_unknown_stored_variant_is_an_error() {
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        let challenge = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        let tournament = store
            .create_tournament(&new_tournament(StoredFormat::Swiss))
            .await
            .unwrap();
        for stored in ["size 12 hexagonal 1", "size 99", ""] {
            for table in ["games", "challenges", "tournaments"] {
                sqlx::query(&format!("UPDATE {table} SET variant = ?"))
                    .bind(stored)
                    .execute(&store.pool)
                    .await
                    .unwrap();
            }
            assert!(store.game(game).await.is_err(), "{stored:?}");
            assert!(store.challenge(challenge).await.is_err(), "{stored:?}");
            assert!(store.tournament(tournament).await.is_err(), "{stored:?}");
        }
    }
}
