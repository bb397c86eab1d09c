//! The routes. Each computing endpoint runs its work as a job of the pool (so the pool bounds
//! every search) and cancels it when its client goes away.

use crate::body::JsonBody;
use crate::error::ApiError;
use crate::guard::{check_host, Hosts};
use crate::pool::{Answer, Ctl};
use crate::requests::{self, *};
use crate::work::{self, pack, plate, revenge, snake};
use crate::{assets, jobs, Shared};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use std::net::SocketAddr;
use std::sync::Arc;
use wurfel_pack::grid::Grid;

/// The header that tells a job was stopped before its end, and why (the body then holds what
/// it found so far, as the CLI prints it after Ctrl-C).
pub const STOPPED: &str = "wurfel-stopped";

/// The whole app.
pub fn router(shared: Arc<Shared>, bound: SocketAddr) -> Router {
    let api = Router::new()
        .route("/catalog", get(catalog))
        .route("/snake/catalog", get(snake_catalog))
        .route("/grids", get(grids))
        .route("/status", get(status))
        .route("/openapi.json", get(assets::openapi))
        .route("/solve", post(solve))
        .route("/count", post(count))
        .route("/estimate", post(estimate))
        .route("/snake/solve", post(snake_solve))
        .route("/snake/count", post(snake_count))
        .route("/revenge/solve", post(revenge_solve))
        .route("/revenge/play", post(revenge_play))
        .route("/check", post(check))
        .route("/convert", post(convert))
        .route("/plate", post(plate))
        .route("/view/solve", post(view_solve))
        .route("/view/pieces", post(view_pieces))
        .route("/view/snake", post(view_snake))
        .route("/view/scene", post(view_scene))
        .route("/jobs", post(jobs::create))
        .route("/jobs/{id}", delete(jobs::cancel))
        .route("/jobs/{id}/events", get(jobs::events));
    Router::new()
        .nest("/api/v1", api)
        .route("/", get(assets::index))
        .route("/app/{file}", get(assets::file))
        .fallback(not_found)
        .method_not_allowed_fallback(not_allowed)
        .layer(DefaultBodyLimit::max(crate::BODY_LIMIT))
        .layer(axum::middleware::map_response(security_headers))
        .layer(axum::middleware::from_fn_with_state(
            Hosts::new(bound),
            check_host,
        ))
        .with_state(shared)
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such endpoint (see /api/v1/openapi.json)")
}

async fn not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this endpoint does not take that method (see /api/v1/openapi.json)",
    )
}

/// No framing by other sites, no sniffing, no referrer, scripts and styles from here only.
async fn security_headers(mut res: Response) -> Response {
    let h = res.headers_mut();
    let set = |h: &mut axum::http::HeaderMap, k: &'static str, v: &'static str| {
        h.insert(HeaderName::from_static(k), HeaderValue::from_static(v));
    };
    set(h, "x-content-type-options", "nosniff");
    set(h, "referrer-policy", "no-referrer");
    set(
        h,
        "content-security-policy",
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'self'; form-action 'none'",
    );
    res
}

/// Runs `work` as a job and answers with its result; the job is cancelled if the client
/// goes away first.
async fn run_job<W>(shared: &Arc<Shared>, threads: usize, work: W) -> Result<Response, ApiError>
where
    W: FnOnce(&Ctl) -> Result<Answer, ApiError> + Send + 'static,
{
    let mut handle = shared.pool.submit(threads, work)?;
    let guard = handle.guard();
    let finished = handle.finished().await;
    guard.disarm();
    let mut res = match &finished.body {
        Ok(a) => answer(a.clone()),
        Err(e) => return Err(ApiError::new(e.status, e.message.clone())),
    };
    if let Some(why) = &finished.stopped {
        if let Ok(v) = HeaderValue::from_str(why) {
            res.headers_mut()
                .insert(HeaderName::from_static(STOPPED), v);
        }
    }
    Ok(res)
}

