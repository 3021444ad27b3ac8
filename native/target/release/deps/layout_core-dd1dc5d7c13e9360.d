/work/main/native/target/release/deps/layout_core-dd1dc5d7c13e9360.d: layout-core/src/lib.rs layout-core/src/encode.rs layout-core/src/tests.rs

/work/main/native/target/release/deps/layout_core-dd1dc5d7c13e9360: layout-core/src/lib.rs layout-core/src/encode.rs layout-core/src/tests.rs

layout-core/src/lib.rs:
layout-core/src/encode.rs:
layout-core/src/tests.rs:
