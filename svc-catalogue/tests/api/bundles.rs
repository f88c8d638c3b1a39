use std::path::Path;

use svc_catalogue::Application;

use crate::helpers::{DEMO, SINGLE, config, copy_bundle, edit_json};

/// A change to one bundle file.
type Edit = fn(&mut serde_json::Value);

async fn load_error(dir: &Path) -> String {
    Application::build(config(dir))
        .await
        .expect_err("an invalid bundle")
        .to_string()
}

#[tokio::test]
async fn both_shipped_bundles_load() {
    Application::build(config(Path::new(DEMO)))
        .await
        .expect("the demo chain loads");
    Application::build(config(Path::new(SINGLE)))
        .await
        .expect("the single-location bundle loads");
}

#[tokio::test]
async fn a_type_error_names_the_file_and_the_field() {
    let dir = copy_bundle(DEMO);
    edit_json(&dir, "movies.json", |movies| {
        movies[3]["runtimeMinutes"] = "long".into()
    });
    let error = load_error(&dir).await;
    assert!(
        error.contains("movies.json: [3].runtimeMinutes: invalid type"),
        "{error}"
    );
}

#[tokio::test]
async fn a_misspelt_field_anywhere_is_refused_by_name_line_and_column() {
    let dir = copy_bundle(DEMO);
    edit_json(&dir, "theaters.json", |theaters| {
        theaters[1]["adress"] = theaters[1]["address"].clone()
    });
    let error = load_error(&dir).await;
    assert!(
        error.contains("theaters.json: [1].adress: unknown field `adress`"),
        "{error}"
    );
    assert!(error.contains(" at line "), "{error}");

    let dir = copy_bundle(DEMO);
    edit_json(&dir, "site.json", |site| {
        site["config"]["theme"]["pallete"] = site["config"]["theme"]["palette"].clone()
    });
    let error = load_error(&dir).await;
    assert!(
        error.contains("site.json: config.theme.pallete: unknown field `pallete`"),
        "{error}"
    );

    let dir = copy_bundle(DEMO);
    edit_json(&dir, "pages.json", |pages| {
        pages[0]["titel"] = "About".into()
    });
    let error = load_error(&dir).await;
    assert!(
        error.contains("pages.json: [0].titel: unknown field `titel`"),
        "{error}"
    );
}

#[tokio::test]
async fn an_unknown_field_in_a_movie_is_refused_by_name() {
    let dir = copy_bundle(DEMO);
    edit_json(&dir, "movies.json", |movies| {
        movies[0]["runtime"] = 100.into()
    });
    let error = load_error(&dir).await;
    assert!(
        error.contains("movies.json: [0].runtime: unknown field `runtime`"),
        "{error}"
    );
}

