//! Who sits at each seat: a person at this browser, or a bot of some strength.

use carcassonne_safari::{record, Actor, GameRecord, GameState, Move};
use carcassonne_safari_bots::{Bot, BotSpec, SpecError};
use serde::Serialize;

use crate::error::{parse_move, WebError};

/// A bot strength the page offers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BotLevel {
    /// Its identifier in seat options (`greedy`, `mcts-quick`, ...).
    pub id: &'static str,
    /// Its name in the page.
    pub label: &'static str,
    /// The bots crate's specification (`from_spec`), iteration budgets only:
    /// WebAssembly in a browser has no clock and no threads for the bots.
    pub spec: &'static str,
    /// One line on how it plays.
    pub about: &'static str,
    /// Its rating in the bots crate's ladder (Elo, the random bot at 0;
    /// `bots/README.md`, "The ladder"): the levels are ordered and named by it.
    pub rating: i32,
}

/// The strengths offered, weakest first, by their ratings in the bots
/// crate's ladder (two-player games of every pair on the same deals; the
/// ladder of 0.4.0's bots, `bots/README.md`, 2026-12-07: the Learned bot
/// below the one-ply bot, 35.0% of 200 head to head, and the search at 50
/// iterations just above it, 52.0%).
pub const BOT_LEVELS: [BotLevel; 7] = [
    BotLevel {
        id: "random",
        label: "Random bot",
        spec: "random",
        about: "plays any legal move",
        rating: 0,
    },
    BotLevel {
        id: "greedy",
        label: "Greedy bot",
        spec: "greedy",
        about: "takes the most points it can see this turn",
        rating: 340,
    },
    BotLevel {
        id: "net",
        label: "Learned bot",
        spec: "net",
        about: "a neural network that learned from the Expert bot's choices: it plays at a glance, without trying anything out",
        rating: 769,
    },
    BotLevel {
        id: "oneply",
        label: "Good bot",
        spec: "oneply",
        about: "weighs what each move leaves on the board: trails and bushes that can still be closed, meeples, tokens",
        rating: 839,
    },
    BotLevel {
        id: "mcts-quick",
        label: "Strong bot",
        spec: "mcts:it=50",
        about: "tries out some fifty ways its turn and the next ones could go, and plays the move that held up best",
        rating: 866,
    },
    BotLevel {
        id: "twoply",
        label: "Expert bot",
        spec: "twoply",
        about: "weighs its best moves against what the next player can make of every tile it may draw",
        rating: 882,
    },
    BotLevel {
        id: "mcts-deep",
        label: "Master bot",
        spec: "mcts:it=2000",
        about: "searches a couple of thousand ways its turn and the next ones could go, every player's best replies among them, and plays the move that held up best",
        rating: 938,
    },
];

/// The strength a new bot seat gets: the two-turn look-ahead, one step below
/// the strongest (which thinks some ten times longer a move).
pub const DEFAULT_BOT: &str = "twoply";

/// A seat: who plays it (a person at this browser or a bot) and the name
/// the page shows. It is kept in the game record as the engine's
/// [`record::Seat`] (`{name, bot}`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Seat {
    /// The name shown to people.
    pub name: String,
    /// The bots crate's specification for a bot; `None` for a person.
    pub bot: Option<String>,
}

