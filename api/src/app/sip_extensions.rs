//! The extensions' SIP logins (`sip_extensions`: an owner's extension number, its username
//! and its password's digests, read by the registrar): every statement on that table is here.
//! An owner is a service order's id or a trial's (projections::sip::trial_owner). Passwords
//! are made here, kept nowhere, and answered once to be shown; only their digests are stored
//! (sip_digest and sip_digest_md5).

use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use md5::Md5;
use rand::Rng;
use sha2::{Digest, Sha256};

use projections::sip::SIP_REALM;

/// A SIP password: 20 letters and digits from the OS's random source.
pub fn sip_password() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = rand::rngs::OsRng;
    (0..20).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect()
}

/// The PBX keeps HA1 = SHA-256(username:realm:password) (RFC 7616), never the password.
pub fn sip_digest(username: &str, password: &str) -> String {
    hex::encode(Sha256::digest(format!("{username}:{SIP_REALM}:{password}")))
}

/// The same HA1 with MD5 (RFC 2617), the digest every softphone answers and the registrar
/// checks by default: a password equivalent for SIP, so it is kept like the password would
/// be (never in an event or a log).
pub fn sip_digest_md5(username: &str, password: &str) -> String {
    hex::encode(Md5::digest(format!("{username}:{SIP_REALM}:{password}")))
}

/// One extension of an owner, and whether a phone is registered with it now.
pub struct Listed {
    pub number: String,
    pub username: String,
    /// Its login may register (a live order's or trial's: `sip_accounts`).
    pub active: bool,
    pub registered: bool,
}

/// Adds extension `number` of `owner` with `username` and a new password; answers the
/// password.
pub async fn add(
    conn: &mut PgConnection,
    owner: &str,
    account_id: Uuid,
    number: &str,
    username: &str,
) -> Result<String, sqlx::Error> {
    let password = sip_password();
    sqlx::query!(
        "INSERT INTO sip_extensions (owner, account_id, number, username, secret_digest, ha1_md5)
             VALUES ($1, $2, $3, $4, $5, $6)",
        owner,
        account_id,
        number,
        username,
        sip_digest(username, &password),
        sip_digest_md5(username, &password)
    )
    .execute(conn)
    .await?;
    Ok(password)
}

/// Whether any extension has `username`.
pub async fn username_taken(conn: &mut PgConnection, username: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT EXISTS (SELECT 1 FROM sip_extensions WHERE username = $1) AS "exists!""#, username)
        .fetch_one(conn)
        .await
}

/// A new password for `owner`'s extension `number` (of `username`): its digests replace the
/// old ones, so the registrar refuses the old password once `conn`'s transaction commits.
/// Answers the password.
pub async fn new_password(
    conn: &mut PgConnection,
    owner: &str,
    number: &str,
    username: &str,
) -> Result<String, sqlx::Error> {
    let password = sip_password();
    sqlx::query!(
        "UPDATE sip_extensions SET secret_digest = $3, ha1_md5 = $4 WHERE owner = $1 AND number = $2",
        owner,
        number,
        sip_digest(username, &password),
        sip_digest_md5(username, &password)
    )
    .execute(conn)
    .await?;
    Ok(password)
}

/// The username of `owner`'s extension `number`, locked for the rest of `conn`'s transaction.
pub async fn username_locked(
    conn: &mut PgConnection,
    owner: &str,
    number: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT username FROM sip_extensions WHERE owner = $1 AND number = $2 FOR UPDATE",
        owner,
        number
    )
    .fetch_optional(conn)
    .await
}

/// `owner`'s first extension: (number, username).
pub async fn first(pool: &PgPool, owner: &str) -> Result<(String, String), sqlx::Error> {
    let row =
        sqlx::query!("SELECT number, username FROM sip_extensions WHERE owner = $1 ORDER BY number LIMIT 1", owner)
            .fetch_one(pool)
            .await?;
    Ok((row.number, row.username))
}

/// `owner`'s extensions in number order, each with whether its login is live and a phone is
/// registered with it now.
pub async fn listed(pool: &PgPool, owner: &str) -> Result<Vec<Listed>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT e.number, e.username, a.username IS NOT NULL AS "active!" FROM sip_extensions e
         LEFT JOIN sip_accounts a ON a.username = e.username WHERE e.owner = $1 ORDER BY e.number::int"#,
        owner
    )
    .fetch_all(pool)
    .await?;
    let usernames: Vec<String> = rows.iter().map(|r| r.username.clone()).collect();
    let registered = projections::sip::registered(pool, &usernames).await?;
    Ok(rows
        .into_iter()
        .map(|r| Listed {
            registered: r.active && registered.contains(&r.username),
            active: r.active,
            number: r.number,
            username: r.username,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sip_passwords_are_strong_and_differ() {
        let (a, b) = (sip_password(), sip_password());
        assert_eq!(a.len(), 20);
        assert_ne!(a, b);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
    }

    #[test]
    fn md5_digest_is_the_rfc_2617_ha1() {
        // md5("jane101:sip.talkbridge.example:secret"), as `printf %s ... | md5sum` gives it.
        assert_eq!(sip_digest_md5("jane101", "secret"), "6bdbbabbf7aa1a77ee06d289a8290f90");
    }

    #[test]
    fn the_registrar_challenges_with_our_realm() {
        let config = include_str!("../../../sip/kamailio.cfg");
        assert!(
            config.contains(&format!("#!substdef \"!REALM!{SIP_REALM}!g\"")),
            "sip/kamailio.cfg's REALM is not SIP_REALM"
        );
    }

    #[test]
    fn digests_hide_the_password() {
        let digest = sip_digest("jane101", "secret");
        assert_eq!(digest.len(), 64);
        assert!(!digest.contains("secret"));
        assert_ne!(digest, sip_digest("jane101", "other"));
    }
}