#[tokio::test]
async fn cross_references_and_values_are_checked() {
    let cases: [(&str, Edit, &str); 20] = [
        (
            "schedules.json",
            |s| s[0]["theaterId"] = "nowhere".into(),
            "schedules.json: [0].theaterId: no theater 'nowhere'",
        ),
        (
            "schedules.json",
            |s| s[0]["attributes"] = serde_json::json!(["4dx"]),
            "schedules.json: [0].attributes[0]: unknown variant `4dx`",
        ),
        (
            "schedules.json",
            |s| {
                s[0]["availability"] =
                    serde_json::json!([{"status": "sold-out", "times": ["late"]}])
            },
            "schedules.json: [0].availability[0].times: 'late' is not HH:MM",
        ),
        (
            "movies.json",
            |m| m[0]["trailerUrl"] = "https://vimeo.com/123456".into(),
            "movies.json: [0].trailerUrl: 'https://vimeo.com/123456' is not a YouTube video address",
        ),
        (
            "pages.json",
            |p| p[0]["slug"] = "refund".into(),
            "pages.json: [0].slug: 'refund' is taken by the site's own routes",
        ),
        (
            "schedules.json",
            |s| s[1]["times"][0] = "7pm".into(),
            "schedules.json: [1].times[0]: '7pm' is not HH:MM",
        ),
        (
            "site.json",
            |s| s["config"]["roundness"]["buttons"] = "ROUND".into(),
            "site.json: config.roundness.buttons: 'ROUND' is not NONE, MEDIUM or HIGH",
        ),
        (
            "site.json",
            |s| s["config"]["movieOrderIndex"][0] = "9999".into(),
            "site.json: config.movieOrderIndex[0]: no movie '9999'",
        ),
        (
            "site.json",
            |s| s["config"]["theme"]["palette"]["primary"] = "red".into(),
            "site.json: config.theme.palette.primary: 'red' is not a #RRGGBB colour",
        ),
        (
            "theaters.json",
            |t| t[1]["id"] = t[0]["id"].clone(),
            "theaters.json: [1].id: '101' appears twice",
        ),
        (
            "events.json",
            |e| e[0]["movieId"] = "9999".into(),
            "events.json: [0].movieId: no movie '9999'",
        ),
        (
            "site.json",
            |s| s["settings"]["ticketingProvider"]["handOffs"][2] = "popcorn".into(),
            "site.json: settings.ticketingProvider.handOffs[2]: 'popcorn' is not a hand-off: \
             one of startticketing, ",
        ),
        (
            "site.json",
            |s| s["config"]["theme"]["fonts"]["fontStyles"]["heading"] = "slanted".into(),
            "site.json: config.theme.fonts.fontStyles.heading: 'slanted' is not normal, italic",
        ),
        (
            "site.json",
            |s| s["config"]["theme"]["fonts"]["heading"] = "Comic Sans MS".into(),
            "site.json: config.theme.fonts.heading: 'Comic Sans MS' is not one of the theme's font families",
        ),
        (
            "site.json",
            |s| s["config"]["theme"]["fonts"]["fontWeights"]["body"]["weights"][0] = "bold".into(),
            "site.json: config.theme.fonts.fontWeights.body: 'bold' is not a weight from 100 to 900",
        ),
        (
            "site.json",
            |s| s["config"]["deferMoviePages"] = true.into(),
            "site.json: config.deferMoviePages: every page is published ahead",
        ),
        (
            "site.json",
            |s| s["config"]["pathPrefix"] = "/cinemas".into(),
            "site.json: config.pathPrefix: the site is served at the root",
        ),
        (
            "site.json",
            |s| s["config"]["theaterIds"] = serde_json::json!(["101"]),
            "site.json: config.theaterIds: the site's theaters are those of theaters.json",
        ),
        (
            "site.json",
            |s| s["config"]["trackers"]["googleAnalyticsV3"] = "UA-1-1".into(),
            "site.json: config.trackers.googleAnalyticsV3: Universal Analytics stopped",
        ),
        (
            "theaters.json",
            |t| t[2]["ticketingProvider"]["handOffs"][0] = "gift-cards".into(),
            "theaters.json: [2].ticketingProvider.handOffs[0]: 'gift-cards' is not a hand-off",
        ),
    ];
    for (file, edit, expected) in cases {
        let dir = copy_bundle(DEMO);
        edit_json(&dir, file, edit);
        let error = load_error(&dir).await;
        assert!(
            error.contains(expected),
            "expected '{expected}', got '{error}'"
        );
    }
}

#[tokio::test]
async fn a_missing_file_is_named() {
    let dir = copy_bundle(DEMO);
    std::fs::remove_file(dir.join("events.json")).expect("remove");
    let error = load_error(&dir).await;
    assert!(error.contains("events.json: cannot read"), "{error}");
}

#[tokio::test]
async fn with_loyalty_on_the_sign_in_page_needs_a_slug() {
    let dir = copy_bundle(DEMO);
    edit_json(&dir, "site.json", |site| {
        site["settings"]["loginPage"]["slug"] = "".into()
    });
    let error = load_error(&dir).await;
    assert!(
        error.contains("site.json: settings.loginPage.slug: loyalty is on"),
        "{error}"
    );
    edit_json(&dir, "site.json", |site| {
        site["settings"]["loginPage"]["slug"] = "members/../admin".into()
    });
    let error = load_error(&dir).await;
    assert!(
        error.contains("site.json: settings.loginPage.slug: 'members/../admin' must be"),
        "{error}"
    );
    // Without a loyalty programme no sign-in page is needed.
    edit_json(&dir, "site.json", |site| {
        site["settings"]["loginPage"]["slug"] = "".into();
        site["loyalty"]["provider"] = "NONE".into();
    });
    Application::build(config(&dir))
        .await
        .expect("a site without loyalty needs no sign-in page");
}

