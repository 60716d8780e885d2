//! [`Frame`]: a server message serialised once, whatever carries it.

use std::fmt;
use std::sync::Arc;

/// A server message as JSON text, serialised once and shared by every
/// connection it goes to: cloning it counts a reference. The transport makes
/// its own frame of it (the WebSocket's text frame, without copying the
/// text; see [`Frame::as_ref`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Frame(Arc<str>);

impl Frame {
    /// The JSON text (for the tests and the harness: the server itself
    /// sends the bytes, [`Frame::as_ref`]).
    #[cfg(any(test, feature = "harness"))]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<String> for Frame {
    fn from(text: String) -> Frame {
        Frame(text.into())
    }
}

/// The text's UTF-8 bytes: a frame is the owner of a transport's buffer
/// (`bytes::Bytes::from_owner`), which keeps it alive without a copy.
impl AsRef<[u8]> for Frame {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl fmt::Display for Frame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_is_its_text_and_its_clones_share_it() {
        let frame = Frame::from(String::from(r#"{"type":"pong","t":1}"#));
        let copy = frame.clone();
        assert_eq!(copy.as_str(), r#"{"type":"pong","t":1}"#);
        assert_eq!(AsRef::<[u8]>::as_ref(&copy), br#"{"type":"pong","t":1}"#);
        assert!(Arc::ptr_eq(&frame.0, &copy.0), "a clone shares the text");
    }
}
