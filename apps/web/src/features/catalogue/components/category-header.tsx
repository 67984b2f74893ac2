import type { CSSProperties, ReactNode } from 'react';
import { categoryColorVar } from '@app/shared/rules/category-color';

/**
 * The coloured band at the top of a category: its name as the page or section heading. The colour
 * comes from the slug, so it is the same whatever language the name is shown in.
 */
export function CategoryHeader({
  name,
  slug,
  description,
  level,
  id,
  children,
}: {
  name: string;
  slug: string;
  description?: string;
  level: 1 | 2;
  id?: string;
  children?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="category-header" style={{ '--accent': categoryColorVar(slug) } as CSSProperties}>
      <span className="category-header__dot" aria-hidden="true" />
      <div>
        {children}
        <Heading id={id} className={level === 1 ? 'page-title' : 'section-title'}>
          {name}
        </Heading>
        {description ? <p className="category-header__description">{description}</p> : null}
      </div>
    </div>
  );
}
