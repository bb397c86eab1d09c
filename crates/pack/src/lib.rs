//! Packing puzzles: fit polycube pieces into a target shape.
