//! svc-studio over real gRPC on a random loopback port.

mod audit_events;
mod helpers;
mod invitations;
mod passkeys;
mod sessions;
mod sign_in_links;
mod single_sign_on;
mod site_staff;
mod sites;
mod upgrade;