impl Seat {
    /// A seat from its kind (`human`, a level id of [`BOT_LEVELS`], or a
    /// bots-crate specification with an iteration budget such as
    /// `mcts:it=800`) and a name (the level's label or "Player n+1" when
    /// `name` is empty; `n` is the seat number).
    ///
    /// # Errors
    /// [`WebError::Setup`] for any other kind, with the reason.
    pub fn parse(kind: &str, name: &str, n: usize) -> Result<Seat, WebError> {
        let kind = kind.trim();
        let named = |default: &str| match name.trim() {
            "" => default.to_owned(),
            given => given.chars().take(40).collect(),
        };
        if kind == "human" {
            return Ok(Seat {
                name: named(&format!("Player {}", n + 1)),
                bot: None,
            });
        }
        let spec = match BOT_LEVELS.iter().find(|l| l.id == kind) {
            Some(level) => level.spec,
            None => kind,
        };
        // Today's form of the spec (a spec of an earlier version, with
        // retired options, is today's bot of the same name and budget).
        let spec = check_spec(spec)
            .map_err(|e| WebError::Setup(format!("seat `{kind}`: {e}")))?
            .to_string();
        let label = BOT_LEVELS
            .iter()
            .find(|l| l.spec.parse::<BotSpec>().is_ok_and(|l| l.to_string() == spec))
            .map_or(spec.as_str(), |l| l.label);
        Ok(Seat {
            name: named(label),
            bot: Some(spec.clone()),
        })
    }

    /// The seat of a record: a bot when the record names a bot this page can
    /// run, a person otherwise.
    pub fn from_record(seat: Option<&record::Seat>, n: usize) -> Seat {
        let name = seat.map_or("", |s| s.name.as_str());
        seat.and_then(|s| s.bot.as_deref())
            .and_then(|spec| Seat::parse(spec, name, n).ok())
            .unwrap_or_else(|| Seat::parse("human", name, n).expect("a person's seat always parses"))
    }

    /// The engine's record of this seat.
    pub fn to_record(&self) -> record::Seat {
        record::Seat {
            name: self.name.clone(),
            bot: self.bot.clone(),
        }
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self) -> bool {
        self.bot.is_none()
    }
}

/// Refuses the specifications that cannot run in a browser (time budgets and
/// threads), and those the bots crate refuses.
fn check_spec(spec: &str) -> Result<BotSpec, String> {
    let parsed: BotSpec = spec.parse().map_err(|e: SpecError| e.to_string())?;
    if parsed.budget.is_some() && parsed.iterations().is_none() {
        return Err(
            "a time budget (`ms=N`) needs a clock, which WebAssembly in a browser lacks; use `it=N`".into(),
        );
    }
    if parsed.threads > 1 {
        return Err("`threads=N` needs threads, which WebAssembly in a browser lacks".into());
    }
    Ok(parsed)
}

/// Bot `spec` seeded with `seed`, when it can run in a browser.
fn browser_bot(spec: &str, seed: u64) -> Result<Box<dyn Bot + Send>, String> {
    Ok(check_spec(spec)?.build(seed))
}

/// What a bot decided.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BotChoice {
    /// The move, in the engine's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Search iterations run for this decision (0 for bots that do not
    /// search).
    pub iterations: u32,
    /// Visits the search's root had from the tree kept since the bot's
    /// earlier decisions (0 for a new bot and for bots that do not search).
    pub reused: u32,
}

impl BotChoice {
    fn of(mv: Move, bot: &(dyn Bot + Send)) -> BotChoice {
        let search = bot.last_search();
        BotChoice {
            mv: mv.to_string(),
            iterations: search.map_or(0, |s| s.iterations),
            reused: search.map_or(0, |s| s.reused_visits),
        }
    }
}

/// The move bot `spec` (seeded with `seed`) makes in `state`: a new bot for
/// this one decision (a game's bots are [`SeatBots`]).
///
/// # Errors
/// [`WebError::Bot`] for a specification that cannot run here, or when no
/// player is to move.
pub fn choose(state: &GameState, spec: &str, seed: u64) -> Result<(Move, u32), WebError> {
    let mut bot = browser_bot(spec, seed).map_err(WebError::Bot)?;
    let mv = bot.choose(state).map_err(|e| WebError::Bot(e.to_string()))?;
    Ok((mv, bot.last_search().map_or(0, |s| s.iterations)))
}

/// A bot kept at a seat: its specification and the bot.
struct KeptBot {
    spec: String,
    bot: Box<dyn Bot + Send>,
}

