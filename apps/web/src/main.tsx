// The base stylesheet first, so component styles that follow can refine it.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initLocale } from './lib/intl/locale-store';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The language's messages load first so the first paint is already in the visitor's language.
void initLocale().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
