//! `wurfel completions` and `wurfel man`: generated from the parser, so they must name the real
//! subcommands.

use std::process::Command;

fn wurfel(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .output()
        .expect("run wurfel");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn completion_scripts_name_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, out, err) = wurfel(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        for sub in ["solve", "count", "snake", "revenge", "completions"] {
            assert!(out.contains(sub), "{shell} script lacks `{sub}`");
        }
    }
    let (code, _, err) = wurfel(&["completions", "cmd.exe"]);
    assert_ne!(code, 0);
    assert!(err.contains("possible values"), "{err}");
}

#[test]
fn man_page_is_roff_with_the_subcommands() {
    let (code, out, err) = wurfel(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(".TH wurfel 1"), "not a man page:\n{out}");
    for sub in ["solve", "count", "snake", "revenge"] {
        assert!(out.contains(sub), "man page lacks `{sub}`");
    }
}
