//! `voip-shop [COMMAND]` (`voip-shop --help`): the server and its operator commands, parsed by
//! clap. Configuration comes from the environment (README), and each command reads only what it
//! uses: `serve` and `run-job` the server's whole configuration with its fail-closed checks, the
//! database commands `DATABASE_URL` alone, `openapi` and `catalogue` nothing.

use std::path::PathBuf;
use std::process::ExitCode;

use api::app::state::AppState;
use api::platform::config::{Config, DatabaseSettings};
use api::startup::{connect, migrate, shutdown_signal, Application};
use clap::{Parser, Subcommand, ValueEnum};
use sqlx::PgPool;

/// The Talkbridge shop's server and its operator commands. Configuration comes from the
/// environment (README, Configuration).
#[derive(Debug, Parser)]
#[command(name = "voip-shop", version)]
struct Cli {
    /// Without one, `serve`.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Applies the migrations, seeds the demo number stock into an empty inventory, serves, and
    /// runs the scheduled jobs (the default command).
    ///
    /// Needs the server's whole configuration, and refuses to start on settings that would leave
    /// the shop open (production without Stripe keys, a webhook secret, a mail relay or an https
    /// SITE_URL).
    Serve,
    /// Applies the migrations and stops (reads DATABASE_URL alone).
    Migrate,
    /// Rebuilds every read model from the event store, each built aside and swapped in (reads
    /// DATABASE_URL alone).
    ///
    /// Rebuilds the cart, order, trial and hardware views, the admin audit log, the SIP
    /// registrar's `sip_accounts` and `sip_numbers`, and the number inventory's
    /// status/held_by/held_until/last_sequence (stock rows themselves are left as imported).
    /// Each is built aside and swapped in with one
    /// transaction, so the site keeps answering from the old view meanwhile; writers to a view
    /// wait only for the swap (598 ms measured for 205,785 cart events). Safe to run while the
    /// site is up, and again at any time: a rebuild of healthy views changes nothing. Progress (a
    /// bar on a terminal: events done, events/s, time left; else a log line every few seconds) and
    /// a summary per read model go to the log.
    RebuildViews,
    /// Runs one scheduled job once, under the scheduler's lock (no tick is claimed, so it runs
    /// besides the schedule).
    ///
    /// Needs the server's whole configuration, as `serve` does (a job may call Stripe or send
    /// mail). `heartbeat` is for tests only and runs only with HEARTBEAT_JOB=1.
    RunJob {
        /// The job to run.
        #[arg(value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(job_names()))]
        name: String,
    },
    /// Adds real number stock from a CSV file (README, Number stock; reads DATABASE_URL alone).
    ///
    /// Rejected lines are printed with their line number and reason, the rest are added;
    /// numbers already in the stock are left alone.
    ImportNumbers {
        /// `country,number,type,area_code[,free_trial]` with a header line.
        #[arg(value_name = "FILE.csv")]
        file: PathBuf,
    },
    /// Prints an order's timeline with its e-mails, as the staff console shows it (reads
    /// DATABASE_URL alone).
    History {
        /// An SB-, HW- or TR- order number, or an order id.
        #[arg(value_name = "ORDER-NUMBER")]
        order: String,
    },
    /// Staff users for /admin (reads DATABASE_URL alone).
    #[command(subcommand)]
    Users(UsersCommand),
    /// Prints the OpenAPI 3.1 document of `/api` (needs no configuration; also served at `GET
    /// /api/openapi.json`).
    Openapi,
    /// Prints the price list exactly as `GET /api/catalogue` serves it (needs no configuration).
    ///
    /// The web app's build prerenders the pages' prices from its copy in
    /// `webapp/src/generated/catalogue.json`; after a change to the pricing module run `cargo run
    /// --bin voip-shop catalogue > webapp/src/generated/catalogue.json` (an API test fails until
    /// the copy matches).
    Catalogue,
}

#[derive(Debug, Subcommand)]
enum UsersCommand {
    /// Adds a staff user for /admin; without `--password` a password is generated and shown once
    /// (no default password ships).
    Add {
        #[arg(long, value_enum)]
        role: StaffRole,
        /// The user's e-mail address, with which they sign in.
        email: String,
        /// The password to set: 12 to 256 characters, not on the list of passwords from breaches nor easy to guess (api/src/app/password_rules.rs); without it one is generated.
        #[arg(long, value_name = "PW")]
        password: Option<String>,
    },
}

/// What a staff user may do (api::app::auth::Role).
#[derive(Debug, Clone, Copy, ValueEnum)]
enum StaffRole {
    /// Changes the catalogue and performs every staff action.
    Admin,
    /// Reads the staff console: orders, the catalogue and the audit log; changes nothing.
    Support,
}

impl From<StaffRole> for api::app::auth::Role {
    fn from(role: StaffRole) -> Self {
        match role {
            StaffRole::Admin => api::app::auth::Role::Admin,
            StaffRole::Support => api::app::auth::Role::Support,
        }
    }
}

/// The scheduled jobs `run-job` takes (api::scheduled::jobs; a test keeps the two the same).
fn job_names() -> Vec<&'static str> {
    jobs::JOB_NAMES.to_vec()
}

/// glibc serves a large allocation with its own mapping and, once one is freed, raises that
/// threshold to the freed size (up to 32 MiB). After the first argon2 run (about 20 MiB) every
/// later one came from a thread's arena, and each arena kept its freed 20 MiB: under the soak
/// (api/bench/soak.sh) the server grew from 40 MB to 986 MB in 10 minutes while its live heap
/// stayed near 20 MB (heaptrack). A fixed threshold (glibc's default, 128 KiB) maps and unmaps
/// every large buffer: the same soak held 43-46 MB. `MALLOC_MMAP_THRESHOLD_`, when set, wins.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn fix_mmap_threshold() {
    if std::env::var_os("MALLOC_MMAP_THRESHOLD_").is_none() {
        // SAFETY: mallopt only changes the allocator's tuning; it is called once, first thing
        // in main, before any other thread exists.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn fix_mmap_threshold() {}

fn main() -> ExitCode {
    fix_mmap_threshold();
    // A bad command line ends here: clap prints what is wrong and exits with 2 (`--help` with 0).
    let cli = Cli::parse();
    serve_main(cli.command.unwrap_or(Command::Serve))
}

#[tokio::main]
async fn serve_main(command: Command) -> ExitCode {
    // Lines are written by a thread of their own; the guard writes out what is queued when
    // `main` returns.
    let _log = match api::platform::logging::settings(|key| std::env::var(key).ok())
        .and_then(|s| api::platform::logging::init(&s))
    {
        Ok(guard) => guard,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    match run(command).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "stopped");
            ExitCode::FAILURE
        }
    }
}

type Failure = Box<dyn std::error::Error + Send + Sync>;

/// The database of the commands that need nothing else, migrated.
async fn database() -> Result<PgPool, Failure> {
    let pool = connect(&DatabaseSettings::from_env()?).await?;
    migrate(&pool).await?;
    Ok(pool)
}

async fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Openapi => {
            // Needs no configuration: the document is the code's.
            println!("{}", api::http::openapi::document().to_pretty_json()?);
        }
        Command::Catalogue => {
            // The price list as GET /api/catalogue serves it, for the web app's build.
            println!("{}", serde_json::to_string_pretty(&api::http::routes::catalogue::document().await)?);
        }
        Command::Serve => {
            // What a crashed server left owed is resumed at once, and anything owed later.
            Application::build(Config::from_env()?).await?.serve(shutdown_signal()).await?;
        }
        Command::RunJob { name } => api::scheduled::run_job(&Config::from_env()?, &name).await?,
        Command::Users(UsersCommand::Add { role, email, password }) => {
            let pool = database().await?;
            let role = api::app::auth::Role::from(role);
            let generated = password.is_none();
            let password = api::app::auth::add_user(&pool, &email, role, password).await?;
            if generated {
                println!("{} {email} added. Password (shown once): {password}", role.as_str());
            } else {
                println!("{} {email} added.", role.as_str());
            }
        }
        Command::ImportNumbers { file } => {
            let pool = database().await?;
            let started = std::time::Instant::now();
            let report = api::tools::import::import_file(&pool, &file).await?;
            tracing::info!(seconds = started.elapsed().as_secs_f64(), "import finished");
            for (line, reason) in &report.rejected {
                println!("line {line}: rejected: {reason}");
            }
            println!(
                "{} added, {} already in stock, {} rejected",
                report.added,
                report.already_there,
                report.rejected.len()
            );
        }
        Command::History { order } => {
            let state = AppState::new(database().await?);
            let Some((kind, id)) = api::app::admin::find_order(&state, &order).await.map_err(|e| format!("{e:?}"))?
            else {
                return Err(format!("no order {order:?}: give an SB-, HW- or TR- number, or an order id").into());
            };
            print!("{}", api::app::admin::timeline(&state, kind, &id).await.map_err(|e| format!("{e:?}"))?);
        }
        Command::Migrate => {
            database().await?;
            tracing::info!("migrations applied");
        }
        Command::RebuildViews => {
            let state = AppState::new(database().await?);
            // Each read model is built aside and swapped in; the site keeps serving meanwhile.
            let rebuilt = api::tools::rebuild::rebuild_all(&state).await?;
            let events: usize = rebuilt.iter().map(|r| r.events).sum();
            tracing::info!(read_models = rebuilt.len(), events, "every read model rebuilt from the event store");
        }
    }
    Ok(())
}

