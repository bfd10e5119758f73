/** /r/{id}: a community rank's detail. Its content arrives with the community feature. */
import { Globe, Plus } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '../paths';
import { EmptyState, PageHead } from '../shell/page-frame';

export function CommunityRankPage() {
  const { id = '' } = useParams();
  return (
    <div className="page-frame">
      <title>Community rank · Crowned</title>
      <PageHead icon={<Globe size={24} />} eyebrow="Community" title="Community rank" />
      <EmptyState
        icon={<Globe size={30} />}
        title="This rank can't be shown yet"
        actions={
          <>
            <Link className="btn btn-primary" to={paths.community()}>
              Browse the Community
            </Link>
            <Link className="btn btn-secondary" to={paths.create()}>
              <Plus size={18} aria-hidden="true" />
              Create a rank
            </Link>
          </>
        }
      >
        <p>
          Community rank pages are coming soon. You asked for <code className="path">{id}</code>.
        </p>
      </EmptyState>
    </div>
  );
}
