/** A rank's creator: a link to their public profile when they chose a handle, else the name. */
import { Link } from 'react-router';
import type { CommunityRankView } from '../../domain/community';
import { paths } from '../paths';

export function CreatorName(props: {
  rank: Pick<CommunityRankView, 'creatorName' | 'creatorHandle'>;
}) {
  const { creatorName, creatorHandle } = props.rank;
  if (!creatorHandle) return <bdi className="creator-name">{creatorName}</bdi>;
  return (
    <Link className="creator-name" to={paths.publicProfile(creatorHandle)}>
      <bdi>{creatorName}</bdi>
    </Link>
  );
}
