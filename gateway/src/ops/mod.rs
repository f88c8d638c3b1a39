//! The operations area: liveness, readiness and metrics endpoints ([`health`]), the
//! request metrics every route records ([`metrics`]), and load shedding past the
//! in-flight limit ([`load_shedding`]).

pub mod health;
pub mod load_shedding;
pub mod metrics;

pub use health::{OnOpsListener, OpsContext, SiteState, SiteStates, router};
