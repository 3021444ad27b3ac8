/work/main/native/target/release/liblayout_wasm.rlib: /work/main/native/layout-core/src/encode.rs /work/main/native/layout-core/src/lib.rs /work/main/native/layout-wasm/src/lib.rs
