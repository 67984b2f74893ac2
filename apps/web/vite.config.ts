import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const localesDir = path.resolve(import.meta.dirname, 'src/locales');
const MESSAGES = 'virtual:messages/';

/**
 * The message catalogues as the app loads them (decisions 200, 224): each language in two parts, the
 * groups the shell, home and plan pages use (`src/lib/intl/startup-groups.json`) and the rest, so a
 * first visit downloads only the first part of its own language. Messages arrive compiled to
 * react-intl's AST, so the production bundle leaves the ICU parser out (see the alias below).
 *
 * `virtual:messages/loaders` exports `loadCatalogue(code, part)`. In the browser build the parts are
 * JSON files, `assets/messages/<code>.<part>.<version>.json`, one version for all (a hash of every
 * catalogue): the first page's JavaScript knows no language by name, so it does not grow with the
 * number of languages. The server build, the dev server and the tests import them as modules instead.
 */
function messageCatalogues(): Plugin {
  const startupFile = path.resolve(import.meta.dirname, 'src/lib/intl/startup-groups.json');
  let jsonFiles = false;
  const codes = () =>
    readdirSync(localesDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
  const part = (code: string, which: 'startup' | 'rest') => {
    const startup = new Set(JSON.parse(readFileSync(startupFile, 'utf8')) as string[]);
    const all = JSON.parse(readFileSync(path.join(localesDir, `${code}.json`), 'utf8')) as Record<string, string>;
    return Object.fromEntries(
      Object.entries(all)
        .filter(([key]) => startup.has(key.split('.')[0] ?? '') === (which === 'startup'))
        .map(([key, message]) => [key, parse(message)]),
    );
  };
  const version = () => {
    const hash = createHash('sha256').update(readFileSync(startupFile));
    for (const code of codes().sort()) hash.update(code).update(readFileSync(path.join(localesDir, `${code}.json`)));
    return hash.digest('hex').slice(0, 10);
  };
  return {
    name: 'app-message-catalogues',
    configResolved(config) {
      jsonFiles = config.command === 'build' && !config.build.ssr && !process.env.VITEST;
    },
    resolveId(id) {
      return id.startsWith(MESSAGES) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${MESSAGES}`)) return undefined;
      const what = id.slice(MESSAGES.length + 1);
      if (what === 'loaders') {
        if (jsonFiles) {
          return `const version = ${JSON.stringify(version())};
export async function loadCatalogue(code, part) {
  const res = await fetch(\`\${import.meta.env.BASE_URL}assets/messages/\${code}.\${part}.\${version}.json\`);
  if (!res.ok) throw new Error(\`messages \${code}/\${part}: HTTP \${res.status}\`);
  return res.json();
}`;
        }
        const entries = codes().map(
          (c) => `${JSON.stringify(c)}: { startup: () => import('${MESSAGES}${c}/startup'), rest: () => import('${MESSAGES}${c}/rest') }`,
        );
        return `const loaders = {\n${entries.join(',\n')}\n};
export function loadCatalogue(code, part) {
  const loader = loaders[code];
  if (!loader) return Promise.reject(new Error(\`no catalogue for \${code}\`));
  return loader[part]().then((m) => m.default);
}`;
      }
      const [code = '', which] = what.split('/');
      if (!/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(code) || (which !== 'startup' && which !== 'rest')) return undefined;
      this.addWatchFile(path.join(localesDir, `${code}.json`));
      this.addWatchFile(startupFile);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part(code, which)))});`;
    },
    generateBundle() {
      if (!jsonFiles) return;
      const v = version();
      for (const code of codes()) {
        for (const which of ['startup', 'rest'] as const) {
          this.emitFile({ type: 'asset', fileName: `assets/messages/${code}.${which}.${v}.json`, source: JSON.stringify(part(code, which)) });
        }
      }
    },
  };
}

/**
 * Server build only: every component module under src/ names its own source file
 * (`export const __ssrSource = 'src/…'`). The route table hands it to the server renderer, which looks
 * the page's stylesheets and scripts up in the browser build's manifest by that name (decision 202).
 * The browser build carries no such names.
 */
function ssrSourceNames(): Plugin {
  const srcDir = path.resolve(import.meta.dirname, 'src') + path.sep;
  return {
    name: 'app-ssr-source-names',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    transform(code, id) {
      if (!id.startsWith(srcDir) || !id.endsWith('.tsx') || !/\bexport default\b/.test(code)) return undefined;
      const source = `src/${path.relative(srcDir, id).split(path.sep).join('/')}`;
      return { code: `${code}\nexport const __ssrSource = ${JSON.stringify(source)};\n`, map: null };
    },
  };
}

/**
 * The chunks the entry loads statically (index.html modulepreloads them). A lazy route that imports
 * one of them needs no preload hint for it: it is in memory before any route loads. Filled in each
 * build's generateBundle, which runs before Vite computes the preload lists (`resolveDependencies`).
 */
const entryChunks = new Set<string>();

function recordEntryChunks(): Plugin {
  return {
    name: 'app-record-entry-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      entryChunks.clear();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (entryChunks.has(file) || chunk?.type !== 'chunk') return;
        entryChunks.add(file);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
    },
  };
}

/**
 * Every module the entry reaches by static imports (what the first page always loads), found once the
 * module graph is complete. The browser build puts them in two chunks, the libraries and the app
 * shell, instead of the fifteen small shared chunks automatic splitting made of them: one file
 * compresses better than many small ones (2.7 KB gzip less on the first load, decision 224).
 */
const entryModules = new Set<string>();

function recordEntryModules(): Plugin {
  return {
    name: 'app-record-entry-modules',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildEnd() {
      entryModules.clear();
      const visit = (id: string) => {
        if (entryModules.has(id)) return;
        const info = this.getModuleInfo(id);
        if (!info) return;
        entryModules.add(id);
        for (const imported of info.importedIds) visit(imported);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
    },
  };
}

/**
 * How many of a page's files the start-up script asks for in one task: each request costs the main
 * thread 1.5–4 ms on a cold page in headless Chromium, so two keep every task short (decision 227).
 */
const PRELOADS_PER_TASK = 2;

/**
 * The page paints before the app's code runs: the entry script is imported after the first frame
 * instead of as a deferred module script, which Chromium runs before the first paint whenever the
 * code is already there (cached, or on a fast line). Server-rendered pages show their content at
 * once, then ask for their code (the list the server wrote) and the app takes over (decision 202).
 * The inline script is allowed by its hash (security-headers.ts reads the built index.html).
 */
function paintBeforeCode(): Plugin {
  // After the first frame the entry is imported, then the files the server listed for this page
  // (`#app-preload`, decision 202) are asked for, a few per task: starting a request costs the main
  // thread about a millisecond and a half on a cold page, and a page lists up to thirty files, so one
  // loop would be a long task just when the visitor may first tap (decision 225).
  //
  // "After the first frame" is when the browser reports the first contentful paint (a paint entry),
  // not two animation frames: without a GPU the frame is presented well after the next frame starts,
  // and code asked for before the paint is shown competes with it. A quarter second after the second
  // frame is the fallback (a browser without paint timing).
  //
  // The entry is asked for in a task of its own; the next task touches Web Storage, whose first use
  // loads the origin's storage from the browser process (5–15 ms on a slow phone); the app's session
  // and cart read it while their modules are evaluated, so warming it here, while the entry is still
  // downloading, keeps that cost out of the evaluation task (decision 227).
  //
  // Before all that, a worker makes the page's language's first use of Intl (decision 226). V8 builds
  // the list of locales each Intl service supports once per process and ICU loads its locale data
  // once per process; the page's first Intl call pays for both (40–75 ms on a phone-class CPU, in
  // react-intl's createIntl, inside hydration). A dedicated worker runs in the page's process, so
  // when it calls Intl first, the main thread finds everything built. It costs the page about a
  // millisecond to start; where workers are unavailable the page simply pays as before.
  const boot = (src: string) =>
    `try { const l = document.documentElement.lang || 'en';` +
    `const code = "const l = self.name; try { Intl.NumberFormat.supportedLocalesOf(l); Intl.DateTimeFormat.supportedLocalesOf(l); Intl.PluralRules.supportedLocalesOf(l);` +
    ` new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }).format(1); new Intl.PluralRules(l).select(1); new Intl.DateTimeFormat(l).format(0);` +
    ` new Intl.DisplayNames([l], { type: 'language' }).of(l); new Intl.DisplayNames([l], { type: 'region' }).of('US'); new Intl.Collator(l).compare('a', 'b'); } catch {} self.close();";` +
    `const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));` +
    `new Worker(url, { name: l }); setTimeout(() => URL.revokeObjectURL(url), 10000); } catch {}` +
    `const painted = (go) => { let done = false; const once = () => { if (!done) { done = true; setTimeout(go); } };` +
    `if (performance.getEntriesByName('first-contentful-paint').length) return once();` +
    `try { new PerformanceObserver((l, o) => { if (l.getEntriesByName('first-contentful-paint').length) { o.disconnect(); once(); } }).observe({ type: 'paint', buffered: true }); } catch {}` +
    `requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 250))); };` +
    `painted(() => {` +
    `import(${JSON.stringify(src)});` +
    `const list = document.getElementById('app-preload');` +
    `const hrefs = list ? JSON.parse(list.textContent) : [];` +
    `const next = () => { for (const href of hrefs.splice(0, ${PRELOADS_PER_TASK})) {` +
    `const link = document.createElement('link');` +
    `if (href.endsWith('.json')) { link.rel = 'preload'; link.as = 'fetch'; } else link.rel = 'modulepreload';` +
    `link.crossOrigin = 'anonymous'; link.href = href; document.head.append(link); }` +
    `if (hrefs.length) setTimeout(next); };` +
    `setTimeout(() => { try { localStorage.getItem('user-locale'); sessionStorage.getItem('token'); } catch {} setTimeout(next); }); });`;
  return {
    name: 'app-paint-before-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_m, src: string) => `<script type="module">${boot(src)}</script>`);
      },
    },
  };
}