#[tokio::test]
async fn the_sign_in_page_is_built_in_when_no_content_page_has_its_slug() {
    let dir = copy_bundle(DEMO);
    edit_json(&dir, "pages.json", |pages| {
        pages
            .as_array_mut()
            .expect("a list")
            .retain(|page| page["slug"] != "sign-in");
    });
    let mut catalogue = crate::helpers::spawn_catalogue(&dir).await;
    let pages = catalogue
        .client
        .list_pages(proto::catalogue::v1::ListPagesRequest {})
        .await
        .expect("pages")
        .into_inner()
        .pages;
    let login = pages
        .iter()
        .find(|page| page.slug == "sign-in")
        .expect("the built-in sign-in page");
    assert_eq!(login.path, "/sign-in/");
    assert_eq!(login.template_name, "login");
    assert_eq!(login.title, "Sign in");
    assert!(login.sections.is_empty());
    // The bundle's own page of that slug is kept as it is.
    let mut shipped = crate::helpers::spawn_demo().await;
    let pages = shipped
        .client
        .list_pages(proto::catalogue::v1::ListPagesRequest {})
        .await
        .expect("pages")
        .into_inner()
        .pages;
    let own = pages
        .iter()
        .filter(|page| page.slug == "sign-in")
        .collect::<Vec<_>>();
    assert_eq!(own.len(), 1);
    assert_eq!(own[0].title, "Sign in to Marquee Rewards");
}

#[tokio::test]
async fn the_first_party_consent_banner_is_on_unless_the_site_turns_it_off() {
    let site_of = |dir: std::path::PathBuf| async move {
        crate::helpers::spawn_catalogue(&dir)
            .await
            .client
            .get_site(proto::catalogue::v1::GetSiteRequest {})
            .await
            .expect("a site")
            .into_inner()
            .settings
            .expect("settings")
    };
    let demo = site_of(copy_bundle(DEMO)).await;
    assert_eq!(demo.first_party_consent_banner, None);
    let dir = copy_bundle(DEMO);
    edit_json(&dir, "site.json", |site| {
        site["settings"]["firstPartyConsentBanner"] = false.into()
    });
    assert_eq!(site_of(dir).await.first_party_consent_banner, Some(false));
}

#[test]
fn a_bundle_holds_only_the_texts_it_changes_and_inherits_the_rest() {
    let clock = svc_catalogue::version::Clock::on(crate::helpers::TODAY.parse().expect("a date"));
    let single = svc_catalogue::bundle::load(Path::new(SINGLE), &clock).expect("single loads");
    let texts = &single.messages["en-US"];
    assert_eq!(texts["footer.tagline"], "One screen, one town, since 1927.");
    assert_eq!(texts["nav.movies"], "Movies");

    let demo = svc_catalogue::bundle::load(Path::new(DEMO), &clock).expect("the demo loads");
    assert_eq!(
        demo.messages["en-US"]["footer.tagline"],
        "Movies, showtimes and tickets at your local theater."
    );
    assert_eq!(demo.messages["en-US"].len(), texts.len());
}

#[tokio::test]
async fn a_locale_with_no_default_texts_and_no_file_of_its_own_is_refused() {
    let dir = copy_bundle(DEMO);
    edit_json(&dir, "site.json", |site| {
        site["config"]["locale"] = "fr-CA".into()
    });
    let error = load_error(&dir).await;
    assert!(
        error.contains(
            "site.json: config.locale: 'fr-CA' has no default texts and no messages/fr-CA.json"
        ),
        "{error}"
    );
}
