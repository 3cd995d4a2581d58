//! One page view as the web app sends it, and what of it is kept.

use std::collections::BTreeMap;

use aggregates::text::trim_blanks;
use serde::Deserialize;
use utoipa::ToSchema;

/// The longest path kept (after its query string and fragment are cut off).
pub const MAX_PATH: usize = 300;
/// The longest path read, with its query string and fragment (the document's maxLength).
pub const MAX_SENT_PATH: usize = 600;
/// The longest UTM value kept.
pub const MAX_UTM: usize = 100;
/// The longest referrer address read (only its host is kept).
const MAX_REFERRER: usize = 1000;
/// A referrer the server reads, as the OpenAPI document states it (`referrer`'s pattern):
/// http, https or an Android app, a host name (each label starting with a letter) or an IPv4
/// address, an optional port up to 65535, then printable ASCII. Anything else is refused,
/// so the document and the server never disagree (a port, an address, a user name).
pub const REFERRER_PATTERN: &str = r"^[ \t\n\r]*((https?|android-app)://((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}|[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?)*)(:([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?([/?#][!-~]*)?)?[ \t\n\r]*$";

fn referrer_form() -> &'static regex::Regex {
    static FORM: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(REFERRER_PATTERN).expect("REFERRER_PATTERN is a regex"));
    &FORM
}

/// One page view.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct PageViewBody {
    /// The page's path, starting with `/`: at most 300 characters before a query string or
    /// fragment, which is cut off, never kept (600 characters in all).
    #[schema(
        required = true,
        max_length = 600,
        pattern = "^/[^?#\\u0000-\\u001f\\u007f-\\u009f]{0,299}([?#][^\\u0000]*)?$",
        example = "/plans-and-pricing"
    )]
    pub path: String,
    /// The referring page's address (`document.referrer`), or empty: only its host is kept,
    /// and none when it is this site.
    /// `REFERRER_PATTERN`, which the server checks (a test holds the two equal).
    #[schema(
        max_length = 1000,
        pattern = r"^[ \t\n\r]*((https?|android-app)://((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}|[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?)*)(:([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?([/?#][!-~]*)?)?[ \t\n\r]*$"
    )]
    pub referrer: Option<String>,
    /// `small` (under 640 px wide), `medium` (under 1024 px) or `large`.
    #[schema(required = true, pattern = "^(small|medium|large)$", example = "large")]
    pub viewport: String,
    /// `utm_source` of the landing page's address.
    #[schema(max_length = 100, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub utm_source: Option<String>,
    /// `utm_medium` of the landing page's address.
    #[schema(max_length = 100, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub utm_medium: Option<String>,
    /// `utm_campaign` of the landing page's address.
    #[schema(max_length = 100, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub utm_campaign: Option<String>,
}

/// The window a page was seen in, by its width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewport {
    Small,
    Medium,
    Large,
}

impl Viewport {
    pub fn parse(text: &str) -> Option<Viewport> {
        match text {
            "small" => Some(Viewport::Small),
            "medium" => Some(Viewport::Medium),
            "large" => Some(Viewport::Large),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Viewport::Small => "small",
            Viewport::Medium => "medium",
            Viewport::Large => "large",
        }
    }
}

/// What is kept of a view: nothing that names a person or a browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedView {
    pub path: String,
    pub referrer_host: Option<String>,
    pub viewport: Viewport,
    pub utm_source: Option<String>,
    pub utm_medium: Option<String>,
    pub utm_campaign: Option<String>,
}

/// One message per wrong field, by the field's name.
pub type FieldErrors = BTreeMap<&'static str, &'static str>;

/// A host name as compared: lower case, without a port or a trailing dot.
pub fn host_name(host: &str) -> String {
    let host = host.trim().to_ascii_lowercase();
    let host = if let Some(rest) = host.strip_prefix('[') {
        // An IPv6 literal: `[::1]:8080`.
        rest.split(']').next().unwrap_or_default().to_string()
    } else {
        host.rsplit_once(':')
            .filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit()))
            .map_or(host.clone(), |(name, _)| name.to_string())
    };
    host.trim_end_matches('.').to_string()
}

