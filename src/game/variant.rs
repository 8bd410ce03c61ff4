//! The variant a game is played with (board size and supply) and its notation, the one a game
//! record's header uses: `size 10 tiles unlimited` reads as a 10×10 board with unlimited tiles
//! and the box's 15 bridges.

use std::fmt;
use std::str::FromStr;

use super::cell::{MAX_SIZE, MIN_SIZE};

/// The board size when the notation gives none.
const DEFAULT_SIZE: u8 = 12;

/// How many tiles each player, or bridges both players together, may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Supply {
    Limited(u16),
    Unlimited,
}

impl fmt::Display for Supply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Supply::Limited(n) => write!(f, "{n}"),
            Supply::Unlimited => f.write_str("unlimited"),
        }
    }
}

/// The board size and supply a game is played with. The size is always within 6..=16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    size: u8,
    /// Tiles per player.
    tiles: Supply,
    /// The bridge pool both players share.
    bridges: Supply,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the board must be {MIN_SIZE}×{MIN_SIZE} to {MAX_SIZE}×{MAX_SIZE}, not {0}×{0}")]
pub struct BadSize(pub u8);

impl Variant {
    /// A `size`×`size` board with the given supply.
    ///
    /// # Errors
    /// When `size` is outside 6..=16.
    pub fn new(size: u8, tiles: Supply, bridges: Supply) -> Result<Variant, BadSize> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BadSize(size));
        }
        Ok(Variant {
            size,
            tiles,
            bridges,
        })
    }

    /// The box supply for `size`: 10×10 has 40 tiles each and 15 bridges, 12×12 has 60 and 22;
    /// other sizes have no box and play with unlimited supply.
    ///
    /// # Errors
    /// When `size` is outside 6..=16.
    pub fn boxed(size: u8) -> Result<Variant, BadSize> {
        let (tiles, bridges) = match size {
            10 => (Supply::Limited(40), Supply::Limited(15)),
            12 => (Supply::Limited(60), Supply::Limited(22)),
            _ => (Supply::Unlimited, Supply::Unlimited),
        };
        Variant::new(size, tiles, bridges)
    }

    /// Any size with unlimited tiles and bridges.
    ///
    /// # Errors
    /// When `size` is outside 6..=16.
    pub fn unlimited(size: u8) -> Result<Variant, BadSize> {
        Variant::new(size, Supply::Unlimited, Supply::Unlimited)
    }

    pub const fn size(self) -> u8 {
        self.size
    }

    /// Tiles per player.
    pub const fn tiles(self) -> Supply {
        self.tiles
    }

    /// The bridge pool both players share.
    pub const fn bridges(self) -> Supply {
        self.bridges
    }

    pub const fn with_tiles(self, tiles: Supply) -> Variant {
        Variant { tiles, ..self }
    }

    pub const fn with_bridges(self, bridges: Supply) -> Variant {
        Variant { bridges, ..self }
    }

    /// The supply in words, as every front end and the export say it: "60 tiles each,
    /// 22 bridges", "unlimited supply".
    pub fn supply_words(self) -> impl fmt::Display {
        SupplyWords(self)
    }
}

struct SupplyWords(Variant);

impl fmt::Display for SupplyWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0.tiles, self.0.bridges) {
            (Supply::Unlimited, Supply::Unlimited) => f.write_str("unlimited supply"),
            (tiles, bridges) => write!(f, "{tiles} tiles each, {bridges} bridges"),
        }
    }
}

impl Variant {
    /// 12×12 with the box supply, as played on Brettspielnetz and YourTurnMyTurn.
    pub const DEFAULT: Variant = Variant {
        size: DEFAULT_SIZE,
        tiles: Supply::Limited(60),
        bridges: Supply::Limited(22),
    };
}

impl Default for Variant {
    /// [`Variant::DEFAULT`].
    fn default() -> Variant {
        Variant::DEFAULT
    }
}

