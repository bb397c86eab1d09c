//! Solutions for people and programs: layered text and JSON.

use crate::solver::Prepared;
use serde_json::{json, Value};

/// Widest legend line.
const LEGEND_WIDTH: usize = 80;

impl Prepared {
    /// The label of each piece of a solution, in [`Prepared::pieces_of`] order: the kind's
    /// symbol when the puzzle has one copy of it, else the symbol with the copy's number (`T1`,
    /// `T2`, …, numbered in placement order). Text, pictures and the viewer all use these.
    pub fn instance_labels(&self, solution: &[u32]) -> Vec<String> {
        let kinds = &self.puzzle.pieces;
        let mut copy = vec![0u32; kinds.len()];
        self.pieces_of(solution)
            .iter()
            .map(|p| {
                let k = p.kind as usize;
                copy[k] += 1;
                if kinds[k].count > 1 {
                    format!("{}{}", kinds[k].symbol, copy[k])
                } else {
                    kinds[k].symbol.to_string()
                }
            })
            .collect()
    }

    /// The solution as text: one block per layer, top layer (highest `z`) first, layers side by
    /// side, row `y = Y-1` at the top, with the coordinates of rows, columns and layers; `.`
    /// marks box cells outside the target (see
    /// [`wurfel_geom::BoxGrid::layers_text_with_coordinates`]); then the legend
    /// ([`Prepared::legend`]) when it says more than the symbols do.
    pub fn layers_text(&self, solution: &[u32]) -> String {
        let mut grid: Vec<Option<String>> = vec![None; self.board.len()];
        let labels = self.instance_labels(solution);
        let mut ids = solution.to_vec();
        ids.sort_by_key(|&p| (self.placements[p as usize].kind, p));
        for (p, label) in ids.iter().zip(labels) {
            for &c in &self.placements[*p as usize].cells {
                grid[c as usize] = Some(label.clone());
            }
        }
        let text = self
            .board
            .grid
            .layers_text_with_coordinates(|i| grid[i].clone());
        match self.legend() {
            Some(legend) => format!("{text}\n{legend}"),
            None => text,
        }
    }

    /// Which symbol is which piece: `A = RedY, B = RedV, T1…T18 = T`, wrapped at 80 columns;
    /// `None` when every piece is single and named by its symbol.
    pub fn legend(&self) -> Option<String> {
        let entries: Vec<String> = self
            .puzzle
            .pieces
            .iter()
            .filter(|p| p.count > 1 || p.name != p.symbol.to_string())
            .map(|p| match p.count {
                1 => format!("{} = {}", p.symbol, p.name),
                2 => format!("{0}1, {0}2 = {1}", p.symbol, p.name),
                n => format!("{0}1…{0}{n} = {1}", p.symbol, p.name),
            })
            .collect();
        if entries.is_empty() {
            return None;
        }
        let mut lines = vec![String::from("pieces:")];
        for (i, e) in entries.iter().enumerate() {
            let sep = if i + 1 < entries.len() { "," } else { "" };
            let last = lines.last_mut().expect("one line");
            if last.chars().count() + 1 + e.chars().count() + sep.len() > LEGEND_WIDTH
                && last.len() > "pieces:".len()
            {
                lines.push(format!("        {e}{sep}"));
            } else {
                last.push(' ');
                last.push_str(e);
                last.push_str(sep);
            }
        }
        Some(lines.join("\n"))
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
