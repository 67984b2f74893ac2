// The base stylesheet first, so component styles that follow can refine it.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ensureAllMessages, initLocale } from './lib/intl/locale-store';
import { App } from './app/app';
import { createRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The language's startup messages load first so the first paint is already in the visitor's
// language; the rest follow once the page is up (decision 200), before anyone can need them.
// The router starts right after, so the first page's chunks download while the messages do (its
// lazy routes wait for the language chosen here).
const localeReady = initLocale();
const router = createRouter();
void localeReady.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  const later = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
  later(() => void ensureAllMessages());
});
