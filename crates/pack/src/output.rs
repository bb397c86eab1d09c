//! Solutions for people and programs: layered text and JSON.

use crate::solver::Prepared;
use serde_json::{json, Value};

/// Characters for the copies of pieces that occur more than once, so that two neighbouring
/// copies can be told apart in text.
const COPY_SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

impl Prepared {
    /// One character per piece instance: the kind's symbol when it occurs once, otherwise one
    /// of the symbols no single piece uses, in placement order (cycling if they run out).
    fn instance_symbols(&self, solution: &[u32]) -> Vec<(u32, char)> {
        let kinds = &self.puzzle.pieces;
        let used: Vec<char> = kinds
            .iter()
            .filter(|p| p.count == 1)
            .map(|p| p.symbol)
            .collect();
        let pool: Vec<char> = COPY_SYMBOLS.chars().filter(|c| !used.contains(c)).collect();
        let mut next = 0;
        let mut ids = solution.to_vec();
        ids.sort_by_key(|&p| (self.placements[p as usize].kind, p));
        ids.iter()
            .map(|&p| {
                let k = self.placements[p as usize].kind as usize;
                let ch = if kinds[k].count == 1 || pool.is_empty() {
                    kinds[k].symbol
                } else {
                    next += 1;
                    pool[(next - 1) % pool.len()]
                };
                (p, ch)
            })
            .collect()
    }

    /// The solution as text: one block per layer, top layer (highest `z`) first, layers side by
    /// side, row `y = Y-1` at the top; `.` marks box cells outside the target (see
    /// [`wurfel_geom::BoxGrid::layers_text`]).
    pub fn layers_text(&self, solution: &[u32]) -> String {
        let mut grid = vec![None; self.board.len()];
        for (p, ch) in self.instance_symbols(solution) {
            for &c in &self.placements[p as usize].cells {
                grid[c as usize] = Some(ch);
            }
        }
        self.board
            .grid
            .layers_text(|i| grid[i].map(|c: char| c.to_string()))
    }

    /// `{"pieces":[{"name":..,"cells":[[x,y,z],..]},..]}` in puzzle coordinates.
    pub fn solution_json(&self, solution: &[u32]) -> Value {
        let pieces: Vec<Value> = self
            .pieces_of(solution)
            .into_iter()
            .map(|p| {
                json!({
                    "name": self.puzzle.pieces[p.kind as usize].name,
                    "cells": p.cells,
                })
            })
            .collect();
        json!({ "pieces": pieces })
    }
}
