//! The painter's order of visible faces agrees with ray casting: at sample points, the last face
//! drawn over the point is the face a ray from the viewer enters first.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wurfel_render::voxel::{Camera, Voxels};

fn point_in_quad(p: (f64, f64), q: &[(f64, f64); 4]) -> bool {
    let mut inside = false;
    let mut j = 3;
    for i in 0..4 {
        let (xi, yi) = q[i];
        let (xj, yj) = q[j];
        if (yi > p.1) != (yj > p.1) && p.0 < (xj - xi) * (p.1 - yi) / (yj - yi) + xi {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// First cube hit by the ray through screen point `p` (entry parameter, cell, face direction),
/// or `None` when the hit is too close to an edge to be unambiguous.
fn ray_cast(cells: &[[i64; 3]], cam: &Camera, p: (f64, f64)) -> Option<Option<([i64; 3], usize)>> {
    // A point on the screen plane through the origin, then far towards the viewer.
    let o: Vec<f64> = (0..3)
        .map(|k| p.0 * cam.r[k] - p.1 * cam.u[k] + 1000.0 * cam.d[k])
        .collect();
    let dir = [-cam.d[0], -cam.d[1], -cam.d[2]];
    let mut best: Option<(f64, [i64; 3], usize, f64)> = None;
    let mut second = f64::INFINITY;
    for &c in cells {
        let mut t_near = f64::NEG_INFINITY;
        let mut t_far = f64::INFINITY;
        let mut face = 0;
        let mut margin = f64::INFINITY;
        let mut ok = true;
        let mut nears = [f64::NEG_INFINITY; 3];
        for k in 0..3 {
            let lo = c[k] as f64;
            let hi = lo + 1.0;
            if dir[k].abs() < 1e-12 {
                if o[k] <= lo || o[k] >= hi {
                    ok = false;
                    break;
                }
                margin = margin.min(o[k] - lo).min(hi - o[k]);
                continue;
            }
            let (a, b) = ((lo - o[k]) / dir[k], (hi - o[k]) / dir[k]);
            let (n, f) = if a < b { (a, b) } else { (b, a) };
            nears[k] = n;
            if n > t_near {
                t_near = n;
                // Entered through the face on the side the ray comes from.
                face = 2 * k + if dir[k] < 0.0 { 0 } else { 1 };
            }
            t_far = t_far.min(f);
        }
        if !ok || t_near >= t_far {
            continue;
        }
        // Distance (in ray parameter) from the entry point to the face's edges.
        for (k, &n) in nears.iter().enumerate() {
            if 2 * k != face && 2 * k + 1 != face && n.is_finite() {
                margin = margin.min(t_near - n);
            }
        }
        margin = margin.min(t_far - t_near);
        match best {
            Some((t, ..)) if t <= t_near => second = second.min(t_near),
            _ => {
                if let Some((t, ..)) = best {
                    second = second.min(t);
                }
                best = Some((t_near, c, face, margin));
            }
        }
    }
    match best {
        None => Some(None),
        Some((t, c, f, margin)) => {
            if margin < 0.03 || (second - t).abs() < 1e-6 {
                None
            } else {
                Some(Some((c, f)))
            }
        }
    }
}

fn check(cells: &[[i64; 3]], cam: &Camera, rng: &mut ChaCha8Rng) -> usize {
    let vox = Voxels::new(
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| (i, std::slice::from_ref(c))),
    );
    let faces = vox.visible_faces(cam);
    let quads: Vec<[(f64, f64); 4]> = faces
        .iter()
        .map(|f| {
            let mut q = [(0.0, 0.0); 4];
            for (i, &p) in f.corners.iter().enumerate() {
                q[i] = cam.project(p);
            }
            q
        })
        .collect();
    let mut checked = 0;
    for _ in 0..400 {
        let p = (rng.gen_range(-8.0..8.0), rng.gen_range(-8.0..8.0));
        let Some(truth) = ray_cast(cells, cam, p) else {
            continue;
        };
        let painted = quads
            .iter()
            .zip(&faces)
            .rfind(|(q, _)| point_in_quad(p, q))
            .map(|(_, f)| (f.cell, f.dir));
        assert_eq!(
            painted, truth,
            "at {p:?} with camera {cam:?}, cells {cells:?}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn painter_order_matches_ray_casting() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut cams = vec![Camera::iso_front(), Camera::iso_back()];
    for _ in 0..6 {
        let d = [
            rng.gen_range(-1.0..1.0),
            rng.gen_range(-1.0..1.0),
            rng.gen_range(-1.0..1.0),
        ];
        cams.push(Camera::looking_from(d));
    }
    let mut total = 0;
    for trial in 0..60 {
        let n = 3 + trial % 4;
        let density = 0.25 + 0.5 * rng.gen::<f64>();
        let mut cells = Vec::new();
        for x in 0..n {
            for y in 0..n {
                for z in 0..n {
                    if rng.gen::<f64>() < density {
                        cells.push([x - 2, y - 2, z - 2]);
                    }
                }
            }
        }
        for cam in &cams {
            total += check(&cells, cam, &mut rng);
        }
    }
    assert!(total > 10_000, "too few unambiguous samples: {total}");
}
