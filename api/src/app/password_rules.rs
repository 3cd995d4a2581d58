//! What a new password must be (OWASP ASVS 2.1.1, 2.1.2, 2.1.7, 2.1.9; NIST SP 800-63B): 12 to
//! 256 characters of any kind, with no rules about which kinds; not on the list of passwords
//! found in breaches that zxcvbn carries (the 30,000 most common of leaked password dumps,
//! with their l33t and reversed forms); and not easy to guess by zxcvbn's estimate (a score of
//! 3 of 4 or more: over about 10^8 guesses), the account's own e-mail, names and company
//! counting as easy to guess. Each refusal says what to do instead.
//!
//! Only a password being set is held to this (a new account, "Forgot password", a staff
//! member's): an account's existing password still opens it.

use zxcvbn::feedback::Warning;
use zxcvbn::Score;

pub const MIN_LENGTH: usize = 12;
pub const MAX_LENGTH: usize = 256;

pub const REQUIRED: &str = "Password is required";
pub const TOO_SHORT: &str = "Password must be at least 12 characters";
pub const TOO_LONG: &str = "Password must be at most 256 characters";
pub const BREACHED: &str =
    "This password is on lists of passwords stolen from other sites, which attackers try first. \
                            Choose another: three or four unrelated words make a strong one.";
pub const EASY_TO_GUESS: &str =
    "This password is easy to guess. Add another word or two, or use three or four unrelated words.";

/// What is wrong with `password` as a new password, or None. `about` holds the account's own
/// details (e-mail, names, company), which make a password easy to guess.
pub fn problem(password: &str, about: &[&str]) -> Option<&'static str> {
    let count = password.chars().count();
    if password.is_empty() {
        return Some(REQUIRED);
    }
    if count < MIN_LENGTH {
        return Some(TOO_SHORT);
    }
    if count > MAX_LENGTH {
        return Some(TOO_LONG);
    }
    // zxcvbn reads the first 100 characters: the estimate costs the same for any length.
    let estimate = zxcvbn::zxcvbn(password, about);
    let warning = estimate.feedback().and_then(|feedback| feedback.warning());
    if matches!(
        warning,
        Some(Warning::ThisIsATop10Password | Warning::ThisIsATop100Password | Warning::ThisIsACommonPassword)
    ) {
        return Some(BREACHED);
    }
    (estimate.score() < Score::Three).then_some(EASY_TO_GUESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    const JANE: [&str; 4] = ["jane@example.com", "Jane", "Doe", "Doe Trading Ltd"];

    #[test]
    fn length_comes_first() {
        assert_eq!(problem("", &JANE), Some(REQUIRED));
        assert_eq!(problem("Xq7!vR2#kL9", &JANE), Some(TOO_SHORT), "11 characters, however random");
        assert_eq!(problem(&"horse battery ".repeat(19), &JANE), Some(TOO_LONG));
        // Characters, not bytes: twelve accented letters are twelve.
        assert_eq!(problem("ééééééééééé", &JANE), Some(TOO_SHORT));
    }

    #[test]
    fn passwords_from_breaches_are_named_as_such() {
        for breached in ["password1234", "qwerty123456"] {
            assert_eq!(problem(breached, &JANE), Some(BREACHED), "{breached}");
        }
    }

    #[test]
    fn guessable_passwords_are_refused_with_what_to_do() {
        let easy = [
            "Password1234",
            "iloveyou1234",
            "123456789012",
            "qwertyuiopas",
            "aaaaaaaaaaaa",
            "abcdefghijkl",
            "janedoejanedoe",
            "jane@example.com",
        ];
        for easy in easy {
            assert_eq!(problem(easy, &JANE), Some(EASY_TO_GUESS), "{easy}");
        }
    }

    #[test]
    fn long_unrelated_words_and_random_strings_pass() {
        for strong in
            ["correct-horse-9", "s3cret-Passw0rd", "two servers, one session", "HYZo9yHHvGpo", "puddle lantern oboe"]
        {
            assert_eq!(problem(strong, &JANE), None, "{strong}");
        }
    }
}