/// A JSON answer or a page, with its content type.
fn answer(a: Answer) -> Response {
    let (content_type, body) = match a {
        Answer::Json(j) => ("application/json", j),
        Answer::Html(h) => ("text/html; charset=utf-8", h),
        Answer::File {
            content_type,
            name,
            bytes,
        } => {
            let disposition = format!("attachment; filename=\"{name}\"");
            return (
                [
                    (header::CONTENT_TYPE, content_type.to_string()),
                    (header::CONTENT_DISPOSITION, disposition),
                ],
                bytes,
            )
                .into_response();
        }
    };
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

fn threads(shared: &Shared, asked: Option<u64>) -> Result<usize, ApiError> {
    requests::threads(asked, shared.config.threads)
}

async fn catalog() -> Result<Response, ApiError> {
    let mut rows = Vec::new();
    for id in wurfel_pack::catalog::ids() {
        rows.push(wurfel_pack::catalog::get(id).ok_or_else(|| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("catalog entry `{id}`"),
            )
        })?);
    }
    let entries: Vec<_> = rows
        .iter()
        .map(wurfel_present::report::PuzzleEntry::new)
        .collect();
    Ok(answer(work::to_json(&entries)?))
}

async fn snake_catalog(State(shared): State<Arc<Shared>>) -> Result<Response, ApiError> {
    let s = shared.clone();
    let v = tokio::task::spawn_blocking(move || s.snakes().clone())
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(answer(Answer::Json(v)))
}

async fn grids() -> Json<Vec<crate::grids::GridInfo>> {
    Json(crate::grids::all())
}

async fn status(State(shared): State<Arc<Shared>>) -> Json<crate::pool::PoolStatus> {
    Json(shared.pool.status())
}

async fn solve(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<SolveRequest>,
) -> Result<Response, ApiError> {
    let (t, max) = (threads(&shared, r.threads)?, shared.config.max_solutions);
    run_job(&shared, t, move |ctl| pack::solve(&r, ctl, max)).await
}

async fn count(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<CountRequest>,
) -> Result<Response, ApiError> {
    let t = threads(&shared, r.threads)?;
    run_job(&shared, t, move |ctl| pack::count(&r, ctl)).await
}

async fn estimate(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<EstimateRequest>,
) -> Result<Response, ApiError> {
    let t = threads(&shared, r.threads)?;
    run_job(&shared, t, move |ctl| pack::estimate(&r, ctl)).await
}

async fn snake_solve(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<SnakeRequest>,
) -> Result<Response, ApiError> {
    let max = shared.config.max_solutions;
    run_job(&shared, 1, move |ctl| snake::solve(&r, ctl, max)).await
}

async fn snake_count(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<SnakeRequest>,
) -> Result<Response, ApiError> {
    let t = threads(&shared, r.threads)?;
    run_job(&shared, t, move |ctl| snake::count(&r, ctl)).await
}

async fn revenge_solve(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<RevengeRequest>,
) -> Result<Response, ApiError> {
    let s = shared.clone();
    run_job(&shared, 1, move |ctl| revenge::solve(&r, ctl, &s)).await
}

async fn revenge_play(JsonBody(r): JsonBody<RevengeRequest>) -> Result<Response, ApiError> {
    // A thousand moves on one cube: microseconds, no job needed.
    revenge::play(&r).map(answer)
}

async fn check(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<PuzzleRequest>,
) -> Result<Response, ApiError> {
    if r.to.is_some() {
        return Err(ApiError::bad_request(
            "`to` is an option of convert, not of check",
        ));
    }
    run_job(&shared, 1, move |ctl| pack::check(&r.source().load()?, ctl)).await
}

async fn view_solve(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<SolveRequest>,
) -> Result<Response, ApiError> {
    let t = threads(&shared, r.threads)?;
    // As `--render x.html`: the viewer holds at most 200 solutions.
    let max = shared.config.max_solutions.min(200);
    run_job(&shared, t, move |ctl| pack::view_solve(&r, ctl, max)).await
}

async fn view_pieces(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<PuzzleRequest>,
) -> Result<Response, ApiError> {
    run_job(&shared, 1, move |_| {
        let l = r.source().load()?;
        let scene = wurfel_present::scene::pieces_scene(&l.puzzle);
        work::viewer(&[scene])
    })
    .await
}

async fn view_snake(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<SnakeRequest>,
) -> Result<Response, ApiError> {
    let max = shared.config.max_solutions.min(200);
    run_job(&shared, 1, move |ctl| snake::view(&r, ctl, max)).await
}

