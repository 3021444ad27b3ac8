/work/main/native/target/release/deps/layout_napi.d: layout-napi/src/lib.rs layout-napi/src/napi_sys.rs

/work/main/native/target/release/deps/liblayout_napi.so: layout-napi/src/lib.rs layout-napi/src/napi_sys.rs

layout-napi/src/lib.rs:
layout-napi/src/napi_sys.rs:
