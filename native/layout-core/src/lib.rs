//! Reading order over boxes: a port of `orderForReading` in
//! src/engine/layout/reading_order.ts, by recursive whitespace segmentation (the XY-cut
//! family). A region is cut vertically at a column gutter; the boxes crossing it cut it into
//! bands, each read column by column, with footnotes at the foot of the last band's left
//! column read after both columns. A region without a gutter is cut at its empty rows, and
//! bands whose gutters line up are joined again into one columnar run. Iterative with a depth
//! cap: no recursion.
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
/// … of which at least this many text-width lines (a slide's column: a heading over two bullets).
const COLUMN_TEXT_LINES_MIN: usize = 2;
/// A line at least this share of the region wide is a line of running text.
const COLUMN_TEXT_WIDTH_SHARE: f64 = 0.2;
/// Both sides must overlap vertically by this share of the shorter side's height.
const COLUMN_VERTICAL_OVERLAP: f64 = 0.3;
/// A side of a candidate gutter with at most this many items may be rows, not a column (a
/// mail thread's dates flush right on their senders' lines) …
const ROW_SIDE_ITEMS_MAX: usize = 6;
/// … when each of its items is at most this share of the region wide …
const ROW_ITEM_WIDTH_SHARE: f64 = 0.4;
/// … each overlaps some line of the other side by at least this share of the shorter one's height …
const ROW_LEVEL_OVERLAP_SHARE: f64 = 0.8;
/// … consecutive ones stand apart by at least this many of the taller one's heights …
const ROW_ITEMS_GAP_HEIGHTS: f64 = 2.0;
/// … and the line each is level with has an empty row at least this share of its height above it.
const ROW_START_GAP_SHARE: f64 = 0.5;
/// Nested column splits considered.
const SPLIT_DEPTH_MAX: u32 = 4;
/// An empty row at least this share of the region's median line height cuts a region
/// without a gutter into bands.
const ROW_GAP_HEIGHT_SHARE: f64 = 0.8;
/// Slack, in points, for an item touching a gutter's edge.
const GUTTER_EDGE_SLACK: f64 = 1.0;
/// `BAND_HEADING_HEIGHT_RATIO`: a heading that heads a band is this many times the median height.
const BAND_HEADING_HEIGHT_RATIO: f64 = 1.3;
/// Footnotes sit below an empty row at least this share of the median line height tall …
const FOOTNOTE_GAP_HEIGHT_SHARE: f64 = 1.0;
/// … their lines are mostly at most this share of the body lines' median height …
const FOOTNOTE_HEIGHT_SHARE: f64 = 0.85;
/// … and they are at most this share of the column's items.
const FOOTNOTE_ITEMS_SHARE: f64 = 0.4;
/// A side of a band of blocks has at most this many items.
const BLOCK_SIDE_ITEMS_MAX: usize = 12;
/// Two bands' sides are one column when their edges facing the gutter lie within this share
/// of the region's width of each other.
const SAME_COLUMN_EDGE_SHARE: f64 = 0.25;
/// The empty row between two bands of blocks is at least this many median heights tall.
const BLOCK_ROW_GAP_HEIGHTS: f64 = 2.0;

