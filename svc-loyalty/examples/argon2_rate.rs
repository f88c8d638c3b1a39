//! The reference of bench/loyalty.sh: how many argon2id password checks per second this
//! machine does with the parameters logins use (svc_loyalty's own functions), on as
//! many threads as it has cores, or as asked: the benchmark asks for one per login
//! connection, so that on a shared machine both sides get alike shares of the CPU.
//!
//!     cargo run --release -p svc-loyalty --example argon2_rate -- [seconds] [threads]

use std::time::{Duration, Instant};

use svc_loyalty::domain::credentials::{HashingMemory, hash_password, verify_password};

fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(10);
    let threads = std::env::args()
        .nth(2)
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let phc = hash_password("Popcorn#2024", &mut HashingMemory::new()).expect("hash");
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let checks: u64 = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    // Like svc-loyalty's password workers: one block of memory a thread.
                    let mut memory = HashingMemory::new();
                    let mut done = 0u64;
                    while Instant::now() < deadline {
                        assert!(verify_password("Popcorn#2024", &phc, &mut memory));
                        done += 1;
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a worker"))
            .sum()
    });
    let rate = checks as f64 / started.elapsed().as_secs_f64();
    println!("{rate:.1} {threads}");
}
