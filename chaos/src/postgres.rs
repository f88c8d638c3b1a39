//! A private PostgreSQL server for tests that stop or restart the database: initdb in
//! a fresh directory, on a free port, never the shared server on 5432. When the tests
//! run as root the server runs as the `postgres` user, which PostgreSQL requires.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::free_port;

const BIN: &str = "/usr/lib/postgresql/15/bin";

pub struct PrivatePostgres {
    dir: PathBuf,
    pub port: u16,
}

fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// A PostgreSQL tool's command, run as `postgres` when root.
fn tool(name: &str) -> Command {
    let program = format!("{BIN}/{name}");
    if running_as_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--", &program]);
        command
    } else {
        Command::new(program)
    }
}

/// Runs a PostgreSQL tool; panics with its output on failure.
fn run(name: &str, args: &[&str]) {
    let output = tool(name)
        .args(args)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {name}: {error}"));
    assert!(
        output.status.success(),
        "{name} {args:?} failed: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

impl PrivatePostgres {
    /// initdb and start a server in `parent/postgres`.
    pub fn start(parent: &Path) -> PrivatePostgres {
        let dir = parent.join("postgres");
        std::fs::create_dir_all(&dir).expect("a data directory");
        if running_as_root() {
            let status = Command::new("chown")
                .args(["-R", "postgres:postgres", &dir.display().to_string()])
                .status()
                .expect("chown runs");
            assert!(status.success(), "chown of {}", dir.display());
        }
        let data = dir.display().to_string();
        run(
            "initdb",
            &["-D", &data, "-U", "postgres", "--auth=trust", "--no-sync"],
        );
        let server = PrivatePostgres {
            dir,
            port: free_port(),
        };
        server.pg_ctl("start");
        server
    }

    fn pg_ctl(&self, action: &str) {
        let data = self.dir.display().to_string();
        let options = format!("-p {} -k {data} -c listen_addresses=127.0.0.1", self.port);
        let log = self.dir.join("server.log").display().to_string();
        run(
            "pg_ctl",
            &[
                "-D", &data, "-o", &options, "-l", &log, "-w", "-m", "fast", action,
            ],
        );
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    pub fn stop(&self) {
        self.pg_ctl("stop");
    }

    pub fn start_again(&self) {
        self.pg_ctl("start");
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let data = self.dir.display().to_string();
        let _ = tool("pg_ctl")
            .args(["-D", &data, "-m", "immediate", "stop"])
            .output();
    }
}
