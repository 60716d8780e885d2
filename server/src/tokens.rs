//! Secrets and names drawn from the operating system's randomness: game ids,
//! seat and host tokens, and the digests that the database keeps in place of
//! the tokens.

use std::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use rand_core::{OsRng, TryRngCore};
use sha2::{Digest, Sha256};

/// Fills `bytes` from the operating system's randomness.
///
/// # Panics
/// When the operating system has no randomness to give (the server cannot
/// work without it: no game could be dealt).
pub(crate) fn os_random(bytes: &mut [u8]) {
    OsRng
        .try_fill_bytes(bytes)
        .expect("the operating system's random number generator failed");
}

/// A `u64` from the operating system's randomness (bot seeds).
pub(crate) fn os_u64() -> u64 {
    let mut b = [0; 8];
    os_random(&mut b);
    u64::from_le_bytes(b)
}

/// A game's id: 16 random bytes in URL-safe base64 (22 characters). Ids are
/// not secret (spectator links carry them) but cannot be guessed, so a game
/// that is not listed is seen only by those given its link.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(String);

impl GameId {
    /// A new random id.
    pub(crate) fn random() -> GameId {
        let mut b = [0; 16];
        os_random(&mut b);
        GameId(URL_SAFE_NO_PAD.encode(b))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Reads an id from text: `None` unless it has the shape of an id (22
    /// characters of URL-safe base64), so that nothing else reaches the
    /// database or the logs.
    pub fn parse(text: &str) -> Option<GameId> {
        let ok = text.len() == 22
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        ok.then(|| GameId(text.to_owned()))
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A secret token (a seat's or a game host's): 32 random bytes in URL-safe
/// base64 (43 characters). Its `Debug` form hides it, so that it cannot end
/// up in a log by accident; the database keeps only its [`TokenHash`].
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A new random token.
    pub(crate) fn random() -> Token {
        let mut b = [0; 32];
        os_random(&mut b);
        Token(URL_SAFE_NO_PAD.encode(b))
    }

    /// The token as given to its holder.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The digest stored in its place.
    pub fn hash(&self) -> TokenHash {
        TokenHash::of(&self.0)
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<hidden>)")
    }
}

/// The SHA-256 digest of a token, in hex: what the database stores. A token
/// holds 256 random bits, so a plain digest (no salt, no slow hash) is as
/// strong as the token; a leaked database gives nobody a seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TokenHash(String);

impl TokenHash {
    /// The digest of a token as presented by a client (any text).
    pub fn of(token: &str) -> TokenHash {
        let digest = Sha256::digest(token.as_bytes());
        let mut hex = String::with_capacity(64);
        for b in digest {
            hex.push(char::from(b"0123456789abcdef"[(b >> 4) as usize]));
            hex.push(char::from(b"0123456789abcdef"[(b & 15) as usize]));
        }
        TokenHash(hex)
    }

    /// A digest as read from the database.
    pub(crate) fn from_stored(hex: String) -> TokenHash {
        TokenHash(hex)
    }

    /// The digest as stored.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether two digests are equal, in time that does not depend on where
    /// they differ.
    pub fn matches(&self, other: &TokenHash) -> bool {
        let (a, b) = (self.0.as_bytes(), other.0.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_have_their_shapes_and_differ() {
        let (a, b) = (GameId::random(), GameId::random());
        assert_ne!(a, b);
        assert!(GameId::parse(a.as_str()).is_some());
        assert!(GameId::parse("short").is_none());
        assert!(GameId::parse("../../etc/passwd/abcdef").is_none());
        let t = Token::random();
        assert_eq!(t.expose().len(), 43);
        assert_ne!(t, Token::random());
        assert_eq!(format!("{t:?}"), "Token(<hidden>)");
    }

    #[test]
    fn a_hash_matches_only_its_token() {
        let t = Token::random();
        assert!(t.hash().matches(&TokenHash::of(t.expose())));
        assert!(!t.hash().matches(&Token::random().hash()));
        // The SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(
            TokenHash::of("abc").as_str(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
