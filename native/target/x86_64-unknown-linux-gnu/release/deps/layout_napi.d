/work/main/native/target/x86_64-unknown-linux-gnu/release/deps/layout_napi.d: layout-napi/src/lib.rs layout-napi/src/napi_sys.rs

/work/main/native/target/x86_64-unknown-linux-gnu/release/deps/liblayout_napi.so: layout-napi/src/lib.rs layout-napi/src/napi_sys.rs

layout-napi/src/lib.rs:
layout-napi/src/napi_sys.rs:
