//! `sqlx::migrate!` embeds the migrations at compile time, and cargo does not know it reads
//! them: without this, a new or renamed migration is missing from a build until some Rust
//! file changes (sqlx's documented fix).
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
