//! Recognition of tinies and minies, `x + Tiny(H)` = {x || x | x - H} and
//! `x + Miny(H)` = {x + H | x || x}, so they can be named in print.

use crate::game::{Arena, GameId};
use crate::number::Dyadic;

impl Arena {
    /// `Some((x, miny, H))` if `g` prints as `xTiny(H)` = {x || x | x - H}
    /// or `xMiny(H)` = {x + H | x || x}.
    pub fn tiny_shape(&mut self, g: GameId) -> Option<(Dyadic, bool, GameId)> {
        if self.as_nus(g).is_some() {
            return None;
        }
        let (l, r) = (self.left_options(g), self.right_options(g));
        if l.len() != 1 || r.len() != 1 {
            return None;
        }
        for miny in [false, true] {
            let (near, far) = if miny { (r[0], l[0]) } else { (l[0], r[0]) };
            let Some(x) = self.as_number(near).cloned() else {
                continue;
            };
            if self.is_number(far) {
                continue;
            }
            let (fl, fr) = (self.left_options(far), self.right_options(far));
            if fl.len() != 1 || fr.len() != 1 {
                continue;
            }
            let (back, y) = if miny { (fr[0], fl[0]) } else { (fl[0], fr[0]) };
            if back != near {
                continue;
            }
            let my = self.mean(y);
            if (!miny && my < x) || (miny && my > x) {
                let h = if miny {
                    self.sub(y, near)
                } else {
                    self.sub(near, y)
                };
                return Some((x, miny, h));
            }
        }
        None
    }
}