/**
 * Production, the dev server and the tests all run React 19 itself (decision 200 supersedes 004's
 * preact/compat alias). The home page's first load stays small by route splitting and by loading
 * only the active language's messages.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), messageCatalogues(), recordEntryChunks(), recordEntryModules(), ssrSourceNames(), paintBeforeCode()],
  // The server entry's build (scripts/build-web.mjs) needs no copy of public/.
  publicDir: isSsrBuild ? false : 'public',
  // The server entry carries its dependencies (React's server renderer included), so it runs from any
  // folder (WEB_DIST_DIR, a test's temporary build) without this checkout's node_modules.
  ssr: { noExternal: true },
  resolve: {
    alias: [
      // Catalogues are pre-compiled (messageCatalogues), so the browser never parses ICU text.
      ...(command === 'build' && !process.env.VITEST
        ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' }]
        : []),
      {
        find: /^@app\/shared\/(.*)$/,
        replacement: path.resolve(import.meta.dirname, '../../packages/shared/src/$1.ts'),
      },
    ],
  },
  server: {
    proxy: {
      '/public': 'http://localhost:3000',
      '/subscriber': 'http://localhost:3000',
      '/coinpayments': 'http://localhost:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: which chunks each route needs (the server's modulepreload hints and the
    // bench's initial-JS figure read it). Dot folders are never served by the static handler.
    manifest: true,
    // Every browser the shop supports has <link rel=modulepreload>; the polyfill only cost bytes.
    modulePreload: {
      polyfill: false,
      // A route's preload list leaves out what the entry already loaded: the lists ride in the first
      // page's JavaScript (route-table), one per route (decision 202).
      resolveDependencies: (_file, deps) => deps.filter((dep) => !entryChunks.has(dep)),
    },
    rollupOptions: {
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: [
                { name: 'libs', test: (id: string) => entryModules.has(id) && id.includes('/node_modules/') },
                { name: 'shell', test: (id: string) => entryModules.has(id) && !id.includes('/node_modules/') },
              ],
            },
          },
      treeshake: {
        // react-intl's injectIntl (unused here) requires these CommonJS helpers; marked pure, they go
        // with it instead of riding along on every first load.
        moduleSideEffects: (id: string) => !/node_modules\/(hoist-non-react-statics|react-is)\//.test(id),
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // Page tests render whole routes with the router and react-intl; on a loaded two-core CI
    // machine several took more than Vitest's default 5 s.
    testTimeout: 20_000,
  },
}));
