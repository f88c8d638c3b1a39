//! Password hashing and checking (argon2id: 19 MiB and tens of milliseconds each) on a
//! fixed set of threads, one per core, each with its own [`HashingMemory`] that it
//! reuses for every job. More threads would not finish sooner, and memory allocated per
//! job stays with the allocator: on tokio's blocking pool, whose threads come and go by
//! the dozen, a soak grew the service past 1 GiB.
//!
//! The queue in front of them is bounded and shared fairly between sites
//! (docs/architecture.md#sites): each site has its own line of jobs, the workers take one
//! job from each site with jobs waiting in turn, and a site whose line is full is answered
//! busy at once ([`Error::Busy`]: 503 and Retry-After at the gateway) rather than kept
//! waiting behind seconds of hashing. So one site's flood of logins fills only its own
//! line, and another site's member waits for at most one job per busy site. Memory stays
//! bounded: [`QUEUED_PER_WORKER`] jobs per worker and site.
//!
//! New passwords (registrations, resets) may hold only a share of a site's line
//! ([`ENROLMENT_SHARE`]), so a flood of anonymous registrations is answered busy while
//! the site's members' logins, which only check a password, still find room.

use std::collections::{HashMap, VecDeque};
use std::num::NonZeroUsize;
use std::sync::{Arc, Condvar, LazyLock, Mutex, MutexGuard, PoisonError};

use tokio::sync::oneshot;

use crate::domain::credentials::{HashingMemory, hash_password, verify_password};
use crate::error::Error;

type Job = Box<dyn FnOnce(&mut HashingMemory) + Send>;

/// Jobs that may wait per worker and site: about a second of hashing.
const QUEUED_PER_WORKER: usize = 16;

/// The part of a site's line that hashes of new passwords may take at most: one in four.
const ENROLMENT_SHARE: usize = 4;

static WORKERS: LazyLock<Workers> = LazyLock::new(|| {
    let threads = std::thread::available_parallelism().map_or(2, NonZeroUsize::get);
    Workers::start(threads, threads * QUEUED_PER_WORKER)
});

/// The sites' lines of jobs.
#[derive(Default)]
struct Lines {
    /// Jobs waiting, per site, in the order they came.
    waiting: HashMap<String, VecDeque<Job>>,
    /// The sites with jobs waiting, in the order they are served: a site whose job was
    /// taken goes to the back.
    turns: VecDeque<String>,
    /// Hashes of new passwords waiting or running, per site.
    enrolments: HashMap<String, usize>,
}

/// The lines and the signal that a job came.
#[derive(Default)]
struct Queue {
    lines: Mutex<Lines>,
    job_came: Condvar,
}

