#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhoneNumberCommand {
    /// Reserve for a cart (again by the same cart: the 30 minutes start over). `number`
    /// is the aggregate's own id, checked against the stock.
    ReserveForCart { number: String, cart_id: String },
    /// The cart let the number go (removed or cleared).
    ReleaseFromCart { cart_id: String },
    /// The reservation ran out (the expiry job).
    ExpireReservation,
    /// An order placed from the cart takes over the cart's reservation (or, when it ran
    /// out and nobody took the number meanwhile, holds it afresh) until it is paid.
    HoldForOrder { number: String, cart_id: String, owner: String },
    /// The number now belongs to an order or a trial. Refused while another cart or order
    /// holds a reservation that has not run out.
    Assign { number: String, owner: String },
    /// The owner gives the number back to the free stock (a trial that ended unconverted).
    ReturnToStock { owner: String },
}
