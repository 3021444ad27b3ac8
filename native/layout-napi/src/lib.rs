//! The layout kernel as a Node-API addon: `orderForReading(Float64Array) → Int32Array`.
//!
//! Input: `[x0, y0, x1, y1]` per box. Output: the encoding of layout-core's encode.rs,
//! `[n, g, order × n, (end, columns) × g]`. Also exports `abi`, the encoding's version
//! (`layout_core::KERNEL_ABI`), which the loader in src/engine/layout_kernel.ts checks so a
//! stale build is never used.
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

/// The Float64Array's numbers, read in place when aligned (always, for a Float64Array).
unsafe fn float64_argument<'a>(env: napi_env, value: napi_value, copy: &'a mut Vec<f64>) -> Result<&'a [f64], Failure> {
    const NOT_FLOAT64: &[u8] = b"orderForReading expects one Float64Array of [x0, y0, x1, y1] per box\0";
    let mut is_typed = false;
    check(napi_is_typedarray(env, value, &mut is_typed), b"napi_is_typedarray failed\0")?;
    if !is_typed {
        return Err(Failure::Type(NOT_FLOAT64));
    }
    let mut kind: napi_typedarray_type = -1;
    let mut length: usize = 0;
    let mut data: *mut c_void = ptr::null_mut();
    let status = napi_get_typedarray_info(env, value, &mut kind, &mut length, &mut data, ptr::null_mut(), ptr::null_mut());
    check(status, b"napi_get_typedarray_info failed\0")?;
    if kind != NAPI_FLOAT64_ARRAY {
        return Err(Failure::Type(NOT_FLOAT64));
    }
    if length == 0 || data.is_null() {
        return Ok(&[]);
    }
    let p = data as *const f64;
    if (p as usize) % std::mem::align_of::<f64>() == 0 {
        return Ok(std::slice::from_raw_parts(p, length));
    }
    copy.extend((0..length).map(|i| ptr::read_unaligned(p.add(i))));
    Ok(&copy[..])
}

unsafe fn order_for_reading(env: napi_env, info: napi_callback_info) -> Result<napi_value, Failure> {
    let mut argc: usize = 1;
    let mut argv: [napi_value; 1] = [ptr::null_mut()];
    let status = napi_get_cb_info(env, info, &mut argc, argv.as_mut_ptr(), ptr::null_mut(), ptr::null_mut());
    check(status, b"napi_get_cb_info failed\0")?;
    if argc < 1 {
        return Err(Failure::Type(b"orderForReading expects one Float64Array argument\0"));
    }
    let mut copy = Vec::new();
    let coords = float64_argument(env, argv[0], &mut copy)?;
    let order = layout_core::order_for_reading(coords).map_err(|e| match e {
        layout_core::OrderError::Ragged => Failure::Type(b"orderForReading: the Float64Array length is not a multiple of 4\0"),
        layout_core::OrderError::TooMany => Failure::Other(b"orderForReading: too many boxes\0"),
        layout_core::OrderError::NonFinite => Failure::Other(b"orderForReading: a coordinate is NaN or infinite\0"),
    })?;
    // The input is no longer read: allocating (and so a GC) is safe from here.
    let len = layout_core::encoded_len(&order);
    let mut data: *mut c_void = ptr::null_mut();
    let mut buffer: napi_value = ptr::null_mut();
    check(napi_create_arraybuffer(env, len * 4, &mut data, &mut buffer), b"napi_create_arraybuffer failed\0")?;
    if data.is_null() || (data as usize) % std::mem::align_of::<i32>() != 0 {
        return Err(Failure::Other(b"napi_create_arraybuffer gave an unaligned buffer\0"));
    }
    layout_core::encode_into(&order, std::slice::from_raw_parts_mut(data as *mut i32, len));
    let mut result: napi_value = ptr::null_mut();
    check(napi_create_typedarray(env, NAPI_INT32_ARRAY, len, buffer, 0, &mut result), b"napi_create_typedarray failed\0")?;
    Ok(result)
}

unsafe extern "C" fn order_for_reading_js(env: napi_env, info: napi_callback_info) -> napi_value {
    let outcome = catch_unwind(AssertUnwindSafe(|| order_for_reading(env, info)));
    match outcome {
        Ok(Ok(value)) => value,
        Ok(Err(Failure::Type(message))) => {
            napi_throw_type_error(env, cstr(ERROR_CODE), cstr(message));
            ptr::null_mut()
        }
        Ok(Err(Failure::Other(message))) => {
            napi_throw_error(env, cstr(ERROR_CODE), cstr(message));
            ptr::null_mut()
        }
        Err(_) => {
            napi_throw_error(env, cstr(ERROR_CODE), cstr(b"orderForReading: the layout kernel panicked\0"));
            ptr::null_mut()
        }
    }
}

/// Called by Node once per context (main thread and each worker) that loads the addon.
#[no_mangle]
pub unsafe extern "C" fn napi_register_module_v1(env: napi_env, exports: napi_value) -> napi_value {
    let mut function: napi_value = ptr::null_mut();
    let name = b"orderForReading\0";
    if napi_create_function(env, cstr(name), NAPI_AUTO_LENGTH, Some(order_for_reading_js), ptr::null_mut(), &mut function) != NAPI_OK
        || napi_set_named_property(env, exports, cstr(name), function) != NAPI_OK
    {
        napi_throw_error(env, cstr(ERROR_CODE), cstr(b"the layout kernel addon failed to register\0"));
        return ptr::null_mut();
    }
    let mut abi: napi_value = ptr::null_mut();
    if napi_create_int32(env, layout_core::KERNEL_ABI, &mut abi) != NAPI_OK || napi_set_named_property(env, exports, cstr(b"abi\0"), abi) != NAPI_OK {
        napi_throw_error(env, cstr(ERROR_CODE), cstr(b"the layout kernel addon failed to register\0"));
        return ptr::null_mut();
    }
    exports
}
