// Unit checks of the port on the shapes test/engine/reading_order.test.ts uses; agreement
// with the TypeScript reference is tested from Node (test/engine/layout_kernel.test.ts).
extern crate std;

use super::*;
use alloc::vec::Vec;

fn column(out: &mut Vec<f64>, x0: f64, x1: f64, top: f64, count: usize) {
    for i in 0..count {
        let y0 = top + (i as f64) * 14.0;
        out.extend_from_slice(&[x0, y0, x1, y0 + 10.0]);
    }
}

#[test]
fn empty_input_gives_no_groups() {
    assert_eq!(order_for_reading(&[]).unwrap(), ReadingOrder::default());
}

#[test]
fn two_columns_read_left_then_right() {
    let mut coords = Vec::new();
    column(&mut coords, 312.0, 540.0, 200.0, 10);
    column(&mut coords, 72.0, 300.0, 200.0, 10);
    let r = order_for_reading(&coords).unwrap();
    let expected: Vec<u32> = (10..20).chain(0..10).collect();
    assert_eq!(r.order, expected);
    assert_eq!(r.groups, [Group { end: 10, columns: 2 }, Group { end: 20, columns: 2 }]);
}

#[test]
fn refuses_non_finite_and_ragged_input() {
    assert_eq!(order_for_reading(&[0.0, 0.0, f64::NAN, 1.0]), Err(OrderError::NonFinite));
    assert_eq!(order_for_reading(&[0.0, 0.0, f64::INFINITY, 1.0]), Err(OrderError::NonFinite));
    assert_eq!(order_for_reading(&[0.0, 0.0, 1.0]), Err(OrderError::Ragged));
}

#[test]
fn encoding_matches_the_documented_layout() {
    let mut coords = Vec::new();
    column(&mut coords, 72.0, 540.0, 100.0, 3);
    let r = order_for_reading(&coords).unwrap();
    let mut out = [0i32; 16];
    let len = encode_into(&r, &mut out);
    assert_eq!(&out[..len], &[3, 1, 0, 1, 2, 3, 1]);
    assert!(len <= encoded_len_max(3));
}

#[test]
fn js_min_max_order_signed_zeros() {
    assert!(js_min(0.0, -0.0).is_sign_negative());
    assert!(js_min(-0.0, 0.0).is_sign_negative());
    assert!(js_max(-0.0, 0.0).is_sign_positive());
    assert!(js_max(0.0, -0.0).is_sign_positive());
}
