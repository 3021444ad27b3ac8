/work/main/native/target/release/liblayout_core.rlib: /work/main/native/layout-core/src/encode.rs /work/main/native/layout-core/src/lib.rs
