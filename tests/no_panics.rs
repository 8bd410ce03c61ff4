//! Nothing in the engine panics on any input: random text through the notation, the record
//! reader and the replay, and random (mostly illegal) moves through the game.

use fastrand::Rng;
use ponte::game::{Cell, Game, Move, Record, Variant};

/// Text made of the pieces the notation uses, plus noise.
fn random_text(rng: &mut Rng) -> String {
    const PIECES: [&str; 24] = [
        "a", "c", "p", "q", "z", "0", "1", "3", "12", "16", "17", "999", " ", "  ", "-", "–", ",",
        "#", "\n", "swap", "pass", "resign", "size", "tiles",
    ];
    let mut text = String::new();
    for _ in 0..rng.usize(0..40) {
        if rng.u8(0..10) == 0 {
            text.push(rng.char('\u{0}'..='\u{2fff}'));
        } else {
            text.push_str(PIECES[rng.usize(0..PIECES.len())]);
        }
    }
    text
}

#[test]
fn random_text_never_panics() {
    let mut rng = Rng::with_seed(99);
    for _ in 0..5_000 {
        let text = random_text(&mut rng);
        let _ = text.parse::<Move>();
        let _ = text.parse::<Cell>();
        let (record, _) = Record::parse_prefix(&text);
        let replay = record.replay();
        let _ = ponte::replay::run(&text, rng.bool());
        let _ = ponte::i18n::diagram(ponte::i18n::Lang::De, &replay.game);
    }
}

#[test]
fn random_moves_never_panic_and_illegal_ones_change_nothing() {
    let mut rng = Rng::with_seed(7);
    for _ in 0..60 {
        let size = rng.u8(6..=16);
        let mut game = Game::new(Variant::boxed(size).unwrap());
        for _ in 0..300 {
            let cell = |rng: &mut Rng| Cell::new(rng.u8(0..16), rng.u8(0..16));
            let mv = match rng.u8(0..6) {
                0..=2 => Move::Place(cell(&mut rng), cell(&mut rng)),
                3 => Move::Bridge(cell(&mut rng), cell(&mut rng)),
                4 => Move::Pass,
                _ => Move::Swap,
            };
            let before = game.clone();
            if game.play(mv).is_err() {
                assert_eq!(game, before);
            }
            let _ = game.legal_first_cells();
            let _ = game.legal_bridge_ends(cell(&mut rng));
            let _ = game.legal_second_cells(cell(&mut rng));
            if game.is_over() {
                break;
            }
        }
    }
}
