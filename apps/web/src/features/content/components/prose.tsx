import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A section of long-form copy described by message ids: `<id>.title`, then `<id>.p1…pN`, then an
 * optional list `<id>.item1…itemN`. Keeps the prose in the catalogues, where translators work.
 */
export interface ProseSection {
  id: string;
  paragraphs?: number;
  items?: number;
  /** Paragraphs printed after the list. */
  after?: number;
}

export type ProseValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

export function ProseBlock({ section, values, level = 2 }: { section: ProseSection; values?: ProseValues; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="prose-section" aria-labelledby={`${section.id}-title`}>
      <Heading id={`${section.id}-title`}>
        <FormattedMessage id={`${section.id}.title`} values={values} />
      </Heading>
      {range(section.paragraphs ?? 0).map((n) => (
        <p key={`p${n}`}>
          <FormattedMessage id={`${section.id}.p${n}`} values={values} />
        </p>
      ))}
      {section.items ? (
        <ul>
          {range(section.items).map((n) => (
            <li key={`i${n}`}>
              <FormattedMessage id={`${section.id}.item${n}`} values={values} />
            </li>
          ))}
        </ul>
      ) : null}
      {range(section.after ?? 0).map((n) => (
        <p key={`a${n}`}>
          <FormattedMessage id={`${section.id}.after${n}`} values={values} />
        </p>
      ))}
    </section>
  );
}
