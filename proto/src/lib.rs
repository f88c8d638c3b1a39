//! # Layout
//!
//! The gRPC contracts between the gateway and the services and nothing else: one module
//! per service (`proto/<area>/v1/*.proto`), their descriptor set, and what both sides of
//! a call read the same way. Messages also derive serde with camelCase names so the
//! gateway can answer JSON with them unchanged. What the binaries share at run time
//! (serving, telemetry, configuration) is the `platform` crate's.
//!
//! - [`catalogue`]: site bundle, theaters, movies, showtimes, events, pages.
//! - [`loyalty`]: the loyalty-member domain.
//! - [`ads`]: ad page path, targeting, slots and size mapping.
//! - [`consent`]: consent state and tracker decisions.
//! - [`studio`]: the studio's staff, their grants and sessions.
//! - [`showtime`]: the codes a showtime is described by (attributes, availability).
//! - [`vocabulary`]: the other closed sets of words (play weeks, consent states, ...).
//! - [`error`]: one error code, as a gRPC status code and as an HTTP status.
//! - [`site`]: which site a call is about: its metadata and the site id rule.
//! - [`json`]: JSON objects as protobuf Structs, for the fields that carry them.
//! - [`limits`]: how long an ingest body's lists may be, checked while they are read.

pub mod error;
pub mod json;
pub mod limits;
pub mod showtime;
pub mod site;
pub mod vocabulary;

pub mod catalogue {
    pub mod v1 {
        tonic::include_proto!("catalogue.v1");
    }
}

pub mod loyalty {
    pub mod v1 {
        tonic::include_proto!("loyalty.v1");
    }
}

pub mod ads {
    pub mod v1 {
        tonic::include_proto!("ads.v1");
    }
}

pub mod consent {
    pub mod v1 {
        tonic::include_proto!("consent.v1");
    }
}

pub mod studio {
    pub mod v1 {
        tonic::include_proto!("studio.v1");
    }
}

/// Every service's descriptors, for gRPC server reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/descriptor.bin"));

/// The health-service name under which svc-loyalty reports its link to NATS: SERVING
/// while member events flow, NOT_SERVING while they wait in the outbox, unknown when
/// NATS_URL turns them off. The gateway's `/readyz` shows it as `memberEvents`.
pub const MEMBER_EVENTS_HEALTH: &str = "loyalty.events";

/// The health-service name under which svc-studio reports its link to NATS: SERVING
/// while audit events flow, NOT_SERVING while they wait in its outbox, unknown when
/// NATS_URL turns them off.
pub const STUDIO_AUDIT_EVENTS_HEALTH: &str = "studio.audit-events";

/// The health-service name under which svc-catalogue reports its link to NATS: SERVING
/// while its events (movies on sale, last chances) flow, NOT_SERVING while they wait in
/// its outbox, unknown when NATS_URL turns them off. `/readyz` shows it as
/// `catalogueEvents`.
pub const CATALOGUE_EVENTS_HEALTH: &str = "catalogue.events";

/// The health-service name under which svc-catalogue reports its store: SERVING while it
/// answers, NOT_SERVING while it does not (reads go on from the revision in memory; writes
/// answer UNAVAILABLE). The gateway's `/readyz` shows it as `catalogueStore`.
pub const CATALOGUE_STORE_HEALTH: &str = "catalogue.store";

/// The health-service name under which svc-catalogue reports its point-of-sale
/// connectors: SERVING while every linked theater is in step with its cinema,
/// NOT_SERVING while one is not (its last good schedule keeps serving), unknown while no
/// theater is linked. The gateway's `/readyz` shows it as `posConnectors`.
pub const POS_CONNECTORS_HEALTH: &str = "catalogue.connectors";

/// The gRPC metadata of read-your-write on the catalogue: an ingest call's answer carries
/// the store's version of the site after the write; a read carrying a version is answered
/// from that version of the site or a newer one (svc-catalogue waits a moment for it).
pub const CATALOGUE_VERSION_METADATA: &str = "catalogue-version";