/// The README's command table, written from the clap definitions above.
#[cfg(test)]
mod readme {
    use clap::CommandFactory;

    pub const BEGIN: &str =
        "<!-- commands: begin (generated from api/src/main.rs: UPDATE_README=1 cargo test -p api --bin voip-shop) -->";
    pub const END: &str = "<!-- commands: end -->";

    /// `command | arguments | what it does`, a row per command that runs (`users add`, not `users`).
    pub fn command_table() -> String {
        let mut table = String::from("| command | arguments | what it does |\n|---|---|---|\n");
        for command in super::Cli::command().get_subcommands() {
            rows(command, "", &mut table);
        }
        table
    }

    fn rows(command: &clap::Command, parent: &str, table: &mut String) {
        let name = format!("{parent}{}", command.get_name());
        if command.has_subcommands() {
            for sub in command.get_subcommands() {
                rows(sub, &format!("{name} "), table);
            }
            return;
        }
        let args: Vec<&clap::Arg> = command
            .get_arguments()
            .filter(|a| !a.is_hide_set() && !matches!(a.get_id().as_str(), "help" | "version"))
            .collect();
        let usage: Vec<String> = args.iter().map(|arg| usage(arg)).collect();
        let mut text = sentence(command.get_long_about().or(command.get_about()).map(|s| s.to_string()));
        for arg in &args {
            if let Some(help) = arg.get_help() {
                text.push_str(&format!(" `{}`: {}", placeholder(arg), sentence(Some(help.to_string()))));
            }
            let values = possible_values(arg);
            if values.len() > INLINE_VALUES {
                let values: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
                text.push_str(&format!(" One of {}.", values.join(", ")));
            }
        }
        let usage = if usage.is_empty() { String::new() } else { format!("`{}`", usage.join(" ")) };
        table.push_str(&format!("| `{name}` | {} | {} |\n", cell(&usage), cell(&text)));
    }

    /// Choices shown in the arguments column (`--role <admin|support>`); longer lists go in
    /// the description.
    const INLINE_VALUES: usize = 3;

    /// `--role <admin|support>`, `FILE.csv`, `[--password <PW>]`.
    fn usage(arg: &clap::Arg) -> String {
        let value = placeholder(arg);
        let text = match arg.get_long() {
            Some(long) => format!("--{long} <{value}>"),
            None => value,
        };
        if arg.is_required_set() {
            text
        } else {
            format!("[{text}]")
        }
    }

    fn possible_values(arg: &clap::Arg) -> Vec<String> {
        arg.get_possible_values().iter().filter(|v| !v.is_hide_set()).map(|v| v.get_name().to_string()).collect()
    }

    fn placeholder(arg: &clap::Arg) -> String {
        let values = possible_values(arg);
        if !values.is_empty() && values.len() <= INLINE_VALUES {
            return values.join("|");
        }
        match arg.get_value_names() {
            Some(names) => names.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" "),
            None => arg.get_id().as_str().to_ascii_uppercase(),
        }
    }

    /// One line ending with a full stop (clap drops the stop of a one-line doc comment).
    fn sentence(text: Option<String>) -> String {
        let text = one_line(text.unwrap_or_default());
        if text.is_empty() || text.ends_with('.') {
            text
        } else {
            format!("{text}.")
        }
    }

    fn one_line(text: String) -> String {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// A table cell: a `|` would end it.
    fn cell(text: &str) -> String {
        text.replace('|', "\\|")
    }
}

