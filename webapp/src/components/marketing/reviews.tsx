const reviews = [
  { name: 'Priya Shah', company: 'Shah & Co Accountants, Leicester', text: 'We moved six lines across in an afternoon and kept every number. Calls are clearer than our old ISDN ever was.' },
  { name: 'Tom Davies', company: 'Davies Plumbing, Cardiff', text: 'The mobile app means I never miss a job while I am on site. Setup took ten minutes.' },
  { name: 'Helen Murray', company: 'Murray Consulting, Glasgow', text: 'No contract, honest pricing and a UK support team that actually answers the phone.' },
];

/** Customer reviews block (also the home page testimonial teaser). */
export function Reviews({ headingId = 'reviews-heading' }: { headingId?: string }) {
  return (
    <section className="section reviews" aria-labelledby={headingId}>
      <h2 id={headingId}>Rated 4.8 out of 5 by UK businesses</h2>
      <p>More than 2,000 UK businesses run their calls on us.</p>
      <div className="card-grid">
        {reviews.map((review) => (
          <figure key={review.name} className="card review-card">
            <p className="stars" aria-label="5 out of 5 stars">
              ★★★★★
            </p>
            <blockquote>
              <p>{review.text}</p>
            </blockquote>
            <figcaption>
              <strong>{review.name}</strong>
              <br />
              {review.company}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
