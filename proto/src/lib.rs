//! # Layout
//!
//! The gRPC contracts between the gateway and the services, one module per service
//! (`proto/<area>/v1/*.proto`). Messages also derive serde with camelCase names so the
//! gateway can answer JSON with them unchanged.
//!
//! - [`catalogue`]: site bundle, theaters, movies, showtimes, events, pages.
//! - [`loyalty`]: the loyalty-member domain.
//! - [`ads`]: ad page path, targeting, slots and size mapping.
//! - [`consent`]: consent state and tracker decisions.
//! - [`reflection`]: the services a server lists over gRPC reflection.
//! - [`serving`]: serving a service with health and reflection, shutdown signals.
//! - [`config`]: reading configuration variables, errors naming the variable.
//! - [`hand_off`]: the hand-offs to the ticketing site, by route segment.
//! - [`showtime`]: the codes a showtime is described by (attributes, availability).
//! - [`slug`]: URL and ad-path slugs, shared by the catalogue and ads.
//! - [`telemetry`]: log set-up for every binary.
//! - [`trace`]: request ids and W3C trace context carried through gRPC metadata.
//! - [`otlp`]: span export to an OpenTelemetry collector when configured.
//! - [`metrics`]: the process's Prometheus metrics and the services' `/metrics` listener.
//! - [`error`]: the one mapping from gRPC status codes to HTTP statuses.

pub mod config;
pub mod error;
pub mod hand_off;
pub mod metrics;
pub mod otlp;
pub mod reflection;
pub mod serving;
pub mod showtime;
pub mod slug;
pub mod telemetry;
pub mod trace;

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

/// Every service's descriptors, for gRPC server reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/descriptor.bin"));
