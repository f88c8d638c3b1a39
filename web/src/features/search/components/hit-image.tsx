import type { SearchHit } from '@/types/api';

/** A hit's small poster, or for a theater or a page a sign of its kind. */
export function HitImage({ hit, className }: { hit: SearchHit; className?: string | undefined }) {
  if (hit.imageUrl) return <img className={className} src={hit.imageUrl} alt="" width={24} height={36} loading="lazy" />;
  return (
    <svg className={className} viewBox="0 0 24 36" aria-hidden="true" data-kind={hit.kind}>
      <path
        fill="currentColor"
        d={
          hit.kind === 'theater'
            ? 'M12 9a6 6 0 0 0-6 6c0 4.5 6 11 6 11s6-6.5 6-11a6 6 0 0 0-6-6Zm0 8a2 2 0 1 1 0-4 2 2 0 0 1 0 4Z'
            : 'M7 9h7l4 4v14H7V9Zm2 6v1.5h7V15H9Zm0 3.5V20h7v-1.5H9Zm0 3.5v1.5h5V22H9Z'
        }
      />
    </svg>
  );
}
