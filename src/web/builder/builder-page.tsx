/** /builder: the rank builder. Until it arrives, the quick creator is the way to make a rank. */
import { Hammer, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { EmptyState, PageHead } from '../shell/page-frame';

export function BuilderPage() {
  return (
    <div className="page-frame">
      <title>Builder · Crowned</title>
      <PageHead icon={<Hammer size={24} />} title="Builder" />
      <EmptyState
        icon={<Hammer size={30} />}
        title="The builder is on its way"
        actions={
          <Link className="btn btn-primary" to={paths.create()}>
            <Plus size={18} aria-hidden="true" />
            Create a rank
          </Link>
        }
      >
        <p>Until it's here, the quick creator makes a rank in under a minute.</p>
      </EmptyState>
    </div>
  );
}
