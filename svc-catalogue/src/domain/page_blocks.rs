//! A page's body as blocks (DESIGN.md section 13, docs/studio.md#page-blocks): heading,
//! paragraph with links and emphasis, list, image, quote, button link and divider, kept as
//! JSON and rendered by the site's own components, never as HTML someone wrote. The rules
//! here are what makes that safe: a block of a kind the site does not know, a link that is
//! not a path on the site or an http, https, mailto or tel address (`javascript:`), an image
//! without alt text are refused, naming the field.

use serde::{Deserialize, Serialize};

use super::invalid::Invalid;

/// The most blocks a page holds (a 5,000-word page is a few hundred).
const MAX_BLOCKS: usize = 2_000;
/// The most runs of text a block or a list item holds.
const MAX_RUNS: usize = 500;
/// The most items of a list.
const MAX_ITEMS: usize = 500;
/// The longest text of a run, a caption, a label or an alt text, in characters.
const MAX_TEXT_CHARS: usize = 20_000;
/// The longest address a link or an image names.
const MAX_ADDRESS_CHARS: usize = 2_048;

/// The kinds of block, as a page's `blocks[].type` names them.
pub const KINDS: [&str; 7] = [
    "heading",
    "paragraph",
    "list",
    "image",
    "quote",
    "button",
    "divider",
];

/// One block of a page's body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Block {
    /// A heading under the page's title: level 2 or 3.
    Heading {
        level: u32,
        text: Vec<TextRun>,
    },
    Paragraph {
        text: Vec<TextRun>,
    },
    List {
        ordered: bool,
        items: Vec<ListItem>,
    },
    Image {
        /// A path on the site (a media library image) or an https address.
        src: String,
        /// What the image shows, for those who cannot see it.
        alt: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        caption: String,
    },
    Quote {
        text: Vec<TextRun>,
        /// Who said it.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        caption: String,
    },
    /// A link that looks like a button.
    Button {
        label: String,
        href: String,
    },
    Divider,
}

/// Text of one emphasis; with `link`, a link.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TextRun {
    pub text: String,
    #[serde(skip_serializing_if = "is_false")]
    pub bold: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub italic: bool,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub link: String,
}

/// One item of a list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ListItem {
    pub text: Vec<TextRun>,
}

fn is_false(value: &bool) -> bool {
    !value
}

/// A block as a writer sends it: one shape for every kind, `kind` saying which fields
/// count (the ingest API's and the studio's `PageBlock`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SentBlock {
    pub kind: String,
    pub level: u32,
    pub text: Vec<TextRun>,
    pub ordered: bool,
    pub items: Vec<ListItem>,
    pub src: String,
    pub alt: String,
    pub caption: String,
    pub label: String,
    pub href: String,
}

/// The page's blocks from what a writer sent, by their kinds (checked with
/// [`check_all`]); the error names the field inside `blocks` (`[3].type`).
pub fn blocks(sent: Vec<SentBlock>) -> Result<Vec<Block>, Invalid> {
    sent.into_iter()
        .enumerate()
        .map(|(index, block)| {
            block_of(block).map_err(|invalid| invalid.inside(&format!("[{index}]")))
        })
        .collect()
}

/// The rules a page's blocks keep, whoever wrote them; the error names the field inside
/// `blocks` (`[3].text[0].link`).
pub fn check_all(blocks: &[Block]) -> Result<(), Invalid> {
    if blocks.len() > MAX_BLOCKS {
        return Err(Invalid::new(
            "",
            format!("{} blocks; a page holds at most {MAX_BLOCKS}", blocks.len()),
        ));
    }
    for (index, block) in blocks.iter().enumerate() {
        check(block).map_err(|invalid| invalid.inside(&format!("[{index}]")))?;
    }
    Ok(())
}

fn block_of(sent: SentBlock) -> Result<Block, Invalid> {
    let block = match sent.kind.as_str() {
        "heading" => Block::Heading {
            level: sent.level,
            text: sent.text,
        },
        "paragraph" => Block::Paragraph { text: sent.text },
        "list" => Block::List {
            ordered: sent.ordered,
            items: sent.items,
        },
        "image" => Block::Image {
            src: sent.src,
            alt: sent.alt,
            caption: sent.caption,
        },
        "quote" => Block::Quote {
            text: sent.text,
            caption: sent.caption,
        },
        "button" => Block::Button {
            label: sent.label,
            href: sent.href,
        },
        "divider" => Block::Divider,
        kind => {
            return Err(Invalid::new(
                "type",
                format!(
                    "'{kind}' is not a block this site knows ({})",
                    KINDS.join(", ")
                ),
            ));
        }
    };
    Ok(block)
}