/// The bots of a game's seats, each kept from one of its decisions to the
/// next (a search keeps its tree, so that what it searched for the moves
/// since is reused; a learned bot parses its model once), and the game's
/// position, fed the moves as they are played. What the page's worker keeps
/// for the game being played.
///
/// ```
/// use carcassonne_safari::{GameRecord, Setup};
/// use carcassonne_safari_web::SeatBots;
///
/// let record = serde_json::to_string(&GameRecord::new(Setup::new(2))).unwrap();
/// let mut bots = SeatBots::from_record_json(&record).unwrap();
/// // Chance decides first (the deal): no bot can.
/// assert_eq!(bots.choose("greedy", 7).unwrap_err().name(), "NotYourTurn");
/// // The moves played since, as the page feeds them.
/// let draw = bots.state().legal_moves()[0].to_string();
/// bots.play(&[draw]).unwrap();
/// assert_eq!(bots.step(), 1);
/// ```
#[wasm_bindgen::prelude::wasm_bindgen]
pub struct SeatBots {
    state: GameState,
    step: usize,
    bots: Vec<Option<KeptBot>>,
}

impl SeatBots {
    /// The bots of the game in the JSON game record `json`, at its last
    /// position, none built yet.
    ///
    /// # Errors
    /// [`WebError::Record`] for text that is not a game record or a move that
    /// does not replay.
    pub fn from_record_json(json: &str) -> Result<SeatBots, WebError> {
        let record: GameRecord = serde_json::from_str(json).map_err(|e| WebError::Record(e.to_string()))?;
        let (state, _) = record.replay().map_err(|e| WebError::Record(e.to_string()))?;
        Ok(SeatBots {
            state,
            step: record.moves.len(),
            bots: (0..record.setup.players).map(|_| None).collect(),
        })
    }

    /// Moves played so far (chance included): the position the bots are at.
    pub fn step(&self) -> usize {
        self.step
    }

    /// The position the bots are at.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Plays `moves` (the engine's notation, chance draws included): the
    /// moves played since the bots' position.
    ///
    /// # Errors
    /// [`WebError::Notation`] or [`WebError::Illegal`] for the first move that
    /// is not a move or not legal, naming it; then nothing is played.
    pub fn play(&mut self, moves: &[String]) -> Result<(), WebError> {
        let mut state = self.state.clone();
        let mut events = Vec::new();
        for (i, text) in moves.iter().enumerate() {
            let mv = parse_move(text)?;
            state
                .apply_mut(mv, &mut events)
                .map_err(|e| WebError::Illegal(format!("step {}: {e}", self.step + i)))?;
            events.clear();
        }
        self.state = state;
        self.step += moves.len();
        Ok(())
    }

    /// The move of the bot at the seat to move, `spec`: the seat's kept bot
    /// when it is that bot, else a new one seeded with `seed` (kept from then
    /// on; a kept bot goes on with its own seed).
    ///
    /// # Errors
    /// [`WebError::NotYourTurn`] when no player is to move (chance, or the
    /// game is over), [`WebError::Bot`] for a specification that cannot run
    /// here. The kept bots are unchanged then.
    pub fn choose(&mut self, spec: &str, seed: u64) -> Result<BotChoice, WebError> {
        let seat = match self.state.to_move() {
            Some(Actor::Player(p)) => p.index(),
            Some(Actor::Chance) => return Err(WebError::NotYourTurn("chance decides now (a draw)".into())),
            None => return Err(WebError::NotYourTurn("the game is over".into())),
        };
        let slot = &mut self.bots[seat];
        if slot.as_ref().is_none_or(|kept| kept.spec != spec) {
            *slot = Some(KeptBot {
                spec: spec.to_owned(),
                bot: browser_bot(spec, seed).map_err(WebError::Bot)?,
            });
        }
        let kept = slot.as_mut().expect("a bot is kept at the seat to move");
        let mv = kept
            .bot
            .choose(&self.state)
            .map_err(|e| WebError::Bot(e.to_string()))?;
        Ok(BotChoice::of(mv, &*kept.bot))
    }
}