impl Queue {
    /// A poisoned lock only means a thread panicked while holding it: the lines are
    /// still valid.
    fn lines(&self) -> MutexGuard<'_, Lines> {
        self.lines.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The next job, in the sites' turns; waits until there is one.
    fn next(&self) -> Job {
        let mut lines = self.lines();
        loop {
            while let Some(site) = lines.turns.pop_front() {
                if let Some(line) = lines.waiting.get_mut(&site)
                    && let Some(job) = line.pop_front()
                {
                    if line.is_empty() {
                        lines.waiting.remove(&site);
                    } else {
                        lines.turns.push_back(site);
                    }
                    return job;
                }
            }
            lines = self
                .job_came
                .wait(lines)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

struct Workers {
    queue: Arc<Queue>,
    /// Jobs that may wait per site.
    per_site: usize,
    /// Hashes of new passwords a site may have waiting or running: [`ENROLMENT_SHARE`]
    /// of its line, and at least one.
    max_enrolments: usize,
}

/// An enrolment's place in its site's share, given back when its job has run or was
/// dropped.
struct EnrolmentSlot {
    queue: Arc<Queue>,
    site: String,
}

impl Drop for EnrolmentSlot {
    fn drop(&mut self) {
        let mut lines = self.queue.lines();
        if let Some(held) = lines.enrolments.get_mut(&self.site) {
            *held -= 1;
            if *held == 0 {
                lines.enrolments.remove(&self.site);
            }
        }
    }
}

impl Workers {
    /// `threads` workers; `per_site` jobs may wait in each site's line.
    fn start(threads: usize, per_site: usize) -> Workers {
        let queue = Arc::new(Queue::default());
        for index in 0..threads {
            let queue = Arc::clone(&queue);
            let spawned = std::thread::Builder::new()
                .name(format!("password-{index}"))
                .spawn(move || {
                    // Allocated at the first job, so an idle service does not hold it.
                    let mut memory: Option<HashingMemory> = None;
                    loop {
                        let job = queue.next();
                        job(memory.get_or_insert_with(HashingMemory::new));
                    }
                });
            if let Err(error) = spawned {
                tracing::error!(%error, "a password worker thread could not start");
            }
        }
        Workers {
            queue,
            per_site,
            max_enrolments: (per_site / ENROLMENT_SHARE).max(1),
        }
    }

    /// Queues the hash of a new password for `site`, within the enrolments' share of
    /// its line.
    fn submit_enrolment<T: Send + 'static>(
        &self,
        site: &str,
        work: impl FnOnce(&mut HashingMemory) -> T + Send + 'static,
    ) -> Result<oneshot::Receiver<T>, Error> {
        self.queue_job(site, true, work)
    }

    /// Queues `work` in `site`'s line; its result comes on the receiver. [`Error::Busy`]
    /// when the line is full.
    fn submit<T: Send + 'static>(
        &self,
        site: &str,
        work: impl FnOnce(&mut HashingMemory) -> T + Send + 'static,
    ) -> Result<oneshot::Receiver<T>, Error> {
        self.queue_job(site, false, work)
    }

    fn queue_job<T: Send + 'static>(
        &self,
        site: &str,
        enrolment: bool,
        work: impl FnOnce(&mut HashingMemory) -> T + Send + 'static,
    ) -> Result<oneshot::Receiver<T>, Error> {
        let mut lines = self.queue.lines();
        let waiting = lines.waiting.get(site).map_or(0, VecDeque::len);
        if waiting >= self.per_site {
            drop(lines);
            tracing::warn!(site, "password queue full: a call is answered busy");
            return Err(Error::Busy);
        }
        let slot = if enrolment {
            let held = lines.enrolments.entry(site.to_owned()).or_default();
            if *held >= self.max_enrolments {
                drop(lines);
                tracing::warn!(
                    site,
                    "password queue's share for new passwords full: a call is answered busy"
                );
                return Err(Error::Busy);
            }
            *held += 1;
            Some(EnrolmentSlot {
                queue: Arc::clone(&self.queue),
                site: site.to_owned(),
            })
        } else {
            None
        };
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move |memory| {
            let result = work(memory);
            drop(slot);
            // The caller may have gone (its request was cancelled): nothing to answer then.
            let _ = reply.send(result);
        });
        if waiting == 0 {
            lines.turns.push_back(site.to_owned());
        }
        lines
            .waiting
            .entry(site.to_owned())
            .or_default()
            .push_back(job);
        drop(lines);
        self.queue.job_came.notify_one();
        Ok(answer)
    }
}

/// The result of a job [`Workers::submit`] queued.
async fn answer<T>(receiver: oneshot::Receiver<T>) -> Result<T, Error> {
    receiver.await.map_err(|_| Error::PasswordWorkers)
}

/// The PHC string of a new `password` of a member of `site`, with a fresh random salt.
pub async fn hash(site: &str, password: String) -> Result<String, Error> {
    Ok(
        answer(WORKERS.submit_enrolment(site, move |memory| hash_password(&password, memory))?)
            .await??,
    )
}

