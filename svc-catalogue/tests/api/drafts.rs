//! The studio's drafts over gRPC (catalogue.v1.Drafts): a change checked whole and kept
//! apart from the published site; published as one commit; refused over a record changed
//! since; kept in the history with who made it; restored as a new revision; published
//! at its time, also after a restart.

use std::time::Duration;

use proto::catalogue::v1 as pb;
use proto::catalogue::v1::drafts_client::DraftsClient;
use proto::catalogue::v1::ingest_client::IngestClient;
use svc_catalogue::Application;
use test_support::polling::eventually;
use tonic::Code;
use tonic::transport::Channel;
use tonic_types::StatusExt;

use crate::helpers::{DEMO, TestCatalogue, config_in, serve, spawn_demo};

const SITE: &str = "demo";

fn drafts(catalogue: &TestCatalogue) -> DraftsClient<Channel> {
    DraftsClient::new(catalogue.channel.clone())
}

fn site() -> pb::DraftRequest {
    pb::DraftRequest {
        site_id: SITE.to_owned(),
    }
}

fn patch(json: &str, author: &str) -> pb::PatchDraftSiteRequest {
    pb::PatchDraftSiteRequest {
        site_id: SITE.to_owned(),
        patch_json: json.to_owned(),
        author: author.to_owned(),
    }
}

fn publish(author: &str, publish_at: Option<i64>, overwrite: bool) -> pb::PublishDraftRequest {
    pb::PublishDraftRequest {
        site_id: SITE.to_owned(),
        author: author.to_owned(),
        publish_at,
        overwrite,
    }
}

fn about(title: &str) -> pb::PageRecord {
    pb::PageRecord {
        slug: "about".to_owned(),
        title: title.to_owned(),
        sections: vec![pb::PageSection {
            heading: "Since 1927".to_owned(),
            paragraphs: vec!["Four screens on Main Street.".to_owned()],
        }],
        ..Default::default()
    }
}

/// Ana removes page `slug` in the draft.
fn remove_page(slug: &str) -> pb::DeleteDraftRecordRequest {
    pb::DeleteDraftRecordRequest {
        site_id: SITE.to_owned(),
        kind: "page".to_owned(),
        id: slug.to_owned(),
        author: "Ana".to_owned(),
    }
}

/// The published site's palette.
async fn palette(catalogue: &TestCatalogue) -> pb::Palette {
    catalogue
        .client
        .clone()
        .get_site(pb::GetSiteRequest::default())
        .await
        .expect("the site")
        .into_inner()
        .config
        .and_then(|config| config.theme)
        .and_then(|theme| theme.palette)
        .unwrap_or_default()
}

async fn page_title(catalogue: &TestCatalogue, slug: &str) -> String {
    catalogue
        .client
        .clone()
        .get_page(pb::GetPageRequest {
            slug: slug.to_owned(),
        })
        .await
        .expect("the page")
        .into_inner()
        .title
}

async fn history(catalogue: &TestCatalogue) -> Vec<pb::Revision> {
    drafts(catalogue)
        .list_revisions(site())
        .await
        .expect("the history")
        .into_inner()
        .revisions
}

