// The rules a translated catalogue must keep, shared by scripts/i18n-check.mjs (for translators) and
// the catalogue tests in npm test. Plain JavaScript so both Node scripts and vitest import it.
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

/** "name:kind" for every argument and tag, and "name=option" for every select option, at any depth. */
function signature(elements, into = new Set()) {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
        into.add(`${el.value}:argument`);
        break;
      case TYPE.number:
        into.add(`${el.value}:number`);
        break;
      case TYPE.date:
        into.add(`${el.value}:date`);
        break;
      case TYPE.time:
        into.add(`${el.value}:time`);
        break;
      case TYPE.select:
        into.add(`${el.value}:select`);
        for (const [name, option] of Object.entries(el.options)) {
          into.add(`${el.value}=${name}`);
          signature(option.value, into);
        }
        break;
      case TYPE.plural:
        into.add(`${el.value}:plural`);
        for (const option of Object.values(el.options)) signature(option.value, into);
        break;
      case TYPE.tag:
        into.add(`${el.value}:tag`);
        signature(el.children, into);
        break;
      default:
        break;
    }
  }
  return into;
}

/** Every plural element, at any depth: its argument, ordinal or not, and its option keys. */
function plurals(elements, into = []) {
  for (const el of elements) {
    if (el.type === TYPE.plural) {
      into.push({ name: el.value, ordinal: el.pluralType === 'ordinal', keys: Object.keys(el.options) });
      for (const option of Object.values(el.options)) plurals(option.value, into);
    } else if (el.type === TYPE.select) {
      for (const option of Object.values(el.options)) plurals(option.value, into);
    } else if (el.type === TYPE.tag) {
      plurals(el.children, into);
    }
  }
  return into;
}

/** The plural categories a language distinguishes (CLDR, through the runtime's Intl). */
export function pluralCategories(lang, ordinal = false) {
  return new Intl.PluralRules(lang, { type: ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories;
}

const isExact = (key) => /^=\d+$/.test(key);

/**
 * The categories a message must spell out: those the counts we show (whole numbers up to 1000) fall
 * into. French, Spanish, Italian and Portuguese also have "many", but only for millions written
 * compactly; there "other" reads right, so it is allowed and not required.
 */
function neededCategories(lang, ordinal) {
  const rules = new Intl.PluralRules(lang, { type: ordinal ? 'ordinal' : 'cardinal' });
  const needed = new Set();
  for (let n = 0; n <= 1000; n++) needed.add(rules.select(n));
  return needed;
}

/** Text a reader sees: the message without arguments, tags and ICU syntax. */
function visibleWords(message) {
  return message
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/<\/?[a-zA-Z0-9]+>/g, ' ')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

/**
 * Compares a language's messages with English. Returns errors (must be fixed) and the keys whose text
 * is still the English text (worth a look: codes and brand names may rightly stay).
 */
export function checkCatalogue(lang, en, messages) {
  const errors = [];
  const sameAsEnglish = [];
  for (const key of Object.keys(en)) if (!(key in messages)) errors.push(`${key}: missing`);
  for (const key of Object.keys(messages)) if (!(key in en)) errors.push(`${key}: not in English (stale or misspelt key)`);
  const cardinal = new Set(pluralCategories(lang));
  const ordinal = new Set(pluralCategories(lang, true));
  const neededCardinal = neededCategories(lang, false);
  const neededOrdinal = neededCategories(lang, true);
  for (const [key, english] of Object.entries(en)) {
    const translated = messages[key];
    if (translated === undefined) continue;
    if (typeof translated !== 'string' || !translated.trim()) {
      errors.push(`${key}: empty`);
      continue;
    }
    let ast;
    try {
      ast = parse(translated);
    } catch (error) {
      errors.push(`${key}: does not parse as ICU (${error.message})`);
      continue;
    }
    const enAst = parse(english);
    const a = [...signature(enAst)].sort().join(', ');
    const b = [...signature(ast)].sort().join(', ');
    if (a !== b) errors.push(`${key}: arguments/tags/options should be {${a}} but are {${b}}`);
    for (const p of plurals(ast)) {
      const allowed = p.ordinal ? ordinal : cardinal;
      const categories = p.keys.filter((k) => !isExact(k));
      const unknown = categories.filter((k) => !allowed.has(k));
      const lacking = [...(p.ordinal ? neededOrdinal : neededCardinal)].filter((k) => !categories.includes(k));
      if (unknown.length) errors.push(`${key}: plural {${p.name}} has ${unknown.join(', ')}, which ${lang} does not use (it uses ${[...allowed].join(', ')})`);
      if (lacking.length) errors.push(`${key}: plural {${p.name}} lacks ${lacking.join(', ')} (${lang} uses ${[...allowed].join(', ')})`);
    }
    if (lang !== 'en' && translated === english && visibleWords(english).split(' ').filter((w) => w.length > 1).length >= 2) sameAsEnglish.push(key);
  }
  return { errors, sameAsEnglish };
}