/// The largest scene the designer may send: the puzzle format's 4,096 target cells, with
/// every piece beside it.
const MAX_SCENE_CELLS: usize = 16_384;

async fn view_scene(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<SceneRequest>,
) -> Result<Response, ApiError> {
    let cells: usize = r
        .scenes
        .iter()
        .flat_map(|s| &s.pieces)
        .map(|p| p.cells.len())
        .sum();
    if cells > MAX_SCENE_CELLS || r.scenes.len() > 200 {
        return Err(ApiError::bad_request(format!(
            "at most 200 scenes and {MAX_SCENE_CELLS} cells in all"
        )));
    }
    let grid = match r.grid.as_deref() {
        None => Grid::Cubes,
        Some(k) => Grid::from_key(k).ok_or_else(|| {
            let keys: Vec<&str> = Grid::ALL.iter().map(|g| g.key()).collect();
            ApiError::bad_request(format!(
                "unknown grid {k:?}; the grids are {}",
                keys.join(", ")
            ))
        })?,
    };
    // Off the cube grid most voxels are not cells: say which, as the puzzle file does.
    if let Some(c) = r
        .scenes
        .iter()
        .flat_map(|s| &s.pieces)
        .flat_map(|p| &p.cells)
        .find(|&&c| !grid.is_cell(c))
    {
        return Err(ApiError::bad_request(format!(
            "[{}, {}, {}] is not a cell of the grid of {}",
            c[0],
            c[1],
            c[2],
            grid.name()
        )));
    }
    let colour = |c: Option<String>| match c {
        None => Ok(None),
        Some(c) => wurfel_render::Rgb::parse(&c)
            .map(Some)
            .ok_or_else(|| ApiError::bad_request(format!("`color` {c:?} is not #rrggbb"))),
    };
    let scenes = r
        .scenes
        .into_iter()
        .map(|s| {
            Ok(wurfel_render::Scene {
                lattice: wurfel_present::scene::lattice(grid),
                title: s.title,
                pieces: s
                    .pieces
                    .into_iter()
                    .map(|p| {
                        if p.cell_colors.len() > p.cells.len() {
                            return Err(ApiError::bad_request(
                                "`cell_colors` has more entries than `cells`".to_string(),
                            ));
                        }
                        Ok(wurfel_render::ScenePiece {
                            name: p.name,
                            label: None,
                            cells: p.cells,
                            colour: colour(p.color)?,
                            cell_colours: p.cell_colors.into_iter().map(colour).collect::<Result<
                                _,
                                ApiError,
                            >>(
                            )?,
                        })
                    })
                    .collect::<Result<_, ApiError>>()?,
                path: None,
                text: None,
                moves: None,
                colour_key: Vec::new(),
            })
        })
        .collect::<Result<Vec<wurfel_render::Scene>, ApiError>>()?;
    run_job(&shared, 1, move |_| work::viewer(&scenes)).await
}

/// `POST /api/v1/plate`: every piece on one print plate, a 3MF package (a job of the pool, as
/// every computing endpoint).
async fn plate(
    State(shared): State<Arc<Shared>>,
    JsonBody(r): JsonBody<PlateRequest>,
) -> Result<Response, ApiError> {
    run_job(&shared, 1, move |_| plate::plate_3mf(&r)).await
}

/// `POST /api/v1/convert`: the puzzle as `wurfel convert` writes it: `"to": "toml"` (text)
/// or `"xmpuzzle"` (BurrTools, gzip-compressed bytes).
async fn convert(JsonBody(r): JsonBody<PuzzleRequest>) -> Result<Response, ApiError> {
    use wurfel_app::convert::{convert, Format};
    let l = r.source().load()?;
    let format = r.to.as_deref().and_then(Format::from_key).ok_or_else(|| {
        ApiError::bad_request(
            "give `to`: \"toml\" or \"xmpuzzle\" (as `wurfel convert` chooses by the extension)",
        )
    })?;
    let content_type = match format {
        Format::Toml => "application/toml; charset=utf-8",
        Format::Xmpuzzle => "application/octet-stream",
    };
    Ok(answer(Answer::File {
        content_type,
        name: format!("puzzle.{}", r.to.as_deref().unwrap_or_default()),
        bytes: convert(&l.puzzle, format).bytes,
    }))
}
