/** The rating rounded to the nearest half star, between 0 and 5. */
function halfStars(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
}

/** Five stars, full, half or empty, read as 'Rated 4.5 out of 5'. */
export function StarRating({ rating }: { rating: number }) {
  const value = halfStars(rating);
  return (
    <span className="star-rating" role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => {
        const kind = value >= star ? 'full' : value >= star - 0.5 ? 'half' : 'empty';
        return (
          <span key={star} className={`star is-${kind}`} data-star={kind} aria-hidden="true">
            ★
          </span>
        );
      })}
    </span>
  );
}