/// The rules a block keeps.
fn check(block: &Block) -> Result<(), Invalid> {
    match block {
        Block::Heading { level, text } => {
            if !matches!(level, 2 | 3) {
                return Err(Invalid::new(
                    "level",
                    format!("{level}: a heading under the page's title is level 2 or 3"),
                ));
            }
            runs(text).map_err(|invalid| invalid.inside("text"))?;
            if plain_text(text).trim().is_empty() {
                return Err(Invalid::new("text", "a heading needs its text"));
            }
            Ok(())
        }
        Block::Paragraph { text } | Block::Quote { text, .. } => {
            runs(text).map_err(|invalid| invalid.inside("text"))?;
            if let Block::Quote { caption, .. } = block {
                bounded("caption", caption)?;
            }
            Ok(())
        }
        Block::List { items, .. } => {
            if items.is_empty() || items.len() > MAX_ITEMS {
                return Err(Invalid::new(
                    "items",
                    format!("a list has 1 to {MAX_ITEMS} items"),
                ));
            }
            for (index, item) in items.iter().enumerate() {
                runs(&item.text)
                    .map_err(|invalid| invalid.inside("text").inside(&format!("items[{index}]")))?;
            }
            Ok(())
        }
        Block::Image { src, alt, caption } => {
            if !is_image_address(src) {
                return Err(Invalid::new(
                    "src",
                    format!(
                        "'{src}' is not an image address a page may show: a path on the site \
                         (a media library image) or an https address"
                    ),
                ));
            }
            if alt.trim().is_empty() {
                return Err(Invalid::new(
                    "alt",
                    "required: say what the image shows, for those who cannot see it",
                ));
            }
            bounded("alt", alt)?;
            bounded("caption", caption)
        }
        Block::Button { label, href } => {
            if label.trim().is_empty() {
                return Err(Invalid::new("label", "a button needs its text"));
            }
            bounded("label", label)?;
            link("href", href)
        }
        Block::Divider => Ok(()),
    }
}

fn runs(runs: &[TextRun]) -> Result<(), Invalid> {
    if runs.len() > MAX_RUNS {
        return Err(Invalid::new(
            "",
            format!("{} runs of text; at most {MAX_RUNS}", runs.len()),
        ));
    }
    for (index, run) in runs.iter().enumerate() {
        let at = format!("[{index}]");
        bounded("text", &run.text).map_err(|invalid| invalid.inside(&at))?;
        if !run.link.is_empty() {
            link("link", &run.link).map_err(|invalid| invalid.inside(&at))?;
        }
    }
    Ok(())
}

fn bounded(field: &str, text: &str) -> Result<(), Invalid> {
    if text.chars().count() > MAX_TEXT_CHARS {
        return Err(Invalid::new(
            field,
            format!("at most {MAX_TEXT_CHARS} characters"),
        ));
    }
    Ok(())
}

fn link(field: &str, address: &str) -> Result<(), Invalid> {
    if is_link(address) {
        Ok(())
    } else {
        Err(Invalid::new(
            field,
            format!(
                "'{address}' is not a link a page may hold: a path on the site (/theaters/), \
                 or an http, https, mailto or tel address"
            ),
        ))
    }
}

/// Whether `address` is a link a page may hold: a path on the site (not `//host`, which
/// leaves it), or an http, https, mailto or tel address; of printable ASCII alone (a
/// browser drops tabs and line breaks inside an address, so `java\tscript:` is
/// `javascript:` to it, and format characters hide what a reader would see).
pub fn is_link(address: &str) -> bool {
    if address.is_empty()
        || address.len() > MAX_ADDRESS_CHARS
        || !address.bytes().all(|byte| byte.is_ascii_graphic())
    {
        return false;
    }
    if is_site_path(address) {
        return true;
    }
    let lower = address.to_ascii_lowercase();
    if let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    {
        return rest
            .split(['/', '?', '#'])
            .next()
            .is_some_and(|host| !host.is_empty() && !host.contains('@'));
    }
    ["mailto:", "tel:"].iter().any(|scheme| {
        lower
            .strip_prefix(scheme)
            .is_some_and(|rest| !rest.is_empty())
    })
}

/// An image a page may show: a path on the site or an https address.
fn is_image_address(address: &str) -> bool {
    is_link(address)
        && (is_site_path(address) || address.to_ascii_lowercase().starts_with("https://"))
}

/// An image a link preview may show (a page's `seoImage`): a JPEG, PNG, GIF or WebP
/// where an image block may show one.
pub fn is_preview_image(address: &str) -> bool {
    let path = address.split(['?', '#']).next().unwrap_or_default();
    is_image_address(address)
        && path.rsplit_once('.').is_some_and(|(_, extension)| {
            ["jpg", "jpeg", "png", "gif", "webp"]
                .iter()
                .any(|raster| extension.eq_ignore_ascii_case(raster))
        })
}

fn is_site_path(address: &str) -> bool {
    address.starts_with('/') && !address.starts_with("//") && !address.contains('\\')
}

/// The text of runs, without their emphasis.
pub fn plain_text(runs: &[TextRun]) -> String {
    runs.iter().map(|run| run.text.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> TextRun {
        TextRun {
            text: text.to_owned(),
            ..TextRun::default()
        }
    }

    fn checked(sent: Vec<SentBlock>) -> Result<Vec<Block>, Invalid> {
        let blocks = blocks(sent)?;
        check_all(&blocks)?;
        Ok(blocks)
    }

    fn sent(kind: &str) -> SentBlock {
        SentBlock {
            kind: kind.to_owned(),
            ..SentBlock::default()
        }
    }

    /// A case of fixtures/block-links.json, which the site's `blockLink` is held to too.
    #[derive(Deserialize)]
    struct LinkCase {
        address: String,
        /// site, external, contact or none.
        link: String,
        image: bool,
    }

    #[test]
    fn links_are_site_paths_or_web_mail_and_phone_addresses() {
        let cases: Vec<LinkCase> =
            serde_json::from_str(include_str!("../../../fixtures/block-links.json"))
                .expect("fixtures/block-links.json is JSON");
        for case in cases {
            assert_eq!(
                is_link(&case.address),
                case.link != "none",
                "{:?} is a link of kind {}",
                case.address,
                case.link
            );
            assert_eq!(
                is_image_address(&case.address),
                case.image,
                "{:?} may be an image: {}",
                case.address,
                case.image
            );
        }
    }

    #[test]
    fn a_javascript_link_is_refused_naming_its_run() {
        let mut paragraph = sent("paragraph");
        paragraph.text = vec![
            run("Read "),
            TextRun {
                link: "javascript:alert(1)".to_owned(),
                ..run("this")
            },
        ];
        let invalid = checked(vec![sent("divider"), paragraph]).expect_err("refused");
        assert_eq!(invalid.field, "[1].text[1].link");
        assert!(invalid.problem.contains("javascript:alert(1)"));
    }

    #[test]
    fn a_block_of_an_unknown_kind_is_refused_naming_the_kinds() {
        let invalid = checked(vec![sent("html")]).expect_err("refused");
        assert_eq!(invalid.field, "[0].type");
        assert!(invalid.problem.contains("'html'"));
        assert!(invalid.problem.contains("divider"));
    }

    #[test]
    fn an_image_needs_alt_text_and_a_safe_address() {
        let mut image = sent("image");
        image.src = "/media/abc/hall.webp".to_owned();
        assert_eq!(
            checked(vec![image.clone()]).expect_err("refused").field,
            "[0].alt"
        );
        image.alt = "The foyer".to_owned();
        assert!(checked(vec![image.clone()]).is_ok());
        image.src = "http://example.com/a.jpg".to_owned();
        assert_eq!(checked(vec![image]).expect_err("refused").field, "[0].src");
    }

    #[test]
    fn headings_are_levels_two_and_three_with_text() {
        let mut heading = sent("heading");
        heading.level = 1;
        heading.text = vec![run("Access")];
        assert_eq!(
            checked(vec![heading.clone()]).expect_err("refused").field,
            "[0].level"
        );
        heading.level = 3;
        assert!(checked(vec![heading.clone()]).is_ok());
        heading.text = vec![run("  ")];
        assert_eq!(
            checked(vec![heading]).expect_err("refused").field,
            "[0].text"
        );
    }

    #[test]
    fn a_list_item_names_its_place() {
        let mut list = sent("list");
        assert_eq!(
            checked(vec![list.clone()]).expect_err("refused").field,
            "[0].items"
        );
        list.items = vec![
            ListItem {
                text: vec![run("Step-free")],
            },
            ListItem {
                text: vec![TextRun {
                    link: "data:x".to_owned(),
                    ..run("Hearing loop")
                }],
            },
        ];
        assert_eq!(
            checked(vec![list]).expect_err("refused").field,
            "[0].items[1].text[0].link"
        );
    }

    #[test]
    fn a_button_needs_its_text_and_a_link() {
        let mut button = sent("button");
        button.href = "/showtimes/".to_owned();
        assert_eq!(
            checked(vec![button.clone()]).expect_err("refused").field,
            "[0].label"
        );
        button.label = "Book".to_owned();
        assert!(checked(vec![button.clone()]).is_ok());
        button.href = "javascript:void(0)".to_owned();
        assert_eq!(
            checked(vec![button]).expect_err("refused").field,
            "[0].href"
        );
    }

    #[test]
    fn blocks_keep_only_their_kinds_fields_when_stored() {
        let mut heading = sent("heading");
        heading.level = 2;
        heading.text = vec![run("Parking")];
        heading.src = "/ignored".to_owned();
        let stored = serde_json::to_value(checked(vec![heading]).expect("taken")).expect("taken");
        assert_eq!(
            stored,
            serde_json::json!([{"type": "heading", "level": 2, "text": [{"text": "Parking"}]}])
        );
    }

    #[test]
    fn a_page_holds_a_bounded_number_of_blocks() {
        let many = vec![sent("divider"); MAX_BLOCKS + 1];
        assert_eq!(checked(many).expect_err("refused").field, "");
    }

    #[test]
    fn a_preview_image_is_a_raster_image_a_page_may_show() {
        assert!(is_preview_image("/media/abc/hall-1200.jpg"));
        assert!(is_preview_image("https://images.example.org/hall.WEBP?v=2"));
        assert!(!is_preview_image("/media/abc/hall.svg"));
        assert!(!is_preview_image("http://images.example.org/hall.jpg"));
        assert!(!is_preview_image("//images.example.org/hall.jpg"));
    }
}
