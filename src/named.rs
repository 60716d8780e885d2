//! `named_variants!`: an enum whose variants carry data, each with its
//! machine name written once beside it (the events, the phases, the score
//! reasons and the meeple spots; `view::names` has the names of the enums
//! without data and says what the names are for). A module of its own so
//! that the modules that define those enums, under the views, need nothing
//! from the views.

/// An enum whose variants carry data and a machine name, each name written
/// once: `Variant { fields } => "name"` defines the variant, makes `name` its
/// serde name (with `serde`, the enum's tag) and the value of the generated
/// `pub const fn name(&self)`, whose docs list the names. The attributes
/// after the enum are the function's first paragraph.
macro_rules! named_variants {
    (
        $(#[$meta:meta])*
        $vis:vis enum $Enum:ident {
            $(
                $(#[$vmeta:meta])*
                $Variant:ident $({ $($fields:tt)* })? => $name:literal
            ),* $(,)?
        }
        $(#[$fnmeta:meta])*
        fn name;
    ) => {
        $(#[$meta])*
        $vis enum $Enum {
            $(
                $(#[$vmeta])*
                #[cfg_attr(feature = "serde", serde(rename = $name))]
                $Variant $({ $($fields)* })?,
            )*
        }

        impl $Enum {
            $(#[$fnmeta])*
            #[doc = ""]
            $(#[doc = concat!("- `", $name, "`: [`", stringify!($Enum), "::", stringify!($Variant), "`]")])*
            pub const fn name(&self) -> &'static str {
                match self {
                    $($Enum::$Variant { .. } => $name,)*
                }
            }
        }
    };
}
pub(crate) use named_variants;
