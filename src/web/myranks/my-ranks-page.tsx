/** /myranks: the ranks the user created and played. The lists arrive with the my-ranks feature. */
import { ListOrdered, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { EmptyState, PageHead } from '../shell/page-frame';

export function MyRanksPage() {
  return (
    <div className="page-frame">
      <title>My Ranks · Crowned</title>
      <PageHead
        icon={<ListOrdered size={24} />}
        title="My Ranks"
        lede="The ranks you created and the ones you played."
      />
      <EmptyState
        icon={<ListOrdered size={30} />}
        title="Your ranks will appear here"
        actions={
          <>
            <Link className="btn btn-primary" to={paths.create()}>
              <Plus size={18} aria-hidden="true" />
              Create a rank
            </Link>
            <Link className="btn btn-secondary" to={paths.demo()}>
              Try the demo
            </Link>
          </>
        }
      >
        <p>Create a rank or play one, and you'll find it here to share and revisit.</p>
      </EmptyState>
    </div>
  );
}