/// Version of the call interface, output encoding (encode.rs) and ordering rules. Bumped
/// whenever any changes; the TypeScript loader refuses a build whose version differs, so a
/// stale build never orders a page otherwise than reading_order.ts (6: gridOfBlocks).
pub const KERNEL_ABI: i32 = 6;

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
    /// Vertical splits above this region.
    depth: u32,
    /// Side-by-side columns of the band the region belongs to (1 = full width).
    columns: u32,
    /// The gutter to cut at, already found (a run of bands whose gutters line up).
    gutter: Option<Gutter>,
    /// Read as it is: no further cut.
    leaf: bool,
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
    let mut stack: Vec<Region> =
        vec![Region { items: (0..boxes.len() as u32).collect(), depth: 0, columns: 1, gutter: None, leaf: false }];
    while let Some(mut region) = stack.pop() {
        let mut pieces: Option<Vec<Region>> = None;
        if !region.leaf && region.depth < SPLIT_DEPTH_MAX {
            // A run of bands arrives with its gutter; without one, its bands were leaves already.
            let gutter = match region.gutter {
                Some(g) => Some(g),
                None => find_gutter(&boxes, &region.items),
            };
            pieces = match gutter {
                Some(g) => Some(cut_at_gutter(&boxes, &region, g)),
                None => split_at_rows(&boxes, &region),
            };
        }
        if let Some(pieces) = pieces {
            for piece in pieces.into_iter().rev() {
                stack.push(piece);
            }
            continue;
        }
        sort_by_top_then_left(&boxes, &mut region.items);
        if !region.items.is_empty() {
            out.push((region.items, region.columns));
        }
    }
    Ok(merge_adjacent_full_width(out))
}

fn is_left_of(b: &Boxf, gutter: Gutter) -> bool {
    b.x1 <= gutter.x0 + GUTTER_EDGE_SLACK
}

fn is_right_of(b: &Boxf, gutter: Gutter) -> bool {
    b.x0 >= gutter.x1 - GUTTER_EDGE_SLACK
}

/// The median of the items' heights (the upper one of an even count); items is not empty.
fn median_height(boxes: &[Boxf], items: &[u32]) -> f64 {
    let mut heights: Vec<f64> = items.iter().map(|&it| boxes[it as usize].y1 - boxes[it as usize].y0).collect();
    heights.sort_by(|a, b| sign(a - b));
    heights[heights.len() >> 1]
}

/// Where each band after the first starts, cutting items sorted top to bottom at every
/// empty row at least `gap_min` tall.
fn row_cuts(boxes: &[Boxf], sorted: &[u32], gap_min: f64) -> Vec<usize> {
    let mut cuts = Vec::new();
    let mut bottom = f64::NEG_INFINITY;
    for (i, &it) in sorted.iter().enumerate() {
        let b = &boxes[it as usize];
        if i > 0 && b.y0 - bottom >= gap_min {
            cuts.push(i);
        }
        bottom = js_max(bottom, b.y1);
    }
    cuts
}

/// `footnoteStart`: where a column's footnotes start, or its length when there are none.
fn footnote_start(boxes: &[Boxf], column: &[u32], next: Option<u32>) -> usize {
    let n = column.len();
    if n < COLUMN_ITEMS_MIN {
        return n;
    }
    let body_height = median_height(boxes, column);
    let small = |it: u32| {
        let b = &boxes[it as usize];
        b.y1 - b.y0 <= FOOTNOTE_HEIGHT_SHARE * body_height
    };
    if let Some(next) = next {
        if small(next) {
            return n;
        }
    }
    let mut bottoms: Vec<f64> = Vec::with_capacity(n);
    let mut bottom = f64::NEG_INFINITY;
    for &it in column {
        bottom = js_max(bottom, boxes[it as usize].y1);
        bottoms.push(bottom);
    }
    let mut start = n;
    let mut paragraph_items: usize = 0;
    let mut paragraph_small: usize = 0;
    let mut i = n - 1;
    while i >= 1 {
        paragraph_items += 1;
        if small(column[i]) {
            paragraph_small += 1;
        }
        if !(boxes[column[i] as usize].y0 - bottoms[i - 1] < FOOTNOTE_GAP_HEIGHT_SHARE * body_height) {
            if 2 * paragraph_small < paragraph_items || ((n - i) as f64) > FOOTNOTE_ITEMS_SHARE * (n as f64) {
                break;
            }
            start = i;
            paragraph_items = 0;
            paragraph_small = 0;
        }
        i -= 1;
    }
    start
}

