import { useId } from 'react';
import { siteConfig } from '../../../config/site';

const { office } = siteConfig;

/**
 * A map of the streets around the London office, drawn here (no map service is called): the
 * office marker on its street, the main roads and the nearest stations, with the address.
 */
export function OfficeMap() {
  const titleId = useId();
  const address = `${office.streetAddress}, ${office.locality} ${office.postalCode}`;
  return (
    <figure className="office-map">
      <svg viewBox="0 0 640 400" width="640" height="400" role="img" aria-labelledby={titleId}>
        <title id={titleId}>
          {`Map: our office at ${address}, on Great Sutton Street between St John Street and Goswell Road, north of Clerkenwell Road. ${office.nearestStations} stations are a short walk to the south.`}
        </title>
        <rect className="map-land" x="0" y="0" width="640" height="400" />
        <rect className="map-park" x="420" y="40" width="100" height="70" rx="8" />
        <g className="map-blocks">
          <rect x="150" y="40" width="230" height="100" rx="6" />
          <rect x="150" y="170" width="120" height="70" rx="6" />
          <rect x="300" y="170" width="200" height="70" rx="6" />
          <rect x="20" y="40" width="80" height="200" rx="6" />
          <rect x="560" y="40" width="60" height="200" rx="6" />
          <rect x="20" y="290" width="250" height="90" rx="6" />
          <rect x="300" y="290" width="200" height="90" rx="6" />
        </g>
        <g className="map-road-major">
          <path d="M0 265 H640" />
          <path d="M535 0 V400" />
          <path d="M125 0 C128 140 120 260 100 400" />
        </g>
        <g className="map-road-minor">
          <path d="M125 155 H535" />
          <path d="M285 155 V265" />
        </g>
        <g className="map-street-names">
          <text x="250" y="150" textAnchor="middle">
            Great Sutton Street
          </text>
          <text x="360" y="285" textAnchor="middle">
            Clerkenwell Road
          </text>
          <text x="550" y="120" transform="rotate(90 550 120)">
            Goswell Road
          </text>
          <text x="112" y="110" transform="rotate(-88 112 110)" textAnchor="middle">
            St John Street
          </text>
        </g>
        <g className="map-station" transform="translate(585 350)">
          <circle r="12" />
          <rect x="-17" y="-4" width="34" height="8" />
          <text x="0" y="32" textAnchor="middle">
            Barbican
          </text>
        </g>
        <g className="map-station" transform="translate(60 350)">
          <circle r="12" />
          <rect x="-17" y="-4" width="34" height="8" />
          <text x="0" y="32" textAnchor="middle">
            Farringdon
          </text>
        </g>
        <g className="map-marker" transform="translate(395 155)">
          <path d="M0 0 C-6 -14 -20 -22 -20 -38 a20 20 0 0 1 40 0 C20 -22 6 -14 0 0 z" />
          <circle cx="0" cy="-38" r="7" />
        </g>
        <g className="map-label" transform="translate(395 196)">
          <rect x="-140" y="-18" width="280" height="50" rx="8" />
          <text x="0" y="2" textAnchor="middle" className="map-label-title">
            {siteConfig.productName}
          </text>
          <text x="0" y="22" textAnchor="middle">
            {`${office.streetAddress}, ${office.postalCode}`}
          </text>
        </g>
      </svg>
      <figcaption>
        {address}. Nearest stations: {office.nearestStations}.
      </figcaption>
    </figure>
  );
}
