//! The 4x4x4 cube (Rubik's Revenge) and Norskog's five-stage solver.