#[cfg(test)]
mod tests {
    use clap::error::ErrorKind;
    use clap::{CommandFactory, Parser};

    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("voip-shop").chain(args.iter().copied()))
    }

    #[test]
    fn the_definitions_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn no_command_serves_and_every_command_keeps_its_name_and_arguments() {
        assert!(parse(&[]).unwrap().command.is_none());
        assert!(matches!(parse(&["serve"]).unwrap().command, Some(Command::Serve)));
        assert!(matches!(parse(&["migrate"]).unwrap().command, Some(Command::Migrate)));
        assert!(matches!(parse(&["rebuild-views"]).unwrap().command, Some(Command::RebuildViews)));
        assert!(matches!(parse(&["openapi"]).unwrap().command, Some(Command::Openapi)));
        assert!(matches!(parse(&["catalogue"]).unwrap().command, Some(Command::Catalogue)));
        let Some(Command::RunJob { name }) = parse(&["run-job", "end-trials"]).unwrap().command else { panic!() };
        assert_eq!(name, "end-trials");
        let Some(Command::ImportNumbers { file }) = parse(&["import-numbers", "stock.csv"]).unwrap().command else {
            panic!()
        };
        assert_eq!(file, PathBuf::from("stock.csv"));
        let Some(Command::History { order }) = parse(&["history", "SB-123456"]).unwrap().command else { panic!() };
        assert_eq!(order, "SB-123456");
        // The order .ci/test writes it in: the flag after the address.
        let added = parse(&["users", "add", "--role", "support", "s@example.com", "--password", "pw-1"]).unwrap();
        let Some(Command::Users(UsersCommand::Add { role, email, password })) = added.command else { panic!() };
        assert_eq!(api::app::auth::Role::from(role), api::app::auth::Role::Support);
        assert_eq!((email.as_str(), password.as_deref()), ("s@example.com", Some("pw-1")));
        let added = parse(&["users", "add", "a@example.com", "--role=admin"]).unwrap();
        let Some(Command::Users(UsersCommand::Add { role, password, .. })) = added.command else { panic!() };
        assert_eq!((api::app::auth::Role::from(role), password), (api::app::auth::Role::Admin, None));
    }

    #[test]
    fn a_bad_command_line_is_a_usage_error_with_exit_code_2() {
        for (args, kind) in [
            (&["serve", "--port", "1"][..], ErrorKind::UnknownArgument),
            (&["frobnicate"][..], ErrorKind::InvalidSubcommand),
            (&["users", "add", "--role", "root", "a@example.com"][..], ErrorKind::InvalidValue),
            (&["users", "add", "a@example.com"][..], ErrorKind::MissingRequiredArgument),
            (&["users"][..], ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand),
            (&["run-job", "tidy-up"][..], ErrorKind::InvalidValue),
            (&["run-job"][..], ErrorKind::MissingRequiredArgument),
            (&["import-numbers"][..], ErrorKind::MissingRequiredArgument),
            (&["migrate", "now"][..], ErrorKind::UnknownArgument),
        ] {
            let error = parse(args).unwrap_err();
            assert_eq!((error.kind(), error.exit_code()), (kind, 2), "{args:?}: {error}");
        }
    }

    #[test]
    fn each_command_has_its_own_help() {
        for args in [&["users", "add", "--help"][..], &["import-numbers", "--help"], &["run-job", "--help"]] {
            let help = parse(args).unwrap_err();
            assert_eq!((help.kind(), help.exit_code()), (ErrorKind::DisplayHelp, 0));
        }
        let help = parse(&["users", "add", "--help"]).unwrap_err().to_string();
        assert!(help.contains("--role <ROLE>") && help.contains("admin") && help.contains("support"), "{help}");
        let help = parse(&["run-job", "--help"]).unwrap_err().to_string();
        assert!(help.contains("end-trials") && help.contains("reconcile-payments"), "{help}");
    }

    /// `run-job` offers exactly the jobs the scheduler runs (with the tests' heartbeat).
    #[tokio::test]
    async fn run_job_names_the_scheduled_jobs() {
        let mut config = Config::development();
        config.heartbeat_job = true;
        let pool = sqlx::postgres::PgPoolOptions::new().connect_lazy("postgres://127.0.0.1:1/none").unwrap();
        let state = AppState::new(pool).with_services(api::app::state::Services::from_config(&config).unwrap());
        let mut scheduled: Vec<&str> = api::scheduled::jobs(&state).iter().map(|j| j.name).collect();
        let mut offered = job_names();
        scheduled.sort();
        offered.sort();
        assert_eq!(offered, scheduled);
    }

    #[test]
    fn the_readme_command_table_is_the_clis() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md");
        let readme = std::fs::read_to_string(path).unwrap();
        let (Some(begin), Some(end)) = (readme.find(readme::BEGIN), readme.find(readme::END)) else {
            panic!("README.md lacks the markers {:?} and {:?}", readme::BEGIN, readme::END)
        };
        let body_start = begin + readme::BEGIN.len() + 1;
        let table = readme::command_table();
        if std::env::var_os("UPDATE_README").is_some() {
            let updated = format!("{}{table}{}", &readme[..body_start], &readme[end..]);
            std::fs::write(path, updated).unwrap();
            return;
        }
        assert!(
            readme[body_start..end] == table,
            "README.md's command table is not the command line's: run \
             `UPDATE_README=1 cargo test -p api --bin voip-shop` to rewrite it\nexpected:\n{table}"
        );
    }
}
