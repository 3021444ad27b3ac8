//! Reading order over boxes: a port of `orderForReading` in
//! src/engine/reading_order.ts. Finds column gutters (vertical strips no narrow line
//! crosses), cuts a region into bands at the boxes that span a gutter, and reads each band
//! column by column. Iterative with a depth cap: no recursion.
//!
//! The TypeScript function is the reference, and the engine's output must be byte-for-byte
//! the same whichever implementation runs. So this file keeps its constants, its
//! comparisons written the same way round, its floating-point operations in the same
//! order (Rust never fuses `a * b + c`), `Math.min`/`Math.max` semantics for signed zeros,
//! and stable sorts wherever it sorts (`Array.prototype.sort` is stable). Its comparators are
//! consistent only for finite numbers, so non-finite coordinates are refused
//! (`OrderError::NonFinite`) and the caller keeps the TypeScript path for them.
//!
//! `no_std` + `alloc`, and nothing newer than Rust 1.63: Debian's rustc builds the
//! WebAssembly module from this same file.
#![no_std]

extern crate alloc;

mod encode;

pub use encode::{encode_into, encoded_len, encoded_len_max, HEADER_LEN};

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// Lines wider than this share of the region are full-width and never define a gutter.
const SPANNING_WIDTH_SHARE: f64 = 0.6;
/// Narrowest gutter, in points.
const GUTTER_WIDTH_MIN: f64 = 6.0;
/// Share of narrow items that may cross a gutter.
const GUTTER_CROSSING_SHARE: f64 = 0.15;
/// A column needs at least this many items on each side of the gutter.
const COLUMN_ITEMS_MIN: usize = 3;
/// A line at least this share of the region wide is a line of running text.
const COLUMN_TEXT_WIDTH_SHARE: f64 = 0.2;
/// Both sides must overlap vertically by this share of the shorter side's height.
const COLUMN_VERTICAL_OVERLAP: f64 = 0.3;
/// Nested column splits considered.
const SPLIT_DEPTH_MAX: u32 = 4;

/// Version of the call interface and output encoding (encode.rs). Bumped whenever either
/// changes; the TypeScript loader refuses a build whose version differs.
pub const KERNEL_ABI: i32 = 1;

/// Coordinates per box: x0, y0, x1, y1.
pub const BOX_COORDS: usize = 4;
/// Most boxes one call takes: every index and group end must fit an i32 in the encoding.
pub const BOXES_MAX: usize = ((i32::MAX as usize) - HEADER_LEN) / 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderError {
    /// The coordinate count is not a multiple of four.
    Ragged,
    /// More than `BOXES_MAX` boxes.
    TooMany,
    /// A coordinate is NaN or infinite: the reference's comparators are inconsistent there.
    NonFinite,
}

/// One group of the result: a column of a band, or a full-width band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// Index into `ReadingOrder::order` one past the group's last box.
    pub end: u32,
    /// Side-by-side columns in the band the group came from (1 = full width).
    pub columns: u32,
}

/// Box indices in reading order, cut into groups.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadingOrder {
    pub order: Vec<u32>,
    pub groups: Vec<Group>,
}

