//! A spawned task tied to the value that holds it.

/// Stops a task when dropped: a site's publisher with its application, the gateway's
/// tasks with the gateway.
#[derive(Debug)]
pub struct AbortOnDrop(pub tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}
