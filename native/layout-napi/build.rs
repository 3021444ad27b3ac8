// The N-API functions are resolved from the node binary when the addon is loaded, so the
// linker must leave them undefined (napi-rs's crate does the same on macOS).
fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    match os.as_str() {
        "macos" => println!("cargo:rustc-cdylib-link-arg=-Wl,-undefined,dynamic_lookup"),
        "linux" | "android" | "freebsd" => println!("cargo:rustc-cdylib-link-arg=-Wl,--unresolved-symbols=ignore-all"),
        _ => {}
    }
    println!("cargo:rerun-if-changed=build.rs");
}