#[derive(Clone, Copy)]
struct Boxf {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

#[derive(Clone, Copy)]
struct Gutter {
    x0: f64,
    x1: f64,
}

struct Region {
    items: Vec<u32>,
    depth: u32,
    columns: u32,
}

/// `Math.min(a, b)` for non-NaN numbers: -0 is below +0.
fn js_min(a: f64, b: f64) -> f64 {
    if b < a || (b == 0.0 && a == 0.0 && b.is_sign_negative()) {
        b
    } else {
        a
    }
}

/// `Math.max(a, b)` for non-NaN numbers: +0 is above -0.
fn js_max(a: f64, b: f64) -> f64 {
    if b > a || (b == 0.0 && a == 0.0 && a.is_sign_negative()) {
        b
    } else {
        a
    }
}

/// The sign of a JS comparator's result as an Ordering (finite inputs: never NaN).
fn sign(d: f64) -> Ordering {
    if d < 0.0 {
        Ordering::Less
    } else if d > 0.0 {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

/// `a.y0 - b.y0 || a.x0 - b.x0`.
fn by_top_then_left(a: &Boxf, b: &Boxf) -> Ordering {
    let dy = a.y0 - b.y0;
    if dy != 0.0 {
        sign(dy)
    } else {
        sign(a.x0 - b.x0)
    }
}

fn sort_by_top_then_left(boxes: &[Boxf], items: &mut [u32]) {
    // slice::sort_by is a stable merge sort, like Array.prototype.sort.
    items.sort_by(|&a, &b| by_top_then_left(&boxes[a as usize], &boxes[b as usize]));
}

fn read_boxes(coords: &[f64]) -> Result<Vec<Boxf>, OrderError> {
    if coords.len() % BOX_COORDS != 0 {
        return Err(OrderError::Ragged);
    }
    if coords.len() / BOX_COORDS > BOXES_MAX {
        return Err(OrderError::TooMany);
    }
    let mut boxes = Vec::with_capacity(coords.len() / BOX_COORDS);
    for c in coords.chunks(BOX_COORDS) {
        if !(c[0].is_finite() && c[1].is_finite() && c[2].is_finite() && c[3].is_finite()) {
            return Err(OrderError::NonFinite);
        }
        boxes.push(Boxf { x0: c[0], y0: c[1], x1: c[2], y1: c[3] });
    }
    Ok(boxes)
}

/// Orders boxes (`[x0, y0, x1, y1]` per box) for reading, exactly as `orderForReading`.
pub fn order_for_reading(coords: &[f64]) -> Result<ReadingOrder, OrderError> {
    let boxes = read_boxes(coords)?;
    let mut out: Vec<(Vec<u32>, u32)> = Vec::new();
    // A stack of work in reverse reading order: pop = next region to read.
    let mut stack: Vec<Region> = vec![Region { items: (0..boxes.len() as u32).collect(), depth: 0, columns: 1 }];
    while let Some(mut region) = stack.pop() {
        let gutter = if region.depth < SPLIT_DEPTH_MAX { find_gutter(&boxes, &region.items) } else { None };
        match gutter {
            None => {
                sort_by_top_then_left(&boxes, &mut region.items);
                if !region.items.is_empty() {
                    out.push((region.items, region.columns));
                }
            }
            Some(gutter) => {
                let pieces = cut_into_bands(&boxes, &region, gutter);
                for piece in pieces.into_iter().rev() {
                    stack.push(piece);
                }
            }
        }
    }
    Ok(merge_adjacent_full_width(out))
}

/// Cuts a region into bands at the items crossing the gutter; each band's columns in turn.
fn cut_into_bands(boxes: &[Boxf], region: &Region, gutter: Gutter) -> Vec<Region> {
    let mut sorted = region.items.clone();
    sort_by_top_then_left(boxes, &mut sorted);
    let mut pieces: Vec<Region> = Vec::new();
    let mut left: Vec<u32> = Vec::new();
    let mut right: Vec<u32> = Vec::new();
    let depth = region.depth + 1;
    for &it in &sorted {
        let b = &boxes[it as usize];
        if b.x1 <= gutter.x0 + 1.0 {
            left.push(it);
        } else if b.x0 >= gutter.x1 - 1.0 {
            right.push(it);
        } else {
            // A spanning item may start above the bottom of a column: only cut when it lies below.
            flush(&mut pieces, &mut left, &mut right, depth);
            pieces.push(Region { items: vec![it], depth: SPLIT_DEPTH_MAX, columns: 1 });
        }
    }
    flush(&mut pieces, &mut left, &mut right, depth);
    pieces
}

fn flush(pieces: &mut Vec<Region>, left: &mut Vec<u32>, right: &mut Vec<u32>, depth: u32) {
    if !left.is_empty() {
        pieces.push(Region { items: core::mem::take(left), depth, columns: 2 });
    }
    if !right.is_empty() {
        pieces.push(Region { items: core::mem::take(right), depth, columns: 2 });
    }
}

/// The best x-interval crossed by few narrow items, with real columns on both sides.
fn find_gutter(boxes: &[Boxf], items: &[u32]) -> Option<Gutter> {
    let mut rx0 = f64::INFINITY;
    let mut rx1 = f64::NEG_INFINITY;
    for &it in items {
        let b = &boxes[it as usize];
        if b.x0 < rx0 {
            rx0 = b.x0;
        }
        if b.x1 > rx1 {
            rx1 = b.x1;
        }
    }
    let width = rx1 - rx0;
    if width <= 0.0 {
        return None;
    }
    let narrow: Vec<Boxf> = items
        .iter()
        .map(|&it| boxes[it as usize])
        .filter(|b| b.x1 - b.x0 < SPANNING_WIDTH_SHARE * width)
        .collect();
    if narrow.len() < 2 * COLUMN_ITEMS_MIN {
        return None;
    }
    // Math.floor of a non-negative number below 2^53: truncation is the same.
    let crossings_allowed = (GUTTER_CROSSING_SHARE * narrow.len() as f64) as i64;
    // Sweep the narrow items' x-extents, tracking how many cover each x.
    let mut events: Vec<(f64, i64)> = Vec::with_capacity(2 * narrow.len());
    for b in &narrow {
        events.push((b.x0, 1));
        events.push((b.x1, -1));
    }
    events.sort_by(|a, b| {
        let dx = a.0 - b.0;
        if dx != 0.0 {
            sign(dx)
        } else {
            (a.1 - b.1).cmp(&0)
        }
    });
    let mut best: Option<(Gutter, i64)> = None;
    let mut depth: i64 = 0;
    for i in 0..events.len() - 1 {
        depth += events[i].1;
        let x0 = events[i].0;
        let x1 = events[i + 1].0;
        if depth > crossings_allowed || x1 - x0 < GUTTER_WIDTH_MIN || x0 <= rx0 || x1 >= rx1 {
            continue;
        }
        let better = match best {
            None => true,
            Some((g, crossings)) => depth < crossings || (depth == crossings && x1 - x0 > g.x1 - g.x0),
        };
        let candidate = Gutter { x0, x1 };
        if better && is_column_gutter(&narrow, candidate, width) {
            best = Some((candidate, depth));
        }
    }
    best.map(|(g, _)| g)
}

/// One side of a candidate gutter: its item count, its text-width lines, and its vertical
/// extent as `Math.min(...y0s)`, `Math.max(...y1s)` (order-independent, so one pass will do).
struct Side {
    items: usize,
    text_lines: usize,
    y0: f64,
    y1: f64,
}

impl Side {
    fn new() -> Side {
        Side { items: 0, text_lines: 0, y0: f64::INFINITY, y1: f64::NEG_INFINITY }
    }

    fn add(&mut self, b: &Boxf, min_width: f64) {
        self.items += 1;
        if b.x1 - b.x0 >= min_width {
            self.text_lines += 1;
        }
        self.y0 = js_min(self.y0, b.y0);
        self.y1 = js_max(self.y1, b.y1);
    }
}

/// `isColumnGutter`: the TypeScript filters each side into an array and counts; the counts
/// and extents are the same when gathered in one pass without allocating.
fn is_column_gutter(narrow: &[Boxf], gutter: Gutter, width: f64) -> bool {
    let min_width = COLUMN_TEXT_WIDTH_SHARE * width;
    let mut left = Side::new();
    let mut right = Side::new();
    for b in narrow {
        if b.x1 <= gutter.x0 {
            left.add(b, min_width);
        }
        if b.x0 >= gutter.x1 {
            right.add(b, min_width);
        }
    }
    if left.items < COLUMN_ITEMS_MIN || right.items < COLUMN_ITEMS_MIN {
        return false;
    }
    // Each side needs several text-width lines.
    if left.text_lines < COLUMN_ITEMS_MIN || right.text_lines < COLUMN_ITEMS_MIN {
        return false;
    }
    let overlap = js_min(left.y1, right.y1) - js_max(left.y0, right.y0);
    overlap > COLUMN_VERTICAL_OVERLAP * js_min(left.y1 - left.y0, right.y1 - right.y0)
}

/// Consecutive single spanning items come out as one group each; rejoin them.
fn merge_adjacent_full_width(groups: Vec<(Vec<u32>, u32)>) -> ReadingOrder {
    let mut result = ReadingOrder::default();
    for (items, columns) in groups {
        let merge = match result.groups.last() {
            Some(prev) => prev.columns == 1 && columns == 1,
            None => false,
        };
        result.order.extend_from_slice(&items);
        let end = result.order.len() as u32;
        if merge {
            let last = result.groups.len() - 1;
            result.groups[last].end = end;
        } else {
            result.groups.push(Group { end, columns });
        }
    }
    result
}

#[cfg(test)]
mod tests;
