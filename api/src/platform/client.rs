//! Who is calling: the client's address, as rate limits and per-address caps count it.
//!
//! Behind our own proxy (`TRUSTED_PROXY=1`) the address is the right-most entry of
//! `X-Forwarded-For`, the one that proxy appended; entries further left are whatever the
//! client chose to send and are never trusted. Without a trusted proxy it is the peer of the
//! connection. IPv6 clients are grouped by their /64, which one subscriber usually holds whole.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::http::HeaderMap;

/// The client's address as text: an IPv4 address, or an IPv6 /64 prefix (`2001:db8:1:2::/64`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddress(pub String);

impl ClientAddress {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn from_ip(ip: IpAddr) -> ClientAddress {
        let ip = match ip {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => IpAddr::V6(v6),
            },
            v4 => v4,
        };
        match ip {
            IpAddr::V4(v4) => ClientAddress(v4.to_string()),
            IpAddr::V6(v6) => {
                let s = v6.segments();
                let prefix = Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                ClientAddress(format!("{prefix}/64"))
            }
        }
    }

    /// The address of a request: the trusted proxy's right-most `X-Forwarded-For` entry when
    /// `trusted_proxy`, else the connection's peer. None when neither is known.
    pub fn of(headers: &HeaderMap, peer: Option<SocketAddr>, trusted_proxy: bool) -> Option<ClientAddress> {
        if trusted_proxy {
            let forwarded = headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(str::trim)
                .rfind(|v| !v.is_empty());
            if let Some(ip) = forwarded.and_then(|v| v.parse::<IpAddr>().ok()) {
                return Some(ClientAddress::from_ip(ip));
            }
        }
        peer.map(|peer| ClientAddress::from_ip(peer.ip()))
    }
}

impl std::fmt::Display for ClientAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(forwarded: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", forwarded.parse().unwrap());
        headers
    }

    #[test]
    fn the_peer_counts_unless_a_proxy_is_trusted() {
        let peer: SocketAddr = "203.0.113.7:5000".parse().unwrap();
        let spoofed = headers("198.51.100.1");
        assert_eq!(ClientAddress::of(&spoofed, Some(peer), false).unwrap().as_str(), "203.0.113.7");
        assert_eq!(ClientAddress::of(&spoofed, Some(peer), true).unwrap().as_str(), "198.51.100.1");
    }

    #[test]
    fn only_the_right_most_forwarded_entry_is_trusted() {
        let peer: SocketAddr = "10.0.0.2:5000".parse().unwrap();
        let chain = headers("1.1.1.1, 198.51.100.9");
        assert_eq!(ClientAddress::of(&chain, Some(peer), true).unwrap().as_str(), "198.51.100.9");
        let garbage = headers("not-an-address");
        assert_eq!(ClientAddress::of(&garbage, Some(peer), true).unwrap().as_str(), "10.0.0.2");
    }

    #[test]
    fn ipv6_is_grouped_by_its_64() {
        let a = ClientAddress::from_ip("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = ClientAddress::from_ip("2001:db8:1:2:bbbb::9".parse().unwrap());
        assert_eq!(a, b);
        assert_eq!(a.as_str(), "2001:db8:1:2::/64");
        assert_eq!(ClientAddress::from_ip("::ffff:192.0.2.1".parse().unwrap()).as_str(), "192.0.2.1");
    }
}