/// Text that is no variant in the notation, with what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadVariant {
    #[error("no variant: the text names no setting (size, tiles or bridges)")]
    Empty,
    #[error("\"{0}\" is not a setting of the game: size, tiles or bridges")]
    UnknownSetting(String),
    #[error("\"{0}\" needs exactly one value")]
    Values(String),
    #[error("the size must be a number from {MIN_SIZE} to {MAX_SIZE}, not \"{0}\"")]
    Size(String),
    #[error("{key} must be a number or \"unlimited\", not \"{value}\"")]
    Supply { key: &'static str, value: String },
    /// A setting given twice; `earlier` is where it was given first (a record's line, or the
    /// setting's place in the one-line form).
    #[error("{key} was already set")]
    Repeated { key: &'static str, earlier: usize },
}

impl Variant {
    /// The header lines a record starts with: `size N`, then each other setting where it
    /// differs from the box for the size, one a line.
    pub fn header(self) -> impl fmt::Display {
        Header(self)
    }
}

struct Header(Variant);

impl fmt::Display for Header {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let variant = self.0;
        writeln!(f, "size {}", variant.size)?;
        let boxed = Variant::boxed(variant.size).unwrap_or_default();
        if variant.tiles != boxed.tiles {
            writeln!(f, "tiles {}", variant.tiles)?;
        }
        if variant.bridges != boxed.bridges {
            writeln!(f, "bridges {}", variant.bridges)?;
        }
        Ok(())
    }
}

impl fmt::Display for Variant {
    /// Every setting on one line, the form the store keeps: `size 12 tiles 60 bridges 22`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "size {} tiles {} bridges {}",
            self.size, self.tiles, self.bridges
        )
    }
}

impl FromStr for Variant {
    type Err = BadVariant;

    /// `setting value` pairs separated by spaces or line breaks (so a record's header lines
    /// read too), in any order and any case. A setting left out is as in a record without that
    /// header: size 12, the box supply for the size.
    fn from_str(text: &str) -> Result<Variant, BadVariant> {
        let words: Vec<String> = text
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        if words.is_empty() {
            return Err(BadVariant::Empty);
        }
        let mut settings = Settings::default();
        for (place, pair) in words.chunks(2).enumerate() {
            settings.read(place + 1, pair)?;
        }
        Ok(settings.variant())
    }
}

/// The settings read so far, each with where it was given.
#[derive(Default)]
pub(super) struct Settings {
    size: Option<(usize, u8)>,
    tiles: Option<(usize, Supply)>,
    bridges: Option<(usize, Supply)>,
}

impl Settings {
    /// Whether `word` (lower case) names a setting.
    pub(super) fn is_setting(word: &str) -> bool {
        matches!(word, "size" | "tiles" | "bridges")
    }

    pub(super) fn size(&self) -> u8 {
        self.size.map_or(DEFAULT_SIZE, |(_, size)| size)
    }

    pub(super) fn variant(&self) -> Variant {
        let boxed = Variant::boxed(self.size()).unwrap_or_default();
        boxed
            .with_tiles(self.tiles.map_or(boxed.tiles(), |(_, t)| t))
            .with_bridges(self.bridges.map_or(boxed.bridges(), |(_, b)| b))
    }

    /// Takes one setting, `words` being its name and value in lower case, given at `place`.
    ///
    /// # Errors
    /// When the name is no setting, the value is missing, extra or malformed, or the setting
    /// was already given.
    pub(super) fn read(&mut self, place: usize, words: &[String]) -> Result<(), BadVariant> {
        let Some(key) = words.first() else {
            return Err(BadVariant::Empty);
        };
        if !Settings::is_setting(key) {
            return Err(BadVariant::UnknownSetting(key.clone()));
        }
        let [_, value] = words else {
            return Err(BadVariant::Values(words.join(" ")));
        };
        let repeated = |key: &'static str, earlier: Option<usize>| match earlier {
            Some(earlier) => Err(BadVariant::Repeated { key, earlier }),
            None => Ok(()),
        };
        let supply = |key: &'static str| {
            parse_supply(value).ok_or_else(|| BadVariant::Supply {
                key,
                value: value.clone(),
            })
        };
        match key.as_str() {
            "size" => {
                repeated("size", self.size.map(|(at, _)| at))?;
                let size = parse_size(value).ok_or_else(|| BadVariant::Size(value.clone()))?;
                self.size = Some((place, size));
            }
            "tiles" => {
                repeated("tiles", self.tiles.map(|(at, _)| at))?;
                self.tiles = Some((place, supply("tiles")?));
            }
            _ => {
                repeated("bridges", self.bridges.map(|(at, _)| at))?;
                self.bridges = Some((place, supply("bridges")?));
            }
        }
        Ok(())
    }
}

