/work/main/native/target/release/deps/layout_wasm.d: layout-wasm/src/lib.rs

/work/main/native/target/release/deps/liblayout_wasm.so: layout-wasm/src/lib.rs

/work/main/native/target/release/deps/liblayout_wasm.rlib: layout-wasm/src/lib.rs

layout-wasm/src/lib.rs:
