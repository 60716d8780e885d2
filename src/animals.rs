//! The five animal species (R-COMP-2) and multisets of them: what stands on a
//! trail or in a bush, a player's token hand, the token supply.

/// The number of animal species (R-COMP-2).
pub const SPECIES: usize = 5;

/// Tokens of each animal in the game (R-COMP-2).
pub const TOKENS_PER_ANIMAL: u8 = 10;

/// The five animal species, in the rulebook's letter order. Their notation is a
/// letter (`M`, `E`, `G`, `L`, `Z`); with `serde`, an animal is that letter.
///
/// ```
/// use carcassonne_safari::Animal;
/// assert_eq!(Animal::Lion.letter(), 'L');
/// assert_eq!(Animal::Lion.name(), "lion");
/// assert_eq!("Z".parse::<Animal>(), Ok(Animal::Zebra));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Animal {
    /// Monkey (`M`; `A` for ape in one rulebook).
    Monkey = 0,
    /// Elephant (`E`).
    Elephant = 1,
    /// Giraffe (`G`).
    Giraffe = 2,
    /// Lion (`L`).
    Lion = 3,
    /// Zebra (`Z`).
    Zebra = 4,
}

impl Animal {
    /// All five species in notation order M, E, G, L, Z.
    pub const ALL: [Animal; SPECIES] = [
        Animal::Monkey,
        Animal::Elephant,
        Animal::Giraffe,
        Animal::Lion,
        Animal::Zebra,
    ];

    /// The species' letter in the notation.
    pub const fn letter(self) -> char {
        match self {
            Animal::Monkey => 'M',
            Animal::Elephant => 'E',
            Animal::Giraffe => 'G',
            Animal::Lion => 'L',
            Animal::Zebra => 'Z',
        }
    }

    /// The species with notation letter `c`.
    pub const fn from_letter(c: u8) -> Option<Animal> {
        match c {
            b'M' => Some(Animal::Monkey),
            b'E' => Some(Animal::Elephant),
            b'G' => Some(Animal::Giraffe),
            b'L' => Some(Animal::Lion),
            b'Z' => Some(Animal::Zebra),
            _ => None,
        }
    }

    /// The species' English name in lower case (`"monkey"`, ...), for UIs.
    pub const fn name(self) -> &'static str {
        match self {
            Animal::Monkey => "monkey",
            Animal::Elephant => "elephant",
            Animal::Giraffe => "giraffe",
            Animal::Lion => "lion",
            Animal::Zebra => "zebra",
        }
    }

    /// Index 0..5 in notation order.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A multiset of animals: how many of each species.
///
/// ```
/// use carcassonne_safari::{Animal, AnimalCounts};
/// let mut hand = AnimalCounts::default();
/// hand.add(Animal::Lion);
/// hand.add(Animal::Lion);
/// hand.add(Animal::Zebra);
/// assert_eq!((hand.total(), hand.species()), (3, 2));
/// assert!(hand.take(Animal::Lion));
/// assert!(!hand.take(Animal::Monkey));
/// assert_eq!(hand.to_string(), "LZ");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct AnimalCounts(pub [u8; SPECIES]);

impl AnimalCounts {
    /// How many of `animal`.
    pub const fn get(&self, animal: Animal) -> u8 {
        self.0[animal as usize]
    }

    /// Adds one `animal` (saturating at 255).
    pub fn add(&mut self, animal: Animal) {
        let n = &mut self.0[animal.index()];
        *n = n.saturating_add(1);
    }

    /// Takes one `animal` away; false (and nothing changes) when there is none.
    pub fn take(&mut self, animal: Animal) -> bool {
        let n = &mut self.0[animal.index()];
        let had = *n > 0;
        *n = n.saturating_sub(1);
        had
    }

    /// Adds every animal of `other` (saturating at 255 of a species).
    pub fn add_all(&mut self, other: &AnimalCounts) {
        for i in 0..SPECIES {
            self.0[i] = self.0[i].saturating_add(other.0[i]);
        }
    }

    /// The number of *different* species present (what R-TRAIL-3 scores).
    pub const fn species(&self) -> u8 {
        let mut n = 0;
        let mut i = 0;
        while i < SPECIES {
            if self.0[i] > 0 {
                n += 1;
            }
            i += 1;
        }
        n
    }

    /// The total number of animals, same species counted again (R-END-2),
    /// saturating at 255.
    pub const fn total(&self) -> u8 {
        let mut n = 0u8;
        let mut i = 0;
        while i < SPECIES {
            n = n.saturating_add(self.0[i]);
            i += 1;
        }
        n
    }

    /// Whether at least one `animal` is present.
    pub const fn contains(&self, animal: Animal) -> bool {
        self.0[animal as usize] > 0
    }

    /// Each species present, once, in notation order.
    pub fn distinct(self) -> impl Iterator<Item = Animal> {
        Animal::ALL.into_iter().filter(move |&a| self.contains(a))
    }

    /// Each animal once per copy, in notation order.
    pub fn iter(&self) -> impl Iterator<Item = Animal> + '_ {
        Animal::ALL
            .into_iter()
            .flat_map(move |a| core::iter::repeat_n(a, self.0[a as usize] as usize))
    }
}

impl FromIterator<Animal> for AnimalCounts {
    fn from_iter<I: IntoIterator<Item = Animal>>(animals: I) -> AnimalCounts {
        let mut out = AnimalCounts::default();
        for a in animals {
            out.add(a);
        }
        out
    }
}