fn parse_size(value: &str) -> Option<u8> {
    value
        .parse::<u8>()
        .ok()
        .filter(|size| (MIN_SIZE..=MAX_SIZE).contains(size))
}

fn parse_supply(value: &str) -> Option<Supply> {
    match value {
        "unlimited" => Some(Supply::Unlimited),
        number => number.parse().ok().map(Supply::Limited),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every size with supplies from none to the most a number can say, unlimited included.
    fn every_variant() -> Vec<Variant> {
        let supplies: Vec<Supply> = [0, 1, 2, 15, 22, 40, 60, u16::MAX]
            .map(Supply::Limited)
            .into_iter()
            .chain([Supply::Unlimited])
            .collect();
        let mut variants = Vec::new();
        for size in MIN_SIZE..=MAX_SIZE {
            for &tiles in &supplies {
                for &bridges in &supplies {
                    variants.push(Variant::new(size, tiles, bridges).unwrap());
                }
            }
        }
        variants
    }

    #[test]
    fn every_variant_round_trips_through_its_notation() {
        let mut count = 0;
        for variant in every_variant() {
            let text = variant.to_string();
            assert_eq!(text.parse::<Variant>(), Ok(variant), "{text}");
            assert_eq!(
                text.to_uppercase().parse::<Variant>(),
                Ok(variant),
                "{text}"
            );
            count += 1;
        }
        assert_eq!(count, 11 * 9 * 9);
        assert_eq!(
            Variant::default().to_string(),
            "size 12 tiles 60 bridges 22"
        );
        let small = Variant::new(6, Supply::Unlimited, Supply::Limited(3)).unwrap();
        assert_eq!(small.to_string(), "size 6 tiles unlimited bridges 3");
    }

    /// The header a record starts with reads back as the same variant, and names the supply
    /// only where it differs from the box.
    #[test]
    fn every_variant_round_trips_through_a_records_header() {
        for variant in every_variant() {
            let header = variant.header().to_string();
            assert_eq!(header.parse::<Variant>(), Ok(variant), "{header}");
        }
        assert_eq!(Variant::default().header().to_string(), "size 12\n");
        let small = Variant::new(10, Supply::Unlimited, Supply::Limited(15)).unwrap();
        assert_eq!(small.header().to_string(), "size 10\ntiles unlimited\n");
    }

    /// As in a record: the settings in any order, on one line or several, and those left out
    /// taken from the box for the size.
    #[test]
    fn settings_left_out_are_the_box_for_the_size() {
        let read = |text: &str| text.parse::<Variant>().unwrap();
        assert_eq!(read("size 10"), Variant::boxed(10).unwrap());
        assert_eq!(read("size 8"), Variant::unlimited(8).unwrap());
        assert_eq!(
            read("bridges 5"),
            Variant::default().with_bridges(Supply::Limited(5))
        );
        assert_eq!(
            read("Tiles unlimited\n  SIZE 10\n"),
            Variant::boxed(10).unwrap().with_tiles(Supply::Unlimited)
        );
    }

    #[test]
    fn text_that_is_no_variant_says_why() {
        let unknown = |word: &str| BadVariant::UnknownSetting(word.to_string());
        for (text, fault) in [
            ("", BadVariant::Empty),
            (" \n ", BadVariant::Empty),
            ("hexagonal", unknown("hexagonal")),
            ("size 12 colour red", unknown("colour")),
            ("size 12 tiles 60 bridges 22 pie", unknown("pie")),
            ("size", BadVariant::Values("size".into())),
            ("size 5", BadVariant::Size("5".into())),
            ("size 17", BadVariant::Size("17".into())),
            ("size twelve", BadVariant::Size("twelve".into())),
            (
                "size 12 tiles -1",
                BadVariant::Supply {
                    key: "tiles",
                    value: "-1".into(),
                },
            ),
            (
                "bridges 65536",
                BadVariant::Supply {
                    key: "bridges",
                    value: "65536".into(),
                },
            ),
            (
                "size 12 tiles 4 size 12",
                BadVariant::Repeated {
                    key: "size",
                    earlier: 1,
                },
            ),
        ] {
            assert_eq!(text.parse::<Variant>(), Err(fault), "{text:?}");
        }
    }
}
