import { useEffect, useRef, type ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import '../auth.css';

interface AuthLayoutProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** For a step that only reports an outcome (sent, deleted, link expired): everything centred. */
  centered?: boolean;
}

/**
 * The card every sign-in page sits in. When a page moves to its next step (form → code), the title
 * changes in place and focus moves to it, so keyboard and screen-reader users start on the new step.
 */
export function AuthLayout({ title, lead, children, footer, centered = false }: AuthLayoutProps) {
  usePageTitle(title);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstTitle = useRef(title);
  useEffect(() => {
    if (title !== firstTitle.current) headingRef.current?.focus();
  }, [title]);
  return (
    <div className="container page auth-page">
      <section className={`auth-card${centered ? ' auth-card--centered' : ''}`} aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className="auth-card__title" ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {lead ? <div className="auth-card__lead">{lead}</div> : null}
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </section>
    </div>
  );
}
