import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** The router's error screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="container page-body route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="route-error-detail">{describe(error)}</p>
      <p>
        <Link to="/">Return to the home page</Link>
      </p>
    </div>
  );
}
