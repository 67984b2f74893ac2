/** Grey placeholder blocks in the shape of the content to come; the parent carries aria-busy. */
export function Skeleton({ className = '', lines = 1 }: { className?: string; lines?: number }) {
  return (
    <span className={`skeleton-group ${className}`} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton" />
      ))}
    </span>
  );
}
