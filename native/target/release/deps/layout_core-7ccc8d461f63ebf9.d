/work/main/native/target/release/deps/layout_core-7ccc8d461f63ebf9.d: layout-core/src/lib.rs layout-core/src/encode.rs

/work/main/native/target/release/deps/liblayout_core-7ccc8d461f63ebf9.rlib: layout-core/src/lib.rs layout-core/src/encode.rs

/work/main/native/target/release/deps/liblayout_core-7ccc8d461f63ebf9.rmeta: layout-core/src/lib.rs layout-core/src/encode.rs

layout-core/src/lib.rs:
layout-core/src/encode.rs:
