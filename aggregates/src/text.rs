//! Text as the OpenAPI document's patterns read it. The server must refuse what the document
//! refuses: a value it trims more than the document allows, or whitespace it does not count
//! as whitespace, is accepted where the document says 422 (the API fuzzing's `brand=%0A`
//! and `utmMedium` U+0085).

/// Trims only the whitespace a pattern allows around a keyword, an e-mail address, a phone
/// number or a postcode: space, tab, CR and LF (JSON's own). `str::trim` would also take
/// U+0085 and the Unicode spaces, which those patterns refuse.
pub fn trim_blanks(text: &str) -> &str {
    text.trim_matches([' ', '\t', '\n', '\r'])
}

/// What an e-mail address may not hold: Unicode's White_Space (Rust's), and the four separators
/// U+001C to U+001F, which some regex dialects read as `\s` and others do not, so the
/// document's e-mail patterns name them (`[^@\s\x00\x85\x1c-\x1f]`) and every reader agrees.
pub fn is_pattern_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_json_whitespace_is_trimmed() {
        assert_eq!(trim_blanks(" \t\r\nGB \n"), "GB");
        for kept in ['\u{85}', '\u{a0}', '\u{2003}', '\u{3000}', '\u{b}', '\u{c}', '\u{1c}'] {
            let text = format!("GB{kept}");
            assert_eq!(trim_blanks(&text), text, "{kept:?}");
        }
    }

    #[test]
    fn the_separators_count_as_space_as_the_fuzzing_reads_them() {
        for space in [' ', '\t', '\u{85}', '\u{a0}', '\u{2003}', '\u{1c}', '\u{1f}'] {
            assert!(is_pattern_space(space), "{space:?}");
        }
        for not in ['a', '\u{1}', '\u{1b}', '\u{feff}'] {
            assert!(!is_pattern_space(not), "{not:?}");
        }
    }
}