/// A field that may be left empty, with only the whitespace the document's patterns allow
/// around a value trimmed.
fn optional(value: &Option<String>) -> Option<String> {
    value.as_deref().map(trim_blanks).filter(|v| !v.is_empty()).map(str::to_string)
}

fn has_control(text: &str) -> bool {
    text.chars().any(char::is_control)
}

impl PageViewBody {
    /// The view as kept, or what is wrong with it. `own_hosts` are this site's host names:
    /// a referrer from one of them is an in-site navigation and is not kept.
    pub fn check(&self, own_hosts: &[String]) -> Result<CheckedView, FieldErrors> {
        let mut errors = FieldErrors::new();
        // As sent (the document's pattern allows nothing before the /).
        let path = self.path.as_str();
        let path = &path[..path.find(['?', '#']).unwrap_or(path.len())];
        if self.path.chars().count() > MAX_SENT_PATH {
            errors.insert("path", "The path must be at most 600 characters with its query string");
        } else if !path.starts_with('/') {
            errors.insert("path", "Send the page's path, starting with /");
        } else if path.chars().count() > MAX_PATH || has_control(path) {
            errors.insert("path", "The path must be at most 300 characters, without control characters");
        }
        let viewport = Viewport::parse(&self.viewport);
        if viewport.is_none() {
            errors.insert("viewport", "The viewport must be small, medium or large");
        }
        let mut referrer_host = None;
        if let Some(referrer) = optional(&self.referrer) {
            let host = (referrer.len() <= MAX_REFERRER && referrer_form().is_match(&referrer))
                .then(|| reqwest::Url::parse(&referrer).ok())
                .flatten()
                .filter(|url| matches!(url.scheme(), "http" | "https" | "android-app"))
                .and_then(|url| url.host_str().map(host_name))
                .filter(|host| !host.is_empty());
            match host {
                Some(host) => {
                    if !own_hosts.contains(&host) {
                        referrer_host = Some(host);
                    }
                }
                None => {
                    errors.insert("referrer", "The referrer must be a web address (http or https), or empty");
                }
            }
        }
        let mut utm = |field: &'static str, value: &Option<String>| {
            // Checked as sent, before trimming: the document's length and pattern are of the value sent.
            if value.as_deref().is_some_and(|v| v.chars().count() > MAX_UTM || has_control(v)) {
                errors.insert(field, "UTM values must be at most 100 characters, without control characters");
            }
            optional(value)
        };
        let utm_source = utm("utmSource", &self.utm_source);
        let utm_medium = utm("utmMedium", &self.utm_medium);
        let utm_campaign = utm("utmCampaign", &self.utm_campaign);
        let (Some(viewport), true) = (viewport, errors.is_empty()) else { return Err(errors) };
        Ok(CheckedView { path: path.to_string(), referrer_host, viewport, utm_source, utm_medium, utm_campaign })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(path: &str, referrer: Option<&str>) -> PageViewBody {
        PageViewBody {
            path: path.into(),
            referrer: referrer.map(Into::into),
            viewport: "large".into(),
            ..PageViewBody::default()
        }
    }

    fn own() -> Vec<String> {
        vec!["shop.example".to_string()]
    }

    #[test]
    fn the_query_string_is_never_kept() {
        let view = body("/plans-and-pricing?email=jane@example.com#top", None).check(&own()).unwrap();
        assert_eq!(view.path, "/plans-and-pricing");
    }

    #[test]
    fn a_referrer_is_kept_as_its_host_unless_it_is_ours() {
        let outside = body("/", Some("https://WWW.Google.co.uk:443/search?q=voip")).check(&own()).unwrap();
        assert_eq!(outside.referrer_host.as_deref(), Some("www.google.co.uk"));
        let inside = body("/", Some("https://shop.example/plans-and-pricing")).check(&own()).unwrap();
        assert_eq!(inside.referrer_host, None);
        assert_eq!(body("/", Some("")).check(&own()).unwrap().referrer_host, None);
        assert!(body("/", Some("not a url")).check(&own()).unwrap_err().contains_key("referrer"));
        assert!(body("/", Some("javascript:alert(1)")).check(&own()).unwrap_err().contains_key("referrer"));
        assert!(body("/", Some("http://127.0.0.1:8080/plans")).check(&own()).is_ok());
    }

