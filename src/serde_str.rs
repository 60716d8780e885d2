//! Serde through the notation: a type serializes as its `Display` text and
//! deserializes with its `FromStr`, so records hold `"place 2,-1 90"`, `"CS26:E,G"`
//! and `"L"` rather than enum shapes.

/// Implements `Serialize` and `Deserialize` for `$t` through `Display`/`FromStr`
/// (only with the `serde` feature).
macro_rules! serde_via_notation {
    ($t:ty, $expecting:literal) => {
        #[cfg(feature = "serde")]
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                struct V;
                impl serde::de::Visitor<'_> for V {
                    type Value = $t;
                    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$t, E> {
                        v.parse().map_err(E::custom)
                    }
                }
                d.deserialize_str(V)
            }
        }
    };
}

pub(crate) use serde_via_notation;
