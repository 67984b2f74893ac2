import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from '../locales/en.json';

/**
 * A test-only right-to-left catalogue: English with every Latin letter swapped for an Arabic one
 * ("Cart" → "ؼاغت"), arguments, plurals and tags untouched. Built at test time from en.json, so it
 * always has every key; render with `locale: 'ar'` to see a page as an Arabic reader would get it
 * (direction, isolates, mirrored layout) before a real translation lands.
 */
const ARABIC = 'ابتثجحخدذرزسشصضطظعغفقكلمنه';

function arabize(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => ARABIC[(c.toLowerCase().charCodeAt(0) - 97) % ARABIC.length]!);
}

function transform(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    switch (el.type) {
      case TYPE.literal:
        return { ...el, value: arabize(el.value) };
      case TYPE.plural:
      case TYPE.select:
        return {
          ...el,
          options: Object.fromEntries(Object.entries(el.options).map(([k, option]) => [k, { ...option, value: transform(option.value) }])),
        };
      case TYPE.tag:
        return { ...el, children: transform(el.children) };
      default:
        return el;
    }
  }) as MessageFormatElement[];
}

let cached: Record<string, MessageFormatElement[]> | undefined;

export function pseudoArabicMessages(): Record<string, MessageFormatElement[]> {
  cached ??= Object.fromEntries(Object.entries(en as Record<string, string>).map(([key, message]) => [key, transform(parse(message))]));
  return cached;
}

/** True when the text has Latin letters left (an English word the pseudo catalogue did not reach). */
export function latinWords(text: string): string[] {
  return text.match(/[A-Za-z]{3,}/g) ?? [];
}