/// `cutAtGutter`: bands at the items crossing the gutter, each band's left and right column;
/// footnotes at the foot of the last band's columns follow both columns.
fn cut_at_gutter(boxes: &[Boxf], region: &Region, gutter: Gutter) -> Vec<Region> {
    let mut sorted = region.items.clone();
    sort_by_top_then_left(boxes, &mut sorted);
    let mut pieces: Vec<Region> = Vec::new();
    let mut left: Vec<u32> = Vec::new();
    let mut right: Vec<u32> = Vec::new();
    let depth = region.depth + 1;
    for &it in &sorted {
        let b = &boxes[it as usize];
        if is_left_of(b, gutter) {
            left.push(it);
        } else if is_right_of(b, gutter) {
            right.push(it);
        } else {
            // A spanning item may start above the bottom of a column: only cut when it lies below.
            flush(&mut pieces, &mut left, &mut right, depth);
            pieces.push(Region { items: vec![it], depth, columns: 1, gutter: None, leaf: true });
        }
    }
    let left_start = footnote_start(boxes, &left, right.first().copied());
    let left_notes = left.split_off(left_start);
    let right_notes = if !left_notes.is_empty() {
        let right_start = footnote_start(boxes, &right, None);
        right.split_off(right_start)
    } else {
        Vec::new()
    };
    flush(&mut pieces, &mut left, &mut right, depth);
    if !left_notes.is_empty() {
        pieces.push(Region { items: left_notes, depth, columns: 2, gutter: None, leaf: true });
    }
    if !right_notes.is_empty() {
        pieces.push(Region { items: right_notes, depth, columns: 2, gutter: None, leaf: true });
    }
    pieces
}

// A band with text on one side of the gutter only is no column: read as full width.
fn flush(pieces: &mut Vec<Region>, left: &mut Vec<u32>, right: &mut Vec<u32>, depth: u32) {
    let columns = if !left.is_empty() && !right.is_empty() { 2 } else { 1 };
    if !left.is_empty() {
        pieces.push(Region { items: core::mem::take(left), depth, columns, gutter: None, leaf: false });
    }
    if !right.is_empty() {
        pieces.push(Region { items: core::mem::take(right), depth, columns, gutter: None, leaf: false });
    }
}

fn clear_of(boxes: &[Boxf], items: &[u32], gutter: Gutter) -> bool {
    items.iter().all(|&it| {
        let b = &boxes[it as usize];
        is_left_of(b, gutter) || is_right_of(b, gutter)
    })
}

struct Run {
    items: Vec<u32>,
    gutter: Option<Gutter>,
    /// The run's last band: its range in the sorted items.
    last: (usize, usize),
}

/// `BandSide`: one side of a gutter within one band.
#[derive(Clone, Copy)]
struct BandSide {
    items: usize,
    /// The left side's rightmost right edge, the right side's leftmost left edge.
    edge: f64,
    widest: f64,
}

/// `bandSides`: the two sides of a gutter among `items`.
fn band_sides(boxes: &[Boxf], items: &[u32], gutter: Gutter) -> [BandSide; 2] {
    let mut left = BandSide { items: 0, edge: f64::NEG_INFINITY, widest: 0.0 };
    let mut right = BandSide { items: 0, edge: f64::INFINITY, widest: 0.0 };
    for &it in items {
        let b = &boxes[it as usize];
        let side = side_of(b, gutter);
        if side == LEFT {
            left.items += 1;
            left.edge = js_max(left.edge, b.x1);
            left.widest = js_max(left.widest, b.x1 - b.x0);
        } else if side == RIGHT {
            right.items += 1;
            right.edge = js_min(right.edge, b.x0);
            right.widest = js_max(right.widest, b.x1 - b.x0);
        }
    }
    [left, right]
}

/// `sameColumn`: both there, with their edges facing the gutter in line.
fn same_column(a: BandSide, b: BandSide, width: f64) -> bool {
    // No f64::abs without std (the wasm build): |d| <= m as two comparisons.
    let d = a.edge - b.edge;
    a.items > 0 && b.items > 0 && d <= SAME_COLUMN_EDGE_SHARE * width && -d <= SAME_COLUMN_EDGE_SHARE * width
}

