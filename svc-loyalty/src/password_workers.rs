//! Password hashing and checking (argon2id: 19 MiB and tens of milliseconds each) on a
//! fixed set of threads, one per core, each with its own [`HashingMemory`] that it
//! reuses for every job. More threads would not finish sooner, and memory allocated per
//! job stays with the allocator: on tokio's blocking pool, whose threads come and go by
//! the dozen, a soak grew the service past 1 GiB.
//!
//! The queue in front of them is bounded: a login arriving when it is full is answered
//! at once as busy ([`Error::Busy`]: 503 and Retry-After at the gateway) rather than kept
//! waiting behind seconds of hashing, and memory stays bounded under a flood.
//!
//! New passwords (registrations, resets) may hold only a share of the queue
//! ([`ENROLMENT_SHARE`]), so a flood of anonymous registrations is answered busy while
//! members' logins, which only check a password, still find room.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, LazyLock, Mutex};

use tokio::sync::oneshot;

use crate::domain::credentials::{HashingMemory, hash_password, verify_password};
use crate::error::Error;

type Job = Box<dyn FnOnce(&mut HashingMemory) + Send>;

/// Jobs that may wait per worker: about a second of hashing.
const QUEUED_PER_WORKER: usize = 16;

/// The part of the queue that hashes of new passwords may take at most: one in four.
const ENROLMENT_SHARE: usize = 4;

static WORKERS: LazyLock<Workers> = LazyLock::new(|| {
    let threads = std::thread::available_parallelism().map_or(2, NonZeroUsize::get);
    Workers::start(threads, threads * QUEUED_PER_WORKER)
});

struct Workers {
    jobs: mpsc::SyncSender<Job>,
    /// Hashes of new passwords queued or running.
    enrolments: Arc<AtomicUsize>,
    /// The most of them at once: [`ENROLMENT_SHARE`] of the queue, and at least one.
    max_enrolments: usize,
}

/// An enrolment's place in the queue, given back when its job has run or was dropped.
struct EnrolmentSlot(Arc<AtomicUsize>);

impl Drop for EnrolmentSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Workers {
    /// `threads` workers behind a queue of `queued` jobs.
    fn start(threads: usize, queued: usize) -> Workers {
        let (jobs, queue) = mpsc::sync_channel::<Job>(queued);
        let queue = Arc::new(Mutex::new(queue));
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
        Workers {
            jobs,
            enrolments: Arc::new(AtomicUsize::new(0)),
            max_enrolments: (queued / ENROLMENT_SHARE).max(1),
        }
    }

    /// Queues the hash of a new password, within the enrolments' share of the queue.
    fn submit_enrolment<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut HashingMemory) -> T + Send + 'static,
    ) -> Result<oneshot::Receiver<T>, Error> {
        let max = self.max_enrolments;
        if self
            .enrolments
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |held| {
                (held < max).then_some(held + 1)
            })
            .is_err()
        {
            tracing::warn!(
                "password queue's share for new passwords full: a call is answered busy"
            );
            return Err(Error::Busy);
        }
        let slot = EnrolmentSlot(Arc::clone(&self.enrolments));
        self.submit(move |memory| {
            let result = work(memory);
            drop(slot);
            result
        })
    }

    /// Queues `work`; its result comes on the receiver. [`Error::Busy`] when the queue is full.
    fn submit<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut HashingMemory) -> T + Send + 'static,
    ) -> Result<oneshot::Receiver<T>, Error> {
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move |memory| {
            // The caller may have gone (its request was cancelled): nothing to answer then.
            let _ = reply.send(work(memory));
        });
        self.jobs.try_send(job).map_err(|error| match error {
            mpsc::TrySendError::Full(_) => {
                tracing::warn!("password queue full: a call is answered busy");
                Error::Busy
            }
            mpsc::TrySendError::Disconnected(_) => Error::PasswordWorkers,
        })?;
        Ok(answer)
    }
}

/// The result of a job [`Workers::submit`] queued.
async fn answer<T>(receiver: oneshot::Receiver<T>) -> Result<T, Error> {
    receiver.await.map_err(|_| Error::PasswordWorkers)
}

/// The PHC string of a new `password`, with a fresh random salt.
pub async fn hash(password: String) -> Result<String, Error> {
    Ok(answer(WORKERS.submit_enrolment(move |memory| hash_password(&password, memory))?).await??)
}

/// Whether `password` matches the stored PHC string.
pub async fn verify(password: String, stored: String) -> Result<bool, Error> {
    answer(WORKERS.submit(move |memory| verify_password(&password, &stored, memory))?).await
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
    async fn a_job_beyond_the_queue_is_answered_busy_at_once_and_the_queue_takes_jobs_again() {
        let workers = Workers::start(1, 1);
        let (release, held) = std::sync::mpsc::channel::<()>();
        let (started, running) = oneshot::channel();
        // One job on the worker, held there; one waiting in the queue.
        let first = workers
            .submit(move |_| {
                let _ = started.send(());
                let _ = held.recv();
            })
            .expect("queued");
        running.await.expect("the first job runs");
        let second = workers.submit(|_| 2).expect("queued");
        let beyond = workers.submit(|_| 3);
        assert!(matches!(beyond, Err(Error::Busy)), "{beyond:?}");
        release.send(()).expect("released");
        answer(first).await.expect("runs");
        assert_eq!(answer(second).await.expect("runs"), 2);
        let after = workers.submit(|_| 4).expect("queued again");
        assert_eq!(answer(after).await.expect("runs"), 4);
    }

    #[tokio::test]
    async fn new_passwords_take_only_their_share_of_the_queue_and_checks_the_rest() {
        let workers = Workers::start(1, 8);
        let (release, held) = std::sync::mpsc::channel::<()>();
        let held = Arc::new(Mutex::new(held));
        // The worker is held by the first enrolment; the share (2 of 8) is then spent.
        let enrolments: Vec<_> = (0..2)
            .map(|_| {
                let held = Arc::clone(&held);
                workers
                    .submit_enrolment(move |_| {
                        let _ = held.lock().map(|held| held.recv());
                    })
                    .expect("within the share")
            })
            .collect();
        let beyond = workers.submit_enrolment(|_| ());
        assert!(matches!(beyond, Err(Error::Busy)), "{beyond:?}");
        // Checks still find room.
        let checks: Vec<_> = (0..5)
            .map(|index| workers.submit(move |_| index).expect("a check is queued"))
            .collect();
        for _ in 0..2 {
            release.send(()).expect("released");
        }
        for enrolment in enrolments {
            answer(enrolment).await.expect("runs");
        }
        for (index, check) in checks.into_iter().enumerate() {
            assert_eq!(answer(check).await.expect("runs"), index);
        }
        // The share is given back once they have run.
        let again = workers
            .submit_enrolment(|_| 7)
            .expect("the share is free again");
        assert_eq!(answer(again).await.expect("runs"), 7);
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
