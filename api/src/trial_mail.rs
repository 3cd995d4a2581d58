//! The free trial's welcome e-mail, written to the outbox (no passwords in it, ever). The
//! reminder before the end is the end-trials job's (jobs::trials).

use projections::trials::TrialView;

use crate::checkout::mail::sip_server_line;
use crate::config::SipServer;

/// The welcome e-mail's subject and body (no passwords in it).
pub fn welcome(view: &TrialView, number: &str, sip: &SipServer) -> (&'static str, String) {
    let ends = view.ends_at.map(|t| t.format("%A %-d %B %Y, %H:%M UTC").to_string()).unwrap_or_default();
    let username = view.extension.as_ref().map(|e| e.username.clone()).unwrap_or_default();
    let body = format!(
        "Hello {},\n\nYour 7-day free trial has started successfully.\n\nYour number: {number}\nExtension: 101 (username {username}, {})\n\
         Minutes included: {}\nYour trial ends: {ends}\n\nSet up any SIP phone or softphone with the username, its SIP password \
         and this server. Log in with your e-mail address and the password you chose.\n",
        view.first_name,
        sip_server_line(sip),
        view.minutes
    );
    ("Your 7-day free trial has started", body)
}
