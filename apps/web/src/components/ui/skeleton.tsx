/** A grey placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-maroon-100/70 ${className}`} />;
}
