//! Classes from fixed-point counts (Burnside's lemma), matching the solver's conventions.
//!
//! With `G` the rotations and `R` the reflections that act on solutions (see
//! [`Symmetry`]), and `Fix(g)` the solutions `g` maps to themselves:
//! - `rotations = Σ_{g∈G} Fix(g) / |G|`;
//! - without reflections acting, `rotations_reflections = rotations`;
//! - with a mirror-closed piece set, `rotations_reflections = Σ_{g∈G∪R} Fix(g) / (|G| + |R|)`;
//! - when some kinds have no mirror twin (and may be left out), only the solutions without
//!   them are merged with their mirror images; those with them keep their rotation classes.
//!   With `Fix'` counting only solutions without such kinds (a reflection fixes no other):
//!   `rotations_reflections = rotations - Σ_G Fix'/|G| + (Σ_G Fix' + Σ_R Fix)/(|G| + |R|)`.

use super::FrontierError;
use crate::symmetry::Symmetry;
use num_bigint::BigUint;
use num_traits::{CheckedSub, Zero};

/// The rotation and rotation-reflection class counts from the fixed-point counts, in the
/// order of [`super::jobs`]: identity, the other rotations, the reflections, then (only when
/// reflections act and some kind has no twin) every rotation with those kinds left out.
pub(super) fn burnside(
    sym: &Symmetry,
    fixed: &[BigUint],
) -> Result<(BigUint, BigUint), FrontierError> {
    let g = sym.rotations.len();
    let r = sym.reflections.len();
    let sum = |s: &[BigUint]| s.iter().fold(BigUint::zero(), |a, b| a + b);
    let rot_sum = sum(&fixed[..g]);
    let rotations = rotations(&fixed[..g])?;
    if r == 0 {
        return Ok((rotations.clone(), rotations));
    }
    let refl_sum = sum(&fixed[g..g + r]);
    if sym.twinless.is_empty() {
        let rr = divide(&(rot_sum + refl_sum), g + r, "rotations and reflections")?;
        return Ok((rotations, rr));
    }
    let free_sum = sum(&fixed[g + r..g + r + g]);
    let free_classes = divide(&free_sum, g, "rotations, twin-free kinds only")?;
    let merged = divide(&(free_sum + refl_sum), g + r, "all, twin-free kinds only")?;
    let rr = rotations.checked_sub(&free_classes).ok_or_else(|| {
        FrontierError::Inconsistent(format!(
            "{free_classes} rotation classes without twinless kinds, more than all {rotations}"
        ))
    })? + merged;
    Ok((rotations, rr))
}

/// The rotation classes from the fixed-point counts of the rotations, identity first.
pub(super) fn rotations(fixed: &[BigUint]) -> Result<BigUint, FrontierError> {
    let sum = fixed.iter().fold(BigUint::zero(), |a, b| a + b);
    divide(&sum, fixed.len(), "rotations")
}

/// `sum / n`, which Burnside's lemma says is exact.
fn divide(sum: &BigUint, n: usize, what: &str) -> Result<BigUint, FrontierError> {
    let n = BigUint::from(n);
    if !(sum % &n).is_zero() {
        return Err(FrontierError::Inconsistent(format!(
            "the fixed points under {what} sum to {sum}, not a multiple of the group order {n}"
        )));
    }
    Ok(sum / n)
}