/// `isBlockPair`: two consecutive bands' sides are blocks set in rows.
fn is_block_pair(upper: [BandSide; 2], lower: [BandSide; 2], width: f64, gap: f64, median: f64) -> bool {
    if gap < BLOCK_ROW_GAP_HEIGHTS * median {
        return false;
    }
    for s in 0..2 {
        if upper[s].items > BLOCK_SIDE_ITEMS_MAX || lower[s].items > BLOCK_SIDE_ITEMS_MAX {
            return false;
        }
        if upper[s].widest > ROW_ITEM_WIDTH_SHARE * width || lower[s].widest > ROW_ITEM_WIDTH_SHARE * width {
            return false;
        }
    }
    if upper[0].items < COLUMN_ITEMS_MIN || upper[1].items < COLUMN_ITEMS_MIN || lower[0].items + lower[1].items == 0 {
        return false;
    }
    if (lower[0].items > 0 && lower[0].items < COLUMN_ITEMS_MIN) || (lower[1].items > 0 && lower[1].items < COLUMN_ITEMS_MIN) {
        return false;
    }
    !same_column(upper[0], lower[0], width) || !same_column(upper[1], lower[1], width)
}

/// `gridOfBlocks`: an empty row across the region parts two bands of blocks.
fn grid_of_blocks(boxes: &[Boxf], by_top: &[u32], gutter: Gutter, width: f64, median: f64) -> bool {
    let cuts = row_cuts(boxes, by_top, ROW_GAP_HEIGHT_SHARE * median);
    if cuts.is_empty() {
        return false;
    }
    let mut previous: Option<[BandSide; 2]> = None;
    let mut bottom = f64::NEG_INFINITY;
    for k in 0..=cuts.len() {
        let from = if k == 0 { 0 } else { cuts[k - 1] };
        let to = if k == cuts.len() { by_top.len() } else { cuts[k] };
        let sides = band_sides(boxes, &by_top[from..to], gutter);
        if let Some(upper) = previous {
            if is_block_pair(upper, sides, width, boxes[by_top[from] as usize].y0 - bottom, median) {
                return true;
            }
        }
        for &it in &by_top[from..to] {
            bottom = js_max(bottom, boxes[it as usize].y1);
        }
        previous = Some(sides);
    }
    false
}

/// `xExtent`: the left and right edges of the items' bounding box.
fn x_extent(boxes: &[Boxf], items: &[u32]) -> (f64, f64) {
    let mut x0 = f64::INFINITY;
    let mut x1 = f64::NEG_INFINITY;
    for &it in items {
        let b = &boxes[it as usize];
        if b.x0 < x0 {
            x0 = b.x0;
        }
        if b.x1 > x1 {
            x1 = b.x1;
        }
    }
    (x0, x1)
}

/// The lowest bottom edge of the items.
fn bottom_of(boxes: &[Boxf], items: &[u32]) -> f64 {
    let mut y1 = f64::NEG_INFINITY;
    for &it in items {
        if boxes[it as usize].y1 > y1 {
            y1 = boxes[it as usize].y1;
        }
    }
    y1
}

