//! The exact-cover search engine (rows and columns only; knows nothing of puzzles).