/// Whether `password` matches the stored PHC string of a member of `site`.
pub async fn verify(site: &str, password: String, stored: String) -> Result<bool, Error> {
    answer(WORKERS.submit(site, move |memory| {
        verify_password(&password, &stored, memory)
    })?)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job that says when it started and then holds its worker until released.
    fn held_job(
        started: oneshot::Sender<()>,
        held: Arc<Mutex<std::sync::mpsc::Receiver<()>>>,
    ) -> impl FnOnce(&mut HashingMemory) + Send + 'static {
        move |_| {
            let _ = started.send(());
            let _ = held.lock().map(|held| held.recv());
        }
    }

    #[tokio::test]
    async fn a_hashed_password_verifies_and_another_does_not() {
        let stored = hash("demo", "Popcorn#2024".to_owned())
            .await
            .expect("hashes");
        assert!(
            verify("demo", "Popcorn#2024".to_owned(), stored.clone())
                .await
                .expect("checks")
        );
        assert!(
            !verify("demo", "Popcorn#2025".to_owned(), stored)
                .await
                .expect("checks")
        );
    }

    #[tokio::test]
    async fn a_job_beyond_the_line_is_answered_busy_at_once_and_the_line_takes_jobs_again() {
        let workers = Workers::start(1, 1);
        let (release, held) = std::sync::mpsc::channel::<()>();
        let (started, running) = oneshot::channel();
        // One job on the worker, held there; one waiting in the line.
        let first = workers
            .submit("demo", held_job(started, Arc::new(Mutex::new(held))))
            .expect("queued");
        running.await.expect("the first job runs");
        let second = workers.submit("demo", |_| 2).expect("queued");
        let beyond = workers.submit("demo", |_| 3);
        assert!(matches!(beyond, Err(Error::Busy)), "{beyond:?}");
        release.send(()).expect("released");
        answer(first).await.expect("runs");
        assert_eq!(answer(second).await.expect("runs"), 2);
        let after = workers.submit("demo", |_| 4).expect("queued again");
        assert_eq!(answer(after).await.expect("runs"), 4);
    }

    #[tokio::test]
    async fn one_sites_flood_leaves_room_and_turns_for_another_site() {
        let workers = Workers::start(1, 3);
        let (release, held) = std::sync::mpsc::channel::<()>();
        let held = Arc::new(Mutex::new(held));
        let (started, running) = oneshot::channel();
        let order = Arc::new(Mutex::new(Vec::new()));
        let record = |name: &'static str| {
            let order = Arc::clone(&order);
            move |_: &mut HashingMemory| order.lock().expect("order").push(name)
        };
        // The flooding site holds the worker and fills its own line.
        let first = workers
            .submit("flood", held_job(started, Arc::clone(&held)))
            .expect("queued");
        running.await.expect("the first job runs");
        let flood: Vec<_> = ["flood 1", "flood 2", "flood 3"]
            .into_iter()
            .map(|name| workers.submit("flood", record(name)).expect("queued"))
            .collect();
        let beyond = workers.submit("flood", |_| ());
        assert!(matches!(beyond, Err(Error::Busy)), "{beyond:?}");
        // The other site's login still finds room, and is served in its turn: after
        // one job of the flood, not after all of them.
        let login = workers
            .submit("bijou", record("bijou"))
            .expect("another site's line has room");
        release.send(()).expect("released");
        answer(first).await.expect("runs");
        answer(login).await.expect("runs");
        for job in flood {
            answer(job).await.expect("runs");
        }
        assert_eq!(
            *order.lock().expect("order"),
            ["flood 1", "bijou", "flood 2", "flood 3"]
        );
    }

    #[tokio::test]
    async fn new_passwords_take_only_their_share_of_a_line_and_checks_the_rest() {
        let workers = Workers::start(1, 8);
        let (release, held) = std::sync::mpsc::channel::<()>();
        let held = Arc::new(Mutex::new(held));
        // The worker is held by the first enrolment; the share (2 of 8) is then spent.
        let enrolments: Vec<_> = (0..2)
            .map(|_| {
                let held = Arc::clone(&held);
                workers
                    .submit_enrolment("demo", move |_| {
                        let _ = held.lock().map(|held| held.recv());
                    })
                    .expect("within the share")
            })
            .collect();
        let beyond = workers.submit_enrolment("demo", |_| ());
        assert!(matches!(beyond, Err(Error::Busy)), "{beyond:?}");
        // Another site's share is its own.
        let elsewhere = workers
            .submit_enrolment("bijou", |_| 9)
            .expect("another site's share");
        // Checks still find room.
        let checks: Vec<_> = (0..5)
            .map(|index| {
                workers
                    .submit("demo", move |_| index)
                    .expect("a check is queued")
            })
            .collect();
        for _ in 0..2 {
            release.send(()).expect("released");
        }
        for enrolment in enrolments {
            answer(enrolment).await.expect("runs");
        }
        assert_eq!(answer(elsewhere).await.expect("runs"), 9);
        for (index, check) in checks.into_iter().enumerate() {
            assert_eq!(answer(check).await.expect("runs"), index);
        }
        // The share is given back once they have run.
        let again = workers
            .submit_enrolment("demo", |_| 7)
            .expect("the share is free again");
        assert_eq!(answer(again).await.expect("runs"), 7);
    }

    #[tokio::test]
    async fn more_checks_than_workers_all_finish() {
        let stored = hash("demo", "Popcorn#2024".to_owned())
            .await
            .expect("hashes");
        let checks: Vec<_> = (0..6)
            .map(|_| tokio::spawn(verify("demo", "Popcorn#2024".to_owned(), stored.clone())))
            .collect();
        for check in checks {
            assert!(check.await.expect("joins").expect("checks"));
        }
    }
}