/// `splitAtRows`: bands at the empty rows, joined into runs that share a gutter; None when
/// no run has one.
fn split_at_rows(boxes: &[Boxf], region: &Region) -> Option<Vec<Region>> {
    let mut sorted = region.items.clone();
    sort_by_top_then_left(boxes, &mut sorted);
    if sorted.is_empty() {
        return None;
    }
    let median = median_height(boxes, &sorted);
    let cuts = row_cuts(boxes, &sorted, ROW_GAP_HEIGHT_SHARE * median);
    if cuts.is_empty() {
        return None;
    }
    let mut runs: Vec<Run> = Vec::new();
    let (rx0, rx1) = x_extent(boxes, &sorted);
    let region_width = rx1 - rx0;
    let mut any_gutter = false;
    for k in 0..=cuts.len() {
        let from = if k == 0 { 0 } else { cuts[k - 1] };
        let to = if k == cuts.len() { sorted.len() } else { cuts[k] };
        let band = &sorted[from..to];
        let gutter = find_gutter(boxes, band);
        let joined = match runs.last_mut() {
            Some(run) => {
                let shared = match (run.gutter, gutter) {
                    (Some(rg), Some(g)) if g.x0 < rg.x1 && rg.x0 < g.x1 => Some(Gutter { x0: js_max(rg.x0, g.x0), x1: js_min(rg.x1, g.x1) }),
                    _ => None,
                };
                let last = &sorted[run.last.0..run.last.1];
                match (run.gutter, gutter, shared) {
                    (_, _, Some(sg))
                        if !is_block_pair(band_sides(boxes, last, sg), band_sides(boxes, band, sg), region_width, boxes[band[0] as usize].y0 - bottom_of(boxes, last), median) =>
                    {
                        run.gutter = Some(sg);
                        run.items.extend_from_slice(band);
                        true
                    }
                    (Some(rg), None, _) if clear_of(boxes, band, rg) => {
                        run.items.extend_from_slice(band);
                        true
                    }
                    (None, Some(g), _) if clear_of(boxes, &run.items, g) => {
                        run.gutter = Some(g);
                        run.items.extend_from_slice(band);
                        true
                    }
                    _ => false,
                }
            }
            None => false,
        };
        if joined {
            if let Some(run) = runs.last_mut() {
                run.last = (from, to);
            }
        } else {
            runs.push(Run { items: band.to_vec(), gutter, last: (from, to) });
        }
        if gutter.is_some() {
            any_gutter = true;
        }
    }
    if !any_gutter {
        return None;
    }
    Some(
        runs.into_iter()
            .map(|run| Region { leaf: run.gutter.is_none(), items: run.items, depth: region.depth, columns: region.columns, gutter: run.gutter })
            .collect(),
    )
}

/// The best x-interval crossed by few narrow items, with real columns on both sides.
fn find_gutter(boxes: &[Boxf], items: &[u32]) -> Option<Gutter> {
    let (rx0, rx1) = x_extent(boxes, items);
    let width = rx1 - rx0;
    if width <= 0.0 {
        return None;
    }
    let narrow = items
        .iter()
        .filter(|&&it| boxes[it as usize].x1 - boxes[it as usize].x0 < SPANNING_WIDTH_SHARE * width)
        .count();
    if narrow < 2 * COLUMN_ITEMS_MIN {
        return None;
    }
    // Math.floor of a non-negative number below 2^53: truncation is the same.
    let crossings_allowed = (GUTTER_CROSSING_SHARE * narrow as f64) as i64;
    // Sweep the items' x-extents, tracking how many narrow and how many wide ones cover each x.
    let mut events: Vec<(f64, i64, bool)> = Vec::with_capacity(2 * items.len());
    for &it in items {
        let b = &boxes[it as usize];
        let is_narrow = b.x1 - b.x0 < SPANNING_WIDTH_SHARE * width;
        events.push((b.x0, 1, is_narrow));
        events.push((b.x1, -1, is_narrow));
    }
    events.sort_by(|a, b| {
        let dx = a.0 - b.0;
        if dx != 0.0 {
            sign(dx)
        } else {
            (a.1 - b.1).cmp(&0)
        }
    });
    // (gutter, narrow crossings, wide crossings)
    let mut best: Option<(Gutter, i64, i64)> = None;
    // The items by top, sorted once for every candidate's side-by-side test.
    let mut by_top: Option<Vec<u32>> = None;
    let mut depth: i64 = 0;
    let mut wide_depth: i64 = 0;
    for i in 0..events.len() - 1 {
        if events[i].2 {
            depth += events[i].1;
        } else {
            wide_depth += events[i].1;
        }
        let x0 = events[i].0;
        let x1 = events[i + 1].0;
        if depth > crossings_allowed || x1 - x0 < GUTTER_WIDTH_MIN || x0 <= rx0 || x1 >= rx1 {
            continue;
        }
        let better = match best {
            None => true,
            Some((g, crossings, wide)) => {
                depth < crossings || (depth == crossings && (wide_depth < wide || (wide_depth == wide && x1 - x0 > g.x1 - g.x0)))
            }
        };
        let candidate = Gutter { x0, x1 };
        if better && is_column_gutter(boxes, items, candidate, width, &mut by_top) {
            best = Some((candidate, depth, wide_depth));
        }
    }
    best.map(|(g, _, _)| g)
}

