import { NotFoundContent } from './NotFoundContent';
import { PublicLayout } from './PublicLayout';

/** Any path that is neither a public page nor under /dashboard; the server answers it 404. */
export function NotFoundPage() {
  return (
    <PublicLayout maxWidth="sm">
      <NotFoundContent />
    </PublicLayout>
  );
}
