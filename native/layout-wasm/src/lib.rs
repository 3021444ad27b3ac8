//! The layout kernel as a WebAssembly module (wasm/svc_layout.wasm). Exports, besides
//! `memory`:
//!
//! - `abi() -> i32`: `layout_core::KERNEL_ABI`, checked by the loader.
//! - `alloc(bytes) -> ptr` and `free(ptr, bytes)`: 8-byte aligned blocks of linear memory.
//! - `order_for_reading(ptr, n, out_ptr) -> i32`: reads `4n` f64 at `ptr` (`[x0, y0, x1, y1]`
//!   per box), writes the encoding of layout-core's encode.rs at `out_ptr`, which must hold
//!   `2 + 3n` i32, and returns the number of i32 written, or a negative `OrderError` code.
//!
//! Memory may grow during any call: the caller re-creates its views of `memory.buffer` after
//! each one. Built by scripts/build-native.mjs with `rustc --target wasm32-unknown-unknown`
//! (Debian's rustc 1.63 has that std); the same crate also builds for the host under cargo.
use std::alloc::{alloc as allocate, dealloc, Layout};

const ALIGN: usize = 8;

#[no_mangle]
pub extern "C" fn abi() -> i32 {
    layout_core::KERNEL_ABI
}

/// A block of `bytes` (at least 1) aligned for f64, or null when memory cannot grow.
#[no_mangle]
pub extern "C" fn alloc(bytes: usize) -> *mut u8 {
    match Layout::from_size_align(bytes.max(1), ALIGN) {
        Ok(layout) => unsafe { allocate(layout) },
        Err(_) => std::ptr::null_mut(),
    }
}

/// Frees a block from `alloc`; `bytes` is the size it was allocated with.
///
/// # Safety
/// `ptr` must come from `alloc(bytes)` and not have been freed.
#[no_mangle]
pub unsafe extern "C" fn free(ptr: *mut u8, bytes: usize) {
    if ptr.is_null() {
        return;
    }
    if let Ok(layout) = Layout::from_size_align(bytes.max(1), ALIGN) {
        dealloc(ptr, layout);
    }
}

/// Error codes returned by `order_for_reading` (negative: nothing was written).
pub const ERROR_TOO_MANY: i32 = -2;
pub const ERROR_NON_FINITE: i32 = -3;

/// # Safety
/// `ptr` holds `4n` f64 and `out_ptr` room for `2 + 3n` i32, both from `alloc`.
#[no_mangle]
pub unsafe extern "C" fn order_for_reading(ptr: *const f64, n: usize, out_ptr: *mut i32) -> i32 {
    if n > layout_core::BOXES_MAX {
        return ERROR_TOO_MANY;
    }
    let coords: &[f64] = if n == 0 { &[] } else { std::slice::from_raw_parts(ptr, n * layout_core::BOX_COORDS) };
    match layout_core::order_for_reading(coords) {
        Ok(order) => {
            let out = std::slice::from_raw_parts_mut(out_ptr, layout_core::encoded_len_max(n));
            layout_core::encode_into(&order, out) as i32
        }
        Err(layout_core::OrderError::TooMany) => ERROR_TOO_MANY,
        Err(layout_core::OrderError::NonFinite) | Err(layout_core::OrderError::Ragged) => ERROR_NON_FINITE,
    }
}