/// One side of a candidate gutter: its item count, its text-width lines, and its vertical
/// extent as `Math.min`/`Math.max` folds.
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

/// `isColumnGutter`: every item fully on each side counts, wide ones too.
fn is_column_gutter(boxes: &[Boxf], items: &[u32], gutter: Gutter, width: f64, by_top: &mut Option<Vec<u32>>) -> bool {
    let min_width = COLUMN_TEXT_WIDTH_SHARE * width;
    let mut left = Side::new();
    let mut right = Side::new();
    for &it in items {
        let b = &boxes[it as usize];
        if b.x1 <= gutter.x0 {
            left.add(b, min_width);
        } else if b.x0 >= gutter.x1 {
            right.add(b, min_width);
        }
    }
    if left.items < COLUMN_ITEMS_MIN || right.items < COLUMN_ITEMS_MIN {
        return false;
    }
    // Each side needs several text-width lines.
    if left.text_lines < COLUMN_TEXT_LINES_MIN || right.text_lines < COLUMN_TEXT_LINES_MIN {
        return false;
    }
    let overlap = js_min(left.y1, right.y1) - js_max(left.y0, right.y0);
    if !(overlap > COLUMN_VERTICAL_OVERLAP * js_min(left.y1 - left.y0, right.y1 - right.y0)) {
        return false;
    }
    if by_top.is_none() {
        let mut sorted = items.to_vec();
        // A stable sort by top, as the reference's Array.prototype.sort.
        sorted.sort_by(|&a, &b| sign(boxes[a as usize].y0 - boxes[b as usize].y0));
        *by_top = Some(sorted);
    }
    let by_top = by_top.as_deref().unwrap_or(&[]);
    if left.items <= ROW_SIDE_ITEMS_MAX && is_row_side(boxes, by_top, gutter, LEFT, width) {
        return false;
    }
    if right.items <= ROW_SIDE_ITEMS_MAX && is_row_side(boxes, by_top, gutter, RIGHT, width) {
        return false;
    }
    if !side_by_side(boxes, by_top, gutter) {
        return false;
    }
    let median = median_height(boxes, items);
    if heads_band(boxes, by_top, gutter, LEFT, median) || heads_band(boxes, by_top, gutter, RIGHT, median) {
        return false;
    }
    !grid_of_blocks(boxes, by_top, gutter, width, median)
}

/// `headsBand`: a heading on `side` of the gutter, flush with the region's left edge, taller
/// than the items' median by BAND_HEADING_HEIGHT_RATIO and wider than any line of the other
/// side, with a column's items of the other side above and below it and none on its row.
fn heads_band(boxes: &[Boxf], by_top: &[u32], gutter: Gutter, side: i32, median: f64) -> bool {
    let mut other_widest = 0.0;
    let mut left = f64::INFINITY;
    for &it in by_top {
        let b = &boxes[it as usize];
        left = js_min(left, b.x0);
        if side_of(b, gutter) == -side {
            other_widest = js_max(other_widest, b.x1 - b.x0);
        }
    }
    for &h in by_top {
        let heading = &boxes[h as usize];
        let height = heading.y1 - heading.y0;
        if side_of(heading, gutter) != side || height < BAND_HEADING_HEIGHT_RATIO * median || heading.x1 - heading.x0 <= other_widest || heading.x0 > left + GUTTER_EDGE_SLACK {
            continue;
        }
        let mut above = 0;
        let mut below = 0;
        let mut beside = false;
        for &it in by_top {
            let b = &boxes[it as usize];
            if side_of(b, gutter) != -side {
                continue;
            }
            if b.y1 <= heading.y0 {
                above += 1;
            }
            if b.y0 >= heading.y1 {
                below += 1;
            }
            if b.y1 > heading.y0 && b.y0 < heading.y1 {
                beside = true;
            }
        }
        if above >= COLUMN_ITEMS_MIN && below >= COLUMN_ITEMS_MIN && !beside {
            return true;
        }
    }
    false
}

