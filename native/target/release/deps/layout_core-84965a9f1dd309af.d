/work/main/native/target/release/deps/layout_core-84965a9f1dd309af.d: layout-core/src/lib.rs layout-core/src/encode.rs

/work/main/native/target/release/deps/liblayout_core-84965a9f1dd309af.rlib: layout-core/src/lib.rs layout-core/src/encode.rs

/work/main/native/target/release/deps/liblayout_core-84965a9f1dd309af.rmeta: layout-core/src/lib.rs layout-core/src/encode.rs

layout-core/src/lib.rs:
layout-core/src/encode.rs:
