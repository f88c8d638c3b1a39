//! What a gateway serves of each site, apart from how it is built ([`crate::publish`],
//! which this module never imports): the published files and the outermost layer that
//! answers from them, the store's files read through a cache, revisions read from the
//! deployment's store, the JSON API's kept answers, and the follower of the catalogue's
//! versions that moves them, started for every site in every role.
//!
//! # Layout
//!
//! - [`published_files`]: the published files, compressed once, swapped atomically.
//! - [`serve`]: the outermost layer, answering published paths from the snapshot.
//! - [`kept_answers`]: the JSON API's catalogue answers, kept per catalogue version.
//! - [`follower`]: the site's catalogue versions, heard over `WatchSite`: they move the
//!   kept answers and reach the publisher.
//! - [`manifest`]: the published files as a manifest of content-addressed objects (pure).
//! - [`depot`]: reading each site's revisions from the deployment's store in NATS
//!   JetStream.
//! - [`cache`]: the stored files' bytes a gateway keeps, up to GATEWAY_CACHE_MB.
//! - [`replica`]: serving each site's newest stored revision, published elsewhere.
//! - [`status`]: how serving and publishing stand, for `/readyz`.

pub mod cache;
pub mod depot;
pub mod follower;
pub mod kept_answers;
pub mod manifest;
pub mod published_files;
pub mod replica;
pub mod serve;
pub mod status;

pub use kept_answers::{AnswerCache, KeptAnswers};
pub use published_files::{EntityPaths, Published, PublishedFile, PublishedFiles};
pub use status::{PublishState, PublishStatus, Role};
