//! The layout kernel as a Node-API addon. Exports:
//!
//! - `orderForReading(coords: Float64Array) → Int32Array`: `[x0, y0, x1, y1]` per box in,
//!   the encoding of layout-core's encode.rs out, `[n, g, order × n, (end, columns) × g]`.
//! - `orderForReadingInto(coords, n, out: Int32Array) → number`: the same for the first n
//!   boxes, written into a caller's array of at least `2 + 3n` integers; returns the count
//!   written. What the loader calls: no JS allocation per page (docs/native.md).
//! - `abi`: the encoding's version (`layout_core::KERNEL_ABI`), which the loader in
//!   src/engine/layout_kernel.ts checks so a stale build is never used.
//!
//! Written against the C Node-API directly (napi_sys.rs), not the napi crate: no crates
//! registry is needed to build it. Failures are thrown as JS errors; a panic is caught at
//! the boundary and thrown too (unwinding into Node would abort the process).
mod napi_sys;

use napi_sys::*;
use std::os::raw::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

const ERROR_CODE: &[u8] = b"SVC_LAYOUT_KERNEL\0";
const NAPI_AUTO_LENGTH: usize = usize::MAX;

enum Failure {
    /// The argument is not what the function takes: a TypeError.
    Type(&'static [u8]),
    /// Anything else: an Error.
    Other(&'static [u8]),
}

fn cstr(bytes: &'static [u8]) -> *const c_char {
    bytes.as_ptr() as *const c_char
}

fn check(status: napi_status, what: &'static [u8]) -> Result<(), Failure> {
    if status == NAPI_OK {
        Ok(())
    } else {
        Err(Failure::Other(what))
    }
}

/// A typed array's data pointer and element count, checking its element type.
unsafe fn typed_array(env: napi_env, value: napi_value, want: napi_typedarray_type, wrong: &'static [u8]) -> Result<(*mut c_void, usize), Failure> {
    // Not a typed array: napi_invalid_arg, reported as the TypeError it is.
    let mut kind: napi_typedarray_type = -1;
    let mut length: usize = 0;
    let mut data: *mut c_void = ptr::null_mut();
    let status = napi_get_typedarray_info(env, value, &mut kind, &mut length, &mut data, ptr::null_mut(), ptr::null_mut());
    if status != NAPI_OK || kind != want {
        return Err(Failure::Type(wrong));
    }
    Ok((data, length))
}

const NOT_FLOAT64: &[u8] = b"orderForReading expects a Float64Array of [x0, y0, x1, y1] per box\0";
const NOT_INT32: &[u8] = b"orderForReadingInto expects an Int32Array to write into\0";

/// The first `length` numbers of a Float64Array, read in place when aligned (always, for a
/// Float64Array; the copy is a guard).
unsafe fn float64s(data: *mut c_void, length: usize, copy: &mut Vec<f64>) -> &[f64] {
    if length == 0 || data.is_null() {
        return &[];
    }
    let p = data as *const f64;
    if (p as usize) % std::mem::align_of::<f64>() == 0 {
        return std::slice::from_raw_parts(p, length);
    }
    copy.extend((0..length).map(|i| ptr::read_unaligned(p.add(i))));
    &copy[..]
}

fn order(coords: &[f64]) -> Result<layout_core::ReadingOrder, Failure> {
    layout_core::order_for_reading(coords).map_err(|e| match e {
        layout_core::OrderError::Ragged => Failure::Type(b"orderForReading: the box coordinates are not a multiple of 4\0"),
        layout_core::OrderError::TooMany => Failure::Other(b"orderForReading: too many boxes\0"),
        layout_core::OrderError::NonFinite => Failure::Other(b"orderForReading: a coordinate is NaN or infinite\0"),
    })
}

unsafe fn arguments<const N: usize>(env: napi_env, info: napi_callback_info, usage: &'static [u8]) -> Result<[napi_value; N], Failure> {
    let mut argc: usize = N;
    let mut argv: [napi_value; N] = [ptr::null_mut(); N];
    let status = napi_get_cb_info(env, info, &mut argc, argv.as_mut_ptr(), ptr::null_mut(), ptr::null_mut());
    check(status, b"napi_get_cb_info failed\0")?;
    if argc < N {
        return Err(Failure::Type(usage));
    }
    Ok(argv)
}

/// `orderForReading(coords: Float64Array) → Int32Array`: the encoding in a new array.
unsafe fn order_for_reading(env: napi_env, info: napi_callback_info) -> Result<napi_value, Failure> {
    let [coords_value] = arguments::<1>(env, info, NOT_FLOAT64)?;
    let (data, length) = typed_array(env, coords_value, NAPI_FLOAT64_ARRAY, NOT_FLOAT64)?;
    let mut copy = Vec::new();
    let order = order(float64s(data, length, &mut copy))?;
    // The input is no longer read: allocating (and so a GC) is safe from here.
    let len = layout_core::encoded_len(&order);
    let mut out: *mut c_void = ptr::null_mut();
    let mut buffer: napi_value = ptr::null_mut();
    check(napi_create_arraybuffer(env, len * 4, &mut out, &mut buffer), b"napi_create_arraybuffer failed\0")?;
    if out.is_null() || (out as usize) % std::mem::align_of::<i32>() != 0 {
        return Err(Failure::Other(b"napi_create_arraybuffer gave an unaligned buffer\0"));
    }
    layout_core::encode_into(&order, std::slice::from_raw_parts_mut(out as *mut i32, len));
    let mut result: napi_value = ptr::null_mut();
    check(napi_create_typedarray(env, NAPI_INT32_ARRAY, len, buffer, 0, &mut result), b"napi_create_typedarray failed\0")?;
    Ok(result)
}

/// `orderForReadingInto(coords: Float64Array, n: number, out: Int32Array) → number`: orders
/// the first n boxes of `coords` and writes the encoding into `out`, which holds at least
/// `2 + 3n` integers; returns the count written. Allocates no JS object: the loader reuses
/// both arrays from call to call.
unsafe fn order_for_reading_into(env: napi_env, info: napi_callback_info) -> Result<napi_value, Failure> {
    const USAGE: &[u8] = b"orderForReadingInto expects (Float64Array, box count, Int32Array)\0";
    let [coords_value, n_value, out_value] = arguments::<3>(env, info, USAGE)?;
    let mut n_double = 0.0f64;
    check(napi_get_value_double(env, n_value, &mut n_double), USAGE)?;
    let (data, length) = typed_array(env, coords_value, NAPI_FLOAT64_ARRAY, NOT_FLOAT64)?;
    let (out, out_length) = typed_array(env, out_value, NAPI_INT32_ARRAY, NOT_INT32)?;
    let n = n_double as usize;
    if n_double.is_nan() || n_double < 0.0 || n as f64 != n_double || n > layout_core::BOXES_MAX || n * layout_core::BOX_COORDS > length {
        return Err(Failure::Type(b"orderForReadingInto: the box count does not fit the Float64Array\0"));
    }
    if out_length < layout_core::encoded_len_max(n) || out.is_null() || (out as usize) % std::mem::align_of::<i32>() != 0 {
        return Err(Failure::Type(b"orderForReadingInto: the Int32Array holds fewer than 2 + 3n integers\0"));
    }
    let mut copy = Vec::new();
    let order = order(float64s(data, n * layout_core::BOX_COORDS, &mut copy))?;
    let written = layout_core::encode_into(&order, std::slice::from_raw_parts_mut(out as *mut i32, out_length));
    let mut result: napi_value = ptr::null_mut();
    check(napi_create_int32(env, written as i32, &mut result), b"napi_create_int32 failed\0")?;
    Ok(result)
}

/// Runs a binding, turning its failures and panics into thrown JS errors.
unsafe fn guarded(env: napi_env, body: impl FnOnce() -> Result<napi_value, Failure>) -> napi_value {
    let outcome = catch_unwind(AssertUnwindSafe(body));
    let (throw, message): (unsafe extern "C" fn(napi_env, *const c_char, *const c_char) -> napi_status, &'static [u8]) = match outcome {
        Ok(Ok(value)) => return value,
        Ok(Err(Failure::Type(message))) => (napi_throw_type_error, message),
        Ok(Err(Failure::Other(message))) => (napi_throw_error, message),
        Err(_) => (napi_throw_error, b"orderForReading: the layout kernel panicked\0"),
    };
    throw(env, cstr(ERROR_CODE), cstr(message));
    ptr::null_mut()
}

unsafe extern "C" fn order_for_reading_js(env: napi_env, info: napi_callback_info) -> napi_value {
    guarded(env, || order_for_reading(env, info))
}

unsafe extern "C" fn order_for_reading_into_js(env: napi_env, info: napi_callback_info) -> napi_value {
    guarded(env, || order_for_reading_into(env, info))
}

unsafe fn export(env: napi_env, exports: napi_value, name: &'static [u8], value: napi_value) -> bool {
    napi_set_named_property(env, exports, cstr(name), value) == NAPI_OK
}

unsafe fn export_function(env: napi_env, exports: napi_value, name: &'static [u8], cb: napi_callback) -> bool {
    let mut function: napi_value = ptr::null_mut();
    napi_create_function(env, cstr(name), NAPI_AUTO_LENGTH, cb, ptr::null_mut(), &mut function) == NAPI_OK && export(env, exports, name, function)
}

/// Called by Node once per context (main thread and each worker) that loads the addon.
///
/// # Safety
/// Node calls it with a live `env` and the module's `exports` object.
#[no_mangle]
pub unsafe extern "C" fn napi_register_module_v1(env: napi_env, exports: napi_value) -> napi_value {
    let mut abi: napi_value = ptr::null_mut();
    let registered = export_function(env, exports, b"orderForReading\0", Some(order_for_reading_js))
        && export_function(env, exports, b"orderForReadingInto\0", Some(order_for_reading_into_js))
        && napi_create_int32(env, layout_core::KERNEL_ABI, &mut abi) == NAPI_OK
        && export(env, exports, b"abi\0", abi);
    if !registered {
        napi_throw_error(env, cstr(ERROR_CODE), cstr(b"the layout kernel addon failed to register\0"));
        return ptr::null_mut();
    }
    exports
}
