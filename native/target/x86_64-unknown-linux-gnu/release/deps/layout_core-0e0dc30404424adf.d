/work/main/native/target/x86_64-unknown-linux-gnu/release/deps/layout_core-0e0dc30404424adf.d: layout-core/src/lib.rs layout-core/src/encode.rs

/work/main/native/target/x86_64-unknown-linux-gnu/release/deps/liblayout_core-0e0dc30404424adf.rlib: layout-core/src/lib.rs layout-core/src/encode.rs

/work/main/native/target/x86_64-unknown-linux-gnu/release/deps/liblayout_core-0e0dc30404424adf.rmeta: layout-core/src/lib.rs layout-core/src/encode.rs

layout-core/src/lib.rs:
layout-core/src/encode.rs:
