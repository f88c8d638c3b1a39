//! Password hashing and checking (argon2id: 19 MiB and tens of milliseconds each) on a
//! fixed set of threads, one per core, each with its own [`HashingMemory`] that it
//! reuses for every job. More threads would not finish sooner, and memory allocated per
//! job stays with the allocator: on tokio's blocking pool, whose threads come and go by
//! the dozen, a soak grew the service past 1 GiB.

use std::num::NonZeroUsize;
use std::sync::mpsc;
use std::sync::{Arc, LazyLock, Mutex};

use tokio::sync::oneshot;

use crate::domain::credentials::{HashingMemory, hash_password, verify_password};
use crate::error::Error;

type Job = Box<dyn FnOnce(&mut HashingMemory) + Send>;

static WORKERS: LazyLock<mpsc::Sender<Job>> = LazyLock::new(start_workers);

fn start_workers() -> mpsc::Sender<Job> {
    let (jobs, queue) = mpsc::channel::<Job>();
    let queue = Arc::new(Mutex::new(queue));
    let threads = std::thread::available_parallelism().map_or(2, NonZeroUsize::get);
    for index in 0..threads {
        let queue = Arc::clone(&queue);
        let spawned = std::thread::Builder::new()
            .name(format!("password-{index}"))
            .spawn(move || {
                // Allocated at the first job, so an idle service does not hold it.
                let mut memory: Option<HashingMemory> = None;
                loop {
                    // The lock is held only while waiting for the next job, not while it runs.
                    let next = match queue.lock() {
                        Ok(queue) => queue.recv(),
                        Err(_) => return,
                    };
                    match next {
                        Ok(job) => job(memory.get_or_insert_with(HashingMemory::new)),
                        Err(_) => return,
                    }
                }
            });
        if let Err(error) = spawned {
            tracing::error!(%error, "a password worker thread could not start");
        }
    }
    jobs
}

async fn on_worker<T: Send + 'static>(
    work: impl FnOnce(&mut HashingMemory) -> T + Send + 'static,
) -> Result<T, Error> {
    let (reply, answer) = oneshot::channel();
    WORKERS
        .send(Box::new(move |memory| {
            // The caller may have gone (its request was cancelled): nothing to answer then.
            let _ = reply.send(work(memory));
        }))
        .map_err(|_| Error::PasswordWorkers)?;
    answer.await.map_err(|_| Error::PasswordWorkers)
}

/// The PHC string of `password`, with a fresh random salt.
pub async fn hash(password: String) -> Result<String, Error> {
    Ok(on_worker(move |memory| hash_password(&password, memory)).await??)
}

/// Whether `password` matches the stored PHC string.
pub async fn verify(password: String, stored: String) -> Result<bool, Error> {
    on_worker(move |memory| verify_password(&password, &stored, memory)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hashed_password_verifies_and_another_does_not() {
        let stored = hash("Popcorn#2024".to_owned()).await.expect("hashes");
        assert!(
            verify("Popcorn#2024".to_owned(), stored.clone())
                .await
                .expect("checks")
        );
        assert!(
            !verify("Popcorn#2025".to_owned(), stored)
                .await
                .expect("checks")
        );
    }

    #[tokio::test]
    async fn more_checks_than_workers_all_finish() {
        let stored = hash("Popcorn#2024".to_owned()).await.expect("hashes");
        let checks: Vec<_> = (0..6)
            .map(|_| tokio::spawn(verify("Popcorn#2024".to_owned(), stored.clone())))
            .collect();
        for check in checks {
            assert!(check.await.expect("joins").expect("checks"));
        }
    }
}
