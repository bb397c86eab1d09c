//! Chain puzzles (snake cubes).
