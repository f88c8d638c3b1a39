//! The published site under an outage: a copy of the demo bundle a scenario may change,
//! readers asking for published paths without pause, and the JSON a scenario reads.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::http_client;
use crate::load::{Members, Outcomes};
use crate::stack::Stack;
use crate::workspace_root;

/// The kind under which [`Readers`] record their answers.
pub const PUBLISHED: &str = "published";

/// The distributed stack serving a copy of the demo bundle in `dir/site`, which
/// svc-catalogue reloads every 200 ms; also the bundle's folder and the first movie as the
/// JSON API lists it.
pub async fn start_on_a_bundle_copy(dir: &Path) -> (Stack, PathBuf, serde_json::Value) {
    let bundle = dir.join("site");
    copy_demo_bundle(&bundle);
    let stack = Stack::start_serving(
        dir,
        &bundle,
        &[("CATALOGUE_RELOAD_MS", "200".to_owned())],
        &[],
    )
    .await;
    let movies = json(&format!("{}/api/v1/movies", stack.url)).await;
    let movie = movies[0].clone();
    (stack, bundle, movie)
}

/// Copies the demo bundle (`site/demo`) into `to`, so a scenario can change it.
pub fn copy_demo_bundle(to: &Path) {
    test_support::dirs::copy_dir(&workspace_root().join("site/demo"), to);
}

/// Gives movie `id` of the bundle in `site` a new synopsis (svc-catalogue reloads it).
pub fn change_synopsis(site: &Path, id: &str, synopsis: &str) {
    let file = site.join("movies.json");
    let mut movies: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("read movies.json"))
            .expect("movies.json is JSON");
    let movie = movies
        .as_array_mut()
        .expect("a list of movies")
        .iter_mut()
        .find(|movie| movie["id"] == id)
        .expect("the movie in the bundle");
    movie["synopsis"] = synopsis.into();
    std::fs::write(&file, serde_json::to_string_pretty(&movies).expect("JSON"))
        .expect("write movies.json");
}

/// Gives the chain of the bundle in `site` a new name, which every page carries: the
/// whole site is rendered again.
pub fn rename_chain(site: &Path, name: &str) {
    let file = site.join("site.json");
    let mut settings: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("read site.json"))
            .expect("site.json is JSON");
    settings["name"] = name.into();
    std::fs::write(
        &file,
        serde_json::to_string_pretty(&settings).expect("JSON"),
    )
    .expect("write site.json");
}

/// GET `url` as JSON.
pub async fn json(url: &str) -> serde_json::Value {
    http_client(Duration::from_secs(5))
        .get(url)
        .send()
        .await
        .expect("an answer")
        .json()
        .await
        .expect("JSON")
}

/// The published paths every scenario reads: home, the movie list's page data, the app
/// data and the sitemap, plus the page of the movie at `movie_path` and its page data.
pub fn published_paths(movie_path: &str) -> Vec<String> {
    vec![
        "/".to_owned(),
        movie_path.to_owned(),
        format!("/page-data{movie_path}page-data.json"),
        "/page-data/movies/page-data.json".to_owned(),
        "/page-data/app-data.json".to_owned(),
        "/sitemap.xml".to_owned(),
    ]
}

/// Asserts that [`Readers`] asked often between `started` and `ended`, and every answer
/// was a 200.
pub fn assert_every_read_answered(outcomes: &Outcomes, started: Instant, ended: Instant) {
    let served = outcomes.statuses(PUBLISHED, started, ended);
    let failed: Vec<_> = served.iter().filter(|s| **s != Some(200)).collect();
    assert!(
        served.len() > 30,
        "published paths were asked for: {}",
        served.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} not 200: {:?}",
        failed.len(),
        served.len(),
        &failed[..failed.len().min(10)]
    );
}

/// Readers asking for published paths in turn, without pause, until stopped; each
/// answer recorded as [`PUBLISHED`].
pub struct Readers {
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
}

impl Readers {
    pub fn start(
        members: &Members,
        outcomes: &Outcomes,
        paths: &[String],
        readers: usize,
    ) -> Readers {
        let (stop, _) = watch::channel(false);
        let tasks = (0..readers)
            .map(|reader| {
                let (members, outcomes) = (members.clone(), outcomes.clone());
                let (paths, stop) = (paths.to_vec(), stop.subscribe());
                tokio::spawn(async move {
                    let mut i = reader;
                    while !*stop.borrow() {
                        outcomes.record(PUBLISHED, members.get(&paths[i % paths.len()]).await);
                        i += 1;
                    }
                })
            })
            .collect();
        Readers { stop, tasks }
    }

    pub async fn stop(self) {
        self.stop.send_replace(true);
        for task in self.tasks {
            task.await.expect("a reader");
        }
    }
}
