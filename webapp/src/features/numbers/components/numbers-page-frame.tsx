import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../messages';
import { StepPath } from '../../../components/step-path';
import type { NumberSelection } from '../types';
import type { NumberToggle } from '../use-number-toggle';
import { SelectionPanel } from './selection-panel';
import '../numbers.css';

interface FrameProps {
  title: string;
  lead: string;
  selection: NumberSelection;
  toggle: NumberToggle;
  checkoutMode: boolean;
  children: ReactNode;
}

/** The page's one H1, the order path in checkout mode, the search column and the selection panel. */
export function NumbersPageFrame({ title, lead, selection, toggle, checkoutMode, children }: FrameProps) {
  return (
    <>
      <section className="page-hero compact">
        <div className="container">
          <h1>{title}</h1>
          <p className="lead">{lead}</p>
        </div>
      </section>
      <div className="container page-body">
        {checkoutMode && <StepPath current="Phone Numbers" />}
        <div className="numbers-layout">
          <div className="numbers-main">
            {children}
            {toggle.error && (
              <p role="alert" className="form-error selection-error">
                {toggle.error}
                {toggle.quotePath && (
                  <>
                    {' '}
                    <Link to={toggle.quotePath} className="selection-quote-offer">
                      {messages.quoteOffer}
                    </Link>
                  </>
                )}
              </p>
            )}
          </div>
          <SelectionPanel selection={selection} toggle={toggle} checkoutMode={checkoutMode} />
        </div>
      </div>
    </>
  );
}