const LEFT: i32 = -1;
const RIGHT: i32 = 1;

/// `sideOf`: LEFT, RIGHT, or 0 for an item across the gutter.
fn side_of(b: &Boxf, gutter: Gutter) -> i32 {
    if b.x1 <= gutter.x0 {
        LEFT
    } else if b.x0 >= gutter.x1 {
        RIGHT
    } else {
        0
    }
}

/// `isRowSide`: the side's items are short, far apart top to bottom, and each level with a
/// line on the other side: rows' ends, not a column.
fn is_row_side(boxes: &[Boxf], by_top: &[u32], gutter: Gutter, side: i32, width: f64) -> bool {
    let mut previous: Option<&Boxf> = None;
    for &it in by_top {
        let b = &boxes[it as usize];
        if side_of(b, gutter) != side {
            continue;
        }
        if b.x1 - b.x0 > ROW_ITEM_WIDTH_SHARE * width {
            return false;
        }
        if let Some(p) = previous {
            let tallest = js_max(p.y1 - p.y0, b.y1 - b.y0);
            if b.y0 - p.y1 < ROW_ITEMS_GAP_HEIGHTS * tallest {
                return false;
            }
        }
        if !has_level_line(boxes, by_top, gutter, -side, b) {
            return false;
        }
        previous = Some(b);
    }
    true
}

/// `hasLevelLine`: some item on `side` of the gutter is level with `b` and starts a paragraph.
fn has_level_line(boxes: &[Boxf], by_top: &[u32], gutter: Gutter, side: i32, b: &Boxf) -> bool {
    by_top.iter().any(|&other| {
        let o = &boxes[other as usize];
        side_of(o, gutter) == side && is_level_with(b, o) && starts_paragraph(boxes, by_top, gutter, -side, o)
    })
}

/// `startsParagraph`: an empty row stands above `line` among the items not on `row_side`.
fn starts_paragraph(boxes: &[Boxf], by_top: &[u32], gutter: Gutter, row_side: i32, line: &Boxf) -> bool {
    let mut bottom = f64::NEG_INFINITY;
    for &it in by_top {
        let b = &boxes[it as usize];
        if b.y0 >= line.y0 {
            break;
        }
        if side_of(b, gutter) != row_side {
            bottom = js_max(bottom, b.y1);
        }
    }
    line.y0 - bottom >= ROW_START_GAP_SHARE * (line.y1 - line.y0)
}

/// `isLevelWith`: the boxes overlap by most of the shorter one's height.
fn is_level_with(a: &Boxf, b: &Boxf) -> bool {
    let overlap = js_min(a.y1, b.y1) - js_max(a.y0, b.y0);
    overlap >= ROW_LEVEL_OVERLAP_SHARE * js_min(a.y1 - a.y0, b.y1 - b.y0)
}

/// `sideBySide`: some item left of the gutter shares a row with some item right of it.
fn side_by_side(boxes: &[Boxf], by_top: &[u32], gutter: Gutter) -> bool {
    let mut left_bottom = f64::NEG_INFINITY;
    let mut right_bottom = f64::NEG_INFINITY;
    for &it in by_top {
        let b = &boxes[it as usize];
        if b.x1 <= gutter.x0 {
            if right_bottom > b.y0 {
                return true;
            }
            left_bottom = js_max(left_bottom, b.y1);
        } else if b.x0 >= gutter.x1 {
            if left_bottom > b.y0 {
                return true;
            }
            right_bottom = js_max(right_bottom, b.y1);
        }
    }
    false
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
