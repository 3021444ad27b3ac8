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
fn mail_dates_flush_right_are_read_on_their_senders_rows() {
    // reading_order.test.ts's mail thread: each date follows the sender's line it stands on.
    let boxes: [[f64; 3]; 21] = [
        [79.0, 104.0, 70.0],
        [370.0, 533.0, 70.0],
        [79.0, 320.0, 102.0],
        [79.0, 136.0, 127.0],
        [79.0, 256.0, 151.0],
        [413.0, 533.0, 151.0],
        [79.0, 258.0, 163.0],
        [79.0, 129.0, 185.0],
        [79.0, 516.0, 202.0],
        [79.0, 382.0, 214.0],
        [79.0, 264.0, 231.0],
        [79.0, 138.0, 248.0],
        [79.0, 105.0, 259.0],
        [79.0, 253.0, 282.0],
        [415.0, 533.0, 282.0],
        [79.0, 260.0, 295.0],
        [79.0, 120.0, 316.0],
        [79.0, 501.0, 334.0],
        [79.0, 223.0, 345.0],
        [79.0, 138.0, 362.0],
        [79.0, 102.0, 373.0],
    ];
    let mut coords = Vec::new();
    for (i, [x0, x1, y0]) in boxes.iter().enumerate() {
        let height = match i {
            0 => 15.0,
            2 => 17.0,
            _ => 11.0,
        };
        coords.extend_from_slice(&[*x0, *y0, *x1, *y0 + height]);
    }
    let r = order_for_reading(&coords).unwrap();
    let expected: Vec<u32> = (0..21).collect();
    assert_eq!(r.order, expected);
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
