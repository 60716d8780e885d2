//! The TypeScript forms of the types whose serde form is written by hand
//! (feature `ts`, with [ts-rs](https://docs.rs/ts-rs)): the types with a
//! derived serde form derive `ts_rs::TS` beside it, these implement it here
//! or in the macro that writes their serde form, so that a TypeScript client
//! (the browser game, `web/`) checks its code against declarations generated
//! from the Rust types.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Display;

/// Implements `ts_rs::TS` for `$t`, declared as `type $t = …` with the
/// TypeScript type `$inline` (an expression of `String`, with the
/// configuration in `$cfg`) and depending on the types `$dep`.
macro_rules! ts_declared {
    ($t:ty, [$($dep:ty),*], |$cfg:ident| $inline:expr) => {
        impl ts_rs::TS for $t {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;
            fn name(_: &ts_rs::Config) -> alloc::string::String {
                alloc::string::String::from(stringify!($t))
            }
            fn inline($cfg: &ts_rs::Config) -> alloc::string::String {
                $inline
            }
            fn decl(cfg: &ts_rs::Config) -> alloc::string::String {
                alloc::format!(
                    "type {} = {};",
                    <Self as ts_rs::TS>::name(cfg),
                    <Self as ts_rs::TS>::inline(cfg)
                )
            }
            fn decl_concrete(cfg: &ts_rs::Config) -> alloc::string::String {
                <Self as ts_rs::TS>::decl(cfg)
            }
            fn visit_dependencies(_v: &mut impl ts_rs::TypeVisitor) {
                $(_v.visit::<$dep>();)*
            }
            fn output_path() -> Option<std::path::PathBuf> {
                Some(std::path::PathBuf::from(concat!(stringify!($t), ".ts")))
            }
        }
    };
}
pub(crate) use ts_declared;

/// The union of string literals `names`: `"a" | "b"`.
pub(crate) fn names<T: Display>(names: impl IntoIterator<Item = T>) -> String {
    let quoted: Vec<String> = names.into_iter().map(|n| alloc::format!("\"{n}\"")).collect();
    quoted.join(" | ")
}

/// The TypeScript name of `T`.
pub(crate) fn name<T: ts_rs::TS + ?Sized>(cfg: &ts_rs::Config) -> String {
    T::name(cfg)
}

/// An object type of `fields` (name, TypeScript type), as ts-rs writes them.
pub(crate) fn object(fields: &[(&str, String)]) -> String {
    let mut out = String::from("{ ");
    for (field, ty) in fields {
        out.push_str(&alloc::format!("{field}: {ty}, "));
    }
    out.push('}');
    out
}
