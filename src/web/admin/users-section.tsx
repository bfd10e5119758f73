/**
 * /admin/users: every account (guests aside), searched by e-mail, name or handle, a page at a
 * time; an admin grants or revokes admin for anyone, themselves included while another admin
 * remains. The change holds from the target's next request and goes in the audit log.
 */
import { Shield, ShieldOff, Users } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api/errors';
import { ConfirmDialog } from '../owner/confirm-dialog';
import { ListError, LoadMore } from '../shell/ui/list-states';
import { SkeletonList } from '../shell/ui/loading';
import { EmptyState } from '../shell/ui/page-frame';
import { toast } from '../shell/ui/toasts';
import { useViewer } from '../shell/session/use-viewer';
import type { AdminUserView } from '../../domain/admin';
import { useAdminUsers, useSetRole } from '../api/admin';
import { fullTime, timeAgo } from './admin-format';
import { SearchBox } from '../community/search-box';
import { useSearchQuery } from './search-query';

export function UsersSection() {
  const [q, setQ] = useSearchQuery();
  const users = useAdminUsers(q);
  const viewer = useViewer();
  const myId = viewer.status === 'signed-in' ? viewer.user.id : null;
  return (
    <section className="admin-stack" aria-label="Users">
      <SearchBox
        label="Search users"
        placeholder="Search by e-mail, name or handle"
        value={q}
        onSearch={setQ}
      />
      {users.isPending ? (
        <SkeletonList rows={5} />
      ) : users.isError ? (
        <ListError error={users.error} what="Users" onRetry={() => void users.refetch()} />
      ) : users.rows.length === 0 ? (
        <EmptyState icon={<Users size={30} />} title={q ? 'No one matches' : 'No users yet'}>
          <p>{q ? `Nobody's e-mail, name or handle contains “${q}”.` : 'Accounts appear here.'}</p>
        </EmptyState>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards" data-testid="admin-users">
              <caption className="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col" className="num">
                    Level
                  </th>
                  <th scope="col" className="num">
                    Games
                  </th>
                  <th scope="col">Last active</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.rows.map((user) => (
                  <UserRow key={user.id} user={user} isMe={user.id === myId} />
                ))}
              </tbody>
            </table>
          </div>
          {users.hasNextPage ? (
            <LoadMore
              loading={users.isFetchingNextPage}
              onLoad={() => void users.fetchNextPage()}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

function UserRow(props: { user: AdminUserView; isMe: boolean }) {
  const { user } = props;
  return (
    <tr data-testid="admin-user-row">
      <th scope="row" data-label="Name">
        <span className="admin-user__name" dir="auto">
          <bdi>{user.name}</bdi>
        </span>
        {props.isMe ? <span className="chip admin-chip">You</span> : null}
        {user.handle ? <span className="muted admin-user__handle">@{user.handle}</span> : null}
      </th>
      <td data-label="E-mail" className="admin-user__email">
        {user.email}
      </td>
      <td data-label="Role">
        <span className={`chip admin-role admin-role--${user.role}`}>
          {user.role === 'admin' ? 'Admin' : 'User'}
        </span>
      </td>
      <td data-label="Level" className="num">
        {user.level}
      </td>
      <td data-label="Games" className="num">
        {user.gamesCreated}
      </td>
      <td data-label="Last active">
        {user.lastActiveAt ? (
          <time dateTime={user.lastActiveAt} title={fullTime(user.lastActiveAt)}>
            {timeAgo(user.lastActiveAt)}
          </time>
        ) : (
          <span className="muted">never</span>
        )}
      </td>
      <td className="admin-table__actions">
        <RoleButton user={user} isMe={props.isMe} />
      </td>
    </tr>
  );
}

function RoleButton(props: { user: AdminUserView; isMe: boolean }) {
  const { user } = props;
  const [open, setOpen] = useState(false);
  const setRole = useSetRole();
  const granting = user.role !== 'admin';
  const who = props.isMe ? 'yourself' : user.name;
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className={`btn btn-sm ${granting ? 'btn-secondary' : 'btn-danger-outline'}`}
          aria-label={`${granting ? 'Make admin' : 'Revoke admin'}: ${user.name}`}
        >
          {granting ? (
            <Shield size={16} aria-hidden="true" />
          ) : (
            <ShieldOff size={16} aria-hidden="true" />
          )}
          {granting ? 'Make admin' : 'Revoke admin'}
        </button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) setRole.reset();
        setOpen(next);
      }}
      title={granting ? `Make ${who} an admin?` : `Revoke admin from ${who}?`}
      confirmLabel={granting ? 'Make admin' : 'Revoke admin'}
      pendingLabel={granting ? 'Granting…' : 'Revoking…'}
      pending={setRole.isPending}
      error={setRole.isError ? errorMessage(setRole.error) : null}
      tone={granting ? 'primary' : 'danger'}
      onConfirm={() =>
        setRole.mutate(
          { userId: user.id, role: granting ? 'admin' : 'user' },
          {
            onSuccess: () => {
              setOpen(false);
              toast.success(
                granting ? `${user.name} is now an admin` : `${user.name} is no longer an admin`,
              );
            },
          },
        )
      }
    >
      <p>
        {granting
          ? `${user.name} (${user.email}) will be able to manage users, games, reports and analytics from their next page load.`
          : props.isMe
            ? 'You will lose access to the admin app at once.'
            : `${user.name} (${user.email}) loses access to the admin app from their next page load.`}{' '}
        This is recorded in the audit log.
      </p>
    </ConfirmDialog>
  );
}
