//! One platform binary (or the Node renderer) as a child process. Its output goes to a
//! log file in the test's directory (read by assertions, kept for post-mortems); dropping
//! it kills the process.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::workspace_root;

/// The debug build of `name`, built (once per test run) with the cargo that runs the
/// tests, so `cargo test -p chaos` never runs stale binaries. They are built as the
/// workspace's tests build them (each service's integration tests build its binary):
/// with the same features, so `make test` compiles no dependency twice.
pub fn binary(name: &str) -> PathBuf {
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let dir = BUILT.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let status = Command::new(cargo)
            .current_dir(workspace_root())
            .args(["test", "--workspace", "--no-run", "--quiet"])
            .status()
            .map_err(|error| error.to_string())?;
        if !status.success() {
            return Err(format!("the workspace's build failed: {status}"));
        }
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map_or_else(|| workspace_root().join("target"), PathBuf::from);
        Ok(target.join("debug"))
    });
    match dir {
        Ok(dir) => dir.join(name),
        Err(error) => panic!("{error}"),
    }
}

pub struct Process {
    name: String,
    command: PathBuf,
    args: Vec<String>,
    env: Vec<(String, String)>,
    log: PathBuf,
    child: Option<Child>,
}

impl Process {
    /// Starts `binary` with `env` (on top of a clean log set-up), logging to `dir/name.log`.
    pub fn start(
        name: &str,
        binary_name: &str,
        args: &[&str],
        env: Vec<(String, String)>,
        dir: &Path,
    ) -> Process {
        let args = args.iter().map(|a| (*a).to_owned()).collect();
        Process::spawned(name, binary(binary_name), args, env, dir)
    }

    /// Starts a program of the machine (`nats-server`, say), as [`Process::start`].
    pub fn start_program(
        name: &str,
        program: &str,
        args: &[&str],
        env: Vec<(String, String)>,
        dir: &Path,
    ) -> Process {
        let args = args.iter().map(|a| (*a).to_owned()).collect();
        Process::spawned(name, PathBuf::from(program), args, env, dir)
    }

    /// Another process of the same program as `name`, with the same settings but those
    /// in `changes` (another replica of a deployment).
    pub fn another(&self, name: &str, changes: &[(&str, String)], dir: &Path) -> Process {
        let mut env: Vec<(String, String)> = self
            .env
            .iter()
            .filter(|(key, _)| !changes.iter().any(|(changed, _)| changed == key))
            .cloned()
            .collect();
        env.extend(
            changes
                .iter()
                .map(|(key, value)| ((*key).to_owned(), value.clone())),
        );
        Process::spawned(name, self.command.clone(), self.args.clone(), env, dir)
    }

    /// Starts `node script` (the web app must be built: `make web`), as [`Process::start`].
    pub fn start_node(
        name: &str,
        script: &Path,
        env: Vec<(String, String)>,
        dir: &Path,
    ) -> Process {
        let args = vec![script.display().to_string()];
        Process::spawned(name, PathBuf::from("node"), args, env, dir)
    }

    fn spawned(
        name: &str,
        command: PathBuf,
        args: Vec<String>,
        env: Vec<(String, String)>,
        dir: &Path,
    ) -> Process {
        let mut process = Process {
            name: name.to_owned(),
            command,
            args,
            env,
            log: dir.join(format!("{name}.log")),
            child: None,
        };
        process.spawn();
        process
    }

    fn spawn(&mut self) {
        let log = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .expect("a log file");
        let child = Command::new(&self.command)
            .args(&self.args)
            .env("RUST_LOG", "info")
            .env("LOG_FORMAT", "json")
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("a log file"))
            .stderr(log)
            .spawn()
            .unwrap_or_else(|error| panic!("cannot start {}: {error}", self.name));
        self.child = Some(child);
    }

    pub fn pid(&self) -> u32 {
        self.child.as_ref().map_or(0, Child::id)
    }

    /// SIGKILL, as when a node dies or the OOM killer strikes.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// SIGTERM, as an orchestrator stopping a pod.
    pub fn terminate(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.pid().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "SIGTERM to {}", self.name);
    }

    /// Waits up to `timeout` for the process to exit on its own.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let started = Instant::now();
        let child = self.child.as_mut()?;
        while started.elapsed() < timeout {
            if let Ok(Some(status)) = child.try_wait() {
                self.child = None;
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// Starts the same program again with the same settings (a restarted pod).
    pub fn restart(&mut self) {
        self.kill();
        self.spawn();
    }

    /// The value the process was started with for `name`.
    pub fn env_var(&self, name: &str) -> Option<String> {
        self.env
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
    }

    /// Everything the process wrote so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}