#[tokio::test]
async fn a_theme_change_is_checked_kept_in_the_draft_and_published_as_one_commit() {
    let catalogue = spawn_demo().await;
    let mut drafts = drafts(&catalogue);
    let before = palette(&catalogue).await.primary;

    let refused = drafts
        .patch_draft_site(patch(
            r#"{"config": {"theme": {"palette": {"primary": "teal"}}}}"#,
            "Ana",
        ))
        .await
        .expect_err("not a colour");
    assert_eq!(refused.code(), Code::InvalidArgument);
    let field = refused
        .get_details_bad_request()
        .expect("the field")
        .field_violations[0]
        .field
        .clone();
    assert_eq!(field, "config.theme.palette.primary");
    let refused = drafts
        .patch_draft_site(patch(r#"{"loyalty": {"provider": "ACME"}}"#, "Ana"))
        .await
        .expect_err("no such provider");
    assert_eq!(
        refused
            .get_details_bad_request()
            .expect("the field")
            .field_violations[0]
            .field,
        "loyalty.provider"
    );
    for (patch_json, problem) in [
        ("[1]", "a JSON object"),
        ("{", "not JSON"),
        (r#"{"config": {"colour": "red"}}"#, "unknown field"),
        (r#"{"config": {"locale": "xx-XX"}}"#, "no default texts"),
        (
            r#"{"config": {"theme": {"fonts": {"body": "Comic Sans MS"}}}}"#,
            "font families",
        ),
        (r#"{"loyalty": {"provider": "ACME"}}"#, "is not a provider"),
        (r#"{"loyalty": {"sessionTimeout": 0}}"#, "a session lasts"),
    ] {
        let refused = drafts
            .patch_draft_site(patch(patch_json, "Ana"))
            .await
            .expect_err(patch_json);
        assert_eq!(refused.code(), Code::InvalidArgument, "{patch_json}");
        assert!(refused.message().contains(problem), "{}", refused.message());
    }
    assert!(
        drafts
            .get_draft(site())
            .await
            .expect("draft")
            .into_inner()
            .changes
            .is_empty(),
        "nothing refused was kept"
    );

    let drafted = drafts
        .patch_draft_site(patch(
            r##"{"config": {"theme": {"palette": {"primary": "#0A7E8C"}}}}"##,
            "Ana",
        ))
        .await
        .expect("a colour")
        .into_inner();
    assert!(drafted.before_json.contains(&before));
    assert!(drafted.after_json.contains("#0A7E8C"));
    let draft = drafts.get_draft(site()).await.expect("draft").into_inner();
    assert_eq!(draft.changes.len(), 1);
    assert_eq!(
        (draft.changes[0].kind.as_str(), draft.changes[0].by.as_str()),
        ("site", "Ana")
    );
    assert_eq!(
        palette(&catalogue).await.primary,
        before,
        "the public site is unchanged"
    );
    let document = drafts
        .get_draft_site(site())
        .await
        .expect("the draft's document")
        .into_inner()
        .after_json;
    assert!(document.contains("#0A7E8C"));

    let published = drafts
        .publish_draft(publish("Ana", None, false))
        .await
        .expect("published")
        .into_inner();
    assert!(!published.revision.is_empty());
    assert_eq!(
        palette(&catalogue).await.primary,
        "#0A7E8C",
        "served when the answer came"
    );
    assert!(
        drafts
            .get_draft(site())
            .await
            .expect("draft")
            .into_inner()
            .changes
            .is_empty()
    );
    let newest = &history(&catalogue).await[0];
    assert_eq!(newest.revision, published.revision);
    assert_eq!(newest.by, "Ana");
    assert_eq!(newest.summary, "Published the draft: site: config.theme");

    let empty = drafts
        .publish_draft(publish("Ana", None, false))
        .await
        .expect_err("nothing to publish");
    assert_eq!(empty.code(), Code::FailedPrecondition);
}

#[tokio::test]
async fn a_record_changed_since_the_draft_began_is_named_and_kept_unless_overwritten() {
    let catalogue = spawn_demo().await;
    let mut drafts = drafts(&catalogue);
    drafts
        .put_draft_page(pb::PutDraftPageRequest {
            site_id: SITE.to_owned(),
            page: Some(about("About Marquee")),
            author: "Ana".to_owned(),
        })
        .await
        .expect("drafted");
    // The point of sale's feed writes the same page meanwhile.
    let mut ingest = IngestClient::connect(format!("http://{}", catalogue.addr))
        .await
        .expect("connect");
    let mut request = tonic::Request::new(pb::PutPageRequest {
        page: Some(about("About us (from the feed)")),
    });
    request.metadata_mut().insert(
        "authorization",
        format!("Bearer {}", catalogue.demo_key(SITE))
            .parse()
            .expect("a header value"),
    );
    ingest.put_page(request).await.expect("written by the feed");
    let fed = &history(&catalogue).await[0];
    assert_eq!(fed.by, "embedded demo", "the ingest key's label");
    assert_eq!(fed.summary, "page 'about' changed");

    let stale = drafts
        .publish_draft(publish("Ana", None, false))
        .await
        .expect_err("changed since");
    assert_eq!(stale.code(), Code::AlreadyExists);
    assert!(
        stale.message().contains("page 'about'"),
        "{}",
        stale.message()
    );
    assert_eq!(
        page_title(&catalogue, "about").await,
        "About us (from the feed)"
    );
    assert_eq!(
        drafts
            .get_draft(site())
            .await
            .expect("draft")
            .into_inner()
            .changes
            .len(),
        1,
        "the draft is kept"
    );

    drafts
        .publish_draft(publish("Ana", None, true))
        .await
        .expect("overwritten");
    assert_eq!(page_title(&catalogue, "about").await, "About Marquee");
}

#[tokio::test]
async fn a_restore_commits_an_earlier_revisions_records_as_a_new_revision() {
    let catalogue = spawn_demo().await;
    let mut drafts = drafts(&catalogue);
    let original = page_title(&catalogue, "about").await;
    let first = history(&catalogue).await;
    assert_eq!(first.len(), 1, "the import is the first revision kept");
    assert_eq!(first[0].by, "bundle import");

    for title in ["About Marquee", "About Marquee Cinemas"] {
        drafts
            .put_draft_page(pb::PutDraftPageRequest {
                site_id: SITE.to_owned(),
                page: Some(about(title)),
                author: "Ana".to_owned(),
            })
            .await
            .expect("drafted");
        drafts
            .publish_draft(publish("Ana", None, false))
            .await
            .expect("published");
    }
    assert_eq!(
        page_title(&catalogue, "about").await,
        "About Marquee Cinemas"
    );

    let restored = drafts
        .restore_revision(pb::RestoreRevisionRequest {
            site_id: SITE.to_owned(),
            revision: first[0].revision.clone(),
            author: "Bo".to_owned(),
        })
        .await
        .expect("restored")
        .into_inner();
    assert_eq!(page_title(&catalogue, "about").await, original);
    let kept = history(&catalogue).await;
    assert_eq!(kept.len(), 4, "nothing rewritten: {kept:?}");
    assert_eq!(kept[0].revision, restored.revision);
    assert_eq!(kept[0].by, "Bo");
    assert_eq!(
        kept[0].summary,
        format!(
            "Restored revision {}: page 'about' changed",
            first[0].revision
        )
    );

    let unknown = drafts
        .restore_revision(pb::RestoreRevisionRequest {
            site_id: SITE.to_owned(),
            revision: "no-such-revision".to_owned(),
            author: "Bo".to_owned(),
        })
        .await
        .expect_err("unknown");
    assert_eq!(unknown.code(), Code::NotFound);
}

#[tokio::test]
async fn a_page_removed_in_the_draft_stays_until_published_and_a_shadowing_slug_is_refused() {
    let catalogue = spawn_demo().await;
    let mut drafts = drafts(&catalogue);
    let mut movies = about("Movies");
    movies.slug = "movies".to_owned();
    let refused = drafts
        .put_draft_page(pb::PutDraftPageRequest {
            site_id: SITE.to_owned(),
            page: Some(movies),
            author: "Ana".to_owned(),
        })
        .await
        .expect_err("a route of the site");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert_eq!(
        refused
            .get_details_bad_request()
            .expect("the field")
            .field_violations[0]
            .field,
        "slug"
    );

    drafts
        .delete_draft_record(remove_page("accessibility"))
        .await
        .expect("removed in the draft");
    let draft = drafts.get_draft(site()).await.expect("draft").into_inner();
    assert!(draft.changes[0].removed);
    page_title(&catalogue, "accessibility").await;
    drafts
        .publish_draft(publish("Ana", None, false))
        .await
        .expect("published");
    let gone = catalogue
        .client
        .clone()
        .get_page(pb::GetPageRequest {
            slug: "accessibility".to_owned(),
        })
        .await
        .expect_err("removed");
    assert_eq!(gone.code(), Code::NotFound);
    assert_eq!(
        history(&catalogue).await[0].summary,
        "Published the draft: page 'accessibility' removed"
    );

    let missing = drafts
        .delete_draft_record(remove_page("accessibility"))
        .await
        .expect_err("no such page");
    assert_eq!(missing.code(), Code::NotFound);
}

#[tokio::test]
async fn patches_made_at_once_each_keep_their_field() {
    let catalogue = spawn_demo().await;
    let colours = [
        "#111111", "#222222", "#333333", "#444444", "#555555", "#666666",
    ];
    let patches = colours.iter().enumerate().map(|(index, colour)| {
        let mut drafts = drafts(&catalogue);
        let json = format!(
            r#"{{"config": {{"theme": {{"colors": {{"brand{}": "{colour}"}}}}}}}}"#,
            index + 1
        );
        async move { drafts.patch_draft_site(patch(&json, "Ana")).await }
    });
    for answer in futures_util::future::join_all(patches).await {
        answer.expect("patched");
    }
    let document: serde_json::Value = serde_json::from_str(
        &drafts(&catalogue)
            .get_draft_site(site())
            .await
            .expect("the draft's document")
            .into_inner()
            .after_json,
    )
    .expect("JSON");
    for (index, colour) in colours.iter().enumerate() {
        assert_eq!(
            document["config"]["theme"]["colors"][format!("brand{}", index + 1)],
            *colour,
            "no patch lost: {document}"
        );
    }
}

/// The site's name and its pages' slugs and titles, as `GetSiteContent` answers them.
async fn content(catalogue: &TestCatalogue, draft: bool) -> (String, Vec<(String, String)>) {
    let content = catalogue
        .client
        .clone()
        .get_site_content(pb::GetSiteContentRequest { draft })
        .await
        .expect("the site's content")
        .into_inner();
    let pages = content
        .pages
        .into_iter()
        .map(|page| (page.slug, page.title))
        .collect();
    let name = content
        .site
        .and_then(|site| site.config)
        .unwrap_or_default()
        .name;
    (name, pages)
}

#[tokio::test]
async fn the_site_as_drafted_has_the_drafts_records_in_their_places_and_the_published_one_not() {
    let catalogue = spawn_demo().await;
    let mut drafts = drafts(&catalogue);
    let published = content(&catalogue, false).await;
    assert_eq!(content(&catalogue, true).await, published, "an empty draft");

    drafts
        .patch_draft_site(patch(r#"{"name": "Marquee Drafted"}"#, "Ana"))
        .await
        .expect("a name");
    let added = |slug: &str, title: &str| {
        let mut page = about(title);
        page.slug = slug.to_owned();
        page
    };
    for page in [
        about("About the drafted Marquee"),
        added("members-night", "Members' night"),
        added("gala", "Gala"),
    ] {
        drafts
            .put_draft_page(pb::PutDraftPageRequest {
                site_id: SITE.to_owned(),
                page: Some(page),
                author: "Ana".to_owned(),
            })
            .await
            .expect("a page");
    }
    drafts
        .delete_draft_record(remove_page("accessibility"))
        .await
        .expect("removed in the draft");

    let (name, pages) = content(&catalogue, true).await;
    assert_eq!(name, "Marquee Drafted");
    let expected: Vec<(String, String)> = published
        .1
        .iter()
        .filter(|(slug, _)| slug != "accessibility")
        .map(|(slug, title)| {
            let title = if slug == "about" {
                "About the drafted Marquee"
            } else {
                title
            };
            (slug.clone(), title.to_owned())
        })
        // New pages last, in the order a publish writes them (by slug).
        .chain([
            ("gala".to_owned(), "Gala".to_owned()),
            ("members-night".to_owned(), "Members' night".to_owned()),
        ])
        .collect();
    assert_eq!(pages, expected, "replaced in place, removed, added last");
    assert_eq!(
        content(&catalogue, false).await,
        published,
        "the published site is unchanged"
    );
    drafts
        .publish_draft(publish("Ana", None, false))
        .await
        .expect("published");
    assert_eq!(
        content(&catalogue, false).await.1,
        pages,
        "published as previewed"
    );
}

#[tokio::test]
async fn a_scheduled_publish_survives_a_restart_and_runs_once_its_time_has_passed() {
    let data_dir = test_support::dirs::fresh_dir("catalogue_data");
    let config = || config_in(std::path::Path::new(DEMO), &data_dir);
    // The first process, stopped once the publish is scheduled.
    let application = Application::build(config())
        .await
        .expect("the bundle loads");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let addr = test_support::net::spawn_on_loopback(|listener| {
        application.serve(listener, async {
            let _ = stopped.await;
        })
    })
    .await;
    let mut client = DraftsClient::connect(format!("http://{addr}"))
        .await
        .expect("connect");
    client
        .patch_draft_site(patch(
            r##"{"config": {"theme": {"palette": {"accent": "#123456"}}}}"##,
            "Ana",
        ))
        .await
        .expect("drafted");
    let at = jiff::Timestamp::now().as_second() + 2;
    let scheduled = client
        .publish_draft(publish("Ana", Some(at), false))
        .await
        .expect("scheduled")
        .into_inner();
    assert_eq!(
        (scheduled.revision.as_str(), scheduled.publish_at),
        ("", at)
    );
    let draft = client.get_draft(site()).await.expect("draft").into_inner();
    assert_eq!(draft.schedule.map(|schedule| schedule.publish_at), Some(at));
    drop(client);
    stop.send(()).expect("the first process serves");
    // Down past the time: the next start finds it in the past and publishes at once.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let application = Application::build(config())
        .await
        .expect("the bundle loads");
    let catalogue = serve(application, data_dir.clone()).await;
    let published = eventually(Duration::from_secs(10), || async {
        palette(&catalogue).await.accent == "#123456"
    })
    .await;
    assert!(published, "published at its time, after the restart");
    let newest = &history(&catalogue).await[0];
    assert_eq!(newest.by, "Ana");
    let draft = drafts(&catalogue)
        .get_draft(site())
        .await
        .expect("draft")
        .into_inner();
    assert!(draft.changes.is_empty() && draft.schedule.is_none());
}

#[tokio::test]
async fn a_page_published_with_unpublish_at_leaves_the_site_at_its_time_in_a_commit_of_its_own() {
    let catalogue = spawn_demo().await;
    let mut drafts = drafts(&catalogue);
    let mut page = about("Summer festival");
    page.unpublish_at = "tomorrow".to_owned();
    let refused = drafts
        .put_draft_page(pb::PutDraftPageRequest {
            site_id: SITE.to_owned(),
            page: Some(page.clone()),
            author: "Ana".to_owned(),
        })
        .await
        .expect_err("not a date-time");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert_eq!(
        refused
            .get_details_bad_request()
            .expect("the field")
            .field_violations[0]
            .field,
        "unpublishAt"
    );

    let at = jiff::Timestamp::now() + jiff::SignedDuration::from_secs(3);
    page.unpublish_at = at.to_string();
    drafts
        .put_draft_page(pb::PutDraftPageRequest {
            site_id: SITE.to_owned(),
            page: Some(page),
            author: "Ana".to_owned(),
        })
        .await
        .expect("drafted");
    drafts
        .publish_draft(publish("Ana", None, false))
        .await
        .expect("published");
    assert_eq!(page_title(&catalogue, "about").await, "Summer festival");

    let gone = eventually(Duration::from_secs(15), || async {
        catalogue
            .client
            .clone()
            .get_page(pb::GetPageRequest {
                slug: "about".to_owned(),
            })
            .await
            .is_err_and(|status| status.code() == Code::NotFound)
    })
    .await;
    assert!(gone, "unpublished at its time");
    let newest = &history(&catalogue).await[0];
    assert_eq!(newest.by, "schedule");
    assert!(
        newest.summary.contains("Unpublished at its time"),
        "{}",
        newest.summary
    );
}

fn run(text: &str) -> pb::TextRun {
    pb::TextRun {
        text: text.to_owned(),
        ..Default::default()
    }
}

/// A page of every kind of block, its paragraph linking to `link`.
fn parking(link: &str) -> pb::PageRecord {
    let block = |kind: &str| pb::PageBlock {
        r#type: kind.to_owned(),
        ..Default::default()
    };
    pb::PageRecord {
        slug: "parking".to_owned(),
        title: "Parking".to_owned(),
        seo_description: "Where to park at Riverfront.".to_owned(),
        blocks: vec![
            pb::PageBlock {
                level: 2,
                text: vec![run("Riverfront")],
                ..block("heading")
            },
            pb::PageBlock {
                text: vec![
                    run("Free after 6 pm; see "),
                    pb::TextRun {
                        link: link.to_owned(),
                        bold: true,
                        ..run("the theater")
                    },
                ],
                ..block("paragraph")
            },
            pb::PageBlock {
                items: vec![
                    pb::ListItem {
                        text: vec![run("Level 1: step-free")],
                    },
                    pb::ListItem {
                        text: vec![run("Level 2: EV chargers")],
                    },
                ],
                ..block("list")
            },
            pb::PageBlock {
                src: "/posters/riverfront.webp".to_owned(),
                alt: "The car park's entrance".to_owned(),
                ..block("image")
            },
            pb::PageBlock {
                label: "Showtimes".to_owned(),
                href: "/showtimes/".to_owned(),
                ..block("button")
            },
            block("divider"),
        ],
        ..Default::default()
    }
}

async fn drafted_pages(catalogue: &TestCatalogue) -> Vec<(String, String)> {
    drafts(catalogue)
        .list_draft_records(pb::DraftRecordsRequest {
            site_id: SITE.to_owned(),
            kind: "page".to_owned(),
        })
        .await
        .expect("the pages")
        .into_inner()
        .records
        .into_iter()
        .map(|record| (record.id, record.state))
        .collect()
}

#[tokio::test]
async fn a_page_of_blocks_is_checked_listed_with_the_draft_and_served_as_its_blocks() {
    let catalogue = spawn_demo().await;
    let mut drafts = drafts(&catalogue);
    let put = |page: pb::PageRecord| pb::PutDraftPageRequest {
        site_id: SITE.to_owned(),
        page: Some(page),
        author: "Ana".to_owned(),
    };
    drafts
        .put_draft_page(put(parking("/theaters/riverfront/")))
        .await
        .expect("a page of blocks");

    let refused = drafts
        .put_draft_page(put(parking("javascript:alert(document.cookie)")))
        .await
        .expect_err("a script for a link");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert_eq!(
        refused
            .get_details_bad_request()
            .expect("the field")
            .field_violations[0]
            .field,
        "blocks[1].text[1].link"
    );
    let mut unknown = parking("/theaters/");
    unknown.blocks[5].r#type = "html".to_owned();
    let refused = drafts
        .put_draft_page(put(unknown))
        .await
        .expect_err("a kind of block the site does not know");
    assert_eq!(
        refused
            .get_details_bad_request()
            .expect("the field")
            .field_violations[0]
            .field,
        "blocks[5].type"
    );

    drafts
        .delete_draft_record(remove_page("accessibility"))
        .await
        .expect("removed in the draft");
    let pages = drafted_pages(&catalogue).await;
    assert!(pages.contains(&("accessibility".to_owned(), "removed".to_owned())));
    assert_eq!(
        pages.last(),
        Some(&("parking".to_owned(), "added".to_owned())),
        "the draft's new page comes last, unchanged by the refused writes: {pages:?}"
    );

    drafts
        .publish_draft(publish("Ana", None, false))
        .await
        .expect("published");
    let page = catalogue
        .client
        .clone()
        .get_page(pb::GetPageRequest {
            slug: "parking".to_owned(),
        })
        .await
        .expect("the page")
        .into_inner();
    assert_eq!(page.seo_description, "Where to park at Riverfront.");
    let kinds: Vec<&str> = page
        .blocks
        .iter()
        .map(|block| block.r#type.as_str())
        .collect();
    assert_eq!(
        kinds,
        ["heading", "paragraph", "list", "image", "button", "divider"]
    );
    assert_eq!(page.blocks[0].level, 2);
    assert_eq!(page.blocks[1].text[1].link, "/theaters/riverfront/");
    assert!(page.blocks[1].text[1].bold);
    assert_eq!(page.blocks[2].items[1].text[0].text, "Level 2: EV chargers");
    assert!(
        drafted_pages(&catalogue)
            .await
            .iter()
            .all(|(_, state)| state == "published")
    );
}
