//! The positions along the turn sequences a search hands its caller one after another: each
//! shares most of its turns with the one before (the search lists them in depth-first order),
//! so only the turns after the common prefix are applied again. Phase 1 and phase 2 look at
//! every solution they find (tens of thousands to hundreds of thousands per solve), each a few
//! turns from the last.

use super::moves::Turn;

/// The states after each turn of the last sequence followed.
pub(crate) struct Walk<T> {
    path: Vec<Turn>,
    /// `states[k]`: after the first `k` turns of `path`.
    states: Vec<T>,
}

impl<T> Walk<T> {
    pub(crate) fn new(start: T) -> Walk<T> {
        Walk {
            path: Vec::new(),
            states: vec![start],
        }
    }

    /// The state after `ts`, made from the longest prefix shared with the sequence followed
    /// before by `step` (the state after a turn); also whether it differs from that sequence.
    #[inline]
    pub(crate) fn follow(&mut self, ts: &[Turn], step: impl Fn(&T, Turn) -> T) -> (&T, bool) {
        let same = self.path.iter().zip(ts).take_while(|(a, b)| a == b).count();
        let changed = same < self.path.len() || same < ts.len();
        self.path.truncate(same);
        self.states.truncate(same + 1);
        for &t in &ts[same..] {
            let next = step(self.states.last().expect("the start"), t);
            self.states.push(next);
            self.path.push(t);
        }
        (self.states.last().expect("the start"), changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Following sequences in any order gives what applying each whole gives, and says when
    /// the sequence changed.
    #[test]
    fn follow_is_applying_the_whole_sequence() {
        // A state that records its turns: the sequence itself.
        let step = |s: &Vec<Turn>, t: Turn| {
            let mut x = s.clone();
            x.push(t);
            x
        };
        let mut w = Walk::new(Vec::new());
        let seqs: [&[u8]; 6] = [&[1, 2, 3], &[1, 2, 4], &[1, 2, 4], &[1], &[], &[5, 2, 4, 7]];
        let mut before: Option<Vec<Turn>> = None;
        for s in seqs {
            let ts: Vec<Turn> = s.iter().map(|&k| Turn(k)).collect();
            let (state, changed) = w.follow(&ts, step);
            assert_eq!(*state, ts);
            assert_eq!(changed, before.as_ref() != Some(&ts));
            before = Some(ts);
        }
    }
}
