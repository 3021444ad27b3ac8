//! The one encoding both bindings return, as 32-bit signed integers:
//!
//! ```text
//! [0]                 n, the number of boxes
//! [1]                 g, the number of groups
//! [2 .. 2+n]          box indices in reading order (a permutation of 0..n)
//! [2+n+2k]            end of group k: index into the permutation one past its last box
//! [2+n+2k+1]          columns of group k (1 = full width)
//! ```
//!
//! Group k covers permutation entries [end of group k-1 (0 for k = 0), end of group k).
//! The length is `2 + n + 2g`; since every group holds a box, g ≤ n and `2 + 3n` always
//! suffices (`encoded_len_max`, what the wasm caller allocates).
use crate::ReadingOrder;

/// Integers before the permutation: n and g.
pub const HEADER_LEN: usize = 2;

pub fn encoded_len(order: &ReadingOrder) -> usize {
    HEADER_LEN + order.order.len() + 2 * order.groups.len()
}

pub fn encoded_len_max(boxes: usize) -> usize {
    HEADER_LEN + 3 * boxes
}

/// Writes `order` into `out`, which holds at least `encoded_len(order)` integers; returns
/// the number written. Every value fits: `order_for_reading` refuses more than `BOXES_MAX` boxes.
pub fn encode_into(order: &ReadingOrder, out: &mut [i32]) -> usize {
    let n = order.order.len();
    let len = encoded_len(order);
    assert!(out.len() >= len, "encode_into: output too short");
    out[0] = n as i32;
    out[1] = order.groups.len() as i32;
    for (slot, &index) in out[HEADER_LEN..HEADER_LEN + n].iter_mut().zip(&order.order) {
        *slot = index as i32;
    }
    for (k, group) in order.groups.iter().enumerate() {
        out[HEADER_LEN + n + 2 * k] = group.end as i32;
        out[HEADER_LEN + n + 2 * k + 1] = group.columns as i32;
    }
    len
}
