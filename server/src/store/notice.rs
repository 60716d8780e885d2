//! The notifications between servers on one PostgreSQL database
//! (`LISTEN`/`NOTIFY` on [`CHANNEL`]): `INSTANCE GAME KIND`.

use std::fmt;

use crate::tokens::GameId;

/// The channel of PostgreSQL notifications between servers.
pub const CHANNEL: &str = "carcassonne_safari";

/// What changed in a game another server announces.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoticeKind {
    /// The game was created.
    Created,
    /// Moves were stored.
    Moves,
    /// Its seats changed.
    Seats,
}

impl NoticeKind {
    /// The kind's name in a payload.
    pub fn name(self) -> &'static str {
        match self {
            NoticeKind::Created => "created",
            NoticeKind::Moves => "moves",
            NoticeKind::Seats => "seats",
        }
    }

    /// The kind of a payload's name.
    pub fn from_name(name: &str) -> Option<NoticeKind> {
        match name {
            "created" => Some(NoticeKind::Created),
            "moves" => Some(NoticeKind::Moves),
            "seats" => Some(NoticeKind::Seats),
            _ => None,
        }
    }
}

/// A notification from another server: which game, and what changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Notice {
    /// The server that changed it.
    pub instance: String,
    /// The id of the game that changed.
    pub game: GameId,
    /// What changed.
    pub kind: NoticeKind,
}

impl Notice {
    /// Reads a notification's payload (`INSTANCE GAME KIND`); `None` for one
    /// of another form.
    pub fn parse(payload: &str) -> Option<Notice> {
        let mut parts = payload.split(' ');
        let instance = parts.next()?.to_owned();
        let game = GameId::parse(parts.next()?)?;
        let kind = NoticeKind::from_name(parts.next()?)?;
        if parts.next().is_some() {
            return None;
        }
        Some(Notice { instance, game, kind })
    }
}

impl fmt::Display for Notice {
    /// The payload [`Notice::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.instance, self.game, self.kind.name())
    }
}

/// The payload announcing `kind` of `game` by `instance`.
pub(super) fn payload(instance: &str, game: &GameId, kind: NoticeKind) -> String {
    Notice {
        instance: instance.to_owned(),
        game: game.clone(),
        kind,
    }
    .to_string()
}