    /// What the document's pattern admits, the server reads, and what it refuses, the server
    /// refuses (schemathesis holds the server to the document).
    #[test]
    fn the_referrer_pattern_is_the_documents_and_the_servers() {
        use utoipa::PartialSchema;
        let schema = serde_json::to_value(PageViewBody::schema()).unwrap();
        assert_eq!(schema["properties"]["referrer"]["pattern"], REFERRER_PATTERN);
        for refused in [
            "http://user@example.com/",
            "http://example.com:65536/",
            "http://999.1.1.1/",
            "http://01.1.1.1/",
            "http://1example.com/",
            "http://[::1]/",
            "ftp://example.com/",
            "HTTP://example.com/",
        ] {
            assert!(body("/", Some(refused)).check(&own()).is_err(), "{refused} is refused");
        }
        for read in
            ["http://a", "https://a-b.c:65535/x?y#z", "android-app://com.google.android.gm/", "http://10.0.0.1:8/"]
        {
            assert!(body("/", Some(read)).check(&own()).is_ok(), "{read} is read");
        }
        // The path's query string is cut off, but a NUL in it is still refused (the JSON
        // extractor refuses NUL in any text it reads): the document says so too.
        let path = regex::Regex::new(schema["properties"]["path"]["pattern"].as_str().unwrap()).unwrap();
        assert!(path.is_match("/plans?utm_source=a\nb"));
        assert!(!path.is_match("/plans?utm_source=a\u{0}b"));
    }

    #[test]
    fn each_field_is_checked() {
        let errors = PageViewBody {
            path: "plans".into(),
            viewport: "huge".into(),
            utm_source: Some("x".repeat(101)),
            ..PageViewBody::default()
        }
        .check(&own())
        .unwrap_err();
        assert_eq!(errors.keys().copied().collect::<Vec<_>>(), ["path", "utmSource", "viewport"]);
        assert!(body(&format!("/{}", "a".repeat(300)), None).check(&own()).unwrap_err().contains_key("path"));
        assert!(body(&format!("/{}", "a".repeat(299)), None).check(&own()).is_ok());
    }

    #[test]
    fn only_what_the_document_allows_is_trimmed() {
        // U+0085 (NEL) is whitespace to str::trim and a control character to the document's
        // patterns: the API fuzzing's seed 205501530 sent it as utmMedium and was answered 204.
        let with = |edit: fn(&mut PageViewBody)| {
            let mut view = body("/plans", None);
            edit(&mut view);
            view.check(&own())
        };
        assert!(with(|v| v.utm_medium = Some("\u{85}".into())).unwrap_err().contains_key("utmMedium"));
        assert!(with(|v| v.utm_source = Some(" ".repeat(101))).unwrap_err().contains_key("utmSource"));
        assert!(with(|v| v.referrer = Some("\u{85}".into())).unwrap_err().contains_key("referrer"));
        assert!(with(|v| v.path = " /plans".into()).unwrap_err().contains_key("path"));
        assert!(with(|v| v.viewport = "small\n".into()).unwrap_err().contains_key("viewport"));
        assert!(with(|v| v.referrer = Some(" \t".into())).is_ok());
        assert_eq!(with(|v| v.utm_medium = Some(" email ".into())).unwrap().utm_medium.as_deref(), Some("email"));
    }

    #[test]
    fn host_names_lose_their_port() {
        assert_eq!(host_name("Shop.Example:8080"), "shop.example");
        assert_eq!(host_name("127.0.0.1:8095"), "127.0.0.1");
        assert_eq!(host_name("[::1]:8080"), "::1");
        assert_eq!(host_name("shop.example."), "shop.example");
    }
}
