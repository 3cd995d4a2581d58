export function PortingSection() {
  return (
    <section className="section porting" aria-labelledby="porting-heading">
      <h2 id="porting-heading">Keep your existing number</h2>
      <div className="two-columns">
        <div>
          <h3>Free number porting</h3>
          <p>
            Move your 01, 02, 03, 0800/0808 and 0845/0870 numbers to us free of charge. Porting usually takes 2-3
            business days and your line keeps working until the switch.
          </p>
        </div>
        <div>
          <h3>Ready for the 2027 switch-off</h3>
          <p>
            BT is retiring traditional landlines in 2027. Internet calling needs only about 100kbps per call over the
            broadband you already have, so your business is ready today.
          </p>
        </div>
      </div>
    </section>
  );
}
