import { Link } from 'react-router-dom';
import './useful-tools.css';

const tools = [
  { to: '/calculate-savings', title: 'Savings calculator', text: 'what your phones would cost with us, from three figures on your bill' },
  { to: '/download-app', title: 'Download the apps', text: 'for Windows, Mac, Android and iPhone, with your settings' },
  { to: '/prepare-for-2027', title: 'Prepare for 2027', text: 'what the landline switch-off means for your business' },
];

/** A strip of links to the tools and guides, under the services grid. */
export function UsefulTools() {
  return (
    <div className="useful-tools">
      <h3 id="useful-tools-heading">Useful tools and guides</h3>
      <ul aria-labelledby="useful-tools-heading">
        {tools.map((tool) => (
          <li key={tool.to}>
            <Link to={tool.to}>{tool.title}</Link>: {tool.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
