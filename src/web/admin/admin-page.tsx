/** /admin/*: the admin app's frame. Admins (by their role) see it; others are told it's not theirs. */
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '../paths';
import { PageLoading } from '../shell/loading';
import { EmptyState, PageHead } from '../shell/page-frame';
import { useProfile } from '../shell/profile';
import { StatusCard } from '../shell/status-card';

export function AdminPage() {
  const { viewer, profile, isPending } = useProfile();
  const section = useParams()['*'] ?? '';
  if (isPending) return <PageLoading label="Checking your access…" />;
  const isAdmin =
    profile?.role === 'admin' || (viewer.status === 'signed-in' && viewer.user.role === 'admin');
  if (!isAdmin) {
    return (
      <>
        <title>Admins only · Crowned</title>
        <StatusCard
          icon={<ShieldAlert size={32} />}
          title="Admins only"
          actions={
            <Link className="btn btn-primary" to={paths.home()}>
              Go home
            </Link>
          }
        >
          <p>Your account doesn't have admin access.</p>
        </StatusCard>
      </>
    );
  }
  return (
    <div className="page-frame">
      <title>Admin · Crowned</title>
      <PageHead
        icon={<ShieldCheck size={24} />}
        title="Admin"
        lede={viewer.status === 'signed-in' ? `Signed in as ${viewer.user.email}` : undefined}
      />
      <EmptyState
        icon={<ShieldCheck size={30} />}
        title={section ? `Nothing at /admin/${section} yet` : 'Admin tools will appear here'}
        actions={
          section ? (
            <Link className="btn btn-secondary" to={paths.admin()}>
              Admin home
            </Link>
          ) : undefined
        }
      >
        <p>Granting and revoking admin, and looking after community ranks, come next.</p>
      </EmptyState>
    </div>
  );
}
