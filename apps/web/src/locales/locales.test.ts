import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../lib/intl/locales';

/**
 * A language may be offered only when its catalogue is complete: every English key present, and
 * every message keeping the same ICU arguments and rich-text tags, so no screen shows a raw id, drops
 * a price, or breaks a link.
 */

const dir = path.dirname(new URL(import.meta.url).pathname);

function load(code: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Record<string, string>;
}

/** "name:kind" for every argument and tag, at any depth (inside plural, select and tags). */
function signature(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
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
        for (const option of Object.values(el.options)) signature(option.value, into);
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

const en = load('en');

describe('the English catalogue', () => {
  it('has only non-empty, parsable messages', () => {
    for (const [key, message] of Object.entries(en)) {
      expect(message.trim(), key).not.toBe('');
      expect(() => parse(message), key).not.toThrow();
    }
  });
});

describe.each(SUPPORTED_LOCALES.filter((l) => l.code !== 'en').map((l) => l.code))('the %s catalogue', (code) => {
  it('exists', () => {
    expect(existsSync(path.join(dir, `${code}.json`))).toBe(true);
  });

  const messages = existsSync(path.join(dir, `${code}.json`)) ? load(code) : {};

  it('has every English key and no stale ones', () => {
    const missing = Object.keys(en).filter((key) => !(key in messages));
    const extra = Object.keys(messages).filter((key) => !(key in en));
    expect(missing, `missing in ${code}.json`).toEqual([]);
    expect(extra, `not in en.json (stale?)`).toEqual([]);
  });

  it('keeps every message’s arguments and tags', () => {
    const changed: string[] = [];
    for (const [key, english] of Object.entries(en)) {
      const translated = messages[key];
      if (translated === undefined) continue;
      let ours: Set<string>;
      try {
        ours = signature(parse(translated));
      } catch (error) {
        changed.push(`${key}: does not parse (${(error as Error).message})`);
        continue;
      }
      const theirs = signature(parse(english));
      const a = [...theirs].sort().join(', ');
      const b = [...ours].sort().join(', ');
      if (a !== b) changed.push(`${key}: expected {${a}} but got {${b}}`);
      if (!translated.trim()) changed.push(`${key}: empty`);
    }
    expect(changed).toEqual([]);
  });
});
